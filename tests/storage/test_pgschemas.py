"""The reused PostgreSQL schemas of the ``backend`` fixtures (tests/pgschemas.py): a schema
comes back exactly as its migrations leave it, or is not reused at all."""

from __future__ import annotations

import asyncpg

from storage.postgres import PostgresStore
from tests import pgschemas
from tests.storage.conftest import NOW, active_game


async def _used(url: str) -> tuple[int, str]:
    """Write to the schema as a test would; its game id and install secret."""
    store = await PostgresStore.open(url)
    try:
        game_id = await active_game(store)
        await store.set_host(game_id, 4242, NOW)
        secret = (await store.install_secret()).hex()
    finally:
        await store.close()
    return game_id, secret


async def _fetch(url: str, sql: str) -> list[tuple]:
    conn = await asyncpg.connect(url)
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


def test_a_used_schema_comes_back_empty_with_fresh_ids_and_a_new_secret() -> None:
    first = pgschemas.migrated_url()
    game_id, secret = pgschemas._in_thread(_used, first)
    pgschemas.release(first)
    again = pgschemas.migrated_url()
    assert again == first, "a spare schema of this worker is reused"
    assert pgschemas._in_thread(_fetch, again, "SELECT COUNT(*) FROM games") == [(0,)]
    assert pgschemas._in_thread(_fetch, again, "SELECT COUNT(*) FROM seats") == [(0,)]
    new_id, new_secret = pgschemas._in_thread(_used, again)
    assert new_id == game_id, "identity counters start again where a new schema's do"
    assert new_secret != secret, "the install secret is drawn again, as its migration does"
    pgschemas.release(again)


def test_a_schema_unlike_its_migrations_is_never_reused() -> None:
    url = pgschemas.migrated_url()
    pgschemas._in_thread(_used, url)
    pgschemas._in_thread(_fetch, url, "ALTER TABLE games ADD COLUMN extra INTEGER")
    pgschemas.release(url)
    assert pgschemas.migrated_url() != url

    other = pgschemas.migrated_url()
    pgschemas._in_thread(_used, other)
    pgschemas._in_thread(_fetch, other, "DELETE FROM schema_migrations WHERE number = 9")
    pgschemas.release(other)
    assert pgschemas.migrated_url() != other
