"""Storage benchmark: committing a move and loading a game by channel, 10,000 games stored.

Run by hand: ``python -m benchmarks storage``. Each row is measured on both backends: a real
SQLite file in a temporary directory (WAL, synchronous=NORMAL: see storage/sqlite.py for
why), and PostgreSQL (``benchmarks/pg.py``: a throwaway local server by default, with
PostgreSQL's default durability: every commit is flushed to disk). The games are
Tally games (the test-only game of devkit/toygame.py); every stored game is active with a
snapshot and a log of 10 moves.

Rows: the raw store commit (one transaction: move row, snapshot, version bump, outbox rows)
with a small and a 50 KB snapshot; the table layer's ``play`` (lock, load from the cache,
engine move, snapshot, commit); the raw lookup of a channel's game; and the table layer's
uncached load (lookup, snapshot read, ``json.loads``, ``Game.from_json``).
"""

from __future__ import annotations

import json
import math
import random
import tempfile
import time
from pathlib import Path

from benchmarks.kit import Row, measure_async, row
from benchmarks.pg import fresh_schema, postgres
from devkit.toygame import register_toy
from engine.core import new_game
from storage import NewGame, NewMove, NewPost
from tables import open_tables

GAMES = 10_000
N = 500
COMMIT_TARGET = "p95 <= 10 ms"
LOAD_TARGET = "p95 <= 5 ms"
nan = math.nan
# PostgreSQL's default waits for the disk at every commit (fsync); synchronous_commit=off
# (append "&synchronous_commit=off" to DATABASE_URL) is SQLite's synchronous=NORMAL trade:
# a crash of the bot loses nothing, a crash of the database server or the machine may lose
# the last fraction of a second of commits
PG_VARIANTS = (("postgres", ""), ("postgres sync_commit=off", "&synchronous_commit=off"))


def _sample_game():
    game = new_game("tally", ["ann", "bob", "cat"], seed=1)
    while game.version < 10 and game.pending():
        d = game.pending()[0]
        game.play(d.seat, d.options[0].move)
    return game


async def run() -> list[Row]:
    register_toy()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        tables = await open_tables(Path(tmp) / "bench.sqlite3")
        try:
            rows += await _run(tables, "sqlite")
        finally:
            await tables.close()
    with postgres() as url:
        if url is None:
            return [*rows, Row("storage", "postgres: (no PostgreSQL server here)", 0, nan, nan)]
        for label, settings in PG_VARIANTS:
            tables = await open_tables(await fresh_schema(url) + settings)
            try:
                rows += await _run(tables, label)
            finally:
                await tables.close()
    return rows


async def _run(tables, backend: str) -> list[Row]:
    store = tables.store
    sample = _sample_game()
    snapshot = json.dumps(sample.to_json(), separators=(",", ":"))
    moves = [NewMove(seat, 100 + seat, move, ["a line"]) for seat, move in sample.moves]
    now = time.time()
    base = 10**17  # snowflake-sized ids
    await store.create_games_bulk(
        [
            NewGame("tally", 1 + i % 50, base + i, 100, "ann", seed=i, max_seats=3)
            for i in range(GAMES)
        ],
        now,
        players=["ann", "bob", "cat"],
        snapshot=snapshot,
        moves=moves,
    )
    rows: list[Row] = []
    rng = random.Random(7)

    # --- raw store commit
    for label, text in [("small snapshot", snapshot), ("50 KB snapshot", "x" * 50_000)]:
        game = await store.find_game(base + rng.randrange(GAMES))
        assert game is not None
        version = game.version
        post = NewPost("turn", {"lines": ["ann drew 3"], "mentions": [101], "version": 0})

        async def commit(game_id=game.id, text=text, post=post) -> None:
            nonlocal version
            await store.commit_move(
                game_id,
                version,
                NewMove(0, 100, "draw", ["ann drew 3"]),
                text,
                status="active",
                waiting={0: now},
                posts=[post],
                now=now,
            )
            version += 1

        samples = await measure_async(commit, N)
        rows.append(
            row("storage", f"{backend}: store.commit_move ({label})", samples, COMMIT_TARGET)
        )

    # --- table layer play (a fresh game in a new channel whenever one ends)
    channel = base + GAMES + 1
    await tables.create("tally", 1, channel, 100, "ann", seed=3)
    await tables.join(channel, 101, "bob")
    await tables.start(channel, 100)
    samples = []
    while len(samples) < N:
        _, game = await tables.load(channel)
        d = game.pending()[0]
        move = d.options[0].move
        start = time.perf_counter()
        result = await tables.play(channel, 100 + d.seat, move, expected_version=d.version)
        samples.append(time.perf_counter() - start)
        if result.over:
            channel += 1
            await tables.create("tally", 1, channel, 100, "ann", seed=channel)
            await tables.join(channel, 101, "bob")
            await tables.start(channel, 100)
    rows.append(
        row("storage", f"{backend}: Tables.play (tally, incl. commit)", samples, COMMIT_TARGET)
    )

    # --- loads by channel among 10,000 games
    channels = [base + rng.randrange(GAMES) for _ in range(N + 3)]
    it = iter(channels)

    async def find() -> None:
        assert await store.find_game(next(it)) is not None

    rows.append(
        row(
            "storage",
            f"{backend}: store.find_game (by channel)",
            await measure_async(find, N),
            LOAD_TARGET,
        )
    )
    it2 = iter(channels)

    async def load() -> None:
        await tables.load(next(it2), fresh=True)

    rows.append(
        row(
            "storage",
            f"{backend}: Tables.load uncached (incl. from_json)",
            await measure_async(load, N),
            LOAD_TARGET,
            note=f"{GAMES} games stored",
        )
    )
    return rows
