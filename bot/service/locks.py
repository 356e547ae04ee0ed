"""One ``asyncio.Lock`` per table, kept only while someone holds it or waits for it.

Every command on a table runs under that table's lock (``async with locks[table_id]:``). A plain
``defaultdict(asyncio.Lock)`` would keep a lock for every table ever touched, for the life of the
process. :class:`TableLocks` holds its locks by weak reference instead: a lock that is held, or
awaited, is referenced by the coroutines doing so and stays in the map; once the last of them is
done, nothing refers to it and it is dropped. The next command on that table makes a new one, which
is the same as the old one would have been: an unheld lock with nobody waiting.
"""

from __future__ import annotations

import asyncio
import weakref


class TableLocks:
    """``locks[table_id]`` is the table's lock, the same object for as long as anyone uses it."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, table_id: int) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[table_id] = lock
        return lock

    def __len__(self) -> int:
        """How many locks are kept now (those held or awaited, and any not yet collected)."""
        return len(self._locks)


__all__ = ["TableLocks"]
