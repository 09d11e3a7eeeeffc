"""Fixtures: a Tables over each backend (a real SQLite file in tmp_path, a throwaway
PostgreSQL), with a fake clock."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator

import pytest

from tables import Tables, open_tables
from tests.backends import BACKENDS, Backend, reused_backend

GUILD = 1
CHAN = 500
ANN, BOB, CAT = 1001, 1002, 1003


class FakeClock:
    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
def backend(request, tmp_path) -> Iterator[Backend]:
    yield from reused_backend(request.param, tmp_path, "t.sqlite3")


@pytest.fixture
async def tables(backend: Backend, clock) -> AsyncIterator[Tables]:
    # lease 0: a claimed post or notice is due again at once, so a test may look at the
    # queue twice (the leases of several processes are tested in tests/storage)
    # raw seeds: these tests replay known draws (test_hidden_seed.py tests the mixing)
    t = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    yield t
    await t.close()


async def started(tables: Tables, *, channel: int = CHAN, seed: int = 7, players: int = 2):
    """A started tally game: ann (host, seat 0), bob (seat 1), cat (seat 2) ..."""
    await tables.create("tally", GUILD, channel, ANN, "ann", seed=seed)
    for user, name in [(BOB, "bob"), (CAT, "cat")][: players - 1]:
        await tables.join(channel, user, name)
    return await tables.start(channel, ANN)


def read_together(monkeypatch: pytest.MonkeyPatch, tables: list[Tables], callers: int) -> None:
    """Hold each read of a channel's game (in any of ``tables``) until ``callers`` calls have
    made one, so calls started at once have all read the lobby before any of them writes
    (PostgreSQL reads in parallel: one join could read and write before another read)."""
    arrived: list[int] = []
    everyone = asyncio.Event()

    def held(find):
        async def together(channel_id: int):
            row = await find(channel_id)
            arrived.append(channel_id)
            if len(arrived) >= callers:
                everyone.set()
            await asyncio.wait_for(everyone.wait(), 5)
            return row

        return together

    for t in tables:
        monkeypatch.setattr(t.store, "find_game", held(t.store.find_game))
