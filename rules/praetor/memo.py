"""A bounded memo: values worked out from plain keys, the oldest dropped past a size.

Used for the views of states (by their JSON) and for parts of prompts that depend on a few
things of a state only (the Build panel's cells, by the city and the tiles to build), so that a
move that does not change them does not work them out again. The values are frozen or read-only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Memo(Generic[T]):
    """Up to ``size`` values by key, the first made dropped first (thread-safe: a value is found
    without the lock, which only adding one takes; a dict read is atomic)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def find(self, key: Hashable) -> T | None:
        """The value for ``key``, or ``None`` when none is kept."""
        return self._values.get(key)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value for ``key``, made on a miss."""
        value = self._values.get(key)
        if value is not None:
            return value
        value = make()
        values = self._values
        with self._lock:
            values[key] = value
            while len(values) > self.size:
                values.popitem(last=False)
        return value
