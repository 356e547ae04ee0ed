"""A bounded memo for the engines' hot paths: values kept by a key that names all they are drawn
from, the oldest going first past a limit, so that a long-running engine holds a bounded number of
them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of at most ``limit`` entries: :meth:`kept` makes a value once per key, and past the
    limit the entry made first goes (first in, first out: a hit does not renew an entry, so a
    lookup costs one dict read)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError("a memo keeps at least one entry")
        self.limit = limit

    def kept(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` and kept when there is none."""
        try:
            return self[key]
        except KeyError:
            pass
        value = make()
        if len(self) >= self.limit:
            del self[next(iter(self))]
        self[key] = value
        return value
