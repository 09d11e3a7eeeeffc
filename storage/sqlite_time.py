"""The time tables of the SQLite store: game timing, turn timers, notices, games by user.

``SqliteStore`` inherits these methods. Claiming a due timer and inserting its notice is
one transaction guarded by the timer's old due time, so a reminder is claimed once even
when two passes (or a pass before and after a restart) see it due.
"""

from __future__ import annotations

import sqlite3

import aiosqlite

from storage import sqlite_queue as queue
from storage.base import LIVE_STATUSES, GameRow
from storage.sqlite_queue import PENDING, queue_row
from storage.sqlite_rows import GAME_COLUMNS, SqliteAccess, game_row, to_json
from storage.timing import (
    ON_TIMEOUT,
    NewNotice,
    NoticeRow,
    TimerChange,
    TimerRow,
    TimingRow,
)

TIMER_COLUMNS = "game_id, seat, user_id, opened_at, remind_at, reminders, deadline_at, timed_out"
# seats with an open decision (games.waiting) of active games
_OPEN = """
    SELECT g.id AS game_id, CAST(j.key AS INTEGER) AS seat,
        CAST(j.value AS DOUBLE PRECISION) AS opened_at
    FROM games AS g, json_each(g.waiting) AS j WHERE g.status = 'active'
"""


class TimeTables(SqliteAccess):
    """Timing, timers, notices (mixed into ``SqliteStore``)."""

    # ------------------------------------------------------------ game timing
    async def get_timing(self, game_id: int) -> TimingRow | None:
        row = await self._one(
            "SELECT game_id, remind_hours, limit_hours, on_timeout FROM game_timing"
            " WHERE game_id = ?",
            (game_id,),
        )
        return TimingRow(row[0], row[1], row[2], row[3]) if row else None

    async def set_timing(self, timing: TimingRow, now: float) -> None:
        if timing.on_timeout not in ON_TIMEOUT:
            raise ValueError(f"bad on_timeout {timing.on_timeout!r}")
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO game_timing (game_id, remind_hours, limit_hours, on_timeout,"
                " updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
                " remind_hours = excluded.remind_hours, limit_hours = excluded.limit_hours,"
                " on_timeout = excluded.on_timeout, updated_at = excluded.updated_at",
                (
                    timing.game_id,
                    timing.remind_hours,
                    timing.limit_hours,
                    timing.on_timeout,
                    now,
                ),
            )

    # ------------------------------------------------------------ turn timers
    async def timer_changes(self, limit: int = 200) -> list[TimerChange]:
        """Open decisions whose timer is missing or stale (see ``TimerChange``)."""
        rows = await self._all(
            f"WITH open AS ({_OPEN})"
            " SELECT o.game_id, o.seat, s.user_id, o.opened_at, t.game_id IS NOT NULL,"
            " (SELECT m.user_id FROM moves AS m WHERE m.game_id = o.game_id"
            "  ORDER BY m.seq DESC LIMIT 1)"
            " FROM open AS o JOIN seats AS s ON s.game_id = o.game_id AND s.seat = o.seat"
            " LEFT JOIN turn_timers AS t ON t.game_id = o.game_id AND t.seat = o.seat"
            " WHERE t.game_id IS NULL OR t.opened_at != o.opened_at OR t.user_id != s.user_id"
            " ORDER BY o.game_id, o.seat LIMIT ?",
            (limit,),
        )
        return [TimerChange(r[0], r[1], r[2], float(r[3]), r[5], bool(r[4])) for r in rows]

    async def drop_stale_timers(self) -> int:
        """Delete timers of seats that no longer wait (moved, game over or aborted)."""
        async with self._tx() as db:
            cur = await db.execute(
                f"DELETE FROM turn_timers WHERE NOT EXISTS (SELECT 1 FROM ({_OPEN}) AS o"
                " WHERE o.game_id = turn_timers.game_id AND o.seat = turn_timers.seat)"
            )
            return cur.rowcount

    async def put_timer(self, timer: TimerRow, notices: list[NewNotice], now: float) -> bool:
        """Write (replace) a seat's timer and queue ``notices``, in one transaction. A timer
        already written for the same decision and holder (by another process's pass) is
        left alone and nothing is queued: returns False then."""
        async with self._tx() as db:
            cur = await db.execute(
                f"INSERT INTO turn_timers ({TIMER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id,"
                " opened_at = excluded.opened_at, remind_at = excluded.remind_at,"
                " reminders = excluded.reminders, deadline_at = excluded.deadline_at,"
                " timed_out = excluded.timed_out WHERE turn_timers.opened_at != excluded.opened_at"
                " OR turn_timers.user_id != excluded.user_id",
                (
                    timer.game_id,
                    timer.seat,
                    timer.user_id,
                    timer.opened_at,
                    timer.remind_at,
                    timer.reminders,
                    timer.deadline_at,
                    int(timer.timed_out),
                ),
            )
            if cur.rowcount != 1:
                return False
            await self._insert_notices(db, notices, now)
            return True

    async def timers(self, game_id: int | None = None) -> list[TimerRow]:
        where, params = ("WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = await self._all(
            f"SELECT {TIMER_COLUMNS} FROM turn_timers {where} ORDER BY game_id, seat", params
        )
        return [_timer(r) for r in rows]

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]:
        rows = await self._all(
            f"SELECT {TIMER_COLUMNS} FROM turn_timers WHERE remind_at <= ?"
            f" UNION SELECT {TIMER_COLUMNS} FROM turn_timers WHERE deadline_at <= ?"
            " ORDER BY 1, 2 LIMIT ?",
            (now, now, limit),
        )
        return [_timer(r) for r in rows]

    async def claim_reminder(
        self,
        game_id: int,
        seat: int,
        due: float,
        next_at: float | None,
        notices: list[NewNotice],
        now: float,
        *,
        counted: bool,
    ) -> bool:
        """Move a due reminder on to ``next_at`` (and queue ``notices``) when it is still
        due at ``due``; False when another pass claimed it first."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE turn_timers SET remind_at = ?, reminders = reminders + ?"
                " WHERE game_id = ? AND seat = ? AND remind_at = ?",
                (next_at, int(counted), game_id, seat, due),
            )
            if cur.rowcount != 1:
                return False
            await self._insert_notices(db, notices, now)
            return True

    async def claim_deadline(
        self, game_id: int, seat: int, due: float, notices: list[NewNotice], now: float
    ) -> bool:
        """Mark a seat's deadline acted on (once); False when already claimed."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE turn_timers SET deadline_at = NULL, timed_out = 1"
                " WHERE game_id = ? AND seat = ? AND deadline_at = ?",
                (game_id, seat, due),
            )
            if cur.rowcount != 1:
                return False
            await self._insert_notices(db, notices, now)
            return True

    async def reschedule_timer(
        self, game_id: int, seat: int, remind_at: float | None, deadline_at: float | None
    ) -> None:
        async with self._tx() as db:
            await db.execute(
                "UPDATE turn_timers SET remind_at = ?, deadline_at = ?"
                " WHERE game_id = ? AND seat = ?",
                (remind_at, deadline_at, game_id, seat),
            )

    # ---------------------------------------------------------------- notices
    async def _insert_notices(
        self, db: aiosqlite.Connection, notices: list[NewNotice], now: float
    ) -> None:
        for n in notices:
            await db.execute(
                "INSERT INTO notices (game_id, user_id, channel_id, kind, payload, created_at,"
                " due_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    n.game_id,
                    n.user_id,
                    n.channel_id,
                    n.kind,
                    to_json(n.payload),
                    now,
                    now if n.due_at is None else n.due_at,
                ),
            )

    async def add_notices(self, notices: list[NewNotice], now: float) -> None:
        async with self._tx() as db:
            await self._insert_notices(db, notices, now)

    async def due_notices(self, now: float, limit: int) -> list[NoticeRow]:
        rows = await queue.due(self._all, "notices", now, limit)
        return [queue_row(NoticeRow, r) for r in rows]

    async def claim_notices(self, now: float, limit: int, lease: float) -> list[NoticeRow]:
        """Due notices; one process owns a SQLite file, so no lease is needed."""
        return await self.due_notices(now, limit)

    async def notices(self, game_id: int) -> list[NoticeRow]:
        rows = await self._all("SELECT * FROM notices WHERE game_id = ? ORDER BY id", (game_id,))
        return [queue_row(NoticeRow, r) for r in rows]

    async def get_notice(self, notice_id: int) -> NoticeRow | None:
        row = await queue.get(self._one, "notices", notice_id)
        return queue_row(NoticeRow, row) if row else None

    async def notice_sent(self, notice_id: int, message_id: int | None, now: float) -> bool:
        return await queue.mark_sent(self._tx, "notices", notice_id, message_id, now)

    async def notice_failed(
        self, notice_id: int, error: str, now: float, *, retry_in: float | None
    ) -> bool:
        """Count a failed attempt; retry after ``retry_in`` seconds, or give up when None."""
        return await queue.mark_failed(self._tx, "notices", notice_id, error, now, retry_in)

    # ------------------------------------------------------------ games by user
    async def games_of_user(
        self, user_id: int, statuses: tuple[str, ...] = LIVE_STATUSES
    ) -> list[GameRow]:
        """Every game (any guild) where ``user_id`` holds a seat, by id."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games AS g WHERE g.status IN ({marks})"
            " AND g.id IN (SELECT game_id FROM seats WHERE user_id = ?) ORDER BY g.id",
            (*statuses, user_id),
        )
        return [game_row(r) for r in rows]

    async def latest_post(self, game_id: int, channel_id: int) -> tuple[int | None, int]:
        """The message id of the newest post made in a channel for a game, and how many of
        that game's posts to that channel are still to make."""
        made = await self._one(
            "SELECT message_id FROM outbox WHERE game_id = ? AND channel_id = ?"
            " AND sent_at IS NOT NULL AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
            (game_id, channel_id),
        )
        waiting = await self._one(
            f"SELECT COUNT(*) FROM outbox WHERE game_id = ? AND channel_id = ? AND {PENDING}",
            (game_id, channel_id),
        )
        return (int(made[0]) if made else None), (int(waiting[0]) if waiting else 0)


def _timer(r: sqlite3.Row) -> TimerRow:
    return TimerRow(r[0], r[1], r[2], float(r[3]), r[4], int(r[5]), r[6], bool(r[7]))
