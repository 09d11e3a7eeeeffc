"""Every component click of the bot arrives here: one dynamic item, one custom-id parser.

All of the bot's buttons and selects are ``Routed`` items, so discord.py keeps nothing per
message in memory and every component keeps working after a restart. A click is parsed by
``cogs.custom_ids.parse`` and handed to the handler registered for its action; a custom id
that is not exactly one of ours (forged, truncated, numbers out of range) gets a private
answer and changes nothing. Handlers check what the id claims against where the click
arrived (see ``tables.controls``, and ``cogs.homes`` before a message is edited in place);
any error they raise gets the tree-wide answer. A click of ours that discord.py never hands
to ``Routed`` (the component is not on the message it arrives with) is answered by
``answer_foreign``: every click gets an answer, exactly one.
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
OUT_OF_DATE = "This control is out of date: use the newest post (or /play)."
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


def on_its_message(interaction: discord.Interaction, custom_id: str, kind: Any) -> bool:
    """Whether discord.py hands this click to ``Routed``: only when the message it arrives
    with carries a component of this custom id and type. This is the lookup discord.py's
    ``ViewStore.schedule_dynamic_item_call`` makes; it drops any other click unanswered (a
    forged id, a wrong type, a stale client's click on a button the bot has removed)."""
    message = interaction.message
    if message is None:
        return False
    layout = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    view = layout.from_message(message, timeout=None)
    return any(
        item.type.value == kind and getattr(item, "custom_id", None) == custom_id
        for item in view.walk_children()
    )


async def answer_foreign(interaction: discord.Interaction) -> None:
    """A click no handler will answer gets a private answer: one whose custom id is not
    ours at all (Discord would only deliver one from a message of ours; a modified client
    might send anything), and one of ours that discord.py drops (``on_its_message``)."""
    if interaction.type is not discord.InteractionType.component:
        return
    if getattr(interaction.client, "stopping", False):
        return
    data: Any = interaction.data or {}
    custom_id = data.get("custom_id")
    if isinstance(custom_id, str) and Routed.__discord_ui_compiled_template__.fullmatch(custom_id):
        if not on_its_message(interaction, custom_id, data.get("component_type")):
            await report(interaction, UserFacingError(OUT_OF_DATE))
        return  # else Routed answers
    await asyncio.sleep(0)  # let any view discord.py holds for the message go first
    if not interaction.response.is_done():
        await report(interaction, UserFacingError(UNKNOWN))


def register_routed(bot: commands.Bot) -> None:
    """Make every component routable (also after a restart)."""
    bot.add_dynamic_items(Routed)
    bot.add_listener(answer_foreign, "on_interaction")
