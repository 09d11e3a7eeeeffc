"""Every component click of the bot arrives here: one dynamic item, one custom-id parser.

All of the bot's buttons and selects are ``Routed`` items, so discord.py keeps nothing per
message in memory and every component keeps working after a restart. A click is parsed by
``cogs.custom_ids.parse`` and handed to the handler registered for its action; a custom id
that is not exactly one of ours (forged, truncated, numbers out of range) gets a private
answer and changes nothing. Handlers check what the id claims against where the click
arrived (see ``tables.controls``); any error they raise gets the tree-wide answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands

from cogs.custom_ids import Action, CustomId, parse, select_index
from cogs.errors import UserFacingError, report
from tables.models import Where

Handler = Callable[[discord.Interaction, CustomId], Awaitable[None]]
_ROUTES: dict[str, Handler] = {}

UNKNOWN = "I don't know this control (it may come from an older version of the bot)."
BAD_VALUE = "That choice is not on this menu. Open the menu again from the latest post."


def route(*actions: Action) -> Callable[[Handler], Handler]:
    """Register ``handler`` for clicks on components of these actions."""

    def register(handler: Handler) -> Handler:
        for action in actions:
            _ROUTES[action] = handler
        return handler

    return register


def where(interaction: discord.Interaction) -> Where:
    """The guild and channel a click or command arrived from."""
    return Where(interaction.guild_id, interaction.channel_id)


def chosen_index(interaction: discord.Interaction) -> int:
    """The one index a select sent back; a missing or forged value is refused."""
    data: Any = interaction.data or {}
    index = select_index(data.get("values"))
    if index is None:
        raise UserFacingError(BAD_VALUE)
    return index


class Routed(discord.ui.DynamicItem[Any], template=r"alg:[\s\S]*"):
    """Any button or select whose custom id starts with ``alg:``."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        if getattr(interaction.client, "stopping", False):  # shutting down: no new work
            return
        try:
            cid = parse(self.item.custom_id)
            handler = _ROUTES.get(cid.action) if cid is not None else None
            if cid is None or handler is None:
                raise UserFacingError(UNKNOWN)
            await handler(interaction, cid)
        except Exception as exc:
            await report(interaction, exc)


def button(custom_id: str, label: str, style: discord.ButtonStyle, row: int | None = None):
    """A routed button (for views the bot sends)."""
    return Routed(discord.ui.Button(label=label, custom_id=custom_id, style=style, row=row))


async def answer_foreign(interaction: discord.Interaction) -> None:
    """A component whose custom id is not ours at all gets an answer too (Discord would
    only deliver one from a message of ours; a modified client might send anything)."""
    if interaction.type is not discord.InteractionType.component:
        return
    if getattr(interaction.client, "stopping", False):
        return
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    if isinstance(custom_id, str) and Routed.__discord_ui_compiled_template__.fullmatch(custom_id):
        return  # ours: Routed answers
    await asyncio.sleep(0)  # let any view discord.py holds for the message go first
    if not interaction.response.is_done():
        await report(interaction, UserFacingError(UNKNOWN))


def register_routed(bot: commands.Bot) -> None:
    """Make every component routable (also after a restart)."""
    bot.add_dynamic_items(Routed)
    bot.add_listener(answer_foreign, "on_interaction")
