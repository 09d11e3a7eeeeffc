"""Storage migration 13 (Algae rules 3, issue 11): an Algae game's options never named its
rules version, so a replay of its move log (undo, /history, the log) would have rebuilt it on
the newest rules. The migration stamps every started Algae game with the version its
snapshot names (version 1 snapshots name none), on SQLite and on PostgreSQL."""

from __future__ import annotations

import json

import aiosqlite
import asyncpg

import engine.algae  # noqa: F401  (registers algae)
from engine.algae.game import AlgaeGame
from engine.core import replay
from storage.migrations import MIGRATIONS
from storage.pg_sql import migration
from storage.postgres import PostgresStore
from tables import open_tables
from tests import pgschemas
from tests.tables.conftest import ANN, BOB, CHAN, GUILD

DEPTS = ["cosmetics", "bioplastics"]


async def _start_algae(t, channel: int, rules: int) -> None:
    options = {"rules": rules, "departments": DEPTS}
    await t.create("algae", GUILD, channel, ANN, "ann", seed=5, options=options)
    await t.join(channel, BOB, "bob")
    await t.start(channel, ANN)


async def test_migration13_stamps_started_algae_games_with_their_snapshots_rules(
    tmp_path,
) -> None:
    """A rules-2 game and a version-1 game (its snapshot without a version) stored without a
    "rules" option get rules 2 and 1 and replay on them: Cosmetics' covered storage is the
    version's (brown on rules 1-2, red on rules 3); a lobby is left alone."""
    path = tmp_path / "algae.sqlite3"
    t = await open_tables(path)
    await _start_algae(t, CHAN, 2)
    await _start_algae(t, CHAN + 1, 1)
    await t.create("algae", GUILD, CHAN + 2, ANN, "ann", seed=6)
    await t.close()
    async with aiosqlite.connect(path) as db:  # as the database was before migration 13
        await db.execute("UPDATE games SET options = json_remove(options, '$.rules')")
        await db.execute(
            "UPDATE games SET snapshot = json_remove(snapshot, '$.state.rules')"
            " WHERE channel_id = ?",
            (CHAN + 1,),
        )
        await db.execute("DELETE FROM schema_migrations WHERE number = 13")
        await db.commit()
    t = await open_tables(path)
    try:
        v2, v1, lobby = [await t.game_in(CHAN + k) for k in range(3)]
        assert v2.options == {"rules": 2, "departments": DEPTS}
        assert v1.options == {"rules": 1, "departments": DEPTS}
        assert lobby.options == {}
        for row, rules in ((v2, 2), (v1, 1)):
            record = {"kind": "algae", "players": ["ann", "bob"], "seed": row.seed}
            game = replay({**record, "options": row.options, "moves": []})
            assert isinstance(game, AlgaeGame)
            assert game.s["rules"] == rules
            assert game.s["players"][0]["cells"]["brown"] == 0  # covered before rules 3
            assert game.s["players"][0]["cells"]["red"] == 1
    finally:
        await t.close()


async def _pg_stamp(url: str, rows: list[tuple[str, str, str]]) -> list[dict]:
    """Insert (status, options, snapshot) Algae rows, run migration 13's PostgreSQL script,
    and read the options back in insertion order."""
    await (await PostgresStore.open(url)).close()  # a new schema is migrated on first open
    conn = await asyncpg.connect(url)
    try:
        ids: list[int] = []
        for status, options, snapshot in rows:
            ids.append(
                await conn.fetchval(
                    "INSERT INTO games (kind, channel_id, status, host_id, seed, options,"
                    " max_seats, snapshot, created_at, updated_at)"
                    " VALUES ('algae', $1, $2, 1, 5, $3, 4, $4, 0, 0) RETURNING id",
                    9000 + len(ids), status, options, snapshot,
                )
            )  # fmt: skip
        for statement in migration(13, dict((n, s) for n, _, s in MIGRATIONS)[13]):
            await conn.execute(statement)
        got = [await conn.fetchval("SELECT options FROM games WHERE id = $1", i) for i in ids]
        return [json.loads(g) for g in got]
    finally:
        await conn.close()


def test_migration13_on_postgresql() -> None:
    """The same stamping in PostgreSQL's functions, on a real server."""
    url = pgschemas.migrated_url()
    try:
        snap2 = json.dumps({"state": {"rules": 2, "players": []}})
        snap1 = json.dumps({"state": {"players": []}})
        got = pgschemas._in_thread(
            _pg_stamp,
            url,
            [
                ("active", "{}", snap2),
                ("finished", '{"departments": ["food"]}', snap1),
                ("lobby", "{}", None),
                ("active", '{"rules": 2}', snap1),
            ],
        )
    finally:
        pgschemas.release(url)
    assert got == [{"rules": 2}, {"departments": ["food"], "rules": 1}, {}, {"rules": 2}]
