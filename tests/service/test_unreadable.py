"""A table stored by another version of a game: a snapshot that no longer loads is passed over, and
a log that no longer replays goes on from its last valid position and says so, and a table that
cannot be set up at all is refused with a clear message, without holding up the other tables."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.service import TableService, TableUnreadable
from storage.records import NewEntry
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, T0, Clock, answer, new_table


async def started(service: TableService) -> int:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


async def test_a_snapshot_that_no_longer_loads_is_replaced_by_the_replay(
    service: TableService, db_path: Path
) -> None:
    table_id = await started(service)
    while (await service.table(table_id)).seq < 5:  # past the first snapshot (every 4 entries)
        waiting = (await service.status(table_id)).waiting[0].user_id
        prompt = await service.prompt_for(table_id, waiting)
        assert waiting is not None and prompt is not None
        await service.act(table_id, waiting, answer(prompt))
    waiting = (await service.status(table_id)).waiting[0].user_id
    assert waiting is not None
    before = await service.prompt_for(table_id, waiting)
    with sqlite3.connect(db_path) as db:  # every snapshot written in a format this version cannot read
        changed = db.execute("UPDATE snapshots SET state_json = '{\"format\": 0}' WHERE table_id = ?",
                             (table_id,)).rowcount
    assert changed > 0
    assert before is not None and await service.prompt_for(table_id, waiting) == before
    await service.act(table_id, waiting, answer(before))  # and play goes on


def unplayable_options(db_path: Path, table_id: int) -> None:
    """Store options the installed game refuses (its opening can no longer be set up)."""
    with sqlite3.connect(db_path) as plain:
        plain.execute("UPDATE tables SET options_json = ? WHERE id = ?",
                      ('{"starting_coins": 999}', table_id))
    plain.close()


async def retire_a_move(service: TableService, repo: SqliteRepository, table_id: int) -> int:
    """Store a move that the installed rules do not know (as a rules change would leave it); its seq."""
    head = (await service.table(table_id)).seq
    retired = NewEntry(kind="action", seat=0, actor=f"user:{ADA}", payload_json='{"kind": "retired-move"}')
    await repo.append(table_id, head, [retired], T0)
    return head + 1


async def test_a_log_that_no_longer_replays_goes_on_from_its_last_valid_position(
    service: TableService, repo: SqliteRepository, clock: Clock
) -> None:
    table_id = await started(service)
    retired = await retire_a_move(service, repo, table_id)
    fresh = TableService(repo, clock=clock)
    prompt = await fresh.prompt_for(table_id, ADA)
    assert prompt is not None  # Ada owes her bid again: the position before the retired move
    entries = await repo.entries(table_id)
    assert [e.seq for e in entries][-2:] == [retired, retired + 1]  # nothing dropped
    assert entries[-1].kind == "undo" and entries[-1].undoes == (retired,)
    await fresh.act(table_id, ADA, answer(prompt), expected_seq=prompt.seq)


async def test_a_table_going_on_after_a_rules_change_says_so_in_its_thread(
    service: TableService, repo: SqliteRepository, clock: Clock
) -> None:
    table_id = await started(service)
    await service.mark_announced(table_id, (await service.table(table_id)).seq)
    retired = await retire_a_move(service, repo, table_id)
    fresh = TableService(repo, clock=clock)
    await fresh.status(table_id)
    (outcome,) = await fresh.repair_unsettled()
    (line,) = [line for line in outcome.public if line.message.key == "service.rules_changed"]
    assert line.message.params["seq"] == retired and line.message.params["count"] == 1
    assert await fresh.repair_unsettled() == []


async def test_a_table_whose_opening_cannot_be_set_up_is_refused_with_a_clear_message(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await started(service)
    unplayable_options(db_path, table_id)
    with pytest.raises(TableUnreadable, match=f"Table {table_id} cannot be restored") as refused:
        await TableService(repo).act(table_id, BO, Bid(coins=1))
    assert refused.value.key == "service.table_unreadable"


async def test_startup_skips_an_unreadable_table_and_serves_the_others(
    service: TableService, repo: SqliteRepository, clock: Clock
) -> None:
    broken, fine = await started(service), await started(service)
    unplayable_options(Path(repo.path), broken)
    fresh = TableService(repo, clock=clock)
    assert isinstance(await fresh.resume_all(), list)
    told = await fresh.announcements_all()
    assert broken not in [o.table.id for o in told]
    clock.advance(days=3)
    assert {r.table_id for r in await fresh.due_reminders()} == {fine}
