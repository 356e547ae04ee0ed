"""A bounded memo for the engines' hot paths: values kept by a key that names all they are drawn
from, the oldest going first past a limit, so that a long-running engine holds a bounded number of
them."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(OrderedDict[K, V]):
    """A dict of at most ``limit`` entries: :meth:`kept` makes a value once per key, and past the
    limit the entry made first goes (first in, first out: a hit does not renew an entry, so a
    lookup costs one dict read). The order is an ordered dict's, which drops its oldest entry at
    once, where a plain dict finds its first key past the slots of every key dropped before.

    Safe to share between threads (pictures may be drawn in several): a value is read without a
    lock, a dict read being atomic; keeping one takes the memo's lock, so that two threads never
    both drop the oldest entry."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        if limit < 1:
            raise ValueError("a memo keeps at least one entry")
        self.limit = limit
        self._lock = threading.Lock()

    def kept(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made by ``make()`` and kept when there is none."""
        try:
            return self[key]
        except KeyError:
            pass
        return self.put(key, make())

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` as the newest entry, in place of any kept for it; past the
        limit, the oldest goes."""
        with self._lock:
            size = len(self)
            # One write, one hash of the key: most keys are new, and a key is a tuple naming all
            # its value is drawn from, hashed anew at each read.
            self[key] = value
            if len(self) == size:
                self.move_to_end(key)
            elif size >= self.limit:
                self.popitem(last=False)
        return value
