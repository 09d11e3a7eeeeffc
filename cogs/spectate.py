"""/spectate: mirror every public turn post of this channel's game into other channels."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.services import is_admin, tables_of
from cogs.text import MESSAGE_LIMIT, clip

NONE = discord.AllowedMentions.none()


class Spectate(
    commands.GroupCog, group_name="spectate", group_description="Mirror this game elsewhere"
):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _say(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(
            clip(text, MESSAGE_LIMIT), ephemeral=True, allowed_mentions=NONE
        )

    @app_commands.command(name="add", description="Mirror this game's turn posts into a channel.")
    @app_commands.describe(channel="Where the posts should also appear (without buttons)")
    @app_commands.guild_only()
    async def add(
        self, interaction: discord.Interaction, channel: discord.TextChannel | discord.Thread
    ) -> None:
        await tables_of(interaction).spectate_add(
            interaction.channel_id,
            channel.id,
            actor_id=interaction.user.id,
            is_admin=is_admin(interaction),
        )
        await self._say(interaction, f"Turn posts will also appear in <#{channel.id}>.")

    @app_commands.command(name="remove", description="Stop mirroring into a channel.")
    @app_commands.describe(channel="The mirror channel to stop")
    @app_commands.guild_only()
    async def remove(
        self, interaction: discord.Interaction, channel: discord.TextChannel | discord.Thread
    ) -> None:
        removed = await tables_of(interaction).spectate_remove(
            interaction.channel_id,
            channel.id,
            actor_id=interaction.user.id,
            is_admin=is_admin(interaction),
        )
        text = (
            f"No more posts in <#{channel.id}>."
            if removed
            else f"<#{channel.id}> was not a mirror."
        )
        await self._say(interaction, text)

    @app_commands.command(name="list", description="Where this game is mirrored.")
    @app_commands.guild_only()
    async def list_mirrors(self, interaction: discord.Interaction) -> None:
        ids = await tables_of(interaction).spectate_list(interaction.channel_id)
        text = "Mirrored in: " + ", ".join(f"<#{i}>" for i in ids) if ids else "No mirrors."
        await self._say(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Spectate(bot))
