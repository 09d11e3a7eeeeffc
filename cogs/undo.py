"""/undo and the persistent Approve / Refuse buttons of an undo request.

The table layer decides (tables/undo.py): a free take-back is applied at once and the board
is posted again; otherwise a request is posted in the channel, pinging only the players
who must approve, with buttons that survive restarts (their custom ids carry the request).
One request a game at a time: another /undo meanwhile gets a private link to the open one.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.components import button, route, where
from cogs.custom_ids import CustomId, undo_id
from cogs.reminders import jump_link
from cogs.services import display_name, tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe
from tables.errors import TableError
from tables.undo import UndoOutcome, UndoPending

NONE = discord.AllowedMentions.none()
log = logging.getLogger("algae.undo")


async def _publish(interaction: discord.Interaction, post_ids) -> None:
    from cogs.posting import poster

    await poster(interaction.client).publish(post_ids)


def request_view(request_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(button(undo_id(request_id, True), "Approve", discord.ButtonStyle.success))
    view.add_item(button(undo_id(request_id, False), "Refuse", discord.ButtonStyle.danger))
    return view


class Undo(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="undo", description="Take back your turn so far, or moves.")
    @app_commands.describe(
        moves="How many of your own last moves to take back (default: your turn so far)"
    )
    @app_commands.guild_only()
    async def undo(
        self,
        interaction: discord.Interaction,
        moves: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            out = await tables_of(interaction).undo(
                interaction.channel_id, interaction.user.id, moves
            )
        except UndoPending as exc:  # one request at a time: point at it, ping nobody
            await interaction.followup.send(
                pending_text(exc, interaction.guild_id), ephemeral=True, allowed_mentions=NONE
            )
            return
        if out.status == "applied":
            assert out.result is not None  # an applied undo always carries its result
            again = "The board is posted again." if out.result.posted else "Press Play to go on."
            await interaction.followup.send(
                f"Taken back ({undone_text(out.count)}). {again}",
                ephemeral=True,
                allowed_mentions=NONE,
            )
            await _publish(interaction, out.result.post_ids)
            return
        channel = interaction.channel
        if not isinstance(channel, discord.abc.Messageable):
            raise TableError("This works only in a server channel.")
        assert out.request_id is not None  # a requested undo has its request row
        try:
            message = await channel.send(
                request_text(interaction.user.id, out.described, out.waiting_for),
                view=request_view(out.request_id),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False,
                    roles=False,
                    replied_user=False,
                    users=[discord.Object(int(u)) for u in out.mentions],
                ),
            )
        except Exception:  # never posted: nobody could answer it, so it may not stay open
            await tables_of(interaction).drop_undo_request(out.request_id)
            raise
        await tables_of(interaction).note_undo_message(
            out.request_id, message.channel.id, message.id
        )
        names = ", ".join(safe(n) for _, n in out.waiting_for)
        await interaction.followup.send(
            f"Those moves need consent: asked {names}.", ephemeral=True, allowed_mentions=NONE
        )


CANCELLED = "↩ ~~Undo request~~: cancelled, a move was made first."


async def drop_request_buttons(client: discord.Client, closed, text: str = CANCELLED) -> None:
    """Edit the undo requests a move cancelled: no live-looking buttons (issue 12 item 8).
    Never raises: a message that cannot be edited keeps buttons that answer "closed"."""
    for channel_id, message_id in closed:
        try:
            channel = client.get_partial_messageable(channel_id)
            await channel.get_partial_message(message_id).edit(
                content=text, view=None, allowed_mentions=NONE
            )
        except Exception:
            log.warning("could not edit undo request message %s", message_id, exc_info=True)


def pending_text(exc: UndoPending, guild_id: int | None) -> str:
    """The private answer to /undo while a request is open, with a link to it."""
    request = exc.request
    if request.channel_id is None or request.message_id is None:
        return exc.message
    return f"{exc.message}\n{jump_link(guild_id, request.channel_id, request.message_id)}"


def undone_text(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def request_text(
    requester: int, described: tuple[str, ...], waiting: tuple[tuple[int, str], ...]
) -> str:
    """The public request: who asks, what exactly it takes back (the log lines of the
    moves, forced ones left out), who must agree."""
    who = ", ".join(f"<@{int(u)}>" for u, _ in waiting)
    lines = [f"↩ <@{requester}> asks to take back:"]
    lines += [f"• {safe(d, 180)}" for d in described]
    lines.append(f"{who}: do you agree? Any new move cancels the request.")
    return clip("\n".join(lines), MESSAGE_LIMIT)


@route("undo")
async def answer_request(interaction: discord.Interaction, cid: CustomId) -> None:
    """Approve or Refuse on an undo request (the custom id carries the request). A click
    that changes nothing (not an approver, the request closed: a double click, a move came
    first) raises, and the error handler answers it privately: the public message keeps
    what it says (the result of the click that closed it)."""
    assert cid.request_id is not None
    out = await tables_of(interaction).answer_undo(
        cid.request_id, interaction.user.id, bool(cid.approve), where=where(interaction)
    )
    me = safe(display_name(interaction.user))
    if out.status == "approved":
        left = ", ".join(safe(n) for _, n in out.waiting_for)
        await interaction.response.send_message(
            f"Noted. Still waiting for {left}.", ephemeral=True, allowed_mentions=NONE
        )
        return
    if out.status == "refused":
        await _show_end(interaction, out, f"↩ Undo refused by {me}: the game goes on.")
        return
    text = f"↩ Undo approved (last by {me}): {out.count} move(s) taken back."
    await _show_end(interaction, out, text)
    if out.result is not None:
        await _publish(interaction, out.result.post_ids)


async def _show_end(interaction: discord.Interaction, out: UndoOutcome, text: str) -> None:
    """How a request ended, on the request's own message (buttons gone). A click that
    claims another message (a forged one) is answered privately and edits only the
    request's message, by its id."""
    clicked = interaction.message.id if interaction.message is not None else None
    if clicked is not None and clicked == out.message_id:
        await interaction.response.edit_message(content=text, view=None, allowed_mentions=NONE)
        return
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NONE)
    if out.message_id is not None:
        await drop_request_buttons(interaction.client, [(out.channel_id, out.message_id)], text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Undo(bot))
