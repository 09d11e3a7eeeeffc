"""The bot's slash commands as Discord holds them once synced (``Command.to_dict``), so
the stand-in refuses what Discord would refuse (ranges, lengths, choices, required)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

_CACHE: dict[str, dict[str, Any]] = {}


async def bot_commands() -> dict[str, dict[str, Any]]:
    """Every top-level command of the bot by name, built as ``bot.py --sync`` would."""
    if not _CACHE:
        from cogs.app import COGS, AlgaeBot, Config

        bot = AlgaeBot(Config(token="", db_path=Path("unused.sqlite3")), sync_only=True)
        try:
            for name in COGS:
                await bot.load_extension(name)
            for command in bot.tree.get_commands():
                _CACHE[command.name] = command.to_dict(bot.tree)
        finally:
            await bot.close()
    return _CACHE
