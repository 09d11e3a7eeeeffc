"""/settings (your DMs, time zone, quiet hours), /vacation, /mygames and /game settings
(the host's reminders and turn time limit). Thin: the table layer checks and stores."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import UserFacingError
from cogs.reminders import jump_link
from cogs.services import is_admin, tables_of
from cogs.text import MESSAGE_LIMIT, clip, page_of, relative_time, safe
from tables.schedule import zone, zone_choices
from tables.time_models import MyGame, Prefs

log = logging.getLogger("algae.settings")
NONE = discord.AllowedMentions.none()


def prefs_text(prefs: Prefs, now: float) -> str:
    """The caller's settings, as /settings shows them."""
    dm = "on" if prefs.dm else "off"
    if not prefs.dm and prefs.dm_off_reason:
        dm += f" ({safe(prefs.dm_off_reason, 120)}: open your DMs, then `/settings dm:True`)"
    elif prefs.dm_failed_at:
        dm += f" (Discord refused the last one {relative_time(prefs.dm_failed_at)}: DMs closed?)"
    local = datetime.fromtimestamp(now, zone(prefs.tz)).strftime("%H:%M")
    quiet = "none"
    if prefs.quiet is not None:
        quiet = f"{prefs.quiet.start:02d}:00–{prefs.quiet.end:02d}:00 your time"
    lines = [
        "**Your settings**",
        f"Turn DMs: {dm}",
        f"Time zone: {safe(prefs.tz, 64)} (it is {local} there)",
        f"Quiet hours (no reminders or DMs): {quiet}",
        f"Vacation: {'on — no reminders, no DMs' if prefs.vacation else 'off'}",
    ]
    return "\n".join(lines)


def mygames_lines(games: list[MyGame]) -> list[str]:
    lines: list[str] = []
    waiting = [g for g in games if g.waiting]
    others = [g for g in games if not g.waiting]
    if waiting:
        lines.append(f"**Waiting on you ({len(waiting)})**")
    for g in waiting:
        lines.append(_game_line(g, f"your turn since {relative_time(g.since)}"))
    if others:
        lines.append("**Your other games**")
    for g in others:
        lines.append(_game_line(g, _state_text(g)))
    return lines


STATE_WORDS = {"active": "waiting for others", "lobby": "in the lobby", "broken": "broken"}


def _state_text(g: MyGame) -> str:
    """ "waiting for others, last move 2 hours ago" (never "active, active")."""
    word = STATE_WORDS.get(g.info.status, g.info.status)
    return f"{word}, last move {relative_time(g.info.updated_at)}"


def _game_line(g: MyGame, state: str) -> str:
    info = g.info
    names = ", ".join(safe(n) for n in g.seats)
    link = jump_link(info.guild_id, info.channel_id)
    return clip(f"• **{safe(info.title, 60)}** #{info.id} as {names} · {state} · {link}", 300)


async def time_lines(tables, st) -> list[str]:
    """/status lines: who of those to act is on vacation, and the game's timing."""
    away = await tables.on_vacation([t.user_id for t in st.to_act])
    lines = [f"On vacation: {safe(t.name)}" for t in st.to_act if t.user_id in away]
    timing = await tables.timing(None, game_id=st.info.id)
    return [*lines, f"Timing: {timing.describe()}"]


class Settings(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your turn DMs, time zone and quiet hours.")
    @app_commands.describe(
        dm="A direct message when it becomes your turn",
        tz="Your time zone, e.g. Europe/Paris (start typing)",
        quiet_from="Quiet hours start (your local hour, 0-23)",
        quiet_to="Quiet hours end (your local hour, 0-23)",
        quiet_off="Remove your quiet hours",
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        dm: bool | None = None,
        tz: app_commands.Range[str, 1, 64] | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        quiet_off: bool = False,
    ) -> None:
        if (quiet_from is None) != (quiet_to is None):
            raise UserFacingError("Give both quiet_from and quiet_to (local hours), or quiet_off.")
        quiet = (quiet_from, quiet_to) if quiet_from is not None and quiet_to is not None else None
        tables = tables_of(interaction)
        prefs = await tables.set_prefs(
            interaction.user.id, tz=tz, quiet=quiet, quiet_off=quiet_off, dm=dm
        )
        await interaction.response.send_message(
            clip(prefs_text(prefs, tables.clock()), MESSAGE_LIMIT),
            ephemeral=True,
            allowed_mentions=NONE,
        )

    @settings.autocomplete("tz")
    async def settings_tz(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=z, value=z) for z in zone_choices(current[:64])]

    @app_commands.command(name="vacation", description="Away for a while: no reminders, no DMs.")
    @app_commands.describe(on="True: you are away; False: you are back")
    async def vacation(self, interaction: discord.Interaction, on: bool) -> None:
        await tables_of(interaction).set_vacation(interaction.user.id, on)
        text = (
            "You are on vacation: no reminders and no DMs; your tables see it in /status. "
            "A turn time limit set by a host still applies."
            if on
            else "Welcome back: reminders and DMs are on again as you set them."
        )
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)

    @app_commands.command(name="mygames", description="All your games, those waiting on you first.")
    @app_commands.describe(page="Page number")
    async def mygames(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 100] = 1
    ) -> None:
        games = await tables_of(interaction).my_games(interaction.user.id)
        lines = mygames_lines(games) or ["You are not in any game. Start one with `/game new`."]
        text, number, pages = page_of(lines, page, MESSAGE_LIMIT - 40)
        if pages > 1:
            text += f"\n-# page {number}/{pages}"
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)


@app_commands.command(name="settings", description="Reminders and the turn time limit (host).")
@app_commands.describe(
    reminders="Hours between reminders, or off (default 24)",
    limit="Turn time limit in hours, or off",
    on_timeout="When the limit runs out: remind, default (a safe move), host (replace), or ai",
)
@app_commands.guild_only()
async def game_settings(
    interaction: discord.Interaction,
    reminders: app_commands.Range[str, 1, 10] | None = None,
    limit: app_commands.Range[str, 1, 10] | None = None,
    on_timeout: Literal["remind", "default", "host", "ai"] | None = None,
) -> None:
    tables = tables_of(interaction)
    if reminders is None and limit is None and on_timeout is None:
        timing = await tables.timing(interaction.channel_id)
        public = False
    else:
        timing = await tables.set_timing(
            interaction.channel_id,
            interaction.user.id,
            reminders="" if reminders is None else reminders,
            limit="" if limit is None else limit,
            on_timeout=on_timeout,
            is_admin=is_admin(interaction),
        )
        public = True
    await interaction.response.send_message(
        f"Game #{timing.game_id}: {timing.describe()}.",
        ephemeral=not public,
        allowed_mentions=NONE,
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Settings(bot))
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):  # /game settings joins the /game group
        group.add_command(game_settings)
    else:
        log.warning("no /game group: /game settings is not available")
