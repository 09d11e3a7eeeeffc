"""One error handler for the whole command tree and every component.

Expected errors (an illegal move, a table rule such as "not your turn", a check failure)
become a clear ephemeral message. Anything else is logged with a short reference id that
is also shown to the user, so a report can be matched with the log. Every interaction gets
an answer: a fresh one is responded to, a deferred or answered one gets a follow-up.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.refusal import UserFacingError  # the cogs import it from here
from cogs.text import MESSAGE_LIMIT, clip, safe
from engine.core import IllegalMove
from tables.errors import TableError

log = logging.getLogger("algae.errors")


# Expected errors and their answers, first match wins: the permission, DM and cooldown
# failures are CheckFailures too, so they come before it.
_ANSWERS: tuple[tuple[type[BaseException], Callable[[Any], str]], ...] = (
    # the reason may echo what was typed: no bidi or control characters, no markdown
    (IllegalMove, lambda e: f"That move is not legal: {safe(str(e), MESSAGE_LIMIT)}"),
    (TableError, lambda e: e.message),
    (UserFacingError, str),
    (
        app_commands.MissingPermissions,
        lambda e: "You need the Manage Channels permission for that.",
    ),
    (app_commands.NoPrivateMessage, lambda e: "That works only in a server channel."),
    (app_commands.CommandOnCooldown, lambda e: f"Slow down: try again in {e.retry_after:.0f}s."),
    (app_commands.CheckFailure, lambda e: str(e) or "You can't do that here."),
    (app_commands.TransformerError, lambda e: f"I couldn't understand {safe(repr(e.value))}."),
)


def describe(error: BaseException) -> str | None:
    """The text for an expected error, or None when it is a bug."""
    if isinstance(error, app_commands.CommandInvokeError | commands.CommandInvokeError):
        error = error.original
    for kind, text in _ANSWERS:
        if isinstance(error, kind):
            return text(error)
    return None


async def answer(interaction: discord.Interaction, text: str) -> None:
    """Tell the user ``text`` ephemerally, however far the interaction already got."""
    text = clip(text, MESSAGE_LIMIT)
    none = discord.AllowedMentions.none()
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=none)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=none)
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s: %s", interaction.id, _short(exc))


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer an error: expected ones plainly, bugs with a reference id."""
    if interaction.type is discord.InteractionType.autocomplete:
        log.warning("autocomplete failed: %r", error)
        if not interaction.response.is_done():
            with contextlib.suppress(discord.HTTPException):
                await interaction.response.autocomplete([])  # an empty list, not a spinner
        return
    original = getattr(error, "original", error)
    if getattr(getattr(interaction, "client", None), "stopping", False):  # shutting down
        log.info("interaction %s interrupted by shutdown: %s", interaction.id, _short(original))
        return
    if expired(original):
        log.warning(
            "interaction %s in %s could not be answered: %s",
            interaction.id,
            _where(interaction),
            _short(original),
        )
        return
    text = describe(error)
    if text is None:
        ref = secrets.token_hex(4)
        log.error(
            "unexpected error ref=%s in %s by user %s",
            ref,
            _where(interaction),
            interaction.user.id if interaction.user else "?",
            exc_info=(type(original), original, original.__traceback__),
        )
        text = f"Something went wrong on my side (reference `{ref}`). Please try again."
    await answer(interaction, text)


# Discord's codes for an interaction past its deadline or answered already (a double
# delivery): expected under load, nothing to fix, and nobody left to answer.
EXPIRED_CODES = {10062, 10015, 40060}


def expired(error: BaseException) -> bool:
    """An HTTP error that only says the interaction can no longer be answered."""
    return isinstance(error, discord.HTTPException) and error.code in EXPIRED_CODES


class ExpiredIsWarning(logging.Filter):
    """discord.py logs an answer Discord refused because the interaction expired (an
    autocomplete past 3 s, say) as an error with a traceback; it is a warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is not None and expired(error):
            record.msg = f"{record.getMessage()}: {_short(error)}"
            record.args = ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


DISCORD_LOGGERS = ("discord.app_commands.tree", "discord.ui.view", "discord.client")


def install_log_filter() -> None:
    for name in DISCORD_LOGGERS:
        logging.getLogger(name).addFilter(ExpiredIsWarning())


def _short(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} code {error.code} {error.text}"[:200]
    return repr(error)[:200]


def _where(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    return f"component {data.get('custom_id', '?')}"


class Errors(commands.Cog):
    """Installs the tree-wide handler (components route through :func:`report` too)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error
        bot.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Errors(bot))
