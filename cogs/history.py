"""/log (paged, filtered by player or round) and /history move: (the board after a move).

Both answer privately: the log and old pictures are for the one who asks, and the public
channel keeps one post per turn. Numbers are log positions, the ones /log shows: an undo
takes a number of its own, and a move taken back keeps its number, struck through.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.components import Routed, route, where
from cogs.custom_ids import CustomId, log_page_id
from cogs.homes import claim
from cogs.render import as_file, picture
from cogs.services import channel_of, tables_of
from cogs.text import CHOICE_NAME_LIMIT, MESSAGE_LIMIT, clip, page_of, safe

NONE = discord.AllowedMentions.none()
PER_PAGE = 15
LATEST = 10_000  # a page past the end: the table layer answers with the last one
LINE_LIMIT = 125  # 15 lines of this fit one message with the footer


def log_line(item) -> str:
    """One log item as one bounded line (user text escaped)."""
    if item.kind == "undo":
        text = "; ".join(safe(x, 120) for x in item.events)
        return clip(f"`{item.seq:>3}` ↩ {text}", LINE_LIMIT)
    # what happened, in the game's words (the lines name the player); the move's notation
    # only when it logged nothing (issue 12 item 6: no internal codes in what players read)
    happened = "; ".join(safe(x, 120) for x in item.events)
    body = happened or f"{safe(item.name)}: {safe(item.move, 80)}"
    if item.undone_by is not None:  # the mark always shows: the body is cut first
        mark = f" (taken back at #{item.undone_by})"
        room = LINE_LIMIT - len(mark) - len(f"`{item.seq:>3}` ~~~~")
        return f"`{item.seq:>3}` ~~{clip(body, room)}~~{mark}"
    return clip(f"`{item.seq:>3}` {body}", LINE_LIMIT)


def log_text(result) -> str:
    """One page of /log with its footer."""
    lines = [log_line(i) for i in result.items]
    text, _, _ = page_of(lines or ["(no moves match)"], 1, MESSAGE_LIMIT - 120)
    filters = "".join(f" · {safe(f, 80)}" for f in result.filters)
    # unfiltered, the count equals the last move number (an undo takes a number too)
    footer = f"\n-# page {result.page}/{result.pages} · {result.total} moves{filters}"
    if result.page > 1 and result.filters:
        footer += f" · older: /log page:{result.page - 1}"
    return text + footer


def paging_view(result) -> discord.ui.View:
    """Older / Newer buttons for the unfiltered log (none for a single page; item 11)."""
    view = discord.ui.View(timeout=None)
    if result.pages <= 1:
        return view
    older = Routed(
        discord.ui.Button(
            label="Older",
            custom_id=log_page_id(result.game_id, max(1, result.page - 1)),
            style=discord.ButtonStyle.secondary,
            disabled=result.page <= 1,
        )
    )
    newer = Routed(
        discord.ui.Button(
            label="Newer",
            custom_id=log_page_id(result.game_id, min(result.pages, result.page + 1)),
            style=discord.ButtonStyle.secondary,
            disabled=result.page >= result.pages,
        )
    )
    view.add_item(older)
    view.add_item(newer)
    return view


@route("log")
async def log_page(interaction: discord.Interaction, cid: CustomId) -> None:
    """Another page of the log, edited in place (the game must live in this channel, and
    the message be the caller's own /log answer)."""
    assert cid.game_id is not None and cid.index is not None
    claim(interaction)
    tables = tables_of(interaction)
    row = await tables.row_at(where(interaction), cid.game_id)
    result = await tables.history(None, game_id=row.id, page=cid.index, per_page=PER_PAGE)
    view = paging_view(result)
    await interaction.response.edit_message(
        content=log_text(result), view=view, allowed_mentions=NONE
    )


class History(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="The move history of this channel's game.")
    @app_commands.describe(
        page="Page number (1 = the first moves; default: the latest)",
        player="Only this player's moves (start typing)",
        round="Only this round (the week in Algae, Inc.)",
    )
    @app_commands.guild_only()
    async def log(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 10000] | None = None,
        player: app_commands.Range[str, 1, 64] | None = None,
        round: app_commands.Range[int, 0, 1000] | None = None,
    ) -> None:
        slow = round is not None  # the round filter replays the game: answer later
        if slow:
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await tables_of(interaction).history(
            interaction.channel_id,
            page=LATEST if page is None else page,  # the latest moves first (issue 12 item 11)
            per_page=PER_PAGE,
            player=player,
            round=round,
        )
        text = log_text(result)
        view = paging_view(result) if not result.filters else discord.ui.View()
        if slow:
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NONE, view=view)
        else:
            await interaction.response.send_message(
                text, ephemeral=True, allowed_mentions=NONE, view=view
            )

    @log.autocomplete("player")
    async def log_player(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            info = await tables_of(interaction).game_in(channel_of(interaction))
        except Exception:
            return []
        typed = current.casefold()
        return [
            app_commands.Choice(name=clip(s.name, CHOICE_NAME_LIMIT), value=s.name[:64])
            for s in info.seats
            if typed in s.name.casefold()
        ][:25]

    @app_commands.command(name="history", description="The board after a move of the log.")
    @app_commands.describe(move="The move number, as /log shows it (0 = the start)")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, move: app_commands.Range[int, 0, 1_000_000]
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, shown, view = await tables_of(interaction).board_at(interaction.channel_id, move)
        png = await picture(info.kind, "public", view)
        text = f"**{safe(info.title, 60)}** · game #{info.id} · after move {shown}"
        if shown != move:
            text = (
                f"There is no move {move}: game #{info.id} has {info.version} so far. "
                f"Here is the board after the last one (move {shown})."
            )
        file = as_file(png, f"move-{shown}.png")
        if file is None:
            await interaction.followup.send(
                text + "\n(no picture for this game)", ephemeral=True, allowed_mentions=NONE
            )
            return
        await interaction.followup.send(text, file=file, ephemeral=True, allowed_mentions=NONE)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(bot))
