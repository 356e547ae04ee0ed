"""Undo: one's own last move, alone only while nothing hidden came out and nobody else moved;
otherwise with every other person's consent."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.service import GameOverError, NoUndoRequest, TableService, UndoRefused
from bot.service.models import Line
from bot.service.tables import fold_undos
from bot.service.undo import plan_undo, undone_message
from rules.core import msg
from rules.core.messages import render
from storage.records import Entry, StoredEvent
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid, Take
from tests.service.conftest import ADA, BO, CY, T0, new_table


async def started(service: TableService, *people: tuple[int, str], bots: int = 0) -> int:
    table = await new_table(service, *people, bots=bots)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


async def test_a_bid_nobody_has_seen_yet_can_be_taken_back(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=3))
    outcome = await service.undo(table_id, ADA)
    assert [line.message.key for line in outcome.public] == ["service.undone"]
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None and prompt.prompt.number is not None and prompt.prompt.number.high == 5
    await service.act(table_id, ADA, Bid(coins=1))
    assert (await service.view_for(table_id, ADA)).view.players[0].bid == 1  # type: ignore[attr-defined]


async def test_the_prompt_says_when_undo_is_possible_alone(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.act(table_id, BO, Bid(coins=0))
    prompt = await service.prompt_for(table_id, CY)
    assert prompt is not None and not prompt.can_undo  # Cy has not moved
    await service.undo(table_id, BO)
    prompt = await service.prompt_for(table_id, BO)
    assert prompt is not None and prompt.can_undo is False  # Bo's move was taken back: none left


async def test_undo_with_nothing_to_take_back_is_refused(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    with pytest.raises(UndoRefused) as caught:
        await service.undo(table_id, ADA)
    assert caught.value.key == "service.undo_nothing"


async def test_a_move_that_revealed_the_bids_cannot_be_taken_back_alone(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.act(table_id, BO, Bid(coins=1))  # completes the bids: they are revealed
    with pytest.raises(UndoRefused) as caught:
        await service.undo(table_id, BO)
    assert caught.value.key == "service.undo_needs_consent"
    assert (await service.table(table_id)).seq == 2


async def test_a_move_after_which_another_person_moved_needs_consent(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.act(table_id, BO, Bid(coins=1))
    with pytest.raises(UndoRefused):
        await service.undo(table_id, ADA)


async def test_with_every_other_persons_consent_a_revealing_move_is_taken_back(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    for user, coins in ((ADA, 3), (BO, 1), (CY, 2)):
        await service.act(table_id, user, Bid(coins=coins))
    asked = await service.request_undo(table_id, CY)
    assert [line.message.key for line in asked.public] == ["service.undo_requested"]
    assert (await service.status(table_id)).undo_requested_by == 2
    first = await service.consent_undo(table_id, ADA)
    assert first.public[0].message.params == {"seat": 0, "missing": 1}
    done = await service.consent_undo(table_id, BO)
    assert [line.message.key for line in done.public] == ["service.undone"]
    status = await service.status(table_id)
    assert [w.user_id for w in status.waiting] == [CY]  # Cy bids again; the others' bids stand
    assert status.undo_requested_by is None


async def test_the_requester_cannot_consent_to_their_own_undo(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.act(table_id, BO, Bid(coins=1))
    await service.request_undo(table_id, BO)
    with pytest.raises(UndoRefused) as caught:
        await service.consent_undo(table_id, BO)
    assert caught.value.key == "service.undo_own_request"


async def test_a_request_goes_stale_when_the_table_moves_on(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.act(table_id, BO, Bid(coins=1))
    await service.request_undo(table_id, BO)
    await service.act(table_id, ADA, Take(token=0))
    with pytest.raises(NoUndoRequest):
        await service.consent_undo(table_id, ADA)


async def test_consent_without_a_request_is_refused(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    with pytest.raises(NoUndoRequest):
        await service.consent_undo(table_id, BO)


async def test_with_nobody_to_ask_a_request_is_carried_out_at_once(service: TableService) -> None:
    table_id = await started(service, bots=1)
    await service.act(table_id, ADA, Bid(coins=2))  # the bot bid at the start: this reveals
    outcome = await service.request_undo(table_id, ADA)
    assert outcome.public[0].message.key == "service.undone_many"  # Ada's move and the bot's after it


async def test_undo_takes_back_the_bot_moves_that_followed(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await started(service, bots=1)  # the bot bids at the start (seq 1)
    await service.act(table_id, ADA, Bid(coins=0))  # seq 2 reveals; the bot outbid Ada and takes first
    head = (await service.table(table_id)).seq
    assert head > 2, "the bot should have moved after Ada"
    await service.request_undo(table_id, ADA)
    undo = (await repo.entries(table_id))[-1]
    assert (undo.kind, undo.undoes) == ("undo", tuple(range(2, head + 1)))
    view = (await service.view_for(table_id, ADA)).view
    assert view.players[0].bid is None and view.players[0].coins == 5  # type: ignore[attr-defined]
    assert view.players[1].tokens == []  # type: ignore[attr-defined]


async def test_an_undo_tells_every_move_it_takes_back(service: TableService) -> None:
    table_id = await started(service, bots=1)  # the bot bids at the start (seq 1)
    await service.act(table_id, ADA, Bid(coins=0))  # seq 2; the bot moves after it
    head = (await service.table(table_id)).seq
    outcome = await service.request_undo(table_id, ADA)
    (line,) = outcome.public
    assert line.message == msg("service.undone_many", seat=0, count=head - 1)
    assert render(line.message, "en", ("bot.service",), ("Ada", "Bot")) == f"Ada takes back {head - 1} moves."


async def test_the_log_tells_the_undo_and_not_the_moves_taken_back(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=3))
    await service.undo(table_id, ADA)
    assert [m.key for m in await service.log(table_id, ADA)] == ["service.undone"]
    (line,) = await service.log_lines(table_id, ADA)
    assert (line.seq, line.seats) == (2, None)


async def test_a_table_reloads_right_after_an_undo_across_a_snapshot(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=2))
    await service.act(table_id, BO, Bid(coins=1))
    await service.act(table_id, ADA, Take(token=0))
    await service.act(table_id, BO, Take(token=0))  # seq 4: a snapshot is stored
    assert (snapshot := await repo.latest_snapshot(table_id)) is not None and snapshot.seq == 4
    await service.request_undo(table_id, BO)
    await service.consent_undo(table_id, ADA)
    assert await repo.latest_snapshot(table_id, at_most=4) is None
    view = (await service.view_for(table_id, BO)).view
    assert view.players[1].tokens == [] and view.round == 1  # type: ignore[attr-defined]


async def test_no_undo_after_the_game_is_over(service: TableService) -> None:
    table_id = await started(service, bots=1)
    while (prompt := await service.prompt_for(table_id, ADA)) is not None:
        number = prompt.prompt.number
        await service.act(table_id, ADA, number.action(0) if number else prompt.prompt.options[-1].action)
    with pytest.raises(GameOverError):
        await service.undo(table_id, ADA)


async def test_a_move_after_which_a_stand_in_played_another_seat_needs_consent(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), (CY, "Cy"), stand_ins=True)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    assert await service.mark_reminded(table.id, 1) is None
    assert await service.mark_reminded(table.id, 1) is None
    stood_in = await service.mark_reminded(table.id, 1)  # Bo's stand-in bids; Cy's bid is still to come
    assert stood_in is not None and stood_in.table.seats[1].stand_in is not None
    head = (await service.table(table.id)).seq
    with pytest.raises(UndoRefused) as caught:
        await service.undo(table.id, ADA)
    assert caught.value.key == "service.undo_needs_consent"
    assert (await service.table(table.id)).seq == head


def entry(seq: int, actor: str, seat: int) -> Entry:
    return Entry(table_id=1, seq=seq, kind="action", seat=seat, actor=actor, payload_json="{}", created_at=T0)


def test_a_move_after_which_another_seats_timeout_default_was_taken_needs_consent() -> None:
    plan = plan_undo([entry(1, f"user:{ADA}", 0), entry(2, "timeout:", 1)], ADA)
    assert plan is not None and plan.seqs == (1, 2) and not plan.alone


def test_ones_own_timeout_default_or_stand_in_after_ones_move_needs_no_consent() -> None:
    for actor in ("timeout:", "stand-in:random"):
        plan = plan_undo([entry(1, f"user:{ADA}", 0), entry(2, actor, 0)], ADA)
        assert plan is not None and plan.alone, actor


def test_a_bot_seats_move_after_ones_move_needs_no_consent() -> None:
    plan = plan_undo([entry(1, f"user:{ADA}", 0), entry(2, "bot:random", 1)], ADA)
    assert plan is not None and plan.seqs == (1, 2) and plan.alone


async def test_a_run_of_undos_by_one_player_is_told_as_one_line(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    for coins in (3, 2, 1):
        await service.act(table_id, ADA, Bid(coins=coins))
        await service.undo(table_id, ADA)
    (line,) = await service.log_lines(table_id, BO)
    assert line.message == msg("service.undone_many", seat=0, count=3)
    assert render(line.message, "en", ("bot.service",), ("Ada", "Bo")) == "Ada takes back 3 moves."


async def test_undos_by_different_players_are_told_apart(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    for user in (ADA, BO, ADA):
        await service.act(table_id, user, Bid(coins=1))
        await service.undo(table_id, user)
    told = await service.log_lines(table_id, ADA)
    assert [(line.message.key, line.message.params["seat"]) for line in told] == [
        ("service.undone", 0), ("service.undone", 1), ("service.undone", 0)]


async def test_a_run_of_undos_that_began_before_the_entries_read_is_told_as_at_least_its_count(
    service: TableService,
) -> None:
    table_id = await started(service, (BO, "Bo"))
    for _ in range(20):
        await service.act(table_id, ADA, Bid(coins=1))
        await service.undo(table_id, ADA)
    (line,) = await service.log_lines(table_id, ADA, 1)  # reads the last 16 entries told
    assert line.message == msg("service.undone_at_least", seat=0, count=16)
    assert render(line.message, "en", ("bot.service",), ("Ada", "Bo")) == "Ada takes back at least 16 moves."


async def test_a_run_of_undos_read_whole_is_told_by_its_count(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    for _ in range(20):
        await service.act(table_id, ADA, Bid(coins=1))
        await service.undo(table_id, ADA)
    told = await service.log_lines(table_id, ADA, 40)  # every entry told is read
    line = told[-1]
    assert line.message == msg("service.undone_many", seat=0, count=20)


class CountingEvents(SqliteRepository):
    """Real SQLite storage that notes which entries' events are read."""

    read: list[int]

    async def events_at(self, table_id: int, seqs: Sequence[int]) -> dict[int, tuple[StoredEvent, ...]]:
        self.read += seqs
        return await super().events_at(table_id, seqs)


async def test_the_undo_s_line_is_kept_as_it_is_written(tmp_path: Path) -> None:
    repo = await CountingEvents.open(tmp_path / "agora.db")
    try:
        service = TableService(repo)
        table_id = await started(service, (BO, "Bo"))
        await service.act(table_id, ADA, Bid(coins=3))
        await service.undo(table_id, ADA)
        repo.read = []
        (line,) = await service.log_lines(table_id, BO)
        assert (line.message.key, line.seq) == ("service.undone", 2)
        assert repo.read == []  # told from what the undo kept, not read back from storage
    finally:
        await repo.close()


class CountingTold(SqliteRepository):
    """Real SQLite storage that notes how many entries told each read asks for."""

    asked: list[int]

    async def told_seqs(self, table_id: int, after: int, through: int, last: int) -> list[int]:
        self.asked.append(last)
        return await super().told_seqs(table_id, after, through, last)


async def test_a_long_run_of_undos_is_told_from_a_bounded_read(tmp_path: Path) -> None:
    repo = await CountingTold.open(tmp_path / "agora.db")
    try:
        service = TableService(repo, snapshot_every=4)
        table_id = await started(service, (BO, "Bo"))
        for _ in range(60):
            await service.act(table_id, ADA, Bid(coins=1))
            await service.undo(table_id, ADA)
        repo.asked = []
        (line,) = await service.log_lines(table_id, ADA, 20)
        assert repo.asked == [20]  # not read back through the whole run for lines to fill
        assert line.message == msg("service.undone_at_least", seat=0, count=20)
    finally:
        await repo.close()


def test_a_run_of_undos_ends_at_a_line_that_is_no_undo_or_another_seats_or_told_to_others() -> None:
    def undone(seat: int, seq: int, moves: int = 1, seats: frozenset[int] | None = None) -> Line:
        return Line(message=undone_message(seat, moves), seats=seats, seq=seq)

    moved = Line(message=msg("sealed.bid", seat=1), seq=3)
    lines = [undone(0, 1), undone(0, 2, 2), moved, undone(0, 4, 3), undone(1, 5), undone(1, 6),
             undone(1, 7, seats=frozenset({1}))]
    assert [(line.message, line.seq) for line in fold_undos(lines)] == [
        (msg("service.undone_many", seat=0, count=3), 2),
        (moved.message, 3),
        (msg("service.undone_many", seat=0, count=3), 4),
        (msg("service.undone_many", seat=1, count=2), 6),
        (msg("service.undone", seat=1), 7),
    ]
