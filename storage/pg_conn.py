"""An asyncpg connection with the small part of aiosqlite's interface the store uses.

The store's table methods (``storage.sqlite*``) talk to "a connection" as aiosqlite offers
it: ``await db.execute(sql, params)`` (a cursor with ``rowcount`` and ``lastrowid``),
``async with db.execute(sql, params) as cur: await cur.fetchone()``, and
``await db.executemany(sql, rows)``. ``PgConn`` gives the same over an asyncpg connection,
translating each statement (``storage.pg_sql.query``), so those methods run unchanged on
PostgreSQL. ``lastrowid``: an INSERT into a table with an ``id`` identity column gets
``RETURNING id``. Constraint violations are raised as ``sqlite3.IntegrityError`` (the
DB-API class the shared code catches), with PostgreSQL's error chained.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

import asyncpg

from storage.pg_sql import query

_INSERT_INTO = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.I)
_ROWS = re.compile(r"^\s*(SELECT|WITH)\b|\bRETURNING\b", re.I)


def integrity_error(exc: asyncpg.IntegrityConstraintViolationError) -> sqlite3.IntegrityError:
    """PostgreSQL's constraint error in the words SQLite uses (``UNIQUE``, ``FOREIGN KEY``)."""
    if isinstance(exc, asyncpg.UniqueViolationError):
        return sqlite3.IntegrityError(f"UNIQUE constraint failed: {exc.constraint_name}")
    if isinstance(exc, asyncpg.ForeignKeyViolationError):
        return sqlite3.IntegrityError("FOREIGN KEY constraint failed")
    return sqlite3.IntegrityError(str(exc))


class PgCursor:
    """The answer to one statement: awaited, or used as ``async with``."""

    def __init__(self, conn: PgConn, sql: str, params: Sequence[Any]) -> None:
        self._conn = conn
        self._sql = sql
        self._params = tuple(params)
        self._rows: list[asyncpg.Record] = []
        self.rowcount = -1
        self.lastrowid: int | None = None

    async def _run(self) -> PgCursor:
        sql, db = query(self._sql), self._conn.raw
        try:
            if _ROWS.search(sql):
                self._rows = list(await db.fetch(sql, *self._params))
                self.rowcount = len(self._rows)
            elif self._conn.has_id(sql):
                row = await db.fetchrow(sql + " RETURNING id", *self._params)
                self.lastrowid = int(row[0]) if row else None
                self.rowcount = 1 if row else 0
            else:
                status = (await db.execute(sql, *self._params)).split()
                self.rowcount = int(status[-1]) if status and status[-1].isdigit() else -1
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise integrity_error(exc) from exc
        return self

    def __await__(self):
        return self._run().__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        return list(self._rows)


class PgConn:
    """One asyncpg connection inside a transaction, spoken to like aiosqlite's."""

    def __init__(self, raw: asyncpg.Connection, id_tables: frozenset[str]) -> None:
        self.raw = raw
        self._id_tables = id_tables

    def has_id(self, sql: str) -> bool:
        match = _INSERT_INTO.match(sql)
        return bool(match and match.group(1).lower() in self._id_tables)

    def execute(self, sql: str, params: Iterable[Any] = ()) -> PgCursor:
        return PgCursor(self, sql, tuple(params))

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        batch = [tuple(r) for r in rows]
        if not batch:
            return
        try:
            await self.raw.executemany(query(sql), batch)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise integrity_error(exc) from exc
