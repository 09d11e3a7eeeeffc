"""A storage backend to run against: a SQLite file or a PostgreSQL URL (tests, benchmarks).

``Backend`` gives the ``target`` to open, ``open()`` for a store on it, and ``peek(sql)`` /
``poke(sql)`` to read or write it as an independent second client (SQL with ``?``
parameters, in the dialect both understand).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.base import Store
from storage.open import open_any


@dataclass
class Backend:
    name: str
    target: str | Path

    @property
    def postgres(self) -> bool:
        return self.name == "postgres"

    async def open(self) -> Store:
        return await open_any(self.target)

    async def peek(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple]:
        if not self.postgres:
            conn = sqlite3.connect(self.target)
            try:
                return conn.execute(sql, params).fetchall()
            finally:
                conn.close()
        import asyncpg

        from storage.pg_sql import query

        conn = await asyncpg.connect(str(self.target))
        try:
            return [tuple(r) for r in await conn.fetch(query(sql), *params)]
        finally:
            await conn.close()

    async def poke(self, sql: str, params: tuple[Any, ...] = ()) -> None:
        """Write behind the store's back (a damaged row, a lost move), committed at once."""
        if not self.postgres:
            conn = sqlite3.connect(self.target)
            with conn:
                conn.execute(sql, params)
            conn.close()
            return
        await self.peek(sql, params)
