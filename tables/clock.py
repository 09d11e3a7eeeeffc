"""The clock of the table layer: real time, or (tests only) a time read from a file.

``ALGAE_CLOCK_FILE`` names a file holding unix seconds (a float); when set, "now" is read
from it on every call, so an end-to-end test moves the bot's time forward without waiting.
Never set it in production.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)


class FileClock:
    """ "now" is the number in ``path``; a missing or half-written file keeps the last one."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._last = time.time()

    def __call__(self) -> float:
        with contextlib.suppress(OSError, ValueError):
            self._last = float(self.path.read_text().strip())
        return self._last


def clock_from_env() -> Callable[[], float]:
    path = os.environ.get("ALGAE_CLOCK_FILE")
    if not path:
        return time.time
    log.warning("ALGAE_CLOCK_FILE is set: the bot's clock is read from %s (tests only)", path)
    return FileClock(path)
