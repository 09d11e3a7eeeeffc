"""The SQLite tables of AI seats (issue 10): who resigned a seat to an AI (migration 5).

AI seats themselves need no table: an AI holds its seat under a negative user id
(``tables/ai_seats.py``). ``SqliteStore`` inherits these methods (and ``PostgresStore`` from
it: the SQL is in the subset both speak).
"""

from __future__ import annotations

from storage.sqlite_rows import SqliteAccess


class AiTables(SqliteAccess):
    async def add_handover(self, game_id: int, seat: int, user_id: int, name: str, now: float):
        """Remember that ``user_id`` resigned ``seat`` to an AI (the latest one counts)."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO handovers (game_id, seat, user_id, name, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id,"
                " name = excluded.name, at = excluded.at",
                (game_id, seat, user_id, name, now),
            )

    async def handovers(self, game_id: int) -> dict[int, tuple[int, str]]:
        """seat -> (user id, name) of who resigned it to an AI."""
        rows = await self._all(
            "SELECT seat, user_id, name FROM handovers WHERE game_id = ?", (game_id,)
        )
        return {int(r[0]): (int(r[1]), str(r[2])) for r in rows}

    async def resigned_to_ai(self, user_id: int) -> list[int]:
        """Finished games whose seat the user resigned to an AI, not scored yet."""
        rows = await self._all(
            "SELECT DISTINCT h.game_id FROM handovers AS h JOIN games AS g ON g.id = h.game_id"
            " WHERE h.user_id = ? AND g.status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM results AS r WHERE r.game_id = h.game_id)"
            " ORDER BY h.game_id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    async def games_with_ai(self, user_id: int) -> set[int]:
        """The user's scored games in which an AI held a seat at some point."""
        rows = await self._all(
            "SELECT DISTINCT r.game_id FROM results AS r WHERE r.user_id = ? AND ("
            " EXISTS (SELECT 1 FROM results AS o WHERE o.game_id = r.game_id AND o.user_id < 0)"
            " OR EXISTS (SELECT 1 FROM handovers AS h WHERE h.game_id = r.game_id))",
            (user_id,),
        )
        return {int(r[0]) for r in rows}
