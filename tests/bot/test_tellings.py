"""Tellings after clicks: each table's in the order they were started, tables side by side, and a
failed telling does not hold up the next."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.discord.tellings import Tellings


def telling(log: list[str], name: str, delay: float, fail: bool = False) -> Callable[[], Awaitable[str]]:
    async def tell() -> str:
        log.append(f"{name} begins")
        await asyncio.sleep(delay)
        log.append(f"{name} ends")
        if fail:
            raise RuntimeError(name)
        return name

    return tell


async def test_a_tables_tellings_go_one_after_the_other_in_the_order_started() -> None:
    tellings, log = Tellings(), list[str]()
    first = tellings.start(1, telling(log, "first", 0.05))
    second = tellings.start(1, telling(log, "second", 0.0))
    assert list(await asyncio.gather(first, second)) == ["first", "second"]
    assert log == ["first begins", "first ends", "second begins", "second ends"]


async def test_other_tables_are_told_meanwhile() -> None:
    tellings, log = Tellings(), list[str]()
    slow = tellings.start(1, telling(log, "slow", 0.05))
    quick = tellings.start(2, telling(log, "quick", 0.0))
    await asyncio.gather(slow, quick)
    assert log.index("quick ends") < log.index("slow ends")


async def test_a_failed_telling_raises_in_its_own_task_and_the_next_one_still_runs() -> None:
    tellings, log = Tellings(), list[str]()
    failed = tellings.start(1, telling(log, "failed", 0.01, fail=True))
    after = tellings.start(1, telling(log, "after", 0.0))
    with pytest.raises(RuntimeError):
        await failed
    assert await after == "after"
    assert log == ["failed begins", "failed ends", "after begins", "after ends"]


async def test_only_so_many_tables_are_told_at_once() -> None:
    tellings, log = Tellings(at_once=2), list[str]()
    tasks = [tellings.start(table, telling(log, str(table), 0.02)) for table in range(3)]
    await asyncio.gather(*tasks)
    assert log[:3] == ["0 begins", "1 begins", "0 ends"]
