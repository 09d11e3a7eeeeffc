"""/game: the lobby and table management (new, join, leave, start, abort, kick, replace,
seats, list). Rules live in the table layer; this turns interactions into its calls."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs.components import button, route, where
from cogs.custom_ids import CustomId, game_id_of
from cogs.errors import UserFacingError
from cogs.homes import Home, by_the_bot, claim
from cogs.services import channel_of, display_name, is_admin, tables_of
from cogs.text import MESSAGE_LIMIT, clip, relative_time, safe
from engine.core import GAMES

NONE = discord.AllowedMentions.none()
log = logging.getLogger("algae.game")
MAX_OPTIONS_TEXT = 1000


def parse_options(text: str | None) -> dict | None:
    """``options`` as typed: a JSON object, or ``key=value`` pairs split by commas."""
    if not text or not text.strip():
        return None
    text = text.strip()
    if len(text) > MAX_OPTIONS_TEXT:
        raise UserFacingError(f"Options are too long (at most {MAX_OPTIONS_TEXT} characters).")
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UserFacingError(f"Options are not valid JSON: {exc.msg}.") from exc
        if not isinstance(value, dict):
            raise UserFacingError("Options must be a JSON object.")
        return value
    out: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, raw = part.partition("=")
        if not sep or not re.fullmatch(r"[A-Za-z_][\w-]{0,39}", key.strip()):
            raise UserFacingError("Options look like `key=value, key=value` or a JSON object.")
        try:
            out[key.strip()] = json.loads(raw.strip())
        except json.JSONDecodeError:
            out[key.strip()] = raw.strip()
    return out


class GameCommands(
    commands.GroupCog, group_name="game", group_description="Start and manage a game"
):
    """/game: lobbies and game management (not the engine's ``Game``)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _say(self, interaction: discord.Interaction, text: str, *, public: bool) -> None:
        await interaction.response.send_message(
            clip(text, MESSAGE_LIMIT), ephemeral=not public, allowed_mentions=NONE
        )

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel.")
    @app_commands.describe(
        game="Which game (start typing)",
        seats="How many seats (default: the game's maximum)",
        seed="A number to fix the shuffle (default: random)",
        options='Game options: JSON or key=value pairs, e.g. {"variant": "short"}',
        ai="How many AI players to seat at once (more with /game add-ai)",
        ai_level="How well the AI players play (default: normal)",
    )
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 1, 8] | None = None,
        seed: app_commands.Range[int, 0, 2**53] | None = None,
        options: app_commands.Range[str, 0, MAX_OPTIONS_TEXT] | None = None,
        ai: app_commands.Range[int, 1, 7] | None = None,
        ai_level: Literal["easy", "normal", "strong"] | None = None,
    ) -> None:
        tables = tables_of(interaction)
        info = await tables.create(
            game.strip().lower(),
            interaction.guild_id,
            channel_of(interaction),
            interaction.user.id,
            display_name(interaction.user),
            seats=seats,
            seed=seed,
            options=parse_options(options),
        )
        if ai:
            info = await tables.add_ai(info.channel_id, info.host_id, ai_level, count=ai)
        await interaction.response.send_message(
            clip(
                f"{lobby_head(safe(info.title, 60), info.id)}{LOBBY_OPENED}"
                f"{safe(info.seats[0].name)} ({len(info.seats)}/{info.max_seats} seats). "
                "Join with the button or `/game join`; the host starts with Start or "
                "`/game start`.",
                MESSAGE_LIMIT,
            ),
            view=lobby_view(info.id),
            allowed_mentions=NONE,
        )

    @new.autocomplete("game")
    async def new_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        current = current.lower()
        return [
            app_commands.Choice(
                name=f"{spec.title} ({spec.min_players}–{spec.max_players})"[:100], value=kind
            )
            for kind, spec in sorted(GAMES.items())
            if current in kind or current in spec.title.lower()
        ][:25]

    @app_commands.command(name="join", description="Take a seat in this channel's lobby.")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction) -> None:
        info = await tables_of(interaction).join(
            channel_of(interaction), interaction.user.id, display_name(interaction.user)
        )
        me = info.seats_of(interaction.user.id)[-1]
        await self._say(
            interaction,
            f"{safe(me.name)} joined ({len(info.seats)}/{info.max_seats} seats).",
            public=True,
        )

    @app_commands.command(name="leave", description="Give up your seat in this channel's lobby.")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        info = await tables_of(interaction).leave(channel_of(interaction), interaction.user.id)
        text = f"{safe(display_name(interaction.user))} left the lobby."
        if info.status == "aborted":
            text += " The lobby is closed."
        await self._say(interaction, text, public=True)

    @app_commands.command(name="start", description="Start the game (host only).")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # it writes the game
        result = await tables_of(interaction).start(
            channel_of(interaction), interaction.user.id, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(
            "The game begins: the board is on its way.", ephemeral=True, allowed_mentions=NONE
        )
        from cogs.posting import poster

        await poster(self.bot).publish(result.post_ids)

    @app_commands.command(
        name="abort", description="End this channel's game for good (asks first)."
    )
    @app_commands.guild_only()
    async def abort(self, interaction: discord.Interaction) -> None:
        info = await tables_of(interaction).game_in(channel_of(interaction))
        if interaction.user.id != info.host_id and not is_admin(interaction):
            raise UserFacingError("Only the host or someone with Manage Channels can abort.")
        await interaction.response.send_message(
            f"Abort **{safe(info.title, 60)}** (game #{info.id}) for everyone? "
            "This cannot be undone.",
            view=abort_view(info.id),
            ephemeral=True,
            allowed_mentions=NONE,
        )

    @app_commands.command(name="kick", description="Remove a player from the lobby (host).")
    @app_commands.describe(user="Who to remove")
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        await tables_of(interaction).kick(
            channel_of(interaction), interaction.user.id, user.id, is_admin=is_admin(interaction)
        )
        await self._say(
            interaction, f"{safe(display_name(user))} was removed from the lobby.", public=True
        )

    @app_commands.command(name="replace", description="Hand a seat to someone else (host).")
    @app_commands.describe(
        old="Who gives the seat up (leave out for an AI seat: give the seat)",
        new="Who takes it over (or choose ai)",
        seat="Which seat (/game seats): an AI seat, or when the old player holds several",
        ai="Hand the seat to an AI player of this level instead of a person",
    )
    @app_commands.guild_only()
    async def replace(
        self,
        interaction: discord.Interaction,
        old: discord.User | None = None,
        new: discord.User | None = None,
        seat: app_commands.Range[int, 1, 8] | None = None,
        ai: Literal["easy", "normal", "strong"] | None = None,
    ) -> None:
        from cogs.ai import replace_seat

        text, ping = await replace_seat(
            interaction, old, new, None if seat is None else seat - 1, ai
        )
        await interaction.response.send_message(
            clip(text, MESSAGE_LIMIT),
            allowed_mentions=discord.AllowedMentions(
                everyone=False,
                roles=False,
                users=[discord.Object(ping)] if ping is not None else [],
                replied_user=False,
            ),
        )

    @app_commands.command(name="seats", description="Who sits where in this channel's game.")
    @app_commands.guild_only()
    async def seats(self, interaction: discord.Interaction) -> None:
        info = await tables_of(interaction).game_in(channel_of(interaction))
        lines = [f"**{safe(info.title, 60)}** · game #{info.id} · {info.status}"]
        away = await tables_of(interaction).on_vacation([s.user_id for s in info.seats])
        held = [s.user_id for s in info.seats]
        for s in info.seats:  # the seat's name, and who holds it when it is someone else's
            who = f" — held by <@{s.user_id}>" if held.count(s.user_id) > 1 else ""
            host = " (host)" if s.user_id == info.host_id and not who else ""
            host += " (on vacation)" if s.user_id in away else ""
            lines.append(f"{s.seat + 1}. {safe(s.name)}{who}{host}")
        if info.host_id in held and held.count(info.host_id) > 1:
            lines.append(f"Host: <@{info.host_id}>")
        await self._say(interaction, "\n".join(lines), public=False)

    @app_commands.command(name="list", description="The games in this server.")
    @app_commands.guild_only()
    async def list_games(self, interaction: discord.Interaction) -> None:
        games = await tables_of(interaction).list_games(interaction.guild_id)
        lines = [
            f"#{g.id} **{safe(g.title, 60)}** in <#{g.channel_id}> · {g.status} · "
            f"{len(g.seats)} seat(s) · updated {relative_time(g.updated_at)}"
            for g in games[:40]
        ]
        if len(games) > 40:
            lines.append(f"… and {len(games) - 40} more")
        await self._say(
            interaction, "\n".join(lines) or "No games in this server yet.", public=False
        )


def abort_view(game_id: int) -> discord.ui.View:
    """Confirm or cancel an abort (routed by ``cogs.components``)."""
    view = discord.ui.View(timeout=None)
    view.add_item(
        button(game_id_of("abort", game_id), "Abort the game", discord.ButtonStyle.danger)
    )
    view.add_item(keep_button(game_id))
    return view


LOBBY_OPENED = " opened by "
LOBBY_HEAD = re.compile(r"\*\*.+\*\* — lobby #(\d+)")


def lobby_head(title: str, game_id: int) -> str:
    """How the lobby post begins, up to ``LOBBY_OPENED`` (and the host's name)."""
    return f"**{title}** — lobby #{game_id}"


def lobby_post(game_id: int) -> Home:
    """The home of a lobby's Start button: the bot's public lobby post of that game (game
    titles never hold " opened by ", so the head is everything before its first one)."""

    def home(interaction: discord.Interaction, message: discord.Message) -> bool:
        head = LOBBY_HEAD.fullmatch(message.content.partition(LOBBY_OPENED)[0])
        return (
            head is not None
            and head[1] == str(game_id)
            and not message.flags.ephemeral
            and by_the_bot(interaction, message)
        )

    return home


def lobby_view(game_id: int) -> discord.ui.View:
    """The lobby's Join and Start buttons (routed by ``cogs.components``; issue 12)."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(game_id_of("join", game_id), "Join", discord.ButtonStyle.primary))
    view.add_item(button(game_id_of("start", game_id), "Start", discord.ButtonStyle.success))
    return view


@route("join")
async def join_button(interaction: discord.Interaction, cid: CustomId) -> None:
    """Join the lobby the button belongs to (its channel's, checked by the table layer)."""
    assert cid.game_id is not None
    tables = tables_of(interaction)
    row = await tables.row_at(where(interaction), cid.game_id)
    info = await tables.join(
        row.channel_id, interaction.user.id, display_name(interaction.user), game_id=row.id
    )
    me = info.seats_of(interaction.user.id)[-1]
    await interaction.response.send_message(
        f"{safe(me.name)} joined ({len(info.seats)}/{info.max_seats} seats).",
        allowed_mentions=NONE,
    )


@route("start")
async def start_button(interaction: discord.Interaction, cid: CustomId) -> None:
    """The host starts the lobby the button belongs to (only from its lobby post)."""
    assert cid.game_id is not None
    claim(interaction, lobby_post(cid.game_id))
    await interaction.response.defer()  # the start writes the game: answer at once
    tables = tables_of(interaction)
    row = await tables.row_at(where(interaction), cid.game_id)
    result = await tables.start(
        row.channel_id, interaction.user.id, is_admin=is_admin(interaction), game_id=row.id
    )
    # the lobby is over: no more buttons
    await interaction.edit_original_response(view=None, allowed_mentions=NONE)
    from cogs.posting import poster

    await poster(interaction.client).publish(result.post_ids)


def keep_button(game_id: int) -> discord.ui.Item:
    """ "Keep playing": closes a confirmation without changing anything."""
    return button(game_id_of("keep", game_id), "Keep playing", discord.ButtonStyle.secondary)


@route("abort")
async def confirm_abort(interaction: discord.Interaction, cid: CustomId) -> None:
    assert cid.game_id is not None
    claim(interaction)  # the host's private confirmation, never a public post
    tables = tables_of(interaction)
    await tables.row_at(where(interaction), cid.game_id)
    info = await tables.abort(
        interaction.channel_id,
        interaction.user.id,
        is_admin=is_admin(interaction),
        game_id=cid.game_id,
    )
    await interaction.response.edit_message(content="Aborted.", view=None, allowed_mentions=NONE)
    text = (
        f"**{safe(info.title, 60)}** (game #{info.id}) was aborted by "
        f"{safe(display_name(interaction.user))}."
    )
    await interaction.followup.send(text, allowed_mentions=NONE)
    for channel_id in await tables.spectate_list(None, game_id=info.id):  # mirrored (item 11)
        try:
            await interaction.client.get_partial_messageable(channel_id).send(
                text, allowed_mentions=NONE
            )
        except Exception:
            log.warning("could not tell spectator channel %s of the abort", channel_id)


def may_keep(interaction: discord.Interaction, host_id: int, players: Iterable[int]) -> bool:
    """Who is asked to confirm: the host or an admin (abort), a player (resign)."""
    user = interaction.user.id
    return user == host_id or user in players or is_admin(interaction)


@route("keep")
async def keep_playing(interaction: discord.Interaction, cid: CustomId) -> None:
    """Close the caller's own abort or resign confirmation; nothing else changes."""
    assert cid.game_id is not None
    claim(interaction)
    row = await tables_of(interaction).row_at(where(interaction), cid.game_id)
    if not may_keep(interaction, row.host_id, (s.user_id for s in row.seats)):
        raise UserFacingError("You are not playing in this game, nor hosting it.")
    await interaction.response.edit_message(
        content="Nothing was changed.", view=None, allowed_mentions=NONE
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCommands(bot))
