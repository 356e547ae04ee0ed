"""One lock per table, kept only while it is held or awaited: a process that touches many tables
keeps no lock for any table nobody is using."""

from __future__ import annotations

import asyncio
import gc

from bot.service import TableService
from bot.service.locks import TableLocks
from tests.service.conftest import BO, new_table


async def test_a_lock_nobody_holds_any_more_is_dropped() -> None:
    locks = TableLocks()
    for table_id in range(1, 10_001):
        async with locks[table_id]:
            pass
    gc.collect()
    assert len(locks) == 0


async def test_a_held_lock_is_the_same_lock_for_everyone_until_released() -> None:
    locks = TableLocks()
    order: list[str] = []

    async def second() -> None:
        async with locks[7]:
            order.append("second")

    async with locks[7]:
        waiter = asyncio.create_task(second())
        await asyncio.sleep(0)
        gc.collect()
        assert locks[7].locked(), "the held lock was dropped and a fresh one handed out"
        order.append("first")
    await waiter
    assert order == ["first", "second"]


async def test_a_lock_a_command_holds_is_kept_when_nobody_else_refers_to_it() -> None:
    locks = TableLocks()
    holding, done = asyncio.Event(), asyncio.Event()

    async def command() -> None:
        async with locks[3]:
            holding.set()
            await done.wait()

    task = asyncio.create_task(command())
    await holding.wait()
    gc.collect()
    assert len(locks) == 1 and locks[3].locked()
    done.set()
    await task
    gc.collect()
    assert len(locks) == 0


async def test_commands_on_many_tables_leave_no_lock_behind(service: TableService) -> None:
    for _ in range(30):
        table = await new_table(service)
        await service.join(table.id, BO, "Bo")
    gc.collect()
    assert len(service._locks) == 0
