"""Where a control lives: checked before a click edits the message it came from.

A handler that answers with ``edit_message`` (Keep playing, Abort, Resign, a /log page,
Undo my turn, the lobby's Start) rewrites the message the click claims to come from.
Discord only delivers a click from the message that carries the component, but a modified
client can claim any message of the channel: an abort confirmation's "Keep playing"
claimed on the public turn post would replace the post and take its buttons away. So such
a handler first calls ``claim``: unless the message is the control's home, the click gets
a fresh private answer (the tree-wide error path) and nothing changes.

Most of these controls live on the clicker's own ephemeral message (``private``); the
lobby's Start lives on the public lobby post (``cogs.game.lobby_post``).
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from cogs.errors import UserFacingError

Home = Callable[[discord.Interaction, discord.Message], bool]

MISPLACED = (
    "That control does not belong to this message, so nothing was changed. "
    "Use the buttons the bot showed you (or the newest post)."
)


def private(interaction: discord.Interaction, message: discord.Message) -> bool:
    """The clicker's own ephemeral message: a private menu, a confirmation, a /log page."""
    if not message.flags.ephemeral:
        return False
    meta = message.interaction_metadata
    return meta is None or meta.user.id == interaction.user.id


def by_the_bot(interaction: discord.Interaction, message: discord.Message) -> bool:
    """A message the bot itself sent (only its own messages carry its controls)."""
    me = interaction.client.user
    return me is not None and message.author.id == me.id


def claim(interaction: discord.Interaction, home: Home = private) -> None:
    """Refuse the click (``UserFacingError``, answered privately by the caller's error
    path) unless the message it came from is the control's ``home``. Call it before the
    handler changes anything."""
    message = interaction.message
    if message is None or not home(interaction, message):
        raise UserFacingError(MISPLACED)
