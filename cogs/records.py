"""/export (the game record as a JSON file) and /import (a game rebuilt from one).

The rules of both live in tables/records.py: which games export (not active ones: the seed
would tell hidden draws), the record's shape and bounds, the full replay, and who holds the
seats of an imported game (the importer, hot-seat, until /game replace).
"""

from __future__ import annotations

import asyncio
import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from cogs.errors import UserFacingError
from cogs.services import channel_of, display_name, is_admin, tables_of
from cogs.text import MESSAGE_LIMIT, clip, safe
from tables.records import MAX_RECORD_BYTES

NONE = discord.AllowedMentions.none()


class Records(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="export", description="The game record as a JSON file.")
    @app_commands.describe(game="A game number (default: this channel's game, or its last)")
    @app_commands.guild_only()
    async def export(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1, 2**53] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = tables_of(interaction)
        if game is not None:
            info = await tables.game(game)
            if info.guild_id != interaction.guild_id:
                raise UserFacingError(f"There is no game #{game} in this server.")
        info, record = await tables.export_record(
            interaction.channel_id,
            game_id=game,
            user_id=interaction.user.id,
            admin=is_admin(interaction),
        )
        data = await asyncio.to_thread(lambda: json.dumps(record, indent=1).encode())
        file = discord.File(io.BytesIO(data), filename=f"game-{info.id}-{info.kind}.json")
        text = (
            f"**{safe(info.title, 60)}** · game #{info.id} · {len(record['moves'])} moves. "
            "Rebuild it anywhere with `/import`."
        )
        await interaction.followup.send(
            clip(text, MESSAGE_LIMIT), file=file, ephemeral=True, allowed_mentions=NONE
        )

    @app_commands.command(
        name="import", description="Rebuild a game from an exported record (in a free channel)."
    )
    @app_commands.describe(file="A record made by /export (JSON, at most 1 MB)")
    @app_commands.guild_only()
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        if file.size > MAX_RECORD_BYTES:
            raise UserFacingError(
                f"That file is too big for a game record (at most {MAX_RECORD_BYTES // 1000} kB)."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            raw = await file.read()
        except discord.HTTPException as exc:
            raise UserFacingError("I could not download that file; try again.") from exc
        result = await tables_of(interaction).import_record(
            interaction.guild_id,
            channel_of(interaction),
            interaction.user.id,
            display_name(interaction.user),
            raw,
        )
        state = "It is over already." if result.over else "Hand seats on with `/game replace`."
        await interaction.followup.send(
            f"Imported as game #{result.game_id}: {result.version} moves replayed. "
            f"You hold every seat. {state}",
            ephemeral=True,
            allowed_mentions=NONE,
        )
        from cogs.posting import poster

        await poster(self.bot).publish(result.post_ids)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Records(bot))
