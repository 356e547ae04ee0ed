"""The reminder loop meeting storage trouble: one line with the cause and the fix, no traceback; and
stopping it even when a cancellation is swallowed on its way."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.discord.reminders import ReminderScheduler
from storage import StorageUnavailable


async def test_storage_trouble_in_a_reminder_pass_is_one_line_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    passes = 0

    async def due_reminders(now: object) -> list[object]:
        nonlocal passes
        passes += 1
        raise StorageUnavailable("disk_full", "agora.db: database or disk is full")

    async def ready() -> None:
        return None

    agora = SimpleNamespace(client=SimpleNamespace(wait_until_ready=ready), untold=set(),
                            clock=SimpleNamespace(now=lambda: None),
                            service=SimpleNamespace(due_reminders=due_reminders))
    scheduler = ReminderScheduler(cast(Any, agora), poll=0.001)
    with caplog.at_level(logging.INFO, logger="bot.discord.reminders"):
        scheduler.start()
        while passes < 2:
            await asyncio.sleep(0.001)
        await scheduler.stop()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors and all(r.exc_info is None and "fix: free space" in r.getMessage() for r in errors)


async def test_the_loop_stops_even_when_a_pass_swallows_the_cancellation() -> None:
    passes = 0

    async def due_reminders(now: object) -> list[object]:
        nonlocal passes
        passes += 1
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            if passes == 1:  # as asyncio.wait_for may on Python 3.11
                return []
            raise
        return []

    async def nothing() -> list[object]:
        return []

    async def ready() -> None:
        return None

    agora = SimpleNamespace(client=SimpleNamespace(wait_until_ready=ready), untold=set(),
                            clock=SimpleNamespace(now=lambda: None),
                            service=SimpleNamespace(due_reminders=due_reminders, repair_unsettled=nothing,
                                                    aways_over=nothing))
    scheduler = ReminderScheduler(cast(Any, agora), poll=0.001)
    scheduler.start()
    while passes < 1:
        await asyncio.sleep(0.001)
    stopping = asyncio.create_task(scheduler.stop())
    await asyncio.wait({stopping}, timeout=5)  # a bound: a pass waits 30 s unless cancelled again
    stopped = stopping.done()
    if not stopped:
        stopping.cancel()
    assert stopped and passes == 2, "the first cancellation was swallowed, the second took"
