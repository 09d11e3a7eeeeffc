"""The queue mechanics shared by the two send queues of the SQLite store.

``outbox`` holds the turn posts, ``notices`` the reminders, time-out notes and direct
messages. Both have the same queue columns (``due_at``, ``attempts``, ``last_error``,
``sent_at``, ``message_id``, ``dead``) and the same life: a row is pending while it is
neither sent nor given up (``dead``); it is due once ``due_at`` has passed; marking it sent
lands once, so a row is never made twice; a failure counts an attempt and either moves
``due_at`` on or gives the row up.

The table name is checked against the fixed ``QUEUES``: it never comes from user data, and
every value goes in as a parameter.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal, TypeVar

import aiosqlite

from storage.base import PostRow
from storage.timing import NoticeRow

Queue = Literal["outbox", "notices"]
QUEUES: tuple[Queue, ...] = ("outbox", "notices")
PENDING = "sent_at IS NULL AND dead = 0"  # neither made nor given up
ERROR_LIMIT = 500  # characters of last_error kept

Tx = Callable[[], AbstractAsyncContextManager[aiosqlite.Connection]]
ReadAll = Callable[[str, Iterable[Any]], Awaitable[list[sqlite3.Row]]]
ReadOne = Callable[[str, Iterable[Any]], Awaitable[sqlite3.Row | None]]
QueueRow = TypeVar("QueueRow", PostRow, NoticeRow)


def _table(table: Queue) -> str:
    if table not in QUEUES:
        raise ValueError(f"{table!r} is not a queue table")
    return table


def queue_row(cls: type[QueueRow], row: sqlite3.Row) -> QueueRow:
    """A queue row (``PostRow`` or ``NoticeRow``): its fields are the table's columns."""
    values = {f.name: row[f.name] for f in dataclasses.fields(cls)}
    values["payload"] = json.loads(values["payload"])
    values["dead"] = bool(values["dead"])
    return cls(**values)


async def due(read: ReadAll, table: Queue, now: float, limit: int) -> list[sqlite3.Row]:
    """Pending rows due at ``now``, oldest due first."""
    return await read(
        f"SELECT * FROM {_table(table)} WHERE {PENDING} AND due_at <= ?"
        " ORDER BY due_at, id LIMIT ?",
        (now, limit),
    )


async def get(read: ReadOne, table: Queue, row_id: int) -> sqlite3.Row | None:
    return await read(f"SELECT * FROM {_table(table)} WHERE id = ?", (row_id,))


async def mark_sent(tx: Tx, table: Queue, row_id: int, message_id: int | None, now: float) -> bool:
    """Mark a row made; False when it was already marked."""
    async with tx() as db:
        cur = await db.execute(
            f"UPDATE {_table(table)} SET sent_at = ?, message_id = ?"
            " WHERE id = ? AND sent_at IS NULL",
            (now, message_id, row_id),
        )
        return cur.rowcount == 1


async def mark_failed(
    tx: Tx, table: Queue, row_id: int, error: str, now: float, retry_in: float | None
) -> bool:
    """Count a failed attempt of a pending row; retry after ``retry_in`` seconds, or give
    it up when None. False when the row is not pending."""
    async with tx() as db:
        cur = await db.execute(
            f"UPDATE {_table(table)} SET attempts = attempts + 1, last_error = ?,"
            f" due_at = ?, dead = ? WHERE id = ? AND {PENDING}",
            (error[:ERROR_LIMIT], now + (retry_in or 0.0), retry_in is None, row_id),
        )
        return cur.rowcount == 1


async def prune(tx: Tx, table: Queue, before: float) -> int:
    """Delete rows made, or given up and due, before ``before``; pending rows stay."""
    async with tx() as db:
        cur = await db.execute(
            f"DELETE FROM {_table(table)} WHERE (sent_at IS NOT NULL AND sent_at < ?)"
            " OR (dead = 1 AND due_at < ?)",
            (before, before),
        )
        return cur.rowcount
