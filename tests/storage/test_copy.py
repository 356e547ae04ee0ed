"""Moving house between backends: every row arrives, ids go on after the highest copied, a
destination that already holds rows is refused, and the row digests catch a difference."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from storage.copy import TABLES, copy_database, digest
from storage.postgres import PostgresRepository
from storage.records import AwaySpell, Deadline, Handover, NewTable, Preference, SeatRow, TableFilter, Vote
from storage.repository import Repository, StorageError
from storage.sqlite import SqliteRepository
from tests.storage.contract import T0, entry

EVERY = ("lobby", "active", "finished", "abandoned")


async def fill(repo: Repository) -> None:
    """One row or more in every table, with the awkward values: big ids, NULLs, flags, times."""
    lobby = await repo.create_table(NewTable("sealed_bid", 10, 20, 100, thread_id=2**62), T0)
    played = await repo.create_table(NewTable("sealed_bid", 10, 21, 100, options_json='{"x": 1}',
                                              pace_hours=1.5, stand_ins=True, stand_in_after=3), T0)
    await repo.add_seat(SeatRow(lobby.id, 0, "Ada", user_id=1))
    for position, name in enumerate(["Ada", "Βασίλης", "Greedy"]):
        person = position < 2
        await repo.add_seat(SeatRow(played.id, position, name, user_id=position + 1 if person else None,
                                    bot=None if person else "greedy", locale="el"))
    await repo.start_table(played.id, 2**47 + 5, [2, 0, 1], T0)
    await repo.set_stand_in(played.id, 1, "random")
    await repo.append(played.id, 0, [entry(1, events=2, reveals=True), entry(2, seat=1)], T0,
                      snapshot=(2, '{"s": 2}'))
    await repo.mark_announced(played.id, 1, telling='{"story": 2}')
    await repo.set_deadlines(played.id, [Deadline(played.id, 0, 1, T0 + timedelta(hours=3), 2, 1)])
    await repo.set_preference(Preference(1, None, 22, 7, -300))
    await repo.set_preference(Preference(2, "el"))
    await repo.add_vote(Vote(played.id, "undo", 1, 2, T0, role="request"))
    delivered = await repo.add_notice(1, played.id, '["a"]', T0)
    await repo.add_notice(1, None, '["b"]', T0 + timedelta(seconds=1))
    await repo.mark_delivered([delivered], T0 + timedelta(minutes=1))
    await repo.add_away(AwaySpell(1, T0, T0 + timedelta(days=3), ended_at=T0 + timedelta(days=1)))
    await repo.add_away(AwaySpell(2, T0, T0 + timedelta(days=14)))
    await repo.set_rematch(played.id, lobby.id)
    await repo.put_handover(Handover(played.id, 1, 2**60, "Δήμητρα", 1, T0, approvals=(1,), offered=True))


async def everything(repo: Repository) -> list[object]:
    """What the repository interface reads back of the rows :func:`fill` wrote."""
    tables = await repo.list_tables(TableFilter(statuses=EVERY))  # type: ignore[arg-type]
    read: list[object] = [tables]
    for t in tables:
        read += [await repo.seats(t.id), await repo.entries(t.id), await repo.latest_snapshot(t.id),
                 await repo.deadlines(t.id), await repo.votes(t.id, "undo")]
        read += [await repo.rematch_of(t.id), await repo.handover(t.id), await repo.telling(t.id)]
    read += [await repo.get_preference(1), await repo.get_preference(2), await repo.pending_notices(1)]
    read += [await repo.away_spells(1, T0), await repo.away_spells(2, T0)]
    return read


@pytest.fixture
async def sqlite(tmp_path: Path) -> Repository:
    return await SqliteRepository.open(tmp_path / "agora.db")


@pytest.fixture
async def postgres(postgres_url: str) -> Repository:
    return await PostgresRepository.open(postgres_url)


async def test_sqlite_to_postgresql_and_back_keeps_every_row(sqlite: Repository, postgres: Repository,
                                                             tmp_path: Path) -> None:
    back = await SqliteRepository.open(tmp_path / "back.db")
    try:
        await fill(sqlite)
        there = await copy_database(sqlite, postgres, None)
        assert there.problems == []
        assert there.rows == {"tables": 2, "seats": 4, "actions": 2, "events": 3, "snapshots": 1,
                              "reminders": 1, "preferences": 2, "votes": 1, "notices": 2,
                              "away_spells": 2, "rematches": 1, "handovers": 1,
                              "tellings": 1}
        assert await everything(postgres) == await everything(sqlite)
        home = await copy_database(postgres, back, None)
        assert home.problems == [] and home.rows == there.rows
        assert await everything(back) == await everything(sqlite)
    finally:
        for repo in (sqlite, postgres, back):
            await repo.close()


@pytest.mark.parametrize("direction", ["to postgresql", "to sqlite"])
async def test_ids_handed_out_after_a_copy_follow_the_highest_copied(
    sqlite: Repository, postgres: Repository, direction: str
) -> None:
    source, dest = (sqlite, postgres) if direction == "to postgresql" else (postgres, sqlite)
    try:
        for _ in range(3):
            await source.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        await source.add_notice(1, None, "[]", T0)
        await copy_database(source, dest, None)
        assert (await dest.create_table(NewTable("sealed_bid", 1, 1, 1), T0)).id == 4
        assert await dest.add_notice(1, None, "[]", T0) == 2
    finally:
        await sqlite.close()
        await postgres.close()


async def test_a_destination_holding_rows_is_refused_and_left_as_it_was(sqlite: Repository,
                                                                        postgres: Repository) -> None:
    try:
        await fill(sqlite)
        await postgres.set_preference(Preference(9, "en"))
        with pytest.raises(StorageError, match="not empty: table preferences"):
            await copy_database(sqlite, postgres, None)
        assert await postgres.list_tables(TableFilter(statuses=EVERY)) == []  # type: ignore[arg-type]
    finally:
        await sqlite.close()
        await postgres.close()


async def test_the_row_digest_changes_with_any_value_and_not_with_the_backend(
    sqlite: Repository, postgres: Repository
) -> None:
    try:
        await fill(sqlite)
        await copy_database(sqlite, postgres, None)
        for name in TABLES:
            assert await digest(postgres, name) == await digest(sqlite, name), name
        before = await digest(postgres, "actions")
        await postgres.mark_announced(2, 2)
        assert await digest(postgres, "tables") != await digest(sqlite, "tables")
        assert await digest(postgres, "actions") == before
    finally:
        await sqlite.close()
        await postgres.close()


async def test_the_verifier_is_asked_about_every_table_and_its_findings_are_kept(
    sqlite: Repository, postgres: Repository
) -> None:
    asked: list[int] = []

    async def verify(source: Repository, copy: Repository, table_id: int) -> list[str]:
        asked.append(table_id)
        assert await copy.get_table(table_id) == await source.get_table(table_id)
        return ["wrong"] if table_id == 2 else []

    try:
        await fill(sqlite)
        copied = await copy_database(sqlite, postgres, verify)
        assert (asked, copied.verified, copied.problems) == ([1, 2], 2, ["table 2: wrong"])
    finally:
        await sqlite.close()
        await postgres.close()
