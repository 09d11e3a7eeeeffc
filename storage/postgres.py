"""The PostgreSQL store (asyncpg), implementing ``storage.base.Store`` for several processes.

Chosen by ``DATABASE_URL=postgresql://...`` (``storage.open``). The tables and columns are
SQLite's (``storage.migrations``, translated by ``storage.pg_sql.migration``), and so is
the SQL of every table method: ``PostgresStore`` inherits them from ``SqliteStore`` and
only replaces how statements run: a connection pool instead of SQLite's reader/writer
pair, each write an asyncpg transaction (``PgConn`` speaks to it like aiosqlite), each
statement translated by ``storage.pg_sql.query``.

What several processes on one database rely on:

* a move lands once: ``commit_move`` updates ``games`` only ``WHERE version = expected``;
  a second writer waits on that row's lock, then finds the version moved (VersionConflict);
* the send queues are claimed with ``FOR UPDATE SKIP LOCKED`` and a lease on ``due_at``
  (``claim_posts``, ``claim_notices``), so each post, reminder and DM is made by one process;
* the scheduler's claims (a reminder, a deadline, a new timer) are guarded updates, so a
  pass in every process acts once;
* migrations run under an advisory lock, so processes starting together apply them once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from storage.base import PostRow
from storage.migrations import MIGRATIONS
from storage.pg_conn import PgConn
from storage.pg_sql import migration, query
from storage.sqlite import SqliteStore
from storage.sqlite_queue import PENDING, Queue, queue_row
from storage.timing import NoticeRow

MIGRATION_LOCK = 0x616C6761  # pg_advisory_xact_lock key: "alga"
POOL_SIZE = 8


class PostgresStore(SqliteStore):
    """``Store`` on a PostgreSQL database. Create with ``await PostgresStore.open(url)``."""

    def __init__(self, pool: asyncpg.Pool, id_tables: frozenset[str]) -> None:
        self._pool = pool
        self._id_tables = id_tables
        self._wlock = asyncio.Lock()  # unused here: PostgreSQL's row locks order the writers
        self.path = ""

    # ----------------------------------------------------------- lifecycle
    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresStore:  # type: ignore[override]
        """Connect to ``url`` and apply pending migrations."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        try:
            async with pool.acquire() as conn:
                await cls._migrate_pg(conn)
                rows = await conn.fetch(
                    "SELECT table_name FROM information_schema.columns"
                    " WHERE table_schema = current_schema() AND column_name = 'id'"
                    " AND is_identity = 'YES'"
                )
        except BaseException:
            await pool.close()
            raise
        store = cls(pool, frozenset(r[0] for r in rows))
        store.path = url
        return store

    @staticmethod
    async def _migrate_pg(conn: asyncpg.Connection) -> None:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " number BIGINT PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
            done = {r[0] for r in await conn.fetch("SELECT number FROM schema_migrations")}
            for number, name, script in sorted(MIGRATIONS):
                if number in done:
                    continue
                for statement in migration(number, script):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_migrations (number, name) VALUES ($1, $2)", number, name
                )

    async def close(self) -> None:
        await self._pool.close()

    # ------------------------------------------------------------- helpers
    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[PgConn]:  # type: ignore[override]
        async with self._pool.acquire() as raw, raw.transaction():
            yield PgConn(raw, self._id_tables)

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:  # type: ignore[override]
        return list(await self._pool.fetch(query(sql), *tuple(params)))

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:  # type: ignore[override]
        return await self._pool.fetchrow(query(sql), *tuple(params))

    # -------------------------------------------------------------- claims
    async def claim_posts(
        self, now: float, limit: int, lease: float, ids: list[int] | None = None
    ) -> list[PostRow]:
        rows = await self._claim("outbox", now, limit, lease, ids)
        return [queue_row(PostRow, r) for r in rows]

    async def claim_notices(self, now: float, limit: int, lease: float) -> list[NoticeRow]:
        return [queue_row(NoticeRow, r) for r in await self._claim("notices", now, limit, lease)]

    async def _claim(
        self, table: Queue, now: float, limit: int, lease: float, ids: list[int] | None = None
    ) -> list[asyncpg.Record]:
        """Take pending rows no other process holds, and hold them for ``lease`` seconds
        (their ``due_at``); a row's send then marks it sent, or failed with its retry time."""
        if table not in ("outbox", "notices"):
            raise ValueError(f"{table!r} is not a queue table")
        which, params = "", [now + lease, limit, now]
        if ids is not None:
            which = "AND id = ANY($4::bigint[])"
            params.append(sorted(set(ids)))
        rows = await self._pool.fetch(
            f"UPDATE {table} SET due_at = $1 WHERE id IN (SELECT id FROM {table}"
            f" WHERE {PENDING} AND due_at <= $3 {which} ORDER BY due_at, id LIMIT $2"
            " FOR UPDATE SKIP LOCKED) RETURNING *",
            *params,
        )
        return sorted(rows, key=lambda r: r["id"])

    # ------------------------------------------------- tools (copy, bench)
    async def reset_sequences(self) -> None:
        """After rows were inserted with their ids (a copy): identities continue above them."""
        async with self._pool.acquire() as conn:
            for table in sorted(self._id_tables):
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )


async def open_postgres(url: str) -> PostgresStore:
    return await PostgresStore.open(url)
