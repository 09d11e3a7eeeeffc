"""Open the store a configuration names: a PostgreSQL URL or a SQLite file path."""

from __future__ import annotations

from pathlib import Path

from storage.base import Store

PG_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(PG_SCHEMES)


async def open_any(target: str | Path) -> Store:
    """``postgresql://...`` opens PostgreSQL (``storage.postgres``); anything else is the
    path of a SQLite file (``storage.sqlite``). Migrations are applied either way."""
    if is_postgres(target):
        from storage.postgres import PostgresStore

        return await PostgresStore.open(str(target))
    from storage.sqlite import open_store

    return await open_store(target)
