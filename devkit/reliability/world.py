"""The world a reliability run plays in: a stand-in with N game channels, the bot as a
subprocess on a real SQLite file, its log, its memory, and a read-only look at its DB."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from devkit.standin import BotProcess, StandIn
from devkit.standin.models import Channel, User


@dataclass
class World:
    standin: StandIn
    bot: BotProcess
    tmp: Path
    channels: list[Channel]
    lounge: Channel  # a channel without a game
    players: dict[int, list[User]] = field(default_factory=dict)  # channel id -> players
    strangers: list[User] = field(default_factory=list)
    peak_rss_kb: int = 0  # the bot process (VmHWM)
    peak_workers_kb: int = 0  # its worker processes together
    kills: int = 0

    @classmethod
    async def open(cls, channels: int, workers: int | None = None) -> World:
        names = (*tuple(f"table-{n:02d}" for n in range(channels)), "lounge")
        standin = StandIn(channels=names)
        await standin.start()
        tmp = Path(tempfile.mkdtemp(prefix="algae-reliability-"))
        env = {"ALGAE_POST_TIMEOUT": "5", "ALGAE_LOG_LEVEL": "INFO", "ALGAE_RETRY_BASE": "1"}
        env["ALGAE_WORKERS"] = "" if workers is None else str(workers)  # "": the cores
        bot = BotProcess(standin, tmp / "bot.sqlite3", tmp / "bot.log", extra_env=env)
        chans = [standin.channel(n) for n in names[:-1]]
        world = cls(standin, bot, tmp, chans, standin.channel("lounge"))
        for n, channel in enumerate(chans):
            world.players[channel.id] = [standin.user(f"p{n}a"), standin.user(f"p{n}b")]
        world.strangers = [standin.user(f"stranger{n}") for n in range(3)]
        await bot.start(timeout=60)
        return world

    async def close(self) -> None:
        self.sample_memory()
        await self.bot.stop()
        await self.standin.stop()

    # ------------------------------------------------------------------ process
    def pid(self) -> int | None:
        proc = self.bot.proc
        return proc.pid if proc is not None and proc.returncode is None else None

    def children(self) -> list[int]:
        pid = self.pid()
        if pid is None:
            return []
        found: list[int] = []
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            found += [int(p) for p in task.read_text().split()]
        return found

    def sample_memory(self) -> None:
        """Keep the peak resident memory of the bot and of its workers."""
        pid = self.pid()
        if pid is None:
            return
        self.peak_rss_kb = max(self.peak_rss_kb, _status_kb(pid, "VmHWM"))
        workers = sum(_status_kb(c, "VmHWM") for c in self.children())
        self.peak_workers_kb = max(self.peak_workers_kb, workers)

    async def kill_and_restart(self) -> None:
        """SIGKILL the bot by its pid (its workers with it), then start it again."""
        self.sample_memory()
        children = self.children()
        pid = self.pid()
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        await self.bot.proc.wait()  # type: ignore[union-attr]
        for child in children:  # a worker never outlives its bot, but make sure
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        self.kills += 1
        await self.bot.start(timeout=60)

    async def memory_sampler(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.sample_memory()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)

    # ---------------------------------------------------------------------- db
    def peek(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Read the bot's database as a second client (never writes)."""
        conn = sqlite3.connect(f"file:{self.bot.db_path}?mode=ro", uri=True, timeout=10)
        try:
            return conn.execute(sql, params).fetchall()
        finally:
            conn.close()

    def state(self) -> dict[str, list[tuple]]:
        """Everything a refused command must leave as it was."""
        return {
            "games": self.peek("SELECT id, status, version, host_id FROM games ORDER BY id"),
            "seats": self.peek("SELECT game_id, seat, user_id FROM seats ORDER BY 1, 2"),
            "moves": self.peek("SELECT game_id, COUNT(*) FROM moves GROUP BY 1 ORDER BY 1"),
            "settings": self.peek("SELECT user_id, key, value FROM user_settings ORDER BY 1, 2"),
            "links": self.peek("SELECT * FROM links ORDER BY 1, 2"),
        }

    def log_text(self) -> str:
        return self.bot.log_path.read_text(errors="replace")


def _status_kb(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (FileNotFoundError, ProcessLookupError, ValueError):
        pass
    return 0
