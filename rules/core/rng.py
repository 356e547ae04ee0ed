"""A small deterministic random generator whose whole state is one integer.

The generator lives inside each game's state, so the same seed and the same actions give the same
game: replay, undo and audit never depend on anything outside the state. It is SplitMix64
(Steele, Lea & Flood, 2014): one 64-bit counter, a strong output mix, and exact JSON round-trips.
Module-level :mod:`random` is never used by an engine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng(BaseModel):
    """SplitMix64 generator held in a game state.

    >>> a, b = Rng.from_seed(7), Rng.from_seed(7)
    >>> [a.randint(1, 6) for _ in range(8)] == [b.randint(1, 6) for _ in range(8)]
    True
    """

    state: int = 0
    """The 64-bit counter; the only thing that changes when a number is drawn."""

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        """Draw the next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included), e.g. a die roll."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """A new independent generator seeded from this one (e.g. for a bot's own choices)."""
        return Rng(state=self.next64())
