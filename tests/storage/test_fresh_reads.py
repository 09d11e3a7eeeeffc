"""Reads see every commit that finished before they started, also while other coroutines
read at the same time on the shared reader (a statement left open across an await would
pin its read snapshot, and the next SELECT on that connection would run inside it)."""

from __future__ import annotations

import asyncio

from tests.storage.conftest import NOW, active_game


async def test_a_read_after_a_commit_sees_it_while_others_read(store) -> None:
    game_id = await active_game(store)
    stop = asyncio.Event()

    async def reader() -> None:
        while not stop.is_set():
            await store.get_game(game_id)
            await store.list_games(1)
            await store.moves(game_id)

    readers = [asyncio.create_task(reader()) for _ in range(4)]
    stale = 0
    try:
        for host in range(1000, 1300):
            await store.set_host(game_id, host, NOW)
            row = await store.get_game(game_id)
            assert row is not None
            stale += row.host_id != host
    finally:
        stop.set()
        await asyncio.gather(*readers)
    assert stale == 0, f"{stale} of 300 reads missed the commit that finished before them"


async def test_single_row_reads_leave_no_statement_open(store) -> None:
    """``_one`` over a query with several rows still completes its statement."""
    game_id = await active_game(store)
    first = await store._one("SELECT seat FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    assert first is not None and first[0] == 0
    await store.set_host(game_id, 555, NOW)
    row = await store.get_game(game_id)
    assert row is not None and row.host_id == 555
