"""AI players on Discord (issue 10): /game add-ai, /game remove-ai, and the runner that plays
the AI seats' turns.

The runner plays an AI seat's open decisions through the table layer (``Tables.run_ai``:
the same checks and posts as a human move, each decision computed in a worker process) and
publishes each move's post at once, with ``ALGAE_AI_PAUSE`` seconds (default 2) after each
post so several AI seats in a row stay readable. It is woken after every public post
(``after_post``, called by the poster), after a seat is handed to an AI, and once at start-up
for games left waiting on an AI. One task per game at a time; a wake-up during a run makes
it look again when it ends. AI seats have negative user ids: never pinged nor messaged.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.services import channel_of, is_admin, tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe

if TYPE_CHECKING:
    from tables.models import Post, TurnResult

log = logging.getLogger("algae.ai")
NONE = discord.AllowedMentions.none()
Level = Literal["easy", "normal", "strong"]


def pause_seconds() -> float:
    try:
        return max(0.0, min(float(os.environ.get("ALGAE_AI_PAUSE") or 2.0), 30.0))
    except ValueError:
        return 2.0


class AiPlayers(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._running: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._startup: asyncio.Task | None = None

    async def cog_load(self) -> None:
        if not getattr(self.bot, "sync_only", False):
            self._startup = asyncio.create_task(self._resume(), name="ai-resume")

    async def cog_unload(self) -> None:
        tasks = [t for t in (self._startup, *self._running.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        from ai.worker import shutdown

        shutdown()

    def kick(self, game_id: int) -> None:
        """Play the game's AI seats now (or once more after the current run)."""
        if game_id in self._running:
            self._again.add(game_id)
            return
        self._running[game_id] = asyncio.create_task(self._run(game_id), name=f"ai-{game_id}")

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self.bot.tables.run_ai(  # type: ignore[attr-defined]
                    game_id, pause=pause_seconds(), on_result=self._publish
                )
                if game_id not in self._again:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI players of game %s stopped", game_id)
        finally:
            self._running.pop(game_id, None)

    async def _publish(self, result: TurnResult) -> None:
        from cogs.posting import poster

        await poster(self.bot).publish(result.post_ids)

    async def _resume(self) -> None:
        """After a restart: games whose open decision belongs to an AI seat."""
        await self.bot.wait_until_ready()
        tables = self.bot.tables  # type: ignore[attr-defined]
        for guild in self.bot.guilds:
            for info in await tables.list_games(guild.id):
                if info.status == "active" and any(s.user_id < 0 for s in info.seats):
                    self.kick(info.id)


def runner(bot: commands.Bot) -> AiPlayers | None:
    cog = bot.get_cog("AiPlayers")
    return cog if isinstance(cog, AiPlayers) else None


def after_post(bot: commands.Bot, post: Post) -> None:
    """Called for every public post made: wake the game's AI seats (cheap when it has none)."""
    cog = runner(bot)
    if cog is not None and not post.payload.get("spectator") and not post.payload.get("over"):
        cog.kick(post.game_id)


def kick(bot: discord.Client, game_id: int) -> None:
    cog = runner(bot)  # type: ignore[arg-type]
    if cog is not None:
        cog.kick(game_id)


# ------------------------------------------------------------------- commands
@app_commands.command(name="add-ai", description="Seat AI players in this lobby (host).")
@app_commands.describe(level="How well it plays (default: normal)", count="How many (default 1)")
@app_commands.guild_only()
async def add_ai(
    interaction: discord.Interaction,
    level: Level | None = None,
    count: app_commands.Range[int, 1, 7] = 1,
) -> None:
    info = await tables_of(interaction).add_ai(
        channel_of(interaction),
        interaction.user.id,
        level,
        count=count,
        is_admin=is_admin(interaction),
    )
    names = ", ".join(safe(s.name) for s in info.seats if s.user_id < 0)
    await interaction.response.send_message(
        clip(f"AI players seated: {names} ({len(info.seats)}/{info.max_seats} seats).",
             MESSAGE_LIMIT),
        allowed_mentions=NONE,
    )  # fmt: skip


@app_commands.command(name="remove-ai", description="Take an AI player out of the lobby (host).")
@app_commands.describe(seat="Which seat (/game seats; default: the last AI seat)")
@app_commands.guild_only()
async def remove_ai(
    interaction: discord.Interaction, seat: app_commands.Range[int, 1, 8] | None = None
) -> None:
    info = await tables_of(interaction).remove_ai(
        channel_of(interaction),
        interaction.user.id,
        seat=None if seat is None else seat - 1,
        is_admin=is_admin(interaction),
    )
    await interaction.response.send_message(
        f"An AI player left the lobby ({len(info.seats)}/{info.max_seats} seats).",
        allowed_mentions=NONE,
    )


COMMANDS: tuple[app_commands.Command, ...] = (add_ai, remove_ai)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(AiPlayers(bot))
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):  # they join the /game group of cogs/game.py
        for command in COMMANDS:
            if group.get_command(command.name) is None:
                group.add_command(command)
    else:
        log.warning("no /game group: /game add-ai and remove-ai are not available")


async def teardown(bot: commands.Bot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        for command in COMMANDS:
            group.remove_command(command.name)


async def replace_seat(
    interaction: discord.Interaction,
    old: discord.User | None,
    new: discord.User | None,
    seat: int | None,
    level: str | None,
) -> tuple[str, int | None]:
    """/game replace: a person's seat to another person or to an AI, or an AI seat (named
    by ``seat``) back to a person. Returns the public line and whom it pings: the new
    holder when the seat has a decision open, which is new to them (issue 12 items 3, 7)."""
    from cogs.errors import UserFacingError
    from cogs.services import display_name

    tables = tables_of(interaction)
    admin = is_admin(interaction)
    if old is None:
        if seat is None:
            raise UserFacingError("Say whose seat: `old:` a player, or `seat:` for an AI seat.")
        info = await tables.game_in(channel_of(interaction))
        holder = info.seat(seat)
        if holder is None:
            raise UserFacingError(f"There is no seat {seat + 1} in this game.")
        old_id, old_name = holder.user_id, holder.name
    else:
        old_id, old_name = old.id, display_name(old)
    if level is not None:
        info = await tables.seat_to_ai(
            channel_of(interaction), interaction.user.id, old_id, level, seat=seat, is_admin=admin
        )
        kick(interaction.client, info.id)
        return f"An AI player ({level}) takes over the seat of {safe(old_name)}.", None
    if new is None:
        raise UserFacingError("Say who takes the seat over: `new:` a player, or `ai:` a level.")
    info = await tables.replace(
        channel_of(interaction),
        interaction.user.id,
        old_id,
        new.id,
        display_name(new),
        is_admin=admin,
        seat=seat,
    )
    acting = info.status == "active" and bool(
        await tables.decisions_for(None, new.id, game_id=info.id)
    )
    if acting:
        return f"<@{new.id}> takes over the seat of {safe(old_name)}: your turn.", new.id
    return f"{safe(display_name(new))} takes over the seat of {safe(old_name)}.", None
