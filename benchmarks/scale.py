"""Throughput of sharded bot processes: ``python -m benchmarks scale``.

Eight guilds, two on each of 4 shards, each with two players taking Tally turns by
``/play`` (autocomplete, then the command) as fast as the bot answers, for ``SECONDS``;
every move that ends a turn queues a public post with its picture. Measured: moves per
second, counted until every queued post of those moves was made, and each /play's time to
its answer. Phases: SQLite with one process holding the 4 shards; PostgreSQL with one
process holding them; PostgreSQL with two processes holding two shards each.

The stand-in and the players run in this process, beside the bot processes and PostgreSQL,
on the same cores: on a small machine they compete, so more processes need not mean more
moves per second here.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.kit import Row, row
from benchmarks.pg import fresh_schema, postgres

SECONDS = 15.0
SHARDS = 4
GUILDS_PER_SHARD = 2


async def run() -> list[Row]:
    rows = [await _phase("sqlite", None, [(0, 1, 2, 3)])]
    with postgres() as url:
        if url is None:
            return [*rows, Row("scale", "postgres: (no PostgreSQL server here)", 0, *_nan())]
        rows.append(await _phase("postgres", await fresh_schema(url), [(0, 1, 2, 3)]))
        rows.append(await _phase("postgres", await fresh_schema(url), [(0, 1), (2, 3)]))
    return rows


def _nan() -> tuple[float, float]:
    return float("nan"), float("nan")


async def _phase(kind: str, url: str | None, halves: list[tuple[int, ...]]) -> Row:
    from devkit.backends import Backend
    from devkit.shards import Table, start_game
    from devkit.standin import BotProcess, StandIn

    standin = StandIn()
    await standin.start()
    tmp = Path(tempfile.mkdtemp(prefix="algae-scale-"))
    backend = Backend("postgres", url) if url else Backend("sqlite", tmp / "bench.sqlite3")
    env = {"DATABASE_URL": url} if url else {}
    procs = [
        BotProcess(
            standin,
            tmp / "bench.sqlite3",
            tmp / f"bot{i}.log",
            extra_env=env,
            args=("--shards", ",".join(map(str, half)), "--shard-count", str(SHARDS)),
        )
        for i, half in enumerate(halves)
    ]
    tables = []
    for shard in range(SHARDS):
        for n in range(GUILDS_PER_SHARD):
            people = [standin.user(f"a{shard}{n}"), standin.user(f"b{shard}{n}")]
            tables.append(Table(shard, standin.guild_on_shard(shard, SHARDS).channels[0], people))
    try:
        for proc in procs:
            await proc.start()
        await standin.wait_until(lambda: set(range(SHARDS)) <= standin.shards_connected(), 40)
        for table in tables:
            await start_game(standin, table)
        start = time.perf_counter()
        deadline = start + SECONDS
        await asyncio.gather(*(_play_until(standin, t, deadline) for t in tables))
        while (await backend.peek("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"))[0][0]:
            await asyncio.sleep(0.05)
        elapsed = time.perf_counter() - start
    finally:
        for proc in procs:
            await proc.stop()
        await standin.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    moves = sum(len(t.acked) for t in tables)
    answers = [s for t in tables for s in t.answer_s]
    label = f"{kind}, {len(procs)} process{'es' if len(procs) > 1 else ''}"
    note = f"{moves / elapsed:.1f} moves/s with posts ({len(tables)} guilds, {SHARDS} shards)"
    return row("scale", f"{label}: /play -> answer", answers, "", note)


async def _play_until(standin, table, deadline: float) -> None:
    from devkit.shards import play_turn, start_game

    while time.perf_counter() < deadline:
        await play_turn(standin, table)
        if table.over:  # a new game in the same channel
            table.over = False
            await start_game(standin, table)
