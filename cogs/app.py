"""The Discord bot: configuration, the ``commands.Bot``, start-up, ``--sync`` and shutdown.

``bot.py`` calls :func:`main` when ``DISCORD_TOKEN`` is set. Slash commands are registered
only by ``python bot.py --sync [--guild ID]`` (then the process exits), never on an ordinary
start: syncing on every start burns a tight Discord rate limit and is slow.

``DISCORD_API_BASE`` / ``DISCORD_GATEWAY_URL`` point discord.py at a REST proxy or at the
test stand-in. The token is read once from the environment and never logged.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
import yarl
from discord.ext import commands

from cogs.identify import IdentifyGate
from cogs.tree import CheckedTree

if TYPE_CHECKING:
    from tables.service import Tables

log = logging.getLogger("algae.bot")

COGS = (
    "cogs.errors",
    "cogs.info",
    "cogs.game",
    "cogs.play",
    "cogs.spectate",
    "cogs.posting",
    "cogs.reminders",
    "cogs.settings",
    "cogs.history",
    "cogs.undo",
    "cogs.records",
    "cogs.stats",
    "cogs.ai",
)


@dataclass(frozen=True)
class Config:
    """Settings from the environment (see README: Configuration)."""

    token: str
    db_path: Path | str  # a SQLite file, or a postgresql:// URL (DATABASE_URL)
    api_base: str | None = None
    gateway_url: str | None = None
    post_timeout: float = 10.0
    log_level: str = "INFO"

    @classmethod
    def from_env(cls) -> Config:
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=os.environ.get("DATABASE_URL")
            or Path(os.environ.get("ALGAE_DB") or "data/bot.sqlite3"),
            api_base=os.environ.get("DISCORD_API_BASE") or None,
            gateway_url=os.environ.get("DISCORD_GATEWAY_URL") or None,
            post_timeout=float(os.environ.get("ALGAE_POST_TIMEOUT") or 10.0),
            log_level=os.environ.get("ALGAE_LOG_LEVEL", "INFO").upper(),
        )

    def __repr__(self) -> str:  # never show the token (or a database password), even in a traceback
        return f"Config(db_path={_without_password(self.db_path)}, api_base={self.api_base!r})"


def _without_password(target: Path | str) -> str:
    """A database URL as it may be logged: ``postgresql://user:***@host/db``."""
    url = yarl.URL(str(target)) if str(target).startswith("postgres") else None
    return str(url.with_password("***") if url is not None and url.password else target)


def apply_endpoints(api_base: str | None, gateway_url: str | None) -> None:
    """Point discord.py's REST routes and gateway at a proxy or stand-in (DESIGN.md §5)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


class AlgaeBot(commands.Bot):
    """The bot. Only the ``guilds`` intent: every command arrives as an interaction, so
    message content, members and presences are never needed."""

    def __init__(self, config: Config, *, sync_only: bool = False, **shards: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            # a 429 longer than this (discord.py's floor: 30 s) raises at once, and the
            # outbox retries after it instead of holding the turn's handler
            max_ratelimit_timeout=30.0,
            chunk_guilds_at_startup=False,
            tree_cls=CheckedTree,
            **shards,
        )
        self.config = config
        self.sync_only = sync_only
        self.tables: Tables | None = None  # the table layer's service, opened in setup_hook
        self.stopping = False  # set by close(): new interactions are not taken
        self.identify_gate = IdentifyGate()
        self._max_concurrency: int | None = None  # from GET /gateway/bot, when first needed

    async def setup_hook(self) -> None:
        from cogs.services import open_tables

        if not self.sync_only:
            self.tables = await open_tables(self.config.db_path)
            from tables import workers

            pids = await workers.start()
            log.info("render workers: %s", ", ".join(map(str, pids)) or "threads")
        for name in COGS:
            await self.load_extension(name)
        from cogs import board_button, menus  # noqa: F401  (register the Play, board, menu routes)
        from cogs.components import register_routed

        register_routed(self)
        log.info("loaded %d cogs, %d app commands", len(self.cogs), len(self.tree.get_commands()))

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Drop an event discord.py dispatches once the bot has closed (a READY's 'ready'
        comes 2 s after its last GUILD_CREATE: a SIGTERM in between raised in its task)."""
        if self.loop is discord.utils.MISSING:
            return
        super().dispatch(event_name, *args, **kwargs)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Discord's session start limit per bucket (cogs/identify.py), not discord.py's
        5 s before every IDENTIFY but the first."""
        concurrency = 1 if initial else await self.max_concurrency()  # the first goes at once
        await self.identify_gate.wait(shard_id, concurrency)

    async def max_concurrency(self) -> int:
        """The ``session_start_limit.max_concurrency`` Discord gives this bot (1 unknown)."""
        if self._max_concurrency is None:
            try:
                _, _, limit = await self.http.get_bot_gateway()
            except (discord.DiscordException, OSError, aiohttp.ClientError) as exc:
                log.warning("no session start limit from Discord (%s): one at a time", exc)
                return 1
            self._max_concurrency = max(1, int(limit.get("max_concurrency") or 1))
        return self._max_concurrency

    async def close(self) -> None:
        """Stop taking work, let posts in flight finish (or leave them to the outbox),
        then close the connection, the workers and the database."""
        self.stopping = True
        await super().close()
        if not self.sync_only:
            from tables import workers

            workers.shutdown()
        if self.tables is not None:
            from cogs.services import close_tables

            await close_tables(self.tables)
            self.tables = None

    async def on_ready(self) -> None:
        user_id = self.user.id if self.user else "?"
        log.info("connected as %s (%s) to %d guild(s)", self.user, user_id, len(self.guilds))


class ShardedAlgaeBot(AlgaeBot, commands.AutoShardedBot):
    """The bot holding some of Discord's gateway shards (``--shards 0,1 --shard-count 4``):
    discord.py's ``AutoShardedBot`` with those ``shard_ids``. Several such processes share
    one PostgreSQL database (README: running at scale)."""


def make_bot(config: Config, shards: list[int] | None, shard_count: int | None) -> AlgaeBot:
    if shards is None and shard_count is None:
        return AlgaeBot(config)
    if shard_count is None or not shards or any(not 0 <= s < shard_count for s in shards):
        raise SystemExit("--shards needs --shard-count N and shard ids from 0 to N-1")
    return ShardedAlgaeBot(config, shard_ids=sorted(set(shards)), shard_count=shard_count)


def _shard_list(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a list of shard ids: {text!r}") from exc


async def _serve(bot: AlgaeBot, token: str) -> None:
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()

    def on_signal() -> None:
        log.info("signal received, shutting down")
        stopping.set()

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has none
            loop.add_signal_handler(sig, on_signal)
    async with bot:
        runner = asyncio.create_task(bot.start(token))
        waiter = asyncio.create_task(stopping.wait())
        done, _ = await asyncio.wait({runner, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            waiter.cancel()
            runner.result()
            return
        await bot.close()
        await asyncio.gather(runner, return_exceptions=True)


async def _sync(bot: AlgaeBot, token: str, guild_id: int | None) -> int:
    async with bot:
        await bot.login(token)
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
            where = f"guild {guild_id}"
        else:
            synced = await bot.tree.sync()
            where = "globally"
        log.info("synced %d commands %s: %s", len(synced), where, ", ".join(c.name for c in synced))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bot.py", description="The Discord bot.")
    parser.add_argument("--sync", action="store_true", help="register the slash commands, exit")
    parser.add_argument("--guild", type=int, help="with --sync: register in this guild only")
    parser.add_argument("--shards", type=_shard_list, help="the shard ids to hold, e.g. 0,1")
    parser.add_argument("--shard-count", type=int, help="how many shards the bot has in all")
    args = parser.parse_args(argv)
    config = Config.from_env()
    level = getattr(logging, config.log_level, logging.INFO)
    if sys.stderr.isatty():
        discord.utils.setup_logging(level=level)
    else:  # a file or a pipe: no colour codes
        plain = logging.Formatter("%(asctime)s %(levelname)-8s %(name)s %(message)s")
        discord.utils.setup_logging(level=level, formatter=plain)
    apply_endpoints(config.api_base, config.gateway_url)
    from cogs.errors import install_log_filter

    install_log_filter()
    from tables.extra import load_extra_games

    load_extra_games()
    if args.sync:
        return asyncio.run(_sync(AlgaeBot(config, sync_only=True), config.token, args.guild))
    try:
        asyncio.run(_serve(make_bot(config, args.shards, args.shard_count), config.token))
    except discord.LoginFailure:
        log.error("Discord refused the token (DISCORD_TOKEN)")
        return 2
    return 0
