"""Fixtures: a store on each backend (a real SQLite file in tmp_path, a throwaway
PostgreSQL), and a plain sqlite3 peek at a SQLite file."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

import pytest

from storage import NewGame, SqliteStore
from storage.base import Store
from tests.backends import Backend, backend

__all__ = ["backend"]

NOW = 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "s.sqlite3"


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    s = await backend.open()
    yield s
    await s.close()


def peek(db_path, sql: str, params: tuple = ()) -> list[tuple]:
    """Read the file with the standard library (as a second, independent client)."""
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def new_game(channel: int = 10, **kw) -> NewGame:
    base: dict[str, Any] = dict(
        kind="tally", guild_id=1, channel_id=channel, host_id=100, host_name="ann", seed=3
    )
    base.update(kw)
    return NewGame(max_seats=4, **base)


async def active_game(store: Store | SqliteStore, channel: int = 10) -> int:
    game_id = await store.create_game(new_game(channel), NOW)
    await store.add_seat(game_id, 101, "bob", NOW)
    await store.start_game(game_id, ["ann", "bob"], '{"v": 0}', {0: NOW, 1: NOW}, [], NOW)
    return game_id
