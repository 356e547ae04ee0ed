"""Storage trouble after a committed move does not leave the table stuck: the player is told their
move counted, and the live process settles the table again (the startup recovery, run by the next
command or the reminder loop). Faults are injected at the connection boundary of a real SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import SavedButUnsettled, TableService
from storage.repository import StorageUnavailable
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, Clock, new_table
from tests.storage.faults import Faults


@pytest.fixture
def faults() -> Faults:
    return Faults()


@pytest.fixture
async def faulty(tmp_path: Path, faults: Faults) -> AsyncIterator[SqliteRepository]:
    repo = await SqliteRepository.open(tmp_path / "faulty.db", wrap=faults)
    yield repo
    await repo.close()


async def ada_moves_and_the_bots_answer_fails(
    service: TableService, faults: Faults, cause: str
) -> int:
    """Ada and a bot at a started table; Ada's bid commits, the bot's answer fails with ``cause``."""
    table = await new_table(service, bots=1)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    faults.fail(r"INSERT INTO actions", cause, skip=1)
    with pytest.raises(SavedButUnsettled) as raised:
        await service.act(table.id, ADA, Bid(coins=2))
    assert "counted" in str(raised.value)
    return table.id


@pytest.mark.parametrize("cause", ["disk_full", "locked", "io_error"])
async def test_the_player_is_told_their_move_counted_when_the_bots_answer_fails(
    faulty: SqliteRepository, faults: Faults, clock: Clock, cause: str
) -> None:
    service = TableService(faulty, clock=clock)
    table_id = await ada_moves_and_the_bots_answer_fails(service, faults, cause)
    entries = await faulty.entries(table_id)
    assert [e.actor for e in entries] == ["bot:random", f"user:{ADA}"]
    assert table_id in service.unsettled


async def test_the_next_command_settles_the_table_first(
    faulty: SqliteRepository, faults: Faults, clock: Clock
) -> None:
    service = TableService(faulty, clock=clock)
    table_id = await ada_moves_and_the_bots_answer_fails(service, faults, "disk_full")
    faults.heal()
    prompt = await service.prompt_for(table_id, ADA)
    assert prompt is not None, "the bot's answer was not played: the table is still stuck"
    assert [e.actor.split(":")[0] for e in await faulty.entries(table_id)] == ["bot", "user", "bot"]
    assert table_id not in service.unsettled
    await service.act(table_id, ADA, prompt.prompt.options[0].action, expected_seq=prompt.seq)


async def test_the_reminder_loop_settles_the_table_and_tells_its_thread_the_move(
    faulty: SqliteRepository, faults: Faults, clock: Clock
) -> None:
    service = TableService(faulty, clock=clock)
    table_id = await ada_moves_and_the_bots_answer_fails(service, faults, "io_error")
    faults.fail(r"INSERT INTO actions", "io_error")
    assert await service.repair_unsettled() == []  # storage still fails: it stays unsettled
    assert table_id in service.unsettled
    faults.heal()
    (outcome,) = await service.repair_unsettled()
    assert outcome.announce_from == 1 and outcome.announce_through == 3  # the start, Ada, the bot
    keys = [line.message.key for line in outcome.public]
    assert "sealed.took" in keys
    assert outcome.waiting and outcome.waiting[0].user_id == ADA
    assert await service.repair_unsettled() == []


async def test_a_failed_deadline_write_does_not_remind_a_player_of_a_move_they_made(
    faulty: SqliteRepository, faults: Faults, clock: Clock, tmp_path: Path
) -> None:
    service = TableService(faulty, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    faults.fail(r"DELETE FROM reminders", "disk_full")
    with pytest.raises(SavedButUnsettled):
        await service.act(table.id, ADA, Bid(coins=3))
    faults.heal()
    # Another process sharing the file knows nothing of this one's memory: the table's state does.
    other_repo = await SqliteRepository.open(tmp_path / "faulty.db")
    try:
        other = TableService(other_repo, clock=clock)
        later = clock.now + timedelta(hours=25)
        assert {r.user_id for r in await other.due_reminders(later)} == set()
        assert table.id in other.unsettled
        (outcome,) = await other.repair_unsettled()
        assert outcome.table.id == table.id
        assert {r.user_id for r in await other.due_reminders(later)} == {BO}
    finally:
        await other_repo.close()


async def test_storage_trouble_before_the_commit_changes_nothing_and_is_no_unsettled_table(
    faulty: SqliteRepository, faults: Faults, clock: Clock
) -> None:
    service = TableService(faulty, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    faults.fail(r"INSERT INTO actions", "read_only")
    with pytest.raises(StorageUnavailable):
        await service.act(table.id, ADA, Bid(coins=3))
    assert await faulty.head(table.id) == 0
    assert table.id not in service.unsettled


async def two_tables_owing_a_bots_move(service: TableService, faults: Faults) -> tuple[int, int]:
    """Two started tables of Ada and a bot whose bots' answers to Ada's bid failed to be written."""
    first = await ada_moves_and_the_bots_answer_fails(service, faults, "disk_full")
    faults.heal()
    second = await ada_moves_and_the_bots_answer_fails(service, faults, "disk_full")
    faults.heal()
    return first, second


@pytest.mark.parametrize("cause", ["io_error", "damaged", "locked"])
async def test_startup_recovery_goes_on_past_a_table_whose_storage_fails(
    faulty: SqliteRepository, faults: Faults, clock: Clock, cause: str
) -> None:
    first, second = await two_tables_owing_a_bots_move(TableService(faulty, clock=clock), faults)
    restarted = TableService(faulty, clock=clock)
    faults.fail(r"FROM actions", cause, times=100, where=lambda params: params[:1] == (first,))
    resumed = await restarted.resume_all()
    assert [o.table.id for o in resumed] == [second]
    untold = await restarted.announcements_all()
    assert [o.table.id for o in untold] == [second]
    faults.heal()
    assert [o.table.id for o in await restarted.resume_all()] == [first]
