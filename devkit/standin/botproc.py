"""Run the bot as it is deployed (``python bot.py``), pointed at a stand-in.

In the tests, ``BotProcess.zygote`` is set (``tests/conftest.py``): the bot is then forked
by a process that has already imported it (``devkit.standin.zygote``), which runs the same
``bot.py`` without paying its imports each time. Elsewhere (the benchmarks) and for a
``BotProcess(..., fresh=True)``, it is a new ``python bot.py`` process."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from devkit.standin.driver import StandIn
from devkit.standin.zygote import Zygote, ZygoteProcess

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One ``python bot.py`` subprocess; its output goes to ``log_path``."""

    zygote: Zygote | None = None  # set by the tests: fork bots from a preloaded process

    def __init__(
        self,
        standin: StandIn,
        db_path: Path,
        log_path: Path,
        extra_env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
        fresh: bool = False,
    ) -> None:
        self.standin = standin
        self.db_path = db_path
        self.log_path = log_path
        self.extra_env = dict(extra_env or {})
        self.args = args  # e.g. ("--shards", "0,1", "--shard-count", "4")
        self.fresh = fresh  # always a new ``python bot.py``, even where a zygote is set
        self.proc: asyncio.subprocess.Process | ZygoteProcess | None = None

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self.standin.env())
        env.update(
            {
                "ALGAE_DB": str(self.db_path),
                "ALGAE_EXTRA_GAMES": "devkit.toygame:register_toy",
                "ALGAE_NO_BOOTSTRAP": "1",
                "ALGAE_POST_TIMEOUT": "2",
                "ALGAE_RETRY_BASE": "0.25",  # retries 4x sooner (each is still tested)
                "ALGAE_RAW_SEEDS": "1",  # the end-to-end games play known seeds
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.setdefault("ALGAE_WORKERS", "1")  # one render process per test bot
        env.update(self.extra_env)
        return env

    async def _launch(self, args: tuple[str, ...]) -> asyncio.subprocess.Process | ZygoteProcess:
        if self.zygote is not None and not self.fresh:
            return await self.zygote.spawn(args, self.env(), ROOT, self.log_path)
        with self.log_path.open("ab") as log:
            return await asyncio.create_subprocess_exec(
                sys.executable, "bot.py", *args, cwd=ROOT, env=self.env(), stdout=log, stderr=log
            )

    async def run(self, *args: str) -> int:
        """Run ``bot.py args`` to its end (e.g. ``--sync``); return the exit code."""
        proc = await self._launch(args)
        return await asyncio.wait_for(proc.wait(), 60)

    async def start(self, timeout: float = 30.0) -> None:
        """Start the bot and wait until it has connected to the stand-in's gateway."""
        count = self.standin.connections + 1
        self.proc = await self._launch(self.args)
        waiter = asyncio.ensure_future(self.standin.wait_connected(count, timeout))
        died = asyncio.ensure_future(self.proc.wait())
        done, _ = await asyncio.wait({waiter, died}, return_when=asyncio.FIRST_COMPLETED)
        if died in done:
            waiter.cancel()
            raise AssertionError(f"bot exited early:\n{self.tail()}")
        died.cancel()
        waiter.result()

    async def stop(self, *, kill: bool = False, timeout: float = 15.0) -> int | None:
        """SIGTERM (graceful) or SIGKILL (a crash); return the exit code."""
        if self.proc is None or self.proc.returncode is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            return await self.proc.wait()

    def alive(self) -> bool:
        """Started and not (yet seen to have) exited."""
        return self.proc is not None and self.proc.returncode is None

    def tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no log)"
