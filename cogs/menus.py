"""Persistent components: the Play button of turn posts and the private move menus.

Every component is routed by ``cogs.components`` from its custom id alone (built and
parsed by ``cogs.custom_ids``), so buttons keep working after a restart: nothing is held
in memory between the post and the click.

The rule for when the public channel sees a post lives in the table layer
(``tables.announce.turn_ended``): a post is made when the mover has no open decision any
more, or the set of other seats to act changed, or the game ended. While the same player
keeps choosing through a chain of small decisions, each choice edits their private menu in
place and nothing is posted; the choice that ends their turn makes the public post.

Clicks that cannot count get a clear private answer. What a click may do (the channel of
its game, the seat, the stale-menu rule) is decided by the table layer
(``tables.controls``); these handlers only turn its answers into messages.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs import custom_ids, menu_model
from cogs.components import Routed, button, chosen_index, route, where
from cogs.custom_ids import CustomId
from cogs.errors import UserFacingError
from cogs.homes import claim
from cogs.menu_model import Menu
from cogs.services import tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe
from engine.core import Decision

log = logging.getLogger("algae.menus")

NONE = discord.AllowedMentions.none()
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "danger": discord.ButtonStyle.danger,
    "success": discord.ButtonStyle.success,
}


# ----------------------------------------------------------------- building views
def play_view(game_id: int, version: int, *, play: bool = True) -> discord.ui.View:
    """The public post's view: the Play button (not in spectator channels) and the
    "Full board" button (the post's picture is the compact turn card)."""
    view = discord.ui.View(timeout=None)
    if play:
        view.add_item(
            button(custom_ids.play_id(game_id, version), "Play", discord.ButtonStyle.primary)
        )
    board = custom_ids.board_id(game_id, version)
    view.add_item(button(board, "Full board", discord.ButtonStyle.secondary))
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
        view.add_item(Routed(item))
    return view


def menu_text(decision: Decision, menu: Menu, header: str = "") -> str:
    lines = [header] if header else []
    lines.append(f"**{safe(menu.prompt, 200)}**")
    if menu.note:
        lines.append(f"-# {menu.note}")
    return clip("\n".join(lines), MESSAGE_LIMIT)


# ------------------------------------------------------------------- the handlers
@route("play")
async def open_menu(interaction: discord.Interaction, cid: CustomId) -> None:
    """The Play button: an ephemeral menu for the caller's pending decision."""
    assert cid.game_id is not None and cid.version is not None
    await interaction.response.defer(ephemeral=True, thinking=True)  # answered at once
    opening = await tables_of(interaction).open_menu(
        where(interaction), interaction.user.id, cid.game_id, cid.version
    )
    decision = opening.decision
    menu = menu_model.build(cid.game_id, decision)
    header = f"Seat {decision.seat + 1}" if opening.open_seats > 1 else ""
    await interaction.followup.send(
        menu_text(decision, menu, header),
        view=menu_view(cid.game_id, menu),
        ephemeral=True,
        allowed_mentions=NONE,
    )


async def _defer(interaction: discord.Interaction) -> None:
    """Answer a menu click at once: the menu (an ephemeral message) is edited when the
    work is done. A menu id arriving on a public message (forged: menus are always
    private) gets a private "thinking" answer instead, so nothing public changes."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


@route("section", "back")
async def show_section(interaction: discord.Interaction, cid: CustomId) -> None:
    """Move between the two levels of a big menu (edits the menu in place)."""
    assert cid.game_id is not None and cid.seat is not None and cid.version is not None
    section = chosen_index(interaction) if cid.action == "section" else None
    await _defer(interaction)
    decision = await tables_of(interaction).menu_decision(
        where(interaction), interaction.user.id, cid.game_id, cid.seat, cid.version
    )
    menu = menu_model.build(cid.game_id, decision, section)
    await interaction.edit_original_response(
        content=menu_text(decision, menu), view=menu_view(cid.game_id, menu), allowed_mentions=NONE
    )


@route("option", "select")
async def choose(interaction: discord.Interaction, cid: CustomId) -> None:
    """An option was picked: play it, edit the menu in place, post when the turn ends."""
    assert cid.game_id is not None and cid.seat is not None and cid.version is not None
    index = cid.index if cid.action == "option" else chosen_index(interaction)
    assert index is not None
    await _defer(interaction)
    result = await tables_of(interaction).play_option(
        where(interaction), interaction.user.id, cid.game_id, cid.seat, cid.version, index
    )
    if result.posted:
        from cogs.posting import poster

        poster(interaction.client).publish_soon(result.post_ids)  # while we answer
    done = "\n".join(f"✔ {safe(e, 180)}" for e in result.events) or "✔ Done."
    nxt = None if result.over else result.next
    if nxt is not None:
        menu = menu_model.build(cid.game_id, nxt)
        if not result.posted and await tables_of(interaction).can_undo_turn(
            cid.game_id, interaction.user.id
        ):
            menu = menu_model.with_undo(menu, cid.game_id, nxt)
        await interaction.edit_original_response(
            content=menu_text(nxt, menu, done),
            view=menu_view(cid.game_id, menu),
            allowed_mentions=NONE,
        )
    else:
        end = "The game is over." if result.over else "Your turn is done."
        await interaction.edit_original_response(
            content=clip(f"{done}\n{end}", MESSAGE_LIMIT), view=None, allowed_mentions=NONE
        )
    if result.closed_requests:
        from cogs.undo import drop_request_buttons

        await drop_request_buttons(interaction.client, result.closed_requests)


@route("undo_turn")
async def undo_turn(interaction: discord.Interaction, cid: CustomId) -> None:
    """Undo my turn: the caller's moves not yet posted are taken back at once (no post,
    no ping: nobody else was told of them) and the menu shows the question again."""
    assert cid.game_id is not None and cid.seat is not None and cid.version is not None
    claim(interaction)  # it edits the menu in place: only the caller's own private menu
    await interaction.response.defer()  # the take-back replays the game: answer at once
    tables = tables_of(interaction)
    decision = await tables.menu_decision(
        where(interaction), interaction.user.id, cid.game_id, cid.seat, cid.version
    )
    out = await tables.undo(None, interaction.user.id, None, game_id=cid.game_id, only_free=True)
    mine = await tables.decisions_for(None, interaction.user.id, game_id=cid.game_id)
    back = next((d for d in mine if d.seat == decision.seat), mine[0] if mine else None)
    if back is None:
        raise UserFacingError("Taken back, but there is nothing for you to decide now.")
    shown = await tables.menu_decision(
        where(interaction), interaction.user.id, cid.game_id, back.seat, back.version
    )
    menu = menu_model.build(cid.game_id, shown)
    head = f"↩ Taken back ({'1 move' if out.count == 1 else f'{out.count} moves'})."
    await interaction.edit_original_response(
        content=menu_text(shown, menu, head),
        view=menu_view(cid.game_id, menu),
        allowed_mentions=NONE,
    )
