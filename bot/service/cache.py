"""The tables this process loaded lately, so that a click, its follow-up panel, its private messages
and its pictures share one load.

An entry is the game state a table's log leads to at a given head. The log is append-only and
``(table, seq)`` is unique, so a table and a head name one log prefix, hence one state: an entry can
never be stale for the head it is stored under. Every command still reads the table's row (and its
head) from storage first and uses an entry only when the heads agree, so a move written by another
process is never missed; the process's own appends store their new state at once
(:meth:`TableCache.put`), so that the next command finds it without replaying.

Seats and the table's row are not kept: they change without the log moving (stand-ins, status) and
are read on every command.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from pydantic import BaseModel

DEFAULT_SIZE = 256
"""Tables kept per process; the least recently used goes first."""


@dataclass(frozen=True)
class Cached:
    """A table's state at log entry ``head`` (rebuilt from the snapshot at ``base``)."""

    head: int
    state: BaseModel
    base: int


class TableCache:
    """States by table, each at one head, least recently used dropped beyond ``size``."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[int, Cached] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, table_id: int, head: int) -> Cached | None:
        """The table's state at ``head``, or ``None`` if the one kept is at another head (or none is)."""
        found = self._entries.get(table_id)
        if found is None or found.head != head:
            self.misses += 1
            return None
        self._entries.move_to_end(table_id)
        self.hits += 1
        return found

    def put(self, table_id: int, cached: Cached) -> None:
        """Keep ``cached`` as the table's state (replacing the one kept at another head)."""
        if self.size <= 0:
            return
        self._entries[table_id] = cached
        self._entries.move_to_end(table_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, table_id: int) -> None:
        self._entries.pop(table_id, None)

    def __len__(self) -> int:
        return len(self._entries)


__all__ = ["DEFAULT_SIZE", "Cached", "TableCache"]
