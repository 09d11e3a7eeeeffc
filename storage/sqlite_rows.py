"""Row conversion and small helpers shared by the SQLite store modules."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from storage.base import GameRow, SeatRow

GAME_COLUMNS = """
    g.id, g.kind, g.guild_id, g.channel_id, g.status, g.host_id, g.seed, g.options, g.hotseat,
    g.max_seats, g.players, g.version, g.waiting, g.announced_seq, g.broken_reason,
    g.created_at, g.updated_at, g.started_at, g.ended_at,
    (SELECT json_group_array(json_array(s.seat, s.user_id, s.name))
       FROM (SELECT seat, user_id, name FROM seats WHERE game_id = g.id ORDER BY seat) AS s
    ) AS seats_json
"""


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
