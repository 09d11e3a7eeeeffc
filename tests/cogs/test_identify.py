"""Discord's session start limit (cogs/identify.py): one IDENTIFY per bucket per 5 s, where
shard ``s`` is in bucket ``s % max_concurrency``; never a wait the limit does not ask for."""

from __future__ import annotations

from cogs.identify import WINDOW, IdentifyGate


class Clock:
    """A clock that only moves when the gate sleeps (or the test says so)."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


async def test_one_bucket_identifies_once_per_window() -> None:
    clock = Clock()
    gate = IdentifyGate(clock, clock.sleep)
    await gate.wait(None, 1)  # the process's first: at once
    assert clock.slept == []
    clock.now += 1.5
    await gate.wait(None, 1)  # a reconnect 1.5 s later waits out the rest of the 5 s
    assert clock.slept == [WINDOW - 1.5]
    clock.now += WINDOW + 60
    await gate.wait(None, 1)  # long after the last IDENTIFY: no wait
    assert clock.slept == [WINDOW - 1.5]


async def test_shards_of_other_buckets_do_not_wait_for_each_other() -> None:
    clock = Clock()
    gate = IdentifyGate(clock, clock.sleep)
    for shard in range(4):
        await gate.wait(shard, 16)  # four buckets: all four at once
    assert clock.slept == []
    await gate.wait(16, 16)  # shard 16 shares shard 0's bucket
    assert clock.slept == [WINDOW]


async def test_with_max_concurrency_one_every_shard_waits_its_turn() -> None:
    clock = Clock()
    gate = IdentifyGate(clock, clock.sleep)
    for shard in range(3):
        await gate.wait(shard, 1)
    assert clock.slept == [WINDOW, WINDOW]
