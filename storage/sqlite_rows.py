"""Row conversion and small helpers shared by the SQLite store modules."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from storage.base import GameRow, NewMove, SeatRow, VersionConflict

GAME_COLUMNS = """
    g.id, g.kind, g.guild_id, g.channel_id, g.status, g.host_id, g.seed, g.options, g.hotseat,
    g.max_seats, g.players, g.version, g.waiting, g.announced_seq, g.broken_reason,
    g.created_at, g.updated_at, g.started_at, g.ended_at,
    (SELECT COALESCE(json_group_array(json_array(s.seat, s.user_id, s.name)), '[]')
       FROM (SELECT seat, user_id, name FROM seats WHERE game_id = g.id ORDER BY seat) AS s
    ) AS seats_json
"""


class SqliteAccess:
    """The reader/writer helpers ``SqliteStore`` provides to the table mixins it inherits:
    ``_tx`` (one write transaction), ``_all`` and ``_one`` (one committed read)."""

    def _tx(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        raise NotImplementedError

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        raise NotImplementedError

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        raise NotImplementedError


def split_sql(script: str) -> list[str]:
    """Split a migration into statements (executescript would commit our transaction)."""
    statements, buf = [], ""
    for part in script.split(";"):
        buf += part + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \n\t;"):
                statements.append(buf.strip())
            buf = ""
    return statements


def game_row(row: sqlite3.Row) -> GameRow:
    seats = tuple(SeatRow(int(s), int(u), str(n)) for s, u, n in json.loads(row["seats_json"]))
    return GameRow(
        id=row["id"],
        kind=row["kind"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        status=row["status"],
        host_id=row["host_id"],
        seed=row["seed"],
        options=json.loads(row["options"]),
        hotseat=bool(row["hotseat"]),
        max_seats=row["max_seats"],
        players=json.loads(row["players"]) if row["players"] else None,
        version=row["version"],
        waiting={int(k): float(v) for k, v in json.loads(row["waiting"]).items()},
        announced_seq=row["announced_seq"],
        broken_reason=row["broken_reason"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        seats=seats,
    )


def to_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


async def advance_game(
    db: aiosqlite.Connection,
    game_id: int,
    expected_version: int,
    snapshot: str,
    *,
    status: str,
    waiting: dict[int, float],
    announce: bool,
    now: float,
    count: int = 1,
) -> int:
    """Move an active game from ``expected_version`` to the next (a move or an undo): the
    new snapshot, status and waiting seats, ``announced_seq`` when it gets a post, and
    ``ended_at`` when it finishes. Returns the new version (the log position; ``count``
    positions on, for a move and the forced moves after it); raises ``VersionConflict``
    (nothing written) when the game moved on or is not active."""
    seq = expected_version + count
    cur = await db.execute(
        "UPDATE games SET version = ?, snapshot = ?, status = ?, waiting = ?,"
        " updated_at = ?, ended_at = CASE WHEN ? THEN ? ELSE ended_at END,"
        " announced_seq = CASE WHEN ? THEN ? ELSE announced_seq END"
        " WHERE id = ? AND version = ? AND status = 'active'",
        (
            seq,
            snapshot,
            status,
            to_json(waiting),
            now,
            status == "finished",
            now,
            announce,
            seq,
            game_id,
            expected_version,
        ),
    )
    if cur.rowcount != 1:
        raise VersionConflict(
            f"game {game_id} is no longer at version {expected_version} or not active"
        )
    return seq


async def insert_moves(
    db: aiosqlite.Connection, game_id: int, first_seq: int, moves: list[NewMove], now: float
) -> None:
    """Log ``moves`` at positions ``first_seq``, ``first_seq + 1``, ..."""
    await db.executemany(
        "INSERT INTO moves (game_id, seq, seat, user_id, move, events, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, seq, m.seat, m.user_id, m.move, to_json(m.events), now)
            for seq, m in enumerate(moves, start=first_seq)
        ],
    )


async def lobby_seats(db: aiosqlite.Connection, game_id: int) -> list[sqlite3.Row]:
    """The game's seats (seat, user_id, name) in seat order, read inside the write ``db``."""
    async with db.execute(
        "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    ) as c:
        return list(await c.fetchall())
