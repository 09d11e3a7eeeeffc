"""Read-only commands: /help, /rules, /board, /me, /status, /log. Anyone may use them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import rulebook
from cogs.render import as_file, picture, to_act_text
from cogs.services import channel_of, tables_of
from cogs.settings import time_lines
from cogs.text import MESSAGE_LIMIT, clip, relative_time, safe

NONE = discord.AllowedMentions.none()

HELP = """**Euro games by chat** — one game per channel; take your turn whenever you like.
**Lobby** `/game new game:<game>` · `/game join` · `/game leave` · `/game start` (host)
**Manage** `/game abort` · `/game kick` · `/game replace` (host or Manage Channels)
**Seats** `/game seats` · `/game list`
**Play** press **Play** under the latest post (a private menu opens),
or type `/play move:` (autocomplete lists your legal moves)
**Look** `/board` the picture · `/me` your private view · `/status` whose turn
**History** `/log [player] [round]` · `/history move:` the board after a move · `/undo [moves]`
**Records** `/export` a record file · `/import file:` rebuild a game · `/stats` · `/game resign`
**Rules** `/rules topic:` quotes the rules documents
**Watch** `/spectate add channel:` mirrors every turn post into another channel
**Over days** `/mygames` your games, waiting ones first · `/settings` turn DMs, time zone,
quiet hours · `/vacation` · `/game settings` reminders and a turn time limit (host)"""


class Info(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play by chat: the commands.")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(HELP, ephemeral=True, allowed_mentions=NONE)

    @app_commands.command(name="rules", description="Quote the rules documents.")
    @app_commands.describe(topic="A rules document (start typing)", page="Page of that document")
    async def rules(
        self,
        interaction: discord.Interaction,
        topic: app_commands.Range[str, 0, 100] | None = None,
        page: app_commands.Range[int, 1, 100] = 1,
    ) -> None:
        if not topic:
            names = [f"• {t.title}" for t in rulebook.topics()] or ["(no rules documents)"]
            text = "**Rules topics** (use `/rules topic:`):\n" + "\n".join(names)
            await interaction.response.send_message(
                clip(text, MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE
            )
            return
        found = rulebook.find(topic)
        if found is None:
            await interaction.response.send_message(
                f"No rules topic matches {safe(topic)!s}.", ephemeral=True, allowed_mentions=NONE
            )
            return
        pages = found.pages()
        number = min(page, len(pages))
        text = f"{pages[number - 1]}\n-# {found.title} · page {number}/{len(pages)}"
        await interaction.response.send_message(
            clip(text, MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE
        )

    @rules.autocomplete("topic")
    async def rules_topic(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=t.title[:100], value=t.key) for t in rulebook.matching(current)
        ]

    @app_commands.command(name="board", description="The board picture of this channel's game.")
    @app_commands.describe(
        player="Show this player's own board in detail (public information only)"
    )
    @app_commands.guild_only()
    async def board(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info, game = await tables_of(interaction).load(interaction.channel_id)
        text = f"**{safe(info.title, 60)}** · game #{info.id} · move {info.version}"
        if player is None:
            png = await picture(info.kind, "final" if game.over else "public", game.view(None))
        else:
            seats = info.seats_of(player.id)
            if not seats:
                await interaction.followup.send(
                    f"{safe(player.display_name, 64)} is not playing in this game.",
                    ephemeral=True,
                    allowed_mentions=NONE,
                )
                return
            # the public view: another player's board never shows what only they may see
            png = await picture(info.kind, "player", game.view(None), seat=seats[0].seat)
            text += f" · {safe(seats[0].name, 64)}'s board"
        file = as_file(png)
        if file is None:
            text += "\n(no picture for this game yet; see /status)"
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NONE)
            return
        await interaction.followup.send(text, file=file, ephemeral=True, allowed_mentions=NONE)

    @app_commands.command(name="me", description="Your private view of the game (only you see it).")
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = tables_of(interaction)
        info = await tables.game_in(channel_of(interaction))
        if not info.seats_of(interaction.user.id):
            await interaction.followup.send(
                "You are not playing in this game; /board shows the public picture.",
                ephemeral=True,
                allowed_mentions=NONE,
            )
            return
        view = await tables.view(interaction.channel_id, interaction.user.id)
        png = await picture(info.kind, "player", view)
        decisions = await tables.decisions_for(interaction.channel_id, interaction.user.id)
        lines = [f"**Your view** · {safe(info.title, 60)} · game #{info.id}"]
        lines += [f"You must: {safe(d.prompt, 80)} ({len(d.options)} options)" for d in decisions]
        if not decisions:
            lines.append("Nothing to do right now.")
        if png is None:
            lines.append(f"```\n{clip(_plain(view), 1500)}\n```")
        file = as_file(png, "me.png")
        kwargs: dict[str, Any] = {"file": file} if file else {}
        await interaction.followup.send(
            clip("\n".join(lines), MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE, **kwargs
        )

    @app_commands.command(name="status", description="Whose turn it is, since when, and scores.")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        st = await tables_of(interaction).status(interaction.channel_id)
        info = st.info
        lines = [f"**{safe(info.title, 60)}** · game #{info.id} · {info.status}"]
        if st.round is not None:
            lines.append(
                f"{st.round_name.capitalize()} {st.round}"
                + (f" · {safe(st.phase)}" if st.phase else "")
            )
        if info.status == "lobby":
            names = ", ".join(safe(s.name) for s in info.seats)
            lines.append(
                f"Lobby: {names} ({len(info.seats)}/{info.max_seats}), "
                f"opened {relative_time(info.created_at)}"
            )
        elif st.over:
            lines.append("The game is over.")
        elif st.to_act:
            lines.append("To act:\n" + to_act_text(st.to_act))
        if info.status in ("lobby", "active"):
            lines += await time_lines(tables_of(interaction), st)
        if st.scores:
            lines.append("Scores: " + ", ".join(f"{safe(s.player)} {s.vp}" for s in st.scores))
        await interaction.response.send_message(
            clip("\n".join(lines), MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE
        )


def _plain(view: dict) -> str:
    return "\n".join(f"{k}: {v}" for k, v in view.items())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Info(bot))
