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
from dataclasses import dataclass

from pydantic import BaseModel

from bot.service.models import Line

DEFAULT_SIZE = 256
"""Tables kept per process; the least recently used goes first."""

LINES_SIZE = 8192
"""Log entries whose lines are kept per process (a digest tells at most 40 lines, the log 20); the
least recently used goes first."""


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


class LineCache:
    """The lines of log entries by table and seq, least recently used dropped beyond ``size``."""

    def __init__(self, size: int = LINES_SIZE) -> None:
        self.size = size
        self._lines: OrderedDict[tuple[int, int], tuple[Line, ...]] = OrderedDict()

    def get(self, table_id: int, seq: int) -> tuple[Line, ...] | None:
        """The lines entry ``seq`` of the table tells, or ``None`` if they are not kept."""
        found = self._lines.get((table_id, seq))
        if found is not None:
            self._lines.move_to_end((table_id, seq))
        return found

    def put(self, table_id: int, seq: int, lines: tuple[Line, ...]) -> None:
        """Keep the lines entry ``seq`` of the table tells (read from storage, or just written)."""
        if self.size <= 0:
            return
        self._lines[(table_id, seq)] = lines
        self._lines.move_to_end((table_id, seq))
        while len(self._lines) > self.size:
            self._lines.popitem(last=False)

    def __len__(self) -> int:
        return len(self._lines)


__all__ = ["DEFAULT_SIZE", "LINES_SIZE", "Cached", "LineCache", "TableCache"]
