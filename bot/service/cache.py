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

The lines log entries tell are kept too (:class:`LineCache`), by table and seq: an entry never
changes once written (an undo is an entry of its own), so the lines read for it once are its lines
for good. Which entries a digest tells is still read from storage each time (an undo may cancel
an entry later); only their lines are not read again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from bot.service.models import Line

DEFAULT_SIZE = 256
"""Tables kept per process; the least recently used goes first."""

K = TypeVar("K")
V = TypeVar("V")

LINES_SIZE = 8192
"""Log entries whose lines are kept per process (a digest tells at most 40 lines, the log 20); the
least recently used goes first."""


@dataclass(frozen=True)
class Cached:
    """A table's state at log entry ``head`` (rebuilt from the snapshot at ``base``)."""

    head: int
    state: BaseModel
    base: int


class Recent(Generic[K, V]):
    """At most ``size`` values by key, the least recently used dropped first (none kept at a size of
    0 or less)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        if self.size <= 0:
            return
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def forget(self, key: K) -> None:
        self._entries.pop(key, None)

    def __len__(self) -> int:
        return len(self._entries)


class TableCache:
    """States by table, each at one head, least recently used dropped beyond ``size``."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self._tables: Recent[int, Cached] = Recent(size)
        self.hits = 0
        self.misses = 0

    @property
    def size(self) -> int:
        return self._tables.size

    def get(self, table_id: int, head: int) -> Cached | None:
        """The table's state at ``head``, or ``None`` if the one kept is at another head (or none is)."""
        found = self._tables.get(table_id)
        if found is None or found.head != head:
            self.misses += 1
            return None
        self.hits += 1
        return found

    def put(self, table_id: int, cached: Cached) -> None:
        """Keep ``cached`` as the table's state (replacing the one kept at another head)."""
        self._tables.put(table_id, cached)

    def forget(self, table_id: int) -> None:
        self._tables.forget(table_id)

    def __len__(self) -> int:
        return len(self._tables)


class LineCache:
    """The lines of log entries by table and seq, least recently used dropped beyond ``size``."""

    def __init__(self, size: int = LINES_SIZE) -> None:
        self._lines: Recent[tuple[int, int], tuple[Line, ...]] = Recent(size)

    @property
    def size(self) -> int:
        return self._lines.size

    def get(self, table_id: int, seq: int) -> tuple[Line, ...] | None:
        """The lines entry ``seq`` of the table tells, or ``None`` if they are not kept."""
        return self._lines.get((table_id, seq))

    def put(self, table_id: int, seq: int, lines: tuple[Line, ...]) -> None:
        """Keep the lines entry ``seq`` of the table tells (read from storage, or just written)."""
        self._lines.put((table_id, seq), lines)

    def get_many(self, table_id: int, seqs: Iterable[int]) -> dict[int, tuple[Line, ...]]:
        """The lines of those of the table's entries ``seqs`` that are kept, by seq (each used, as
        :meth:`get` uses it)."""
        get = self._lines.get
        return {seq: lines for seq in seqs if (lines := get((table_id, seq))) is not None}

    def put_many(self, table_id: int, lines: dict[int, tuple[Line, ...]]) -> None:
        """Keep the lines of the table's entries, by seq (:meth:`put` each, in order)."""
        for seq, told in lines.items():
            self._lines.put((table_id, seq), told)

    def __len__(self) -> int:
        return len(self._lines)


__all__ = ["DEFAULT_SIZE", "LINES_SIZE", "Cached", "LineCache", "Recent", "TableCache"]
