"""The reminder loop meeting storage trouble: one line with the cause and the fix, no traceback."""

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
