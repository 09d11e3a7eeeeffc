"""``python3 bot.py --copy-db FROM TO``: copy a whole database between SQLite and PostgreSQL.

FROM and TO are each a SQLite file path or a ``postgresql://`` URL. TO is opened (and
migrated) first and must hold no games. Every table of the schema is copied row by row with
its ids (games, seats, moves, undos, results, links, settings, timers, queued posts and
notices ... whatever the migrations made), in foreign-key order, in ONE transaction, so a
failed copy leaves TO empty. Both sides must have applied the same migrations.

Then every copied game that has started is verified: its move log (undone moves left out)
replays to the snapshot stored with it. The copy exits non-zero naming any game that does
not (its rows stay copied: the source had the same problem).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

from engine.core import Game
from storage.base import GameRow, Store
from storage.migrations import MIGRATIONS
from storage.open import is_postgres, open_any
from tables.line import LogLine, replayed

SKIP = ("schema_migrations", "sqlite_sequence")
# tables whose rows the migrations themselves write (the install secret): TO's own row
# gives way to FROM's, so the copy is the same installation
SEEDED = ("install_secret",)


def table_order() -> list[tuple[str, list[str]]]:
    """The schema's tables with their columns, each after the tables it references
    (read from a scratch SQLite database the migrations build)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "schema.sqlite3"
        conn = sqlite3.connect(path)
        try:
            _migrate_scratch(conn)
            names = [
                r[0]
                for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if r[0] not in SKIP
            ]
            refs = {
                n: {r[2] for r in conn.execute(f"PRAGMA foreign_key_list('{n}')")} - {n}
                for n in names
            }
            cols = {n: [r[1] for r in conn.execute(f"PRAGMA table_info('{n}')")] for n in names}
        finally:
            conn.close()
    order: list[str] = []
    while len(order) < len(names):
        ready = sorted(n for n in names if n not in order and refs[n] <= set(order))
        if not ready:
            raise RuntimeError(f"foreign keys form a cycle among {sorted(set(names) - set(order))}")
        order += ready
    return [(n, cols[n]) for n in order]


def _migrate_scratch(conn: sqlite3.Connection) -> None:
    from storage.sqlite_rows import split_sql

    for _, _, script in sorted(MIGRATIONS):
        for statement in split_sql(script):
            conn.execute(statement)


async def copy_db(source: str, target: str, *, out=sys.stdout) -> list[str]:
    """Copy ``source`` into ``target``; return the problems the replay check found."""
    if not is_postgres(source) and not Path(source).is_file():
        raise SystemExit(f"there is no SQLite database at {source}")
    order = table_order()
    src = await open_any(source)
    dst = await open_any(target)
    try:
        mine, theirs = await src.applied_migrations(), await dst.applied_migrations()  # type: ignore[attr-defined]
        if mine != theirs:
            raise SystemExit(f"the migrations differ: FROM has {mine}, TO has {theirs}")
        if await dst._all("SELECT id FROM games LIMIT 1"):  # type: ignore[attr-defined]
            raise SystemExit("TO already holds games: copy into an empty database")
        counts: dict[str, int] = {}
        async with dst._tx() as db:  # type: ignore[attr-defined]
            for table, columns in order:
                names = ", ".join(columns)
                rows = await src._all(f"SELECT {names} FROM {table} ORDER BY 1")  # type: ignore[attr-defined]
                marks = ", ".join("?" for _ in columns)
                if table in SEEDED:
                    await db.execute(f"DELETE FROM {table}")
                await db.executemany(
                    f"INSERT INTO {table} ({names}) VALUES ({marks})", [tuple(r) for r in rows]
                )
                counts[table] = len(rows)
        if hasattr(dst, "reset_sequences"):
            await dst.reset_sequences()
        print(", ".join(f"{t} {n}" for t, n in counts.items()), file=out)
        problems = await verify(dst)
        games = counts.get("games", 0)
        print(f"verified: {games - len(problems)} of {games} games replay to their snapshot"
              if not problems else "\n".join(problems), file=out)  # fmt: skip
        return problems
    finally:
        await src.close()
        await dst.close()


async def verify(store: Store) -> list[str]:
    """Every started game replays (its live moves) to its stored snapshot."""
    problems = []
    for row in await _all_games(store):
        if row.players is None:
            continue
        snap = await store.load_snapshot(row.id)
        line = LogLine(await store.moves(row.id), await store.undos(row.id))
        try:
            game = await asyncio.to_thread(replayed, row, line, snap.version)
            stored = Game.from_json(json.loads(snap.text or "")).to_json()
        except Exception as exc:
            problems.append(f"game {row.id}: does not replay ({exc})")
            continue
        if game.to_json() != stored:
            problems.append(f"game {row.id}: the replay differs from its snapshot")
    return problems


async def _all_games(store: Store) -> list[GameRow]:
    ids = [int(r[0]) for r in await store._all("SELECT id FROM games ORDER BY id")]  # type: ignore[attr-defined]
    return [g for g in [await store.get_game(i) for i in ids] if g is not None]


def main(argv: list[str]) -> int:
    i = argv.index("--copy-db")
    if len(argv) < i + 3:
        print("usage: python3 bot.py --copy-db FROM TO (a SQLite path or postgresql:// URL)")
        return 2
    from tables.extra import load_extra_games

    load_extra_games()
    problems = asyncio.run(copy_db(argv[i + 1], argv[i + 2]))
    return 1 if problems else 0
