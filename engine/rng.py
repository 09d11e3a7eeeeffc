"""The engine's seeded random generator, kept in the game state (re-exported by engine.core)."""

from __future__ import annotations

import zlib
from typing import Any


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one integer.

    Kept in the game state so that replays and snapshots draw the same numbers; the
    global ``random`` module is never used by the engine.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, state: int) -> None:
        self.state = state & self._MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            seed = zlib.crc32(seed.encode("utf-8"))
        return cls(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self._MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        return a + self.below(b - a + 1)

    def choice(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[Any] | tuple[Any, ...], k: int) -> list[Any]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
