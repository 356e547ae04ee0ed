"""Telling a table what a move changed, behind the mover's panel.

A click shows the clicker their next decision first; the thread, the other seats' DMs and the
pictures that go with them follow in a task of their own (see
:func:`bot.discord.components.after_move`). :class:`Tellings` starts those tasks so that each
table's are told one after the other, in the order the moves were made (the thread and every DM in
log order, once), and so that only a few tables are told at once: the work queued behind them
waits for a free place instead of drawing every picture at the same moment, and the loop keeps
answering clicks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

AT_ONCE = 8
"""Tables told at the same moment; the others wait for a free place, each in its turn."""


class Tellings:
    """Table id → the telling started last for it; each waits for the one before it."""

    def __init__(self, at_once: int = AT_ONCE) -> None:
        self._last: dict[int, asyncio.Task[object]] = {}
        self._places = asyncio.Semaphore(at_once)

    def start(self, table_id: int, tell: Callable[[], Awaitable[T]]) -> asyncio.Task[T]:
        """Run ``tell()`` once the table's earlier tellings are over (however they ended) and a
        place is free; the task, whose result or error is ``tell()``'s."""
        before = self._last.get(table_id)

        async def in_turn() -> T:
            if before is not None:
                await asyncio.wait([before])
            async with self._places:
                return await tell()

        task: asyncio.Task[T] = asyncio.create_task(in_turn(), name=f"agora-telling-{table_id}")
        self._last[table_id] = task
        task.add_done_callback(lambda done: self._forget(table_id, done))
        return task

    def _forget(self, table_id: int, done: asyncio.Task[T]) -> None:
        if self._last.get(table_id) is done:
            del self._last[table_id]
