"""/stats [user] (games played and won, by game) and /game resign (asks first).

/game resign is added to the /game group of cogs/game.py when this extension loads, so the
lobby cog stays as it is. Resigning hands the seat to an AI player while another person
plays on, else it ends the game (tables/results.py says why).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.components import button, route, where
from cogs.custom_ids import CustomId, game_id_of
from cogs.homes import claim
from cogs.services import channel_of, display_name, tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe
from engine.core import GAMES

NONE = discord.AllowedMentions.none()


def stats_text(name: str, lines) -> str:
    if not lines:
        return f"{safe(name)} has not finished a game yet."
    out = [f"**{safe(name)}** — finished games"]
    for s in lines:
        extra = f", {s.resigned} resigned" if s.resigned else ""
        word = GAMES[s.kind].points if s.kind in GAMES else "VP"
        best = f", best {s.best_vp} {word}" if s.best_vp is not None else ""
        with_ai = f"; with AI players: {s.ai_played} played, {s.ai_won} won" if s.ai_played else ""
        out.append(f"• {safe(s.title, 60)}: {s.played} played, {s.won} won{extra}{best}{with_ai}")
    return clip("\n".join(out), MESSAGE_LIMIT)


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games played and won, by game.")
    @app_commands.describe(user="Whose (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        # Deferred first: the totals are a query over every game the player finished, and
        # under load it must not push the answer past Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = user or interaction.user
        lines = await tables_of(interaction).stats(who.id)
        await interaction.followup.send(
            stats_text(display_name(who), lines), ephemeral=True, allowed_mentions=NONE
        )


@app_commands.command(
    name="resign", description="Give up: an AI player takes your seat (asks first)."
)
@app_commands.guild_only()
async def resign(interaction: discord.Interaction) -> None:
    info = await tables_of(interaction).game_in(channel_of(interaction))
    if not info.seats_of(interaction.user.id):
        await interaction.response.send_message(
            "You are not playing in this game.", ephemeral=True, allowed_mentions=NONE
        )
        return
    from cogs.game import keep_button

    view = discord.ui.View(timeout=None)
    view.add_item(button(game_id_of("resign", info.id), "Resign", discord.ButtonStyle.danger))
    view.add_item(keep_button(info.id))
    await interaction.response.send_message(
        f"Resign from **{safe(info.title, 60)}** (game #{info.id})? An AI player takes your "
        "seat and the game goes on (if nobody else plays, it ends); you rank last.",
        view=view,
        ephemeral=True,
        allowed_mentions=NONE,
    )


@route("resign")
async def confirm_resign(interaction: discord.Interaction, cid: CustomId) -> None:
    assert cid.game_id is not None
    claim(interaction)  # the player's private confirmation, never a public post
    tables = tables_of(interaction)
    await tables.row_at(where(interaction), cid.game_id)
    result = await tables.resign(None, interaction.user.id, game_id=cid.game_id)
    done = "the final standings are posted" if result.over else "an AI has your seat"
    await interaction.response.edit_message(
        content=f"You resigned; {done}.", view=None, allowed_mentions=NONE
    )
    if not result.over:  # issue 10: an AI plays the seat on
        await interaction.followup.send(
            safe(result.lines[0]), ephemeral=False, allowed_mentions=NONE
        )
        from cogs.ai import kick

        kick(interaction.client, result.game_id)
    from cogs.posting import poster

    await poster(interaction.client).publish(result.post_ids)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("resign") is None:
        group.add_command(resign)


async def teardown(bot: commands.Bot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):
        group.remove_command("resign")
