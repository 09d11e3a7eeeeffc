"""Entry point: ``python3 bot.py``.

With DISCORD_TOKEN set, runs the Discord bot (``cogs.app``: the ``commands.Bot``, its cogs,
persistent buttons and the outbox worker); ``--sync [--guild ID]`` registers the slash
commands and exits. Without a token (or with ``--local``), opens the terminal table on the
embedded SQLite file, so the game can be tried without Discord. ``--bench`` prints the
benchmark table; ``--copy-db FROM TO`` copies a database between SQLite and PostgreSQL
(``tables.copydb``). The first run sets up ``.venv`` (bootstrap.py).
"""

from __future__ import annotations

import os
import sys

import bootstrap

bootstrap.ensure("requirements.txt")


def main(argv: list[str]) -> int:
    if "--bench" in argv:
        from benchmarks.__main__ import main as bench

        return bench([a for a in argv if a != "--bench"])
    if "--copy-db" in argv:
        from tables.copydb import main as copy_db

        return copy_db(argv)
    if "--local" in argv or not os.environ.get("DISCORD_TOKEN"):
        from tables.terminal import main as terminal

        return terminal([a for a in argv if a != "--local"])
    from cogs.app import main as discord_main

    return discord_main(argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
