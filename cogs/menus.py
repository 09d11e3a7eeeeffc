"""Persistent components: the Play button of turn posts and the private move menus.

Every component is a ``discord.ui.DynamicItem`` whose custom id carries what the click
needs (see ``cogs.menu_model``), so buttons keep working after a restart: nothing is held
in memory between the post and the click.

The rule for when the public channel sees a post lives in the table layer
(``tables.announce.turn_ended``): a post is made when the mover has no open decision any
more, or the set of other seats to act changed, or the game ended. While the same player
keeps choosing through a chain of small decisions, each choice edits their private menu in
place and nothing is posted; the choice that ends their turn makes the public post.

Clicks that cannot count get a clear private answer: a stale menu (its decision version is
not the seat's current one), a click by someone not seated or not to act, a finished game.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ext import commands

from cogs import menu_model
from cogs.errors import UserFacingError, report
from cogs.menu_model import Menu
from cogs.services import announced_version, tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe
from engine.core import Decision

log = logging.getLogger("algae.menus")

NONE = discord.AllowedMentions.none()
STALE = "This menu is out of date: the game has moved on. Use the latest post, or /play."
# A Play button is stale once a newer public post exists; until then it opens the caller's
# current decision, even after they went on through a chain of small decisions privately.
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "danger": discord.ButtonStyle.danger,
    "success": discord.ButtonStyle.success,
}


# ----------------------------------------------------------------- building views
def play_view(game_id: int, version: int) -> discord.ui.View:
    """The public post's view: one Play button."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(game_id, version))
    return view


def menu_view(game_id: int, menu: Menu) -> discord.ui.View:
    """A discord.py view of a pure ``Menu``. Every item is a dynamic item, so discord.py
    keeps nothing per message in memory (menus are routed by their custom ids alone)."""
    view = discord.ui.View(timeout=None)
    for comp in menu.components:
        if comp.kind == "button":
            item: Any = discord.ui.Button(
                label=comp.label, custom_id=comp.custom_id, style=STYLES[comp.style], row=comp.row
            )
        else:
            item = discord.ui.Select(
                custom_id=comp.custom_id,
                placeholder=comp.label,
                row=comp.row,
                options=[
                    discord.SelectOption(
                        label=c.label, value=c.value, description=c.description or None
                    )
                    for c in comp.choices
                ],
            )
        view.add_item(_dynamic(item))
    return view


def menu_text(decision: Decision, menu: Menu, header: str = "") -> str:
    lines = [header] if header else []
    lines.append(f"**{safe(menu.prompt, 200)}**")
    if menu.note:
        lines.append(f"-# {menu.note}")
    return clip("\n".join(lines), MESSAGE_LIMIT)


# ------------------------------------------------------------------- the handlers
async def _current(interaction: discord.Interaction, game_id: int, seat: int) -> Decision | None:
    decisions = await tables_of(interaction).decisions_for(
        None, interaction.user.id, game_id=game_id
    )
    return next((d for d in decisions if d.seat == seat), None)


async def open_menu(interaction: discord.Interaction, game_id: int, version: int) -> None:
    """The Play button: an ephemeral menu for the caller's pending decision."""
    tables = tables_of(interaction)
    info = await tables.game(game_id)
    if info.status in ("finished", "aborted"):
        raise UserFacingError(f"This game is {info.status}; there is nothing left to play.")
    if not info.seats_of(interaction.user.id):
        raise UserFacingError("You are not playing in this game. /status shows who is.")
    decisions = await tables.decisions_for(None, interaction.user.id, game_id=game_id)
    if not decisions:
        status = await tables.status(None, game_id=game_id)
        names = ", ".join(safe(t.name) for t in status.to_act) or "nobody"
        raise UserFacingError(f"It is not your turn: waiting for {names}.")
    if await announced_version(tables, game_id) > version:  # a newer post exists
        raise UserFacingError(STALE)
    decision = decisions[0]
    menu = menu_model.build(game_id, decision)
    header = f"Seat {decision.seat + 1}" if len(decisions) > 1 else ""
    await interaction.response.send_message(
        menu_text(decision, menu, header),
        view=menu_view(game_id, menu),
        ephemeral=True,
        allowed_mentions=NONE,
    )


async def show_section(
    interaction: discord.Interaction, game_id: int, seat: int, version: int, section: int | None
) -> None:
    """Move between the two levels of a big menu (edits the menu in place)."""
    decision = await _current(interaction, game_id, seat)
    if decision is None or decision.version != version:
        raise UserFacingError(STALE)
    menu = menu_model.build(game_id, decision, section)
    await interaction.response.edit_message(
        content=menu_text(decision, menu), view=menu_view(game_id, menu), allowed_mentions=NONE
    )


async def choose(
    interaction: discord.Interaction, game_id: int, seat: int, version: int, index: int
) -> None:
    """An option was picked: play it, edit the menu in place, post when the turn ends."""
    tables = tables_of(interaction)
    info = await tables.game(game_id)
    if info.status in ("finished", "aborted"):
        raise UserFacingError(f"This game is {info.status}; there is nothing left to play.")
    if all(s.seat != seat for s in info.seats_of(interaction.user.id)):
        raise UserFacingError("This menu belongs to another player.")
    decision = await _current(interaction, game_id, seat)
    if decision is None or decision.version != version or not 0 <= index < len(decision.options):
        raise UserFacingError(STALE)
    option = decision.options[index]
    result = await tables.play(
        None,
        interaction.user.id,
        option.move,
        seat=seat,
        expected_version=version,
        game_id=game_id,
    )
    done = "\n".join(f"✔ {safe(e, 180)}" for e in result.events) or f"✔ {safe(option.label)}"
    nxt = None
    if not result.over:  # the same seat goes on, else another seat of theirs (hot-seat)
        mine = await tables.decisions_for(None, interaction.user.id, game_id=game_id)
        nxt = next((d for d in mine if d.seat == seat), mine[0] if mine else None)
    if nxt is not None:
        menu = menu_model.build(game_id, nxt)
        await interaction.response.edit_message(
            content=menu_text(nxt, menu, done), view=menu_view(game_id, menu), allowed_mentions=NONE
        )
    else:
        await interaction.response.edit_message(
            content=clip(
                f"{done}\n{'The game is over.' if result.over else 'Your turn is done.'}",
                MESSAGE_LIMIT,
            ),
            view=None,
            allowed_mentions=NONE,
        )
    if result.posted:
        from cogs.posting import poster

        await poster(interaction.client).publish(result.post_ids)


async def _guarded(interaction: discord.Interaction, coro) -> None:
    """Run a component handler; any error gets the tree-wide answer (never unanswered)."""
    try:
        await coro
    except Exception as exc:
        await report(interaction, exc)


# ------------------------------------------------------------------ dynamic items
class PlayButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"alg:play:(?P<g>\d+):(?P<v>\d+)"
):
    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Play",
                style=discord.ButtonStyle.primary,
                custom_id=menu_model.play_id(game_id, version),
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["g"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(interaction, open_menu(interaction, self.game_id, self.version))


class _Keyed(discord.ui.DynamicItem[Any], template=r"$^"):
    """Base for menu items keyed by game, seat and decision version."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        obj = cls(item)
        obj.game_id, obj.seat, obj.version = int(match["g"]), int(match["s"]), int(match["v"])
        obj.extra = match.groupdict().get("i")
        return obj


_KEY = r"(?P<g>\d+):(?P<s>\d+):(?P<v>\d+)"


class OptionButton(_Keyed, template=rf"alg:o:{_KEY}:(?P<i>\d+)"):
    async def callback(self, interaction: discord.Interaction) -> None:
        index = int(self.extra)
        await _guarded(
            interaction, choose(interaction, self.game_id, self.seat, self.version, index)
        )


class OptionSelect(_Keyed, template=rf"alg:s:{_KEY}"):
    async def callback(self, interaction: discord.Interaction) -> None:
        index = int(self.item.values[0]) if self.item.values else -1
        await _guarded(
            interaction, choose(interaction, self.game_id, self.seat, self.version, index)
        )


class SectionSelect(_Keyed, template=rf"alg:g:{_KEY}"):
    async def callback(self, interaction: discord.Interaction) -> None:
        section = int(self.item.values[0]) if self.item.values else 0
        await _guarded(
            interaction, show_section(interaction, self.game_id, self.seat, self.version, section)
        )


class BackButton(_Keyed, template=rf"alg:b:{_KEY}"):
    async def callback(self, interaction: discord.Interaction) -> None:
        await _guarded(
            interaction, show_section(interaction, self.game_id, self.seat, self.version, None)
        )


def _dynamic(item: discord.ui.Item) -> discord.ui.DynamicItem:
    prefix = item.custom_id.split(":")[1]  # type: ignore[attr-defined]
    cls = {"o": OptionButton, "s": OptionSelect, "g": SectionSelect, "b": BackButton}[prefix]
    obj = cls(item)
    obj.game_id, obj.seat, obj.version, *rest = (
        int(x)
        for x in item.custom_id.split(":")[2:]  # type: ignore[attr-defined]
    )
    obj.extra = str(rest[0]) if rest else None
    return obj


def register_dynamic_items(bot: commands.Bot) -> None:
    """Make every persistent component routable (also after a restart)."""
    from cogs.game import AbortCancel, AbortConfirm

    bot.add_dynamic_items(
        PlayButton, OptionButton, OptionSelect, SectionSelect, BackButton, AbortConfirm, AbortCancel
    )
