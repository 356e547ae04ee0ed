"""Acting at a table: who may act, what each seat is told, and what is stored before the answer."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from bot.service import (
    GameOverError,
    NotSeated,
    NotStarted,
    NotYourTurn,
    Outcome,
    StaleAction,
    TableService,
)
from bot.service.models import DIGEST_LINES
from rules.core import RuleError
from storage.records import NewEntry, SeatRow, TableRow
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE, Bid, Pass, Take
from tests.service.conftest import ADA, BO, CY, Clock, answer, new_table, play_to_end


async def two_players(service: TableService) -> int:
    """Ada in seat 0, Bo in seat 1, started with seed 7 (bidding first)."""
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


async def test_a_person_owing_a_decision_gets_a_prompt_with_the_current_seq(service: TableService) -> None:
    table_id = await two_players(service)
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None and prompt.seat == 0 and prompt.seq == 0
    assert prompt.prompt.number is not None and prompt.prompt.secret


async def test_a_user_without_a_seat_cannot_act(service: TableService) -> None:
    table_id = await two_players(service)
    with pytest.raises(NotSeated):
        await service.act(table_id, CY, Bid(coins=1))
    with pytest.raises(NotSeated):
        await service.prompt_for(table_id, CY)


async def test_a_user_cannot_act_for_another_seat_in_the_turn_step(service: TableService) -> None:
    table_id = await two_players(service)
    await service.act(table_id, ADA, Bid(coins=2))
    await service.act(table_id, BO, Bid(coins=1))  # Ada bid more: she takes first
    with pytest.raises(NotYourTurn):
        await service.act(table_id, BO, Take(token=0))
    assert await service.prompt_for(table_id, BO) is None
    outcome = await service.act(table_id, ADA, Take(token=0))
    assert [w.user_id for w in outcome.waiting] == [BO]


async def test_a_seat_that_already_committed_owes_nothing_more(service: TableService) -> None:
    table_id = await two_players(service)
    await service.act(table_id, ADA, Bid(coins=1))
    with pytest.raises(NotYourTurn):
        await service.act(table_id, ADA, Bid(coins=2))


async def test_acting_before_the_start_is_refused(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(NotStarted):
        await service.act(table.id, ADA, Bid(coins=1))


async def test_an_illegal_move_is_refused_and_nothing_is_stored(service: TableService) -> None:
    table_id = await two_players(service)
    with pytest.raises(RuleError, match="Bid 0 to 5"):
        await service.act(table_id, ADA, Bid(coins=9))
    with pytest.raises(RuleError):
        await service.act(table_id, ADA, {"kind": "dance"})
    assert (await service.table(table_id)).seq == 0


async def test_an_answer_to_an_old_prompt_is_out_of_date(service: TableService) -> None:
    table_id = await two_players(service)
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None
    await service.act(table_id, BO, Bid(coins=1))
    with pytest.raises(StaleAction) as caught:
        await service.act(table_id, ADA, answer(prompt), expected_seq=prompt.seq)
    assert caught.value.key == "service.stale_action"


async def test_a_secret_bid_is_told_only_to_its_seat(service: TableService) -> None:
    table_id = await two_players(service)
    outcome = await service.act(table_id, ADA, Bid(coins=3))
    assert [line.message.key for line in outcome.public] == ["sealed.bid_placed"]
    assert [line.message.key for line in outcome.private[0]] == ["sealed.your_bid"]
    assert 1 not in outcome.private
    bo_prompt = await service.prompt_for(table_id, BO)
    assert bo_prompt is not None
    assert all(line.message.key != "sealed.your_bid" for line in bo_prompt.digest)
    assert all(m.key != "sealed.your_bid" for m in await service.log(table_id, BO))
    assert "sealed.your_bid" in [m.key for m in await service.log(table_id, ADA)]
    assert all(m.key != "sealed.your_bid" for m in await service.log(table_id, None))


async def test_no_seat_ever_hears_another_seats_secret_in_a_whole_game(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), bots=1)
    outcomes: list[Outcome] = [await service.start(table.id, ADA, seed=21, shuffle_seats=False)]
    while (status := await service.status(table.id)).waiting:
        for waiting in status.waiting:
            prompt = await service.prompt_for(table.id, waiting.user_id or 0)
            assert prompt is not None
            outcomes.append(await service.act(table.id, waiting.user_id or 0, answer(prompt, 1)))
    for outcome in outcomes:
        assert all(line.seats is None for line in outcome.public)
        for seat, lines in outcome.private.items():
            assert all(line.seats is not None and seat in line.seats for line in lines)
    views = [await service.view_for(table.id, user) for user in (ADA, BO)]
    assert [v.seat for v in views] == [0, 1]


async def test_the_view_of_a_seat_hides_the_other_seats_card(service: TableService) -> None:
    table_id = await two_players(service)
    mine = (await service.view_for(table_id, ADA)).view
    spectator = (await service.view_for(table_id, None)).view
    assert mine.players[0].card is not None and mine.players[1].card is None  # type: ignore[attr-defined]
    assert all(p.card is None for p in spectator.players)  # type: ignore[attr-defined]


async def a_round_played(service: TableService) -> int:
    """:func:`two_players` after a round: Ada took, Bo passed, Ada owes the next bid."""
    table_id = await two_players(service)
    await service.act(table_id, ADA, Bid(coins=2))
    await service.act(table_id, BO, Bid(coins=1))
    await service.act(table_id, ADA, Take(token=0))
    await service.act(table_id, BO, Pass())
    return table_id


async def test_the_prompt_digest_tells_what_happened_since_my_last_move(service: TableService) -> None:
    table_id = await a_round_played(service)
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None
    assert [line.message.key for line in prompt.digest] == ["sealed.took", "sealed.passed", "sealed.round"]


async def test_a_prompt_without_catching_up_is_the_same_decision_without_the_digest(
    service: TableService,
) -> None:
    table_id = await a_round_played(service)
    full = await service.prompt_for(table_id, ADA)
    brief = await service.prompt_for(table_id, ADA, catch_up=False)
    assert full is not None and brief is not None and full.digest
    decision = (full.table_id, full.seat, full.prompt, full.seq)
    assert (brief.table_id, brief.seat, brief.prompt, brief.seq) == decision
    assert brief.digest == () and not brief.can_undo
    await service.act(table_id, ADA, answer(full, 0))
    assert await service.prompt_for(table_id, ADA, catch_up=False) is None  # Ada owes nothing now


async def test_a_command_reads_the_table_and_its_seats_together(db_path: Path, clock: Clock) -> None:
    repo = await CountingReads.open(db_path)
    try:
        service = TableService(repo, clock=clock)
        table_id = await two_players(service)
        await service.prompt_for(table_id, ADA)
        repo.reads.clear()
        assert await service.prompt_for(table_id, ADA, catch_up=False) is not None
        assert (await service.table(table_id)).seat_of(BO) is not None
        assert repo.reads == ["table_with_seats", "table_with_seats"]
    finally:
        await repo.close()


class CountingReads(SqliteRepository):
    """Real SQLite storage that records which of the table's reads a command makes."""

    reads: list[str]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reads = []

    async def get_table(self, table_id: int) -> TableRow | None:
        self.reads.append("get_table")
        return await super().get_table(table_id)

    async def seats(self, table_id: int) -> list[SeatRow]:
        self.reads.append("seats")
        return await super().seats(table_id)

    async def table_with_seats(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        self.reads.append("table_with_seats")
        return await super().table_with_seats(table_id)


async def test_the_digest_holds_the_last_lines_since_my_last_move_at_most(service: TableService) -> None:
    dee = 400
    table = await new_table(service, (BO, "Bo"), (CY, "Cy"), (dee, "Dee"))
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    for user, coins in ((ADA, 4), (BO, 3), (CY, 2), (dee, 1)):
        await service.act(table.id, user, Bid(coins=coins))
    await service.act(table.id, ADA, Take(token=0))
    for _ in range(DIGEST_LINES // 2 + 3):  # Bo and Cy take back their passes in turn: no run to fold
        await service.act(table.id, BO, Pass())
        await service.act(table.id, CY, Pass())
        await service.undo(table.id, CY)
        await service.undo(table.id, BO)
    for user in (BO, CY, dee):
        await service.act(table.id, user, Pass())
    prompt = await service.prompt_for(table.id, ADA)
    assert prompt is not None
    keys = [line.message.key for line in prompt.digest]
    assert len(keys) == DIGEST_LINES
    assert keys[-5:] == ["service.undone", "sealed.passed", "sealed.passed", "sealed.passed", "sealed.round"]
    assert "sealed.took" not in keys


async def test_the_digest_includes_the_reveal_my_own_move_completed(service: TableService) -> None:
    table_id = await two_players(service)
    await service.act(table_id, BO, Bid(coins=1))
    await service.act(table_id, ADA, Bid(coins=2))  # the last bid: the bids are revealed
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None
    assert [line.message.key for line in prompt.digest] == [
        "sealed.bid_placed", "sealed.your_bid", "sealed.revealed"]


async def test_the_action_is_committed_before_act_returns(service: TableService, db_path: Path) -> None:
    table_id = await two_players(service)
    await service.act(table_id, ADA, Bid(coins=2))
    other = await SqliteRepository.open(db_path)
    try:
        (entry,) = await other.entries(table_id)
        assert (entry.seat, entry.actor, entry.payload_json) == (0, f"user:{ADA}", '{"kind":"bid","coins":2}')
        assert [e.visible_to for e in entry.events] == [None, frozenset({0})]
    finally:
        await other.close()


async def test_two_acts_at_once_on_one_table_are_both_applied_in_turn(service: TableService) -> None:
    table_id = await two_players(service)
    await asyncio.gather(service.act(table_id, ADA, Bid(coins=1)), service.act(table_id, BO, Bid(coins=2)))
    status = await service.status(table_id)
    assert status.table.seq == 2
    assert [w.user_id for w in status.waiting] == [BO]  # bids revealed: Bo bid more


async def test_two_answers_to_one_prompt_at_once_one_wins_one_is_out_of_date(service: TableService) -> None:
    table_id = await two_players(service)
    await service.act(table_id, ADA, Bid(coins=2))
    await service.act(table_id, BO, Bid(coins=1))
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None
    results = await asyncio.gather(
        service.act(table_id, ADA, Take(token=0), expected_seq=prompt.seq),
        service.act(table_id, ADA, Take(token=1), expected_seq=prompt.seq),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["Outcome", "StaleAction"]
    assert (await service.table(table_id)).seq == 3


async def test_two_services_on_one_file_act_at_once_without_losing_a_move(
    service: TableService, db_path: Path, clock: Clock
) -> None:
    table_id = await two_players(service)
    other_repo = await SqliteRepository.open(db_path)
    try:
        other = TableService(other_repo, clock=clock)
        await asyncio.gather(service.act(table_id, ADA, Bid(coins=1)), other.act(table_id, BO, Bid(coins=2)))
        entries = await other_repo.entries(table_id)
        assert sorted(e.seat for e in entries) == [0, 1]
    finally:
        await other_repo.close()


async def test_a_new_service_over_the_same_file_continues_the_game(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "restart.db"
    first_repo = await SqliteRepository.open(path)
    first = TableService(first_repo, clock=clock)
    table_id = await two_players(first)
    await first.act(table_id, ADA, Bid(coins=2))
    await first.act(table_id, BO, Bid(coins=1))
    before = (await first.view_for(table_id, ADA)).view
    await first_repo.close()

    reopened = await SqliteRepository.open(path)
    try:
        restarted = TableService(reopened, clock=clock)
        assert (await restarted.view_for(table_id, ADA)).view == before
        await play_to_end(restarted, table_id, (ADA, BO))
        status = await restarted.status(table_id)
        assert status.table.status == "finished" and status.result is not None
        entries = await reopened.entries(table_id)
        expected = ENGINE.replay(2, status.table.options, 7, [(e.seat, e.payload_json) for e in entries])
        assert ENGINE.result(expected) == status.result
    finally:
        await reopened.close()


async def test_bots_play_their_seats_to_the_end_and_the_table_finishes(service: TableService) -> None:
    table = await new_table(service, bots=2)
    await service.start(table.id, ADA, seed=9)
    moves = await play_to_end(service, table.id, (ADA,))
    status = await service.status(table.id)
    assert status.table.status == "finished"
    assert status.result is not None and set(status.result.ranks) == {0, 1, 2}
    assert moves == 6  # Ada: a bid and a take in each of three rounds
    assert status.waiting == ()
    with pytest.raises(GameOverError):
        await service.act(table.id, ADA, Pass())


async def test_the_last_move_tells_the_result_and_final_scores(service: TableService) -> None:
    table = await new_table(service, bots=1)
    await service.start(table.id, ADA, seed=2)
    last: Outcome | None = None
    while (prompt := await service.prompt_for(table.id, ADA)) is not None:
        last = await service.act(table.id, ADA, answer(prompt), expected_seq=prompt.seq)
    assert last is not None and last.finished and last.result is not None
    keys = [line.message.key for line in last.public]
    assert keys[-4:] == ["service.finished", "service.final_score", "service.final_score",
                         "service.seed_revealed"]


async def test_each_outcome_asks_for_the_public_board_and_private_pictures(service: TableService) -> None:
    table_id = await two_players(service)
    outcome = await service.act(table_id, ADA, Bid(coins=1))
    assert [p.seat for p in outcome.pictures] == [None, 0]


async def test_snapshots_speed_loading_and_agree_with_replay(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await two_players(service)
    await play_to_end(service, table_id, (ADA, BO))
    snapshot = await repo.latest_snapshot(table_id)
    assert snapshot is not None and snapshot.seq % 4 == 0
    entries = await repo.entries(table_id)
    options = (await service.table(table_id)).options
    replayed = ENGINE.replay(2, options, 7, [(e.seat, e.payload_json) for e in entries[: snapshot.seq]])
    assert ENGINE.dump(replayed) == snapshot.state_json


class BotBatchOvertaken(SqliteRepository):
    """A real SQLite repository where another process appends just before the first bot batch."""

    intruder: Callable[[], Awaitable[object]] | None = None

    async def append(self, table_id: int, expected_head: int, entries: Sequence[NewEntry], now: datetime,
                     *, snapshot: tuple[int, str] | None = None, replaces_after: int | None = None) -> int:
        if self.intruder is not None and entries and entries[0].actor.startswith("bot:"):
            intruder, self.intruder = self.intruder, None
            await intruder()
        return await super().append(table_id, expected_head, entries, now, snapshot=snapshot,
                                    replaces_after=replaces_after)


async def test_bots_overtaken_by_another_process_do_not_move_twice(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "overtaken.db"
    repo = await BotBatchOvertaken.open(path)
    other_repo = await SqliteRepository.open(path)
    try:
        service, other = TableService(repo, clock=clock), TableService(other_repo, clock=clock)
        table = await new_table(service, bots=1)
        await service.start(table.id, ADA, seed=7, shuffle_seats=False)
        repo.intruder = lambda: other.resume(table.id)
        outcome = await service.act(table.id, ADA, Bid(coins=0))  # the bot outbid Ada: it takes next
        entries = await repo.entries(table.id)
        assert [e.actor for e in entries] == ["bot:random", f"user:{ADA}", "bot:random"]
        assert [w.user_id for w in outcome.waiting] == [ADA]
        assert outcome.table.seq == 3
    finally:
        await repo.close()
        await other_repo.close()
