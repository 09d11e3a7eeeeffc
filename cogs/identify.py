"""When the bot may IDENTIFY a gateway session: Discord's session start limit, kept exactly.

Discord lets a bot start ``max_concurrency`` sessions every 5 seconds: shard ``s`` is in
bucket ``s % max_concurrency``, and each bucket may IDENTIFY once per 5 s (its
``GET /gateway/bot`` answer names ``max_concurrency``; 1 for most bots). discord.py's
default hook sleeps a whole 5 s before every IDENTIFY but a process's first, whatever the
bucket and however long ago its last IDENTIFY was: four shards in one process took 15 s to
connect, and a session dropped a minute after the last one waited 5 s for nothing. The
gate waits only what the bucket's last IDENTIFY in this process leaves of its 5 s.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

WINDOW = 5.0  # seconds between two IDENTIFYs of one bucket


class IdentifyGate:
    """One process's IDENTIFYs, spaced per bucket as Discord's session start limit asks."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self._last: dict[int, float] = {}  # shard id -> when its latest IDENTIFY went out
        self._locks: dict[int, asyncio.Lock] = {}

    def delay(self, bucket: int, max_concurrency: int) -> float:
        """How long an IDENTIFY of ``bucket`` must wait now (0.0: it may go at once)."""
        now = self._clock()
        sent = [t for shard, t in self._last.items() if shard % max_concurrency == bucket]
        return max([0.0, *(t + WINDOW - now for t in sent)])

    async def wait(self, shard_id: int | None, max_concurrency: int) -> None:
        """Wait until ``shard_id`` may IDENTIFY, and count that IDENTIFY as sent.

        The process's first IDENTIFY goes at once (as with discord.py's own hook: the
        process cannot know when another one last identified)."""
        shard, concurrency = shard_id or 0, max(1, max_concurrency)
        bucket = shard % concurrency
        lock = self._locks.setdefault(bucket, asyncio.Lock())
        async with lock:  # two shards of one bucket reconnecting at once go one by one
            wait = self.delay(bucket, concurrency)
            if wait > 0:
                await self._sleep(wait)
            self._last[shard] = self._clock()
