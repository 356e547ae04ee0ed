"""A table stored by another version of a game: a snapshot that no longer loads is passed over, and
a log that no longer replays is refused with a clear message, without holding up the other tables."""

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


async def test_a_log_that_no_longer_replays_is_refused_with_a_clear_message(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await started(service)
    head = (await service.table(table_id)).seq
    retired = NewEntry(kind="action", seat=0, actor=f"user:{ADA}", payload_json='{"kind": "retired-move"}')
    await repo.append(table_id, head, [retired], T0)
    with pytest.raises(TableUnreadable, match=f"Table {table_id} cannot be restored") as refused:
        await service.act(table_id, BO, Bid(coins=1))
    assert refused.value.key == "service.table_unreadable" and refused.value.params["seq"] == head + 1
    assert len(await repo.entries(table_id)) == head + 1  # nothing written, nothing dropped


async def test_startup_skips_an_unreadable_table_and_serves_the_others(
    service: TableService, repo: SqliteRepository, clock: Clock
) -> None:
    broken, fine = await started(service), await started(service)
    head = (await service.table(broken)).seq
    retired = NewEntry(kind="action", seat=0, actor=f"user:{ADA}", payload_json='{"kind": "retired-move"}')
    await repo.append(broken, head, [retired], T0)
    fresh = TableService(repo, clock=clock)
    assert isinstance(await fresh.resume_all(), list)
    told = await fresh.announcements_all()
    assert broken not in [o.table.id for o in told]
    clock.advance(days=3)
    assert {r.table_id for r in await fresh.due_reminders()} == {fine}
