"""/play move: for players who type; autocomplete lists the caller's legal moves."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import menu_model
from cogs.menus import menu_text, menu_view
from cogs.services import tables_of
from cogs.text import CHOICE_NAME_LIMIT, CHOICE_VALUE_LIMIT, MAX_OPTIONS, MESSAGE_LIMIT, clip, safe
from engine.core import MAX_MOVE_CHARS, Decision, Option, normalize

NONE = discord.AllowedMentions.none()


def _rank(typed: str, option: Option) -> int | None:
    """0 exact, 1 prefix, 2 contained (move or label), 3 in its detail or group, None:
    not a match."""
    label = normalize(option.label)
    if not typed:
        return 2
    if typed in (option.move, label):
        return 0
    if option.move.startswith(typed) or label.startswith(typed):
        return 1
    if typed in option.move or typed in label:
        return 2
    if typed in normalize(f"{option.detail} {option.group}"):
        return 3  # "export" finds the option whose detail or group says so
    return None


def matching_choices(decisions: list[Decision], typed: str) -> list[app_commands.Choice[str]]:
    """The caller's options matching what they typed, best first (labels shown, moves sent)."""
    typed = normalize(typed)
    several = len(decisions) > 1
    ranked: list[tuple[int, int, app_commands.Choice[str]]] = []
    for decision in decisions:
        for option in decision.options:
            rank = _rank(typed, option)
            if rank is None or len(option.move) > CHOICE_VALUE_LIMIT:
                continue  # a move too long for autocomplete is still in the menu
            name = f"{option.label} (seat {decision.seat + 1})" if several else option.label
            choice = app_commands.Choice(name=clip(name, CHOICE_NAME_LIMIT), value=option.move)
            ranked.append((rank, len(ranked), choice))
    return [choice for _, _, choice in sorted(ranked, key=lambda r: r[:2])][:MAX_OPTIONS]


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Play a move in this channel's game.")
    @app_commands.describe(move="Your move (start typing: the list shows your legal moves)")
    @app_commands.guild_only()
    async def play(
        self, interaction: discord.Interaction, move: app_commands.Range[str, 1, MAX_MOVE_CHARS]
    ) -> None:
        tables = tables_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # answered at once
        result = await tables.play(interaction.channel_id, interaction.user.id, move)
        if result.posted:
            from cogs.posting import poster

            poster(self.bot).publish_soon(result.post_ids)  # while we answer
        lines = [f"✔ {safe(e, 180)}" for e in result.events] or [f"✔ {safe(move, 80)}"]
        nxt = result.next  # the next question and its controls, right in the reply
        if nxt is None:
            lines.append("The game is over." if result.over else "Your turn is done.")
            await interaction.followup.send(
                clip("\n".join(lines), MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE
            )
        else:
            menu = menu_model.build(result.game_id, nxt)
            await interaction.followup.send(
                menu_text(nxt, menu, "\n".join(lines)),
                view=menu_view(result.game_id, menu),
                ephemeral=True,
                allowed_mentions=NONE,
            )
        if result.closed_requests:
            from cogs.undo import drop_request_buttons

            await drop_request_buttons(interaction.client, result.closed_requests)

    @play.autocomplete("move")
    async def play_move(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tables = tables_of(interaction)
        try:
            decisions = await tables.decisions_for(interaction.channel_id, interaction.user.id)
        except Exception:  # no game, not seated, finished: nothing to offer
            return []
        return matching_choices(decisions, current)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
