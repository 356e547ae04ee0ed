"""What every storage backend must do. A backend's test module subclasses :class:`RepositoryContract`
and provides a ``repo`` fixture over real storage (a temporary SQLite file; later a PostgreSQL
database), never a mock."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from storage.records import (
    AwaySpell,
    Deadline,
    Handover,
    NewEntry,
    NewTable,
    Preference,
    SeatRow,
    StoredEvent,
    TableFilter,
    Vote,
    snapshot_checksum,
)
from storage.repository import MissingTable, Repository, StaleWrite, StorageError

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def entry(n: int, seat: int = 0, *, events: int = 1, reveals: bool = False) -> NewEntry:
    return NewEntry(
        kind="action",
        seat=seat,
        actor=f"user:{seat}",
        payload_json=json.dumps({"n": n}),
        events=tuple(
            StoredEvent(message_json=json.dumps({"key": f"e{n}.{i}"}),
                        visible_to=frozenset({seat}) if i else None, reveals=reveals)
            for i in range(events)
        ),
    )


class RepositoryContract:
    """Run for every backend through a subclass that defines the ``repo`` fixture."""

    async def new_table(self, repo: Repository, **kwargs: object) -> int:
        table = await repo.create_table(NewTable("sealed_bid", 10, 20, 100, **kwargs), T0)  # type: ignore[arg-type]
        return table.id

    # ---- tables and seats -------------------------------------------------------------------

    async def test_a_new_table_is_in_the_lobby_with_what_it_was_created_with(self, repo: Repository) -> None:
        table = await repo.create_table(
            NewTable("sealed_bid", 10, 20, 100, options_json='{"starting_coins": 7}', pace_hours=12,
                     stand_ins=True), T0)
        loaded = await repo.get_table(table.id)
        assert loaded == table
        assert (loaded.status, loaded.seed, loaded.head) == ("lobby", None, 0)
        assert json.loads(loaded.options_json) == {"starting_coins": 7}
        assert (loaded.pace_hours, loaded.stand_ins) == (12, True)

    async def test_a_table_keeps_the_language_its_thread_is_told_in(self, repo: Repository) -> None:
        table = await repo.create_table(NewTable("sealed_bid", 10, 20, 100, locale="el"), T0)
        assert (await repo.get_table(table.id)).locale == "el"  # type: ignore[union-attr]
        changed = await repo.update_table(table.id, T0, locale="en")
        assert changed.locale == "en"
        assert (await repo.get_table(table.id)).locale == "en"  # type: ignore[union-attr]

    async def test_a_table_made_without_a_language_has_none_and_keeps_it_through_other_changes(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)
        row = await repo.update_table(table_id, T0, pace_hours=6, status="active")
        assert row.locale is None

    async def test_table_times_come_back_aware_and_in_utc(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        later = datetime(2026, 3, 1, 15, 0, tzinfo=UTC) + timedelta(microseconds=5)
        row = await repo.update_table(table_id, later, status="active", seed=42)
        assert row.created_at == T0 and row.created_at.tzinfo is not None
        assert row.updated_at == later
        assert (row.status, row.seed) == ("active", 42)

    async def test_naive_datetimes_are_refused(self, repo: Repository) -> None:
        with pytest.raises(ValueError, match="naive"):
            await repo.create_table(NewTable("g", 1, 1, 1), datetime(2026, 1, 1))  # noqa: DTZ001

    async def test_updating_a_missing_table_fails(self, repo: Repository) -> None:
        with pytest.raises(MissingTable):
            await repo.update_table(999, T0, status="active")

    async def test_missing_table_reads_as_none(self, repo: Repository) -> None:
        assert await repo.get_table(999) is None

    async def test_tables_are_listed_by_place_status_and_player(self, repo: Repository) -> None:
        a = await self.new_table(repo)
        b = (await repo.create_table(NewTable("sealed_bid", 10, 21, 100), T0)).id
        c = (await repo.create_table(NewTable("sealed_bid", 11, 20, 100), T0)).id
        await repo.update_table(c, T0, status="finished")
        await repo.add_seat(SeatRow(b, 0, "Ada", user_id=5))
        assert [t.id for t in await repo.list_tables(TableFilter(guild_id=10))] == [a, b]
        assert [t.id for t in await repo.list_tables(TableFilter(channel_id=20))] == [a]
        assert [t.id for t in await repo.list_tables(TableFilter(statuses=("finished",)))] == [c]
        assert [t.id for t in await repo.list_tables(TableFilter(user_id=5))] == [b]

    async def test_the_latest_tables_are_listed_first_within_the_limit_when_asked(
        self, repo: Repository
    ) -> None:
        first, second, third = [await self.new_table(repo) for _ in range(3)]
        assert [t.id for t in await repo.list_tables(TableFilter(limit=2))] == [first, second]
        latest = await repo.list_tables(TableFilter(newest_first=True, limit=2))
        assert [t.id for t in latest] == [third, second]

    async def test_the_table_of_a_thread_is_listed_by_its_thread_id(self, repo: Repository) -> None:
        await self.new_table(repo, thread_id=501)
        here = await self.new_table(repo, thread_id=502)
        await self.new_table(repo)
        await repo.update_table(here, T0, status="finished")
        every = ("lobby", "active", "finished", "abandoned")
        found = await repo.list_tables(TableFilter(thread_id=502, statuses=every))  # type: ignore[arg-type]
        assert [t.id for t in found] == [here]
        assert await repo.list_tables(TableFilter(thread_id=503, statuses=every)) == []  # type: ignore[arg-type]

    async def test_seats_come_back_in_seat_order(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 1, "Bo", user_id=2, locale="el"))
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        await repo.add_seat(SeatRow(table_id, 2, "Greedy", bot="greedy"))
        seats = await repo.seats(table_id)
        assert [(s.position, s.name, s.user_id, s.bot, s.locale) for s in seats] == [
            (0, "Ada", 1, None, "en"), (1, "Bo", 2, None, "el"), (2, "Greedy", None, "greedy", "en")]

    async def test_a_table_with_its_seats_is_its_row_and_its_seats(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 1, "Bo", user_id=2, locale="el"))
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        await repo.update_table(table_id, T0 + timedelta(minutes=1), status="active", seed=5)
        separately = (await repo.get_table(table_id), await repo.seats(table_id))
        assert await repo.table_with_seats(table_id) == separately
        row, seats = await repo.table_with_seats(table_id) or (None, [])
        assert row is not None and (row.id, row.status, row.seed) == (table_id, "active", 5)
        assert [(s.position, s.name) for s in seats] == [(0, "Ada"), (1, "Bo")]
        assert await repo.table_with_seats(table_id + 1000) is None

    async def test_a_user_cannot_hold_two_seats_at_one_table(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        with pytest.raises(StorageError):
            await repo.add_seat(SeatRow(table_id, 1, "Ada again", user_id=1))

    async def test_two_seats_cannot_share_a_position(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        with pytest.raises(StorageError):
            await repo.add_seat(SeatRow(table_id, 0, "Bo", user_id=2))

    async def test_removing_a_seat_moves_later_seats_up(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        for pos, name in enumerate(["Ada", "Bo", "Cy", "Di"]):
            await repo.add_seat(SeatRow(table_id, pos, name, user_id=pos + 1))
        await repo.remove_seat(table_id, 1)
        seats = await repo.seats(table_id)
        assert [(s.position, s.name) for s in seats] == [(0, "Ada"), (1, "Cy"), (2, "Di")]

    async def test_starting_fixes_seat_order_and_seed_and_activates(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        for pos, name in enumerate(["Ada", "Bo", "Cy"]):
            await repo.add_seat(SeatRow(table_id, pos, name, user_id=pos + 1))
        row = await repo.start_table(table_id, 1234, [2, 0, 1], T0)
        assert (row.status, row.seed) == ("active", 1234)
        assert [s.name for s in await repo.seats(table_id)] == ["Cy", "Ada", "Bo"]

    async def test_a_table_records_the_rules_version_it_was_started_with(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        assert (await repo.get_table(table_id)).rules_version is None  # type: ignore[union-attr]
        row = await repo.start_table(table_id, 1234, [0], T0, rules_version=3)
        assert row.rules_version == 3
        assert (await repo.get_table(table_id)).rules_version == 3  # type: ignore[union-attr]

    async def test_an_entry_records_the_rules_version_that_wrote_it(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), replace(entry(2), rules_version=2)], T0)
        assert [e.rules_version for e in await repo.entries(table_id)] == [None, 2]

    async def test_a_stand_in_is_set_and_cleared(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=1))
        await repo.set_stand_in(table_id, 0, "greedy")
        assert (await repo.seats(table_id))[0].stand_in == "greedy"
        await repo.set_stand_in(table_id, 0, None)
        assert (await repo.seats(table_id))[0].stand_in is None

    # ---- the action log ---------------------------------------------------------------------

    async def test_entries_read_back_in_order_with_their_events(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        assert await repo.append(table_id, 0, [entry(1, events=2), entry(2, seat=1)], T0) == 2
        assert await repo.append(table_id, 2, [entry(3, events=0)], T0) == 3
        entries = await repo.entries(table_id)
        assert [e.seq for e in entries] == [1, 2, 3]
        assert [json.loads(e.payload_json)["n"] for e in entries] == [1, 2, 3]
        assert entries[0].events == entry(1, events=2).events
        assert entries[1].seat == 1 and entries[2].events == ()
        assert [e.seq for e in await repo.entries(table_id, after=1)] == [2, 3]
        assert await repo.head(table_id) == 3
        table = await repo.get_table(table_id)
        assert table is not None and table.head == 3

    async def test_event_visibility_and_reveals_are_kept(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1, seat=2, events=2, reveals=True)], T0)
        events = (await repo.entries(table_id))[0].events
        assert [e.visible_to for e in events] == [None, frozenset({2})]
        assert all(e.reveals for e in events)

    async def test_a_stale_head_is_refused_and_writes_nothing(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0)
        with pytest.raises(StaleWrite) as caught:
            await repo.append(table_id, 0, [entry(2), entry(3)], T0)
        assert (caught.value.expected, caught.value.actual) == (0, 1)
        assert [e.seq for e in await repo.entries(table_id)] == [1]

    async def test_a_batch_is_all_or_nothing(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        bad = NewEntry(kind="nonsense", seat=0, actor="x", payload_json="{}")  # type: ignore[arg-type]
        with pytest.raises(StorageError) as caught:
            await repo.append(table_id, 0, [entry(1), bad], T0)
        assert not isinstance(caught.value, StaleWrite)
        assert await repo.entries(table_id) == []

    async def test_logs_of_two_tables_are_independent(self, repo: Repository) -> None:
        a, b = await self.new_table(repo), await self.new_table(repo)
        await repo.append(a, 0, [entry(1)], T0)
        await repo.append(b, 0, [entry(1), entry(2)], T0)
        assert (await repo.head(a), await repo.head(b)) == (1, 2)

    async def test_undo_entries_keep_what_they_cancel(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        await repo.append(table_id, 2, [NewEntry("undo", 0, "user:0", "{}", undoes=(1, 2))], T0)
        last = (await repo.entries(table_id))[-1]
        assert (last.kind, last.undoes) == ("undo", (1, 2))

    async def test_an_undo_marks_the_entries_it_cancels_and_no_other(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2), entry(3)], T0)
        await repo.append(table_id, 3, [NewEntry("undo", 0, "user:0", "{}", undoes=(2, 3))], T0)
        entries = await repo.entries(table_id)
        assert [(e.seq, e.undone_by) for e in entries] == [(1, None), (2, 4), (3, 4), (4, None)]

    async def moves_taken_back(self, repo: Repository) -> int:
        """A table whose log is four moves of two events each, an undo (5) of moves 3 and 4, and a
        move (6) of one event."""
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(n, events=2) for n in range(1, 5)], T0)
        await repo.append(table_id, 4, [NewEntry("undo", 0, "user:0", "{}", undoes=(3, 4))], T0)
        await repo.append(table_id, 5, [entry(6)], T0)
        return table_id

    async def test_the_actions_in_force_leave_out_undos_and_what_they_cancelled_by_then(
        self, repo: Repository
    ) -> None:
        table_id = await self.moves_taken_back(repo)
        in_force = await repo.actions_in_force(table_id, after=1, through=6)
        assert [(e.seq, len(e.events)) for e in in_force] == [(2, 2), (6, 1)]
        assert [e.seq for e in await repo.actions_in_force(table_id, after=0, through=4)] == [1, 2, 3, 4]
        assert [e.seq for e in await repo.actions_in_force(table_id, after=2, through=5)] == []

    async def test_the_entries_told_are_the_last_ones_no_undo_cancelled_by_then(
        self, repo: Repository
    ) -> None:
        table_id = await self.moves_taken_back(repo)
        await repo.append(table_id, 6, [NewEntry("undo", 0, "user:0", "{}", undoes=(6,))], T0)
        assert await repo.told_seqs(table_id, after=0, through=7, last=10) == [1, 2, 5, 7]
        assert await repo.told_seqs(table_id, after=0, through=7, last=3) == [2, 5, 7]
        assert await repo.told_seqs(table_id, after=1, through=7, last=10) == [2, 5, 7]

    async def test_the_entries_told_up_to_a_point_keep_the_moves_taken_back_after_it(
        self, repo: Repository
    ) -> None:
        table_id = await self.moves_taken_back(repo)
        assert await repo.told_seqs(table_id, after=0, through=4, last=3) == [2, 3, 4]
        assert await repo.told_seqs(table_id, after=1, through=3, last=10) == [2, 3]

    async def test_the_events_of_entries_are_read_by_their_seqs(self, repo: Repository) -> None:
        table_id = await self.moves_taken_back(repo)
        other = await self.moves_taken_back(repo)
        read = await repo.events_at(table_id, [6, 2, 5, 9])
        logged = {e.seq: e.events for e in await repo.entries(table_id)}
        assert read == {2: logged[2], 6: logged[6]}  # the undo (5) tells nothing here, 9 is not logged
        assert [json.loads(e.message_json)["key"] for e in read[2]] == ["e2.0", "e2.1"]
        assert read[2][1].visible_to == frozenset({0}) and read[2][0].visible_to is None
        await repo.append(other, 6, [entry(7, events=3)], T0)
        assert [len(told) for told in (await repo.events_at(other, [7])).values()] == [3]
        assert await repo.events_at(table_id, [7]) == {} and await repo.events_at(table_id, []) == {}

    async def test_a_range_of_the_log_is_read_between_its_bounds(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(n, events=2) for n in range(1, 6)], T0)
        middle = await repo.entries(table_id, after=1, through=3)
        assert [e.seq for e in middle] == [2, 3]
        assert [len(e.events) for e in middle] == [2, 2]
        assert [e.seq for e in await repo.entries(table_id, after=3, through=3)] == []

    async def test_a_seats_last_move_is_its_last_action_no_undo_cancelled(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1, seat=0), entry(2, seat=1), entry(3, seat=0),
                                        entry(4, seat=1)], T0)
        assert [await repo.last_action_by(table_id, f"user:{seat}") for seat in (0, 1)] == [3, 4]
        await repo.append(table_id, 4, [NewEntry("undo", 0, "user:0", "{}", undoes=(3, 4))], T0)
        assert [await repo.last_action_by(table_id, f"user:{seat}") for seat in (0, 1)] == [1, 2]
        assert await repo.last_action_by(table_id, "user:9") == 0

    async def test_a_new_table_has_announced_nothing(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0)
        table = await repo.get_table(table_id)
        assert table is not None and (table.announced_seq, table.unannounced) == (0, True)

    async def test_the_announcement_mark_only_moves_forward(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2), entry(3)], T0)
        await repo.mark_announced(table_id, 3)
        await repo.mark_announced(table_id, 2)
        table = await repo.get_table(table_id)
        assert table is not None and (table.announced_seq, table.unannounced) == (3, False)

    async def test_a_table_whose_thread_was_never_told_has_no_telling(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        assert await repo.telling(table_id) is None

    async def test_the_telling_is_stored_with_the_mark_and_replaced(self, repo: Repository) -> None:
        table_id, other = await self.new_table(repo), await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        await repo.mark_announced(table_id, 1, telling='{"story": 1}')
        await repo.mark_announced(table_id, 2, telling='{"story": 2}')
        table = await repo.get_table(table_id)
        assert table is not None and table.announced_seq == 2
        assert await repo.telling(table_id) == '{"story": 2}'
        assert await repo.telling(other) is None

    async def test_a_mark_without_a_telling_keeps_the_telling(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        await repo.mark_announced(table_id, 1, telling='{"story": 1}')
        await repo.mark_announced(table_id, 2)
        assert await repo.telling(table_id) == '{"story": 1}'

    async def test_a_telling_set_alone_leaves_the_mark(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        await repo.mark_announced(table_id, 1)
        await repo.set_telling(table_id, '{"waiting": 7}')
        await repo.set_telling(table_id, '{"waiting": 8}')
        table = await repo.get_table(table_id)
        assert table is not None and table.announced_seq == 1
        assert await repo.telling(table_id) == '{"waiting": 8}'

    async def test_tables_with_unannounced_entries_are_listed(self, repo: Repository) -> None:
        told, untold, empty = [await self.new_table(repo) for _ in range(3)]
        await repo.append(told, 0, [entry(1)], T0)
        await repo.append(untold, 0, [entry(1), entry(2)], T0)
        await repo.mark_announced(told, 1)
        await repo.mark_announced(untold, 1)
        found = await repo.list_tables(TableFilter(statuses=("lobby",), unannounced=True))
        assert [t.id for t in found] == [untold]
        assert empty not in [t.id for t in found]

    async def test_a_table_settled_at_its_head_is_not_listed_as_unsettled(self, repo: Repository) -> None:
        settled, moved_on, reopened, unknown = [await self.new_table(repo) for _ in range(4)]
        for table_id in (settled, moved_on, reopened, unknown):
            await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        for table_id in (settled, moved_on, reopened):
            await repo.mark_settled(table_id, 2)
        await repo.append(moved_on, 2, [entry(3)], T0)
        await repo.mark_settled(reopened, None)
        found = await repo.list_tables(TableFilter(statuses=("lobby",), unsettled=True))
        assert [t.id for t in found] == [moved_on, reopened, unknown]
        row = await repo.get_table(settled)
        assert row is not None and (row.settled_seq, row.unsettled) == (2, False)

    async def test_deadlines_written_with_the_settling_record_it(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0)
        await repo.set_deadlines(table_id, [Deadline(table_id, 0, 100, T0, 1)])
        assert (await repo.get_table(table_id)).settled_seq == -1  # type: ignore[union-attr]
        await repo.set_deadlines(table_id, [Deadline(table_id, 0, 100, T0, 1)], settled_at=1)
        row = await repo.get_table(table_id)
        assert row is not None and (row.settled_seq, row.unsettled) == (1, False)

    async def test_two_concurrent_appends_at_one_head_exactly_one_wins(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        results = await asyncio.gather(
            repo.append(table_id, 0, [entry(1)], T0),
            repo.append(table_id, 0, [entry(2)], T0),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleWrite", "int"]
        assert await repo.head(table_id) == 1

    # ---- snapshots --------------------------------------------------------------------------

    async def test_the_latest_snapshot_at_or_before_a_seq_is_returned(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0, snapshot=(2, '{"s": 2}'))
        await repo.append(table_id, 2, [entry(3), entry(4)], T0, snapshot=(4, '{"s": 4}'))
        latest = await repo.latest_snapshot(table_id)
        assert latest is not None and (latest.seq, latest.state_json) == (4, '{"s": 4}')
        earlier = await repo.latest_snapshot(table_id, at_most=3)
        assert earlier is not None and earlier.seq == 2
        assert await repo.latest_snapshot(table_id, at_most=1) is None

    async def test_a_snapshot_is_stored_with_the_checksum_of_its_table_seq_and_text(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0, snapshot=(2, '{"s": 27}'))
        latest = await repo.latest_snapshot(table_id)
        assert latest is not None and latest.intact
        assert latest.checksum == snapshot_checksum(table_id, 2, '{"s": 27}')
        assert not replace(latest, state_json='{"s": 28}').intact
        assert not replace(latest, seq=1).intact
        assert not replace(latest, table_id=table_id + 1).intact

    async def test_a_stale_append_stores_no_snapshot(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0)
        with pytest.raises(StaleWrite):
            await repo.append(table_id, 0, [entry(1)], T0, snapshot=(1, "{}"))
        assert await repo.latest_snapshot(table_id) is None

    async def test_an_append_of_no_entries_stores_a_snapshot_of_the_head_alone(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        assert await repo.append(table_id, 2, [], T0, snapshot=(2, '{"s": 2}')) == 2
        latest = await repo.latest_snapshot(table_id)
        assert latest is not None and (latest.seq, latest.state_json, latest.intact) == (2, '{"s": 2}', True)
        assert await repo.head(table_id) == 2

    async def test_an_append_of_no_entries_at_a_stale_head_stores_no_snapshot(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1), entry(2)], T0)
        with pytest.raises(StaleWrite):
            await repo.append(table_id, 1, [], T0, snapshot=(1, "{}"))
        assert await repo.latest_snapshot(table_id) is None

    async def test_dropped_snapshots_are_gone_from_that_seq_on(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0, snapshot=(1, "{}"))
        await repo.append(table_id, 1, [entry(2)], T0, snapshot=(2, "{}"))
        await repo.drop_snapshots(table_id, 2)
        latest = await repo.latest_snapshot(table_id)
        assert latest is not None and latest.seq == 1

    async def test_a_snapshot_replaces_those_after_the_seq_it_names_and_keeps_the_rest(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)
        for seq in range(1, 6):
            await repo.append(table_id, seq - 1, [entry(seq)], T0, snapshot=(seq, f'{{"s": {seq}}}'),
                              replaces_after=2)
        latest = [await repo.latest_snapshot(table_id, seq) for seq in range(1, 6)]
        assert [s.seq if s else None for s in latest] == [1, 2, 2, 2, 5]

    async def test_a_stale_append_replaces_no_snapshot(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.append(table_id, 0, [entry(1)], T0, snapshot=(1, "{}"))
        await repo.append(table_id, 1, [entry(2)], T0, snapshot=(2, "{}"))
        with pytest.raises(StaleWrite):
            await repo.append(table_id, 1, [entry(2)], T0, snapshot=(2, "{}"), replaces_after=0)
        earlier = await repo.latest_snapshot(table_id, at_most=1)
        assert earlier is not None and earlier.seq == 1

    # ---- deadlines --------------------------------------------------------------------------

    async def test_deadlines_are_replaced_per_table_and_due_in_time_order(self, repo: Repository) -> None:
        a, b = await self.new_table(repo), await self.new_table(repo)
        for table_id in (a, b):
            await repo.update_table(table_id, T0, status="active")
        await repo.set_deadlines(a, [Deadline(a, 0, 1, T0 + timedelta(hours=5), 3)])
        await repo.set_deadlines(a, [Deadline(a, 1, 2, T0 + timedelta(hours=2), 4)])
        await repo.set_deadlines(b, [Deadline(b, 0, 1, T0 + timedelta(hours=1), 0)])
        assert [(d.table_id, d.seat) for d in await repo.deadlines(a)] == [(a, 1)]
        due = await repo.due_deadlines(T0 + timedelta(hours=3))
        assert [(d.table_id, d.seat) for d in due] == [(b, 0), (a, 1)]
        assert [d.table_id for d in await repo.deadlines_for_user(1)] == [b]

    async def test_deadlines_of_finished_tables_are_never_due(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.update_table(table_id, T0, status="finished")
        await repo.set_deadlines(table_id, [Deadline(table_id, 0, 1, T0, 0)])
        assert await repo.due_deadlines(T0 + timedelta(days=1)) == []

    async def test_a_deadline_update_is_kept(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.set_deadlines(table_id, [Deadline(table_id, 0, 1, T0, 0)])
        await repo.update_deadline(Deadline(table_id, 0, 1, T0 + timedelta(hours=48), 0, reminded=1))
        (stored,) = await repo.deadlines(table_id)
        assert (stored.due_at, stored.reminded) == (T0 + timedelta(hours=48), 1)

    # ---- leases -----------------------------------------------------------------------------

    async def test_a_free_lease_is_taken_and_another_owner_is_refused_until_it_runs_out(
        self, repo: Repository
    ) -> None:
        until = T0 + timedelta(minutes=5)
        assert await repo.acquire_lease("deadline:1:0", "a", T0, until)
        assert not await repo.acquire_lease("deadline:1:0", "b", T0, until)
        assert not await repo.acquire_lease("deadline:1:0", "b", until - timedelta(microseconds=1), until)
        assert await repo.acquire_lease("deadline:1:0", "b", until, until + timedelta(minutes=5))
        assert not await repo.acquire_lease("deadline:1:0", "a", until, until + timedelta(minutes=5))

    async def test_the_holder_renews_its_lease(self, repo: Repository) -> None:
        assert await repo.acquire_lease("k", "a", T0, T0 + timedelta(minutes=1))
        assert await repo.acquire_lease("k", "a", T0, T0 + timedelta(minutes=10))
        assert not await repo.acquire_lease("k", "b", T0 + timedelta(minutes=5), T0 + timedelta(minutes=6))

    async def test_a_released_lease_is_free_and_only_its_holder_releases_it(self, repo: Repository) -> None:
        until = T0 + timedelta(minutes=5)
        await repo.acquire_lease("k", "a", T0, until)
        await repo.release_lease("k", "b")
        assert not await repo.acquire_lease("k", "b", T0, until)
        await repo.release_lease("k", "a")
        assert await repo.acquire_lease("k", "b", T0, until)

    async def test_leases_of_different_keys_are_independent(self, repo: Repository) -> None:
        until = T0 + timedelta(minutes=5)
        assert await repo.acquire_lease("deadline:1:0", "a", T0, until)
        assert await repo.acquire_lease("deadline:1:1", "b", T0, until)

    async def test_of_many_owners_racing_for_one_lease_exactly_one_gets_it(self, repo: Repository) -> None:
        until = T0 + timedelta(minutes=5)
        won = await asyncio.gather(*(repo.acquire_lease("k", f"owner{i}", T0, until) for i in range(8)))
        assert sorted(won) == [False] * 7 + [True]

    # ---- preferences, votes, notices --------------------------------------------------------

    async def test_a_language_never_chosen_reads_back_as_none(self, repo: Repository) -> None:
        await repo.set_preference(Preference(8, quiet_start=22, quiet_end=6))
        stored = await repo.get_preference(8)
        assert stored is not None and stored.locale is None
        await repo.set_preference(Preference(8, "en", 22, 6))
        assert await repo.get_preference(8) == Preference(8, "en", 22, 6)

    async def test_preferences_round_trip_and_replace(self, repo: Repository) -> None:
        assert await repo.get_preference(7) is None
        await repo.set_preference(Preference(7, "el", 23, 7, 120))
        await repo.set_preference(Preference(7, "el", 22, 8, 120))
        assert await repo.get_preference(7) == Preference(7, "el", 22, 8, 120)

    async def test_votes_are_one_per_user_and_kind(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_vote(Vote(table_id, "abandon", 1, 3, T0))
        await repo.add_vote(Vote(table_id, "abandon", 1, 4, T0 + timedelta(minutes=1)))
        await repo.add_vote(Vote(table_id, "undo", 2, 4, T0, role="request"))
        assert [(v.user_id, v.seq) for v in await repo.votes(table_id, "abandon")] == [(1, 4)]
        await repo.clear_votes(table_id, "abandon")
        assert await repo.votes(table_id, "abandon") == []
        assert [v.role for v in await repo.votes(table_id, "undo")] == ["request"]

    async def test_notices_wait_until_delivered(self, repo: Repository) -> None:
        first = await repo.add_notice(5, None, '["a"]', T0)
        await repo.add_notice(5, 1, '["b"]', T0)
        await repo.add_notice(6, 1, '["c"]', T0)
        assert [n.payload_json for n in await repo.pending_notices(5)] == ['["a"]', '["b"]']
        await repo.mark_delivered([first], T0)
        assert [n.payload_json for n in await repo.pending_notices(5)] == ['["b"]']

    # ---- away, rematches, seats handed over -------------------------------------------------

    async def test_spells_away_are_listed_from_those_still_running_after_a_moment(
        self, repo: Repository
    ) -> None:
        old = AwaySpell(7, T0, T0 + timedelta(days=2))
        recent = AwaySpell(7, T0 + timedelta(days=10), T0 + timedelta(days=14))
        await repo.add_away(old)
        await repo.add_away(recent)
        await repo.add_away(AwaySpell(8, T0, T0 + timedelta(days=30)))
        assert await repo.away_spells(7, T0) == [old, recent]
        assert await repo.away_spells(7, T0 + timedelta(days=2)) == [recent]
        assert await repo.away_spells(7, T0 + timedelta(days=14)) == []

    async def test_a_spell_ended_early_ends_when_it_was_ended(self, repo: Repository) -> None:
        spell = AwaySpell(7, T0, T0 + timedelta(days=5))
        await repo.add_away(spell)
        back = T0 + timedelta(days=1, microseconds=5)
        assert await repo.end_away(7, T0, back)
        assert not await repo.end_away(7, T0, back + timedelta(days=1)), "ended once"
        [stored] = await repo.away_spells(7, T0)
        assert stored == replace(spell, ended_at=back) and stored.until == back
        assert await repo.away_spells(7, back) == []

    async def test_spells_run_to_their_end_are_listed_until_recorded_ended(self, repo: Repository) -> None:
        short, long = AwaySpell(7, T0, T0 + timedelta(days=1)), AwaySpell(8, T0, T0 + timedelta(days=3))
        await repo.add_away(long)
        await repo.add_away(short)
        await repo.add_away(AwaySpell(9, T0, T0 + timedelta(days=2), ended_at=T0 + timedelta(hours=1)))
        assert await repo.expired_away_spells(T0 + timedelta(hours=23)) == []
        assert await repo.expired_away_spells(T0 + timedelta(days=5)) == [short, long]
        await repo.end_away(7, T0, short.ends_at)
        assert await repo.expired_away_spells(T0 + timedelta(days=5)) == [long]

    async def test_the_first_rematch_recorded_for_a_table_stays(self, repo: Repository) -> None:
        table_id, first, second = [await self.new_table(repo) for _ in range(3)]
        assert await repo.rematch_of(table_id) is None
        assert await repo.set_rematch(table_id, first) == first
        assert await repo.set_rematch(table_id, second) == first
        assert await repo.rematch_of(table_id) == first
        assert await repo.rematch_of(first) is None

    async def test_a_handover_is_kept_replaced_and_dropped(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        proposed = Handover(table_id, 1, 900, "Dee", 100, T0, approvals=(100,))
        await repo.put_handover(proposed)
        assert await repo.handover(table_id) == proposed
        agreed = replace(proposed, approvals=(100, 200), offered=True)
        await repo.put_handover(agreed)
        assert await repo.handover(table_id) == agreed
        await repo.drop_handover(table_id)
        assert await repo.handover(table_id) is None

    async def test_a_handed_seat_has_its_new_person_and_deadline_and_no_stand_in(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=100))
        await repo.add_seat(SeatRow(table_id, 1, "Bo", user_id=200, stand_in="random"))
        await repo.update_table(table_id, T0, status="active")
        await repo.set_deadlines(table_id, [Deadline(table_id, 1, 200, T0, 0)])
        await repo.put_handover(Handover(table_id, 1, 900, "Dee", 100, T0))
        await repo.hand_seat(table_id, 1, 900, "Dee", "el")
        assert (await repo.seats(table_id))[1] == SeatRow(table_id, 1, "Dee", user_id=900, locale="el")
        assert [d.user_id for d in await repo.deadlines(table_id)] == [900]
        assert await repo.handover(table_id) is None

    async def test_the_creators_seat_handed_over_makes_its_new_person_the_creator(
        self, repo: Repository
    ) -> None:
        table_id = await self.new_table(repo)  # created by 100
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=100))
        await repo.add_seat(SeatRow(table_id, 1, "Bo", user_id=200))
        await repo.hand_seat(table_id, 1, 900, "Dee", "en")
        assert [t.creator_id for t in [await repo.get_table(table_id)] if t] == [100], "another seat"
        await repo.hand_seat(table_id, 0, 800, "Cy", "en")
        assert [t.creator_id for t in [await repo.get_table(table_id)] if t] == [800]

    async def test_a_seat_is_not_handed_to_someone_seated_at_the_table(self, repo: Repository) -> None:
        table_id = await self.new_table(repo)
        await repo.add_seat(SeatRow(table_id, 0, "Ada", user_id=100))
        await repo.add_seat(SeatRow(table_id, 1, "Bo", user_id=200))
        with pytest.raises(StorageError):
            await repo.hand_seat(table_id, 1, 100, "Ada", "en")
        assert [s.user_id for s in await repo.seats(table_id)] == [100, 200]
