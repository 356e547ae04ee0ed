"""Announcements: how far each table's thread has been told. A command's outcome carries the log
entry it tells of up to; the bot marks it once delivered. A process that dies after a command
commits but before the bot delivers leaves entries unannounced, and ``announcements`` rebuilds what
the thread is owed from the stored events."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import TableService
from tests.fixtures.sealed_bid import Bid, Pass
from tests.service.conftest import ADA, BO, Clock, answer, new_table, play_to_end
from tests.service.test_recovery import DiesAtWrite, play_until_the_last_move_dies, reopen


@pytest.fixture
async def dying(tmp_path: Path) -> AsyncIterator[DiesAtWrite]:
    repo = await DiesAtWrite.open(tmp_path / "dies.db")
    yield repo
    await repo.close()


async def test_an_outcome_says_which_log_entry_it_tells_of_up_to(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    started = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    assert started.announce_through == 0
    outcome = await service.act(table.id, ADA, Bid(coins=3))
    assert outcome.announce_through == 1 == outcome.table.seq


async def test_an_outcome_says_which_log_entry_it_tells_of_from(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    started = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    assert (started.announce_from, started.announce_through) == (1, 0), "the start tells of no entry"
    first = await service.act(table.id, ADA, Bid(coins=3))
    second = await service.act(table.id, BO, Bid(coins=1))
    assert (first.announce_from, first.announce_through) == (1, 1)
    assert (second.announce_from, second.announce_through) == (2, 2)


async def test_outcomes_with_bot_moves_tell_of_the_log_in_turn_without_gaps(service: TableService) -> None:
    table = await new_table(service, bots=1)
    outcome = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    told = [(outcome.announce_from, outcome.announce_through)]
    while not outcome.finished:
        prompt = await service.prompt_for(table.id, ADA)
        assert prompt is not None
        outcome = await service.act(table.id, ADA, answer(prompt))
        told.append((outcome.announce_from, outcome.announce_through))
    head = (await service.table(table.id)).seq
    assert [seq for first, through in told for seq in range(first or 0, (through or 0) + 1)] == list(
        range(1, head + 1))
    assert any(through - first >= 1 for first, through in told if first and through), "bots moved too"


async def test_the_mark_says_how_far_the_thread_was_told(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    assert await service.announced_through(table.id) == 0
    await service.mark_announced(table.id, 1)
    assert await service.announced_through(table.id) == 1


async def test_untold_lines_are_the_public_lines_between_the_mark_and_an_outcome(
    service: TableService,
) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    await service.act(table.id, BO, Bid(coins=1))
    await service.act(table.id, ADA, Pass())
    missed = await service.untold_lines(table.id, 0, 3)
    assert [(line.message.key, line.seq) for line in missed] == [
        ("sealed.bid_placed", 1), ("sealed.bid_placed", 2), ("sealed.revealed", 2)]
    assert all(line.seats is None for line in missed), "private lines went out by DM already"
    assert await service.untold_lines(table.id, 2, 3) == []


async def test_untold_lines_leave_out_a_move_taken_back(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    await service.undo(table.id, ADA)
    assert [line.message.key for line in await service.untold_lines(table.id, 0, 3)] == ["service.undone"]


async def test_a_lobby_change_tells_of_no_log_entry(service: TableService) -> None:
    table = await new_table(service)
    outcome = await service.join(table.id, BO, "Bo")
    assert outcome.announce_through is None


async def test_a_delivered_outcome_marked_announced_leaves_nothing_to_announce(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    outcome = await service.act(table.id, ADA, Bid(coins=3))
    assert outcome.announce_through is not None
    await service.mark_announced(table.id, outcome.announce_through)
    assert await service.announcements(table.id) is None
    assert await service.announcements_all() == []


async def test_a_move_never_delivered_is_announced_with_its_public_and_private_lines(
    service: TableService,
) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    told = await service.act(table.id, ADA, Bid(coins=3))
    assert told.announce_through is not None
    await service.mark_announced(table.id, told.announce_through)
    await service.act(table.id, BO, Bid(coins=1))  # committed; the process dies before delivery

    outcome = await service.announcements(table.id)
    assert outcome is not None
    assert [line.message.key for line in outcome.public] == ["sealed.bid_placed", "sealed.revealed"]
    assert all(line.seq == 2 for line in outcome.public)
    assert [line.message.key for line in outcome.private[1]] == ["sealed.your_bid"]
    assert 0 not in outcome.private, "Ada's own bid was told when she made it"
    assert outcome.pictures[0].seat is None, "the board picture is asked for"
    assert [w.user_id for w in outcome.waiting] == [ADA]
    assert outcome.result is None
    assert outcome.announce_through == 2


async def test_the_mark_never_moves_back(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    await service.act(table.id, BO, Bid(coins=1))
    await service.mark_announced(table.id, 2)
    await service.mark_announced(table.id, 1)  # an older delivery finishing last
    assert await service.announcements(table.id) is None


async def test_a_finished_game_never_announced_tells_the_result_and_final_scores(
    service: TableService,
) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await play_to_end(service, table.id, (ADA, BO))
    head = (await service.table(table.id)).seq
    await service.mark_announced(table.id, head - 1)  # all told but the last move

    outcome = await service.announcements(table.id)
    assert outcome is not None and outcome.result is not None
    keys = [line.message.key for line in outcome.public]
    assert keys[-4:] == ["service.finished", "service.final_score", "service.final_score",
                         "service.seed_revealed"]
    assert keys[0] != "service.finished", "the last move's own lines come first"
    assert outcome.waiting == []
    assert [o.table.id for o in await service.announcements_all()] == [table.id]


async def test_a_move_taken_back_before_it_was_announced_is_not_told(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    await service.undo(table.id, ADA)

    outcome = await service.announcements(table.id)
    assert outcome is not None
    assert [line.message.key for line in outcome.public] == ["service.undone"]
    assert outcome.private == {}


async def test_an_abandoned_table_is_not_announced_on_start(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    await service.abandon(table.id, ADA)
    assert await service.announcements_all() == []


async def test_the_last_move_of_a_game_cut_short_before_finishing_is_announced_with_the_result(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    started = await service.start(table.id, ADA, seed=3, shuffle_seats=False)
    assert started.announce_through is not None
    await service.mark_announced(table.id, started.announce_through)
    await play_until_the_last_move_dies(service, dying, table.id, told=True)
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        await restarted.resume_all()
        (outcome,) = await restarted.announcements_all()
        assert outcome.result is not None
        keys = [line.message.key for line in outcome.public]
        assert keys[0] in ("sealed.passed", "sealed.took"), "the last move comes first"
        assert "service.finished" in keys
        assert outcome.announce_through is not None
        await restarted.mark_announced(table.id, outcome.announce_through)
        assert await restarted.announcements_all() == []
    finally:
        await repo.close()
