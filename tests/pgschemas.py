"""Migrated PostgreSQL schemas for the tests' ``backend`` fixtures, reused between tests.

Migrating a new schema costs the server about 0.15 s of CPU (some twenty tables and
indexes, one by one); the suite's hundred-odd PostgreSQL store and table tests paid it
each, on the two cores the rest of the run needs. A test using the ``backend`` fixture
gets instead, where this worker has one, a schema an earlier test used, **emptied back to
what the migrations leave**: its shape (every table, column, type, index and constraint)
and its applied migrations are checked against a schema migrated for this worker alone,
every row is deleted, the identity counters restart at 1, and the rows the migrations
themselves insert (the install secret, a new random one) are inserted again. A schema that
differs (a test added a migration, dropped a row of ``schema_migrations``) or cannot be
emptied at once (a lock held by a leftover connection) is never reused: the test gets a new
one. A store opening a reused schema finds its migrations applied, as on any restart;
tests of the migrations themselves and of new databases get new schemas
(``tests.pgserver.fresh_url``, ``make_backend``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from storage.migrations import MIGRATIONS
from storage.pg_sql import migration
from tests import pgserver

T = TypeVar("T")

SHAPE = """
SELECT c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
       a.attidentity, pg_get_expr(d.adbin, d.adrelid)
  FROM pg_class AS c
  JOIN pg_attribute AS a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_attrdef AS d ON d.adrelid = c.oid AND d.adnum = a.attnum
 WHERE c.relnamespace = current_schema()::regnamespace
UNION ALL
SELECT t.relname, 'constraint', k.conname, pg_get_constraintdef(k.oid), NULL, NULL, NULL
  FROM pg_constraint AS k JOIN pg_class AS t ON t.oid = k.conrelid
 WHERE k.connamespace = current_schema()::regnamespace
ORDER BY 1, 2, 3
"""
TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
IDENTITIES = (
    "SELECT c.relname, a.attname FROM pg_attribute AS a JOIN pg_class AS c"
    " ON c.oid = a.attrelid WHERE c.relnamespace = current_schema()::regnamespace"
    " AND c.relkind = 'r' AND a.attidentity <> '' AND NOT a.attisdropped"
)

_spare: list[str] = []
_reference: tuple[list[tuple[Any, ...]], list[int]] | None = None


def _in_thread(make: Callable[..., Awaitable[T]], *args: Any) -> T:
    """Run ``make(*args)`` to its end in a thread of its own (a fixture may be called
    while the test's event loop exists; this never touches it)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = asyncio.run(make(*args))  # type: ignore[arg-type]
        except BaseException as exc:  # handed to the caller
            box["error"] = exc

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def _seed_rows() -> list[str]:
    """The statements of the migrations that insert rows of their own (not copies)."""
    found = []
    for number, _, script in sorted(MIGRATIONS):
        for statement in migration(number, script):
            words = statement.upper().split()
            if words[:1] == ["INSERT"] and "VALUES" in words:
                found.append(statement)
    return found


async def _shape(conn: Any) -> tuple[list[tuple[Any, ...]], list[int]]:
    rows = [tuple(r) for r in await conn.fetch(SHAPE)]
    applied = [r[0] for r in await conn.fetch("SELECT number FROM schema_migrations ORDER BY 1")]
    return rows, applied


async def _migrate_reference() -> tuple[list[tuple[Any, ...]], list[int]]:
    import asyncpg

    from storage.postgres import PostgresStore

    url = pgserver.fresh_url()
    store = await PostgresStore.open(url)
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        return await _shape(conn)
    finally:
        await conn.close()


async def _empty(url: str, reference: tuple[list[tuple[Any, ...]], list[int]]) -> bool:
    """Empty the schema of ``url`` back to what the migrations leave; False (and nothing
    changed) when its shape or applied migrations differ, or a lock is held."""
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        async with conn.transaction():
            await conn.execute("SET LOCAL lock_timeout = '1s'")
            if await _shape(conn) != reference:
                return False
            tables = [r[0] for r in await conn.fetch(TABLES) if r[0] != "schema_migrations"]
            for table in tables:
                await conn.execute(f"DELETE FROM {table}")
            for table, column in await conn.fetch(IDENTITIES):
                await conn.execute(f"ALTER TABLE {table} ALTER COLUMN {column} RESTART")
            for statement in _seed_rows():
                await conn.execute(statement)
        return True
    except (asyncpg.PostgresError, OSError):
        return False
    finally:
        await conn.close()


def migrated_url() -> str:
    """A schema as its migrations leave it (emptied after an earlier test of this worker),
    or else a new empty one (a store's first open migrates it)."""
    global _reference
    while _spare:
        url = _spare.pop()
        if _reference is None:
            _reference = _in_thread(_migrate_reference)
        if _in_thread(_empty, url, _reference):
            return url
    return pgserver.fresh_url()


def release(url: str) -> None:
    """The test that had ``url`` is over: the schema may be emptied for another."""
    _spare.append(url)
