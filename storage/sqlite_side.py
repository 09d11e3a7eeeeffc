"""The side tables of the SQLite store: spectator links, the outbox, user settings.

``SqliteStore`` inherits these methods; they use its reader/writer helpers.
"""

from __future__ import annotations

import json
from typing import Any

from storage import sqlite_queue as queue
from storage.base import LinkRow, PostRow
from storage.sqlite_queue import queue_row
from storage.sqlite_rows import SqliteAccess, to_json


class SideTables(SqliteAccess):
    """Links, outbox and settings methods (mixed into ``SqliteStore``)."""

    # ------------------------------------------------------- spectator links
    async def add_link(self, game_id: int, channel_id: int, now: float) -> bool:
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO links (game_id, channel_id, created_at) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, channel_id) DO NOTHING",
                (game_id, channel_id, now),
            )
            return cur.rowcount == 1

    async def remove_link(self, game_id: int, channel_id: int) -> bool:
        async with self._tx() as db:
            cur = await db.execute(
                "DELETE FROM links WHERE game_id = ? AND channel_id = ?", (game_id, channel_id)
            )
            return cur.rowcount == 1

    async def links(self, game_id: int) -> list[LinkRow]:
        rows = await self._all(
            "SELECT game_id, channel_id, created_at FROM links WHERE game_id = ?"
            " ORDER BY created_at, channel_id",
            (game_id,),
        )
        return [LinkRow(r[0], r[1], r[2]) for r in rows]

    # ---------------------------------------------------------- install secret
    async def install_secret(self) -> bytes:
        """This database's random secret (migration 7), mixed into lobby seeds."""
        row = await self._one("SELECT secret FROM install_secret WHERE id = 1")
        if row is None:  # pragma: no cover - migration 7 always inserts it
            raise RuntimeError("the install secret is missing")
        return bytes.fromhex(row[0])

    # ---------------------------------------------------------------- outbox
    async def due_posts(self, now: float, limit: int) -> list[PostRow]:
        return [queue_row(PostRow, r) for r in await queue.due(self._all, "outbox", now, limit)]

    async def claim_posts(
        self, now: float, limit: int, lease: float, ids: list[int] | None = None
    ) -> list[PostRow]:
        """One process owns a SQLite file: its posts need no lease (its own in-flight set
        keeps one post from being made twice at once)."""
        if ids is None:
            return await self.due_posts(now, limit)
        rows = [await self.get_post(i) for i in sorted(set(ids))[:limit]]
        return [r for r in rows if r is not None and r.sent_at is None and not r.dead]

    async def get_post(self, post_id: int) -> PostRow | None:
        row = await queue.get(self._one, "outbox", post_id)
        return queue_row(PostRow, row) if row else None

    async def post_sent(self, post_id: int, message_id: int | None, now: float) -> bool:
        return await queue.mark_sent(self._tx, "outbox", post_id, message_id, now)

    async def post_failed(
        self, post_id: int, error: str, now: float, *, retry_in: float | None
    ) -> bool:
        return await queue.mark_failed(self._tx, "outbox", post_id, error, now, retry_in)

    async def prune_posts(self, before: float) -> int:
        return await queue.prune(self._tx, "outbox", before)

    async def pending_posts_of(self, game_id: int) -> list[PostRow]:
        rows = await self._all(
            f"SELECT * FROM outbox WHERE game_id = ? AND {queue.PENDING} ORDER BY id",
            (game_id,),
        )
        return [queue_row(PostRow, r) for r in rows]

    async def sent_post_before(self, game_id: int, channel_id: int, post_id: int) -> PostRow | None:
        row = await self._one(
            "SELECT * FROM outbox WHERE game_id = ? AND channel_id = ? AND id < ?"
            " AND sent_at IS NOT NULL AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
            (game_id, channel_id, post_id),
        )
        return queue_row(PostRow, row) if row else None

    # ---------------------------------------------------------- user settings
    async def get_setting(self, user_id: int, key: str) -> Any | None:
        row = await self._one(
            "SELECT value FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key)
        )
        return json.loads(row[0]) if row else None

    async def set_setting(self, user_id: int, key: str, value: Any, now: float) -> None:
        await self.set_settings(user_id, {key: value}, now)

    async def set_settings(self, user_id: int, values: dict[str, Any], now: float) -> None:
        async with self._tx() as db:
            for key, value in values.items():
                if value is None:
                    await db.execute(
                        "DELETE FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key)
                    )
                    continue
                await db.execute(
                    "INSERT INTO user_settings (user_id, key, value, updated_at)"
                    " VALUES (?, ?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET"
                    " value = excluded.value, updated_at = excluded.updated_at",
                    (user_id, key, to_json(value), now),
                )

    async def settings(self, user_id: int) -> dict[str, Any]:
        rows = await self._all(
            "SELECT key, value FROM user_settings WHERE user_id = ? ORDER BY key", (user_id,)
        )
        return {r[0]: json.loads(r[1]) for r in rows}
