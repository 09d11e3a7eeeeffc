"""The command tree: every slash command is checked against its own schema first.

Discord would refuse options out of range, too long, not among the choices, of the wrong
type, or a command it never registered; a modified client or a broken proxy might still
send them. Such an interaction gets a private answer (an autocomplete an empty list) and
no handler runs, so no handler has to defend every bound again (numbers past SQLite's
64 bits, for one).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from cogs.errors import answer
from cogs.option_rules import problem

log = logging.getLogger("algae.tree")


class CheckedTree(app_commands.CommandTree):
    """``CommandTree`` whose global check enforces each command's registered schema."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._schemas: dict[str, dict[str, Any]] = {}

    def schema(self, name: str) -> dict[str, Any] | None:
        """The registered form of the top-level command ``name`` (cached)."""
        if name not in self._schemas:
            command = self.get_command(name)
            if command is None:
                return None
            self._schemas[name] = command.to_dict(self)
        return self._schemas[name]

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if getattr(self.client, "stopping", False):  # shutting down: take no new work
            log.info("interaction %s not taken: shutting down", interaction.id)
            return False
        data: Any = interaction.data or {}
        why: str | None
        if data.get("type", 1) != 1:  # context menus: none registered
            why = "that command is not one of mine"
        else:
            schema = self.schema(str(data.get("name", "")))
            autocomplete = interaction.type is discord.InteractionType.autocomplete
            if schema is None:
                why = "that command is not one of mine"
            else:
                why = problem(schema, data.get("options") or [], autocomplete=autocomplete)
        if why is None:
            return True
        log.warning(
            "refused /%s from user %s: %s", str(data.get("name"))[:40], interaction.user.id, why
        )
        if interaction.type is discord.InteractionType.autocomplete:
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])
        else:
            await answer(interaction, f"I can't take that command: {why}.")
        return False
