"""A bot whose clock the test sets (``ALGAE_CLOCK_FILE``): days of turn limits, reminders and
AI pauses pass in a moment. ``T0`` is where the clock starts."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import running

T0 = 1_800_000_000.0  # 2027-01-15 08:00 UTC (17:00 in Tokyo)
H = 3600.0


class Clock:
    """The bot's clock file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.set(T0)

    def set(self, now: float) -> None:
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(repr(float(now)))
        os.replace(tmp, self.path)  # never half-written


@contextlib.asynccontextmanager
async def clocked_bot(
    standin: StandIn, tmp_path: Path, clock: Clock, request, **env: str
) -> AsyncIterator[BotProcess]:
    """A bot of its own on ``clock``, its scheduler looking every 0.1 s; ``env`` adds to it."""
    base = {"ALGAE_CLOCK_FILE": str(clock.path), "ALGAE_SCHEDULER_POLL": "0.1"}
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "bot.log", {**base, **env})
    async with running(proc, request):
        yield proc
