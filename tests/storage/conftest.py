"""Fixtures: a SqliteStore on a real file in tmp_path, and a plain sqlite3 peek at it."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator

import pytest

from storage import NewGame, SqliteStore, open_store

NOW = 1_700_000_000.0


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "s.sqlite3"


@pytest.fixture
async def store(db_path) -> AsyncIterator[SqliteStore]:
    s = await open_store(db_path)
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
    base = dict(kind="tally", guild_id=1, channel_id=channel, host_id=100, host_name="ann", seed=3)
    base.update(kw)
    return NewGame(max_seats=4, **base)


async def active_game(store: SqliteStore, channel: int = 10) -> int:
    game_id = await store.create_game(new_game(channel), NOW)
    await store.add_seat(game_id, 101, "bob", NOW)
    await store.start_game(game_id, ["ann", "bob"], '{"v": 0}', {0: NOW, 1: NOW}, [], NOW)
    return game_id
