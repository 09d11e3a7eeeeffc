"""Several sharded bot processes over one PostgreSQL, through the stand-in.

Four guilds, one on each of 4 shards, each playing a game of Tally with /play. PostgreSQL:
two processes (``--shards 0,1`` and ``--shards 2,3`` of ``--shard-count 4``); the first is
SIGKILLed mid-stream and restarted. SQLite: the embedded default, one process holding all
four shards, killed and restarted the same way. Afterwards:

* every move a player saw acknowledged is in the log exactly once (none lost or doubled);
* every queued post was made, and exactly once per channel (one message per outbox row);
* on PostgreSQL, the other process answered every interaction of its guilds throughout;
* /stats of someone playing on two shards counts both games.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from devkit.shards import Table, run_table, start_game
from devkit.standin import BotProcess, StandIn
from tests import pgserver
from tests.backends import Backend

SHARDS = 4
pytestmark = [pytest.mark.e2e, pytest.mark.slow]


async def log_moves(backend: Backend, table: Table) -> list[str]:
    rows = await backend.peek(
        "SELECT s.name, m.move FROM moves AS m JOIN games AS g ON g.id = m.game_id"
        " JOIN seats AS s ON s.game_id = m.game_id AND s.seat = m.seat"
        " WHERE g.channel_id = ? ORDER BY m.seq",
        (table.channel.id,),
    )
    return [f"{name}: {move}" for name, move in rows]


async def check_posts(standin: StandIn, backend: Backend, table: Table) -> None:
    rows = await backend.peek(
        "SELECT id, sent_at FROM outbox WHERE channel_id = ? ORDER BY id", (table.channel.id,)
    )
    assert rows and all(sent is not None for _, sent in rows), rows
    made = {n: mid for n, mid in standin.nonces_in(table.channel.id).items() if "post" in n}
    assert sorted(made) == sorted(f"alg-post-{i}" for i, _ in rows)  # every post made ...
    shown = {m.id for m in standin.posts(table.channel)}
    assert len(set(made.values())) == len(made) and set(made.values()) <= shown  # ... once


def is_subsequence(short: list[str], long: list[str]) -> bool:
    rest = iter(long)
    return all(any(item == other for other in rest) for item in short)


async def posts_sent(backend: Backend, timeout: float = 20.0) -> None:
    """Wait until the outbox has nothing left to send (``check_posts`` says what was)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        if await backend.peek("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead = 0") == [
            (0,)
        ]:
            return
        await asyncio.sleep(0.1)


async def wait_shards(standin: StandIn, shards: set[int]) -> None:
    await standin.wait_until(lambda: shards <= standin.shards_connected(), timeout=40)


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
async def test_sharded_processes_survive_a_sigkill(
    standin: StandIn, tmp_path: Path, kind: str
) -> None:
    halves: list[tuple[int, ...]]
    if kind == "postgres":
        backend = Backend("postgres", pgserver.fresh_url())
        db = tmp_path / "unused.sqlite3"  # the bots use DATABASE_URL
        halves = [(0, 1), (2, 3)]
    else:
        db = tmp_path / "bot.sqlite3"
        backend = Backend("sqlite", db)
        halves = [(0, 1, 2, 3)]
    env = {"DATABASE_URL": str(backend.target)} if backend.postgres else {}
    env["ALGAE_POST_LEASE"] = "3"
    # a bot big enough to shard gets a session start limit of several IDENTIFYs per 5 s
    # (one per bucket, shard % max_concurrency): the four shards connect without waiting
    standin.max_concurrency = 16
    procs = [
        BotProcess(
            standin,
            db,
            tmp_path / f"bot{i}.log",
            extra_env=env,
            args=("--shards", ",".join(map(str, half)), "--shard-count", str(SHARDS)),
        )
        for i, half in enumerate(halves)
    ]
    tables = []
    for shard in range(SHARDS):
        guild = standin.guild_on_shard(shard, SHARDS)
        people = [standin.user(f"p{shard}a"), standin.user(f"p{shard}b")]
        tables.append(Table(shard, guild.channels[0], people))
    # one person plays on shard 0 and on shard 3 (held by different processes)
    traveller = tables[0].players[0]
    tables[3].players[0] = traveller
    try:
        for proc in procs:
            await proc.start()
        await wait_shards(standin, set(range(SHARDS)))
        for table in tables:
            await start_game(standin, table)
        runners = [asyncio.create_task(run_table(standin, t)) for t in tables]
        victim = procs[0]
        killed = set(halves[0])
        while sum(len(t.acked) for t in tables if t.shard in killed) < 4:
            await asyncio.sleep(0.05)
        others_before = sum(len(t.acked) for t in tables if t.shard not in killed)
        await victim.stop(kill=True)  # mid-stream: other interactions are in flight
        await asyncio.sleep(2.0 if len(procs) == 2 else 0.5)  # the other process answers
        others_during = sum(len(t.acked) for t in tables if t.shard not in killed)
        await victim.start()
        await wait_shards(standin, set(range(SHARDS)))
        await asyncio.wait_for(asyncio.gather(*runners), timeout=240)
        for table in tables:
            logged = await log_moves(backend, table)
            # every acknowledged move once, in order; beside them only moves whose answer
            # was lost with the killed process (they landed, the player never heard)
            assert is_subsequence(table.acked, logged), (table.shard, logged, table.acked)
            assert len(logged) - len(table.acked) <= table.unanswered, (logged, table.acked)
        await posts_sent(backend)  # those held by the killed process: past their lease
        for table in tables:
            await check_posts(standin, backend, table)
        # /stats reads every guild's games, whatever process holds their shard
        stats = await standin.slash(traveller, tables[3].channel, "stats")
        assert "2 played" in stats.text, stats.text
        if len(procs) == 2:
            assert others_during > others_before  # the other process kept answering
            assert all(t.unanswered == 0 for t in tables if t.shard not in killed)
    finally:
        for proc in procs:
            await proc.stop()
