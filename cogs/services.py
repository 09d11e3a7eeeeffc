"""How the cogs reach the table layer (the only cogs module that knows how it is opened)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

import discord

from tables.errors import TableError
from tables.text import shown

if TYPE_CHECKING:
    from tables.service import Tables

log = logging.getLogger(__name__)


def bot_tables(client: discord.Client) -> Tables:
    """The bot's table layer (``AlgaeBot.tables``, opened in its ``setup_hook``)."""
    tables = getattr(client, "tables", None)
    if tables is None:
        raise RuntimeError("the table layer is not open (the bot runs with --sync?)")
    return tables


def tables_of(interaction: discord.Interaction) -> Tables:
    """The table layer of the bot an interaction reached."""
    return bot_tables(interaction.client)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel id of a command or click (Discord sends one with every guild interaction)."""
    if interaction.channel_id is None:
        raise TableError("This works only in a server channel.")
    return interaction.channel_id


def display_name(user: discord.abc.User) -> str:
    """The name the server shows for a user (their nickname), else their user name; a name of
    only invisible characters (which the table layer would refuse as empty) falls back to the
    next, and at last to "player" and the end of the user's id."""
    for name in (getattr(user, "display_name", None), user.name):
        if name and shown(name, 64):
            return name
    return f"player {str(user.id)[-4:]}"


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Channels or Administrator in this channel: may act for a game's host."""
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.administrator)


async def open_tables(db_path: Path | str) -> Tables:
    """The table layer on a SQLite file or a ``postgresql://`` URL. ``ALGAE_POST_LEASE``:
    seconds a post or notice claimed by this process is kept from the others."""
    from storage.open import is_postgres
    from tables.clock import clock_from_env
    from tables.service import LEASE
    from tables.service import open_tables as _open

    if not is_postgres(db_path):
        Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    lease = float(os.environ.get("ALGAE_POST_LEASE") or LEASE)
    raw = os.environ.get("ALGAE_RAW_SEEDS") == "1"
    if raw:
        log.warning("ALGAE_RAW_SEEDS is set: lobby seeds are used as given (tests only)")
    return await _open(db_path, clock=clock_from_env(), lease=lease, raw_seeds=raw)


async def close_tables(tables: Tables) -> None:
    await tables.close()


async def announced_version(tables: Tables, game_id: int) -> int:
    """The game version of the latest public post of a game (0: the start post), which
    tells whether a Play button belongs to the latest post."""
    return (await tables.game(game_id)).announced_seq
