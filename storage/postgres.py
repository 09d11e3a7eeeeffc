"""The PostgreSQL store (asyncpg), implementing ``storage.base.Store`` for several processes.

Chosen by ``DATABASE_URL=postgresql://...`` (``storage.open``). The tables and columns are
SQLite's (``storage.migrations``, translated by ``storage.pg_sql.migration``), and so is
the SQL of every table method: ``PostgresStore`` inherits them from ``SqliteStore`` and
only replaces how statements run: a connection pool instead of SQLite's reader/writer
pair, each write an asyncpg transaction (``PgConn`` speaks to it like aiosqlite), each
statement translated by ``storage.pg_sql.query``.

What several processes on one database rely on:

* a move lands once: ``commit_move`` updates ``games`` only ``WHERE version = expected``;
  a second writer waits on that row's lock, then finds the version moved (VersionConflict).
  It is the one hot path with its own SQL (one statement, one round trip: see COMMIT_MOVE);
* the send queues are claimed with ``FOR UPDATE SKIP LOCKED`` and a lease on ``due_at``
  (``claim_posts``, ``claim_notices``), so each post, reminder and DM is made by one process;
* the scheduler's claims (a reminder, a deadline, a new timer) are guarded updates, so a
  pass in every process acts once;
* migrations run under an advisory lock (one per schema), so processes starting together
  apply them once.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from storage.base import NewMove, NewPost, PostRow, VersionConflict
from storage.migrations import MIGRATIONS
from storage.pg_conn import PgConn
from storage.pg_sql import migration, query
from storage.sqlite import SqliteStore
from storage.sqlite_queue import PENDING, Queue, queue_row
from storage.sqlite_rows import to_json
from storage.timing import NoticeRow

# commit_move as one statement: $1 game, $2 expected version, $3 snapshot, $4 status,
# $5 waiting, $6 now, $7 announce, $8-$11 the move and the forced moves after it (arrays of
# seat, user, move, events: row k is logged at $2 + k), $12-$15 the posts (kind, payload,
# payload for spectator channels, channel or NULL for the game channel and its links)
COMMIT_MOVE = """
WITH up AS (
    UPDATE games SET version = $2 + cardinality($10::text[]), snapshot = $3, status = $4,
        waiting = $5, updated_at = $6,
        ended_at = CASE WHEN $4 = 'finished' THEN $6 ELSE ended_at END,
        announced_seq = CASE WHEN $7 THEN $2 + cardinality($10::text[]) ELSE announced_seq END
    WHERE id = $1 AND version = $2 AND status = 'active'
    RETURNING id, channel_id
), mv AS (
    INSERT INTO moves (game_id, seq, seat, user_id, move, events, at)
    SELECT up.id, $2 + m.ord, m.seat, m.user_id, m.move, m.events, $6
    FROM up CROSS JOIN unnest($8::bigint[], $9::bigint[], $10::text[], $11::text[])
        WITH ORDINALITY AS m (seat, user_id, move, events, ord)
), targets AS (
    SELECT channel_id, 0 AS spectator FROM up
    UNION ALL SELECT l.channel_id, 1 FROM links AS l JOIN up ON l.game_id = up.id
), wanted AS (
    SELECT * FROM unnest($12::text[], $13::text[], $14::text[], $15::bigint[])
        WITH ORDINALITY AS w (kind, payload, spectator_payload, channel_id, ord)
), ins AS (
    INSERT INTO outbox (game_id, channel_id, kind, payload, created_at, due_at)
    SELECT up.id, COALESCE(w.channel_id, t.channel_id), w.kind,
        CASE WHEN t.spectator = 1 THEN w.spectator_payload ELSE w.payload END, $6, $6
    FROM up CROSS JOIN wanted AS w LEFT JOIN targets AS t ON w.channel_id IS NULL
    ORDER BY w.ord, t.spectator, t.channel_id
    RETURNING id
)
SELECT (SELECT COUNT(*) FROM up) AS landed, ARRAY(SELECT id FROM ins ORDER BY id) AS ids
"""
MIGRATION_LOCK = 0x616C6761  # pg_advisory_xact_lock key: "alga"
POOL_SIZE = 8


# The tables of this schema whose ``id`` is an identity column, from the catalog itself:
# ``information_schema.columns`` checks privileges on every column of every schema of the
# database, and with the tests' hundreds of schemas on one server each open took 15-25 ms
# of the server's CPU for it (this: under 1 ms).
ID_TABLES = (
    "SELECT c.relname FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid"
    " WHERE c.relnamespace = current_schema()::regnamespace AND a.attname = 'id'"
    " AND a.attidentity <> '' AND NOT a.attisdropped"
)


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
                rows = await conn.fetch(ID_TABLES)
        except BaseException:
            await pool.close()
            raise
        store = cls(pool, frozenset(r[0] for r in rows))
        store.path = url
        return store

    @staticmethod
    async def _migrate_pg(conn: asyncpg.Connection) -> None:
        async with conn.transaction():
            # one lock per schema: processes sharing a schema apply the migrations once,
            # and stores in other schemas of the server (the tests') do not queue for it
            await conn.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(current_schema(), $1))",
                MIGRATION_LOCK,
            )
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

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        return list(await self._pool.fetch(query(sql), *tuple(params)))

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:
        return await self._pool.fetchrow(query(sql), *tuple(params))

    # ------------------------------------------------------------ the move
    async def commit_move(
        self,
        game_id: int,
        expected_version: int,
        move: NewMove,
        snapshot: str,
        *,
        status: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
        forced: Sequence[NewMove] = (),
    ) -> list[int]:
        """``SqliteStore.commit_move`` in ONE statement (so one round trip, and one
        transaction by itself): the guarded update of ``games``; the move row and the
        outbox rows are inserted only from the row that update returned, so a stale
        version writes nothing."""
        if status not in ("active", "finished"):
            raise ValueError(f"a move cannot leave the game {status!r}")
        row = await self._pool.fetchrow(
            COMMIT_MOVE,
            game_id,
            expected_version,
            snapshot,
            status,
            to_json(waiting),
            now,
            bool(posts),
            [m.seat for m in (move, *forced)],
            [m.user_id for m in (move, *forced)],
            [m.move for m in (move, *forced)],
            [to_json(m.events) for m in (move, *forced)],
            [p.kind for p in posts],
            [to_json(p.payload) for p in posts],
            [to_json(dict(p.payload, spectator=True)) for p in posts],
            [p.channel_id for p in posts],
        )
        if row is None or not row["landed"]:
            raise VersionConflict(
                f"game {game_id} is no longer at version {expected_version} or not active"
            )
        return list(row["ids"])

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
        which = ""
        params: list[Any] = [now + lease, limit, now]
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
