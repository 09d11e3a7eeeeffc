"""The history tables of the SQLite store: undos, undo requests, results, imports.

``SqliteStore`` inherits these methods; they use its reader/writer helpers. Like
``commit_move``, ``commit_undo`` and ``finish_game`` land only when ``games.version`` still
equals the expected version (else ``VersionConflict``, nothing written).
"""

from __future__ import annotations

import json
import sqlite3

import aiosqlite

from storage.base import ChannelTaken, GameRow, NewGame, NewMove, NewPost, VersionConflict
from storage.history import NewUndo, ResultRow, UndoRequestRow, UndoRow
from storage.sqlite_rows import (
    GAME_COLUMNS,
    SqliteAccess,
    advance_game,
    game_row,
    insert_moves,
    to_json,
)

_REQUEST_COLUMNS = (
    "id, game_id, requester_id, at_version, count, approvers, status, created_at, decided_at,"
    " channel_id, message_id"
)
_RESULT_COLUMNS = "game_id, seat, user_id, name, kind, rank, vp, won, resigned, at"


class HistoryTables(SqliteAccess):
    """Undos, undo requests, results and imported games (mixed into ``SqliteStore``)."""

    async def _insert_posts(
        self, db: aiosqlite.Connection, game_id: int, posts: list[NewPost], now: float
    ) -> list[int]:
        raise NotImplementedError

    # ------------------------------------------------------------------ undos
    async def undos(self, game_id: int) -> list[UndoRow]:
        rows = await self._all(
            "SELECT game_id, seq, user_id, undone, line, request_id, at FROM undos"
            " WHERE game_id = ? ORDER BY seq",
            (game_id,),
        )
        return [
            UndoRow(r[0], r[1], r[2], [int(x) for x in json.loads(r[3])], r[4], r[5], r[6])
            for r in rows
        ]

    async def commit_undo(
        self,
        game_id: int,
        expected_version: int,
        undo: NewUndo,
        snapshot: str,
        *,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> list[int]:
        """One transaction: the undo row at log position expected_version + 1, the rebuilt
        snapshot, the version bump, a new public post (announced_seq moves to the undo)
        and, for an approved request, its status."""
        async with self._tx() as db:
            seq = await advance_game(
                db,
                game_id,
                expected_version,
                snapshot,
                status="active",
                waiting=waiting,
                announce=bool(posts),
                now=now,
            )
            await db.execute(
                "INSERT INTO undos (game_id, seq, user_id, undone, line, request_id, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    undo.user_id,
                    to_json(sorted(undo.undone)),
                    undo.line,
                    undo.request_id,
                    now,
                ),
            )
            await db.execute(
                "UPDATE undo_requests SET status = CASE WHEN id IS ? THEN 'applied'"
                " ELSE 'cancelled' END, decided_at = ? WHERE game_id = ? AND status = 'open'",
                (undo.request_id, now, game_id),
            )
            return await self._insert_posts(db, game_id, posts, now)

    # --------------------------------------------------------- undo requests
    async def add_undo_request(
        self,
        game_id: int,
        requester_id: int,
        at_version: int,
        count: int,
        approvers: list[int],
        now: float,
    ) -> int:
        """A new open request; any older open request of the game is cancelled."""
        async with self._tx() as db:
            await db.execute(
                "UPDATE undo_requests SET status = 'cancelled', decided_at = ?"
                " WHERE game_id = ? AND status = 'open'",
                (now, game_id),
            )
            cur = await db.execute(
                "INSERT INTO undo_requests (game_id, requester_id, at_version, count,"
                " approvers, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    requester_id,
                    at_version,
                    count,
                    to_json({str(u): None for u in approvers}),
                    now,
                ),
            )
            return int(cur.lastrowid or 0)

    async def get_undo_request(self, request_id: int) -> UndoRequestRow | None:
        row = await self._one(
            f"SELECT {_REQUEST_COLUMNS} FROM undo_requests WHERE id = ?", (request_id,)
        )
        return _request(row) if row else None

    async def open_undo_request(self, game_id: int) -> UndoRequestRow | None:
        """The game's open request (the newest, should there be more), or None."""
        row = await self._one(
            f"SELECT {_REQUEST_COLUMNS} FROM undo_requests WHERE game_id = ? AND status = 'open'"
            " ORDER BY id DESC LIMIT 1",
            (game_id,),
        )
        return _request(row) if row else None

    async def vote_undo_request(
        self, request_id: int, user_id: int, approve: bool, now: float
    ) -> UndoRequestRow | None:
        """Record one approver's answer on an open request (a refusal closes it); returns
        the request as it is now, or None when it is unknown."""
        async with self._tx() as db:
            async with db.execute(
                f"SELECT {_REQUEST_COLUMNS} FROM undo_requests WHERE id = ? /*pg: FOR UPDATE*/",
                (request_id,),
            ) as cur:
                row = await cur.fetchone()
            if row is None:
                return None
            request = _request(row)
            if request.status != "open" or user_id not in request.approvers:
                return request
            votes = {str(u): v for u, v in request.approvers.items()}
            votes[str(user_id)] = approve
            status = "open" if approve else "refused"
            await db.execute(
                "UPDATE undo_requests SET approvers = ?, status = ?,"
                " decided_at = CASE WHEN ? THEN ? ELSE decided_at END WHERE id = ?",
                (to_json(votes), status, not approve, now, request_id),
            )
            async with db.execute(
                f"SELECT {_REQUEST_COLUMNS} FROM undo_requests WHERE id = ?", (request_id,)
            ) as cur:
                row = await cur.fetchone()
            assert row is not None
            return _request(row)

    async def set_undo_request_message(
        self, request_id: int, channel_id: int, message_id: int
    ) -> None:
        async with self._tx() as db:
            await db.execute(
                "UPDATE undo_requests SET channel_id = ?, message_id = ? WHERE id = ?",
                (channel_id, message_id, request_id),
            )

    async def cancel_undo_requests(self, game_id: int, now: float) -> list[tuple[int, int]]:
        """Cancel the game's open requests (a move came first); the (channel, message) of
        each, so the front end can take their buttons away. Every move asks, and almost
        never is there one: a read answers that without queueing for the writer."""
        if not await self._all(
            "SELECT 1 FROM undo_requests WHERE game_id = ? AND status = 'open' LIMIT 1",
            (game_id,),
        ):
            return []
        async with self._tx() as db:
            async with db.execute(
                "SELECT id, channel_id, message_id FROM undo_requests"
                " WHERE game_id = ? AND status = 'open'",
                (game_id,),
            ) as cur:
                rows = await cur.fetchall()
            await db.execute(
                "UPDATE undo_requests SET status = 'cancelled', decided_at = ?"
                " WHERE game_id = ? AND status = 'open'",
                (now, game_id),
            )
        return [(int(r[1]), int(r[2])) for r in rows if r[1] is not None and r[2] is not None]

    async def close_undo_request(self, request_id: int, status: str, now: float) -> bool:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE undo_requests SET status = ?, decided_at = ?"
                " WHERE id = ? AND status = 'open'",
                (status, now, request_id),
            )
            return cur.rowcount == 1

    # ------------------------------------------------------ finish, results
    async def finish_game(
        self,
        game_id: int,
        expected_version: int,
        results: list[ResultRow],
        posts: list[NewPost],
        now: float,
    ) -> list[int]:
        """Active -> finished at the same version (a resignation), results and the final
        post in one transaction; VersionConflict when a move landed first."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'finished', ended_at = ?, updated_at = ?, waiting = '{}'"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (now, now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise VersionConflict(f"game {game_id} moved on or is not active")
            await db.execute(
                "UPDATE undo_requests SET status = 'cancelled', decided_at = ?"
                " WHERE game_id = ? AND status = 'open'",
                (now, game_id),
            )
            await self._put_results(db, results, replace=True)
            return await self._insert_posts(db, game_id, posts, now)

    async def save_results(self, results: list[ResultRow]) -> None:
        """Keep the standings of a finished game (the first ones kept win)."""
        async with self._tx() as db:
            await self._put_results(db, results, replace=False)

    @staticmethod
    async def _put_results(
        db: aiosqlite.Connection, results: list[ResultRow], *, replace: bool
    ) -> None:
        update = ", ".join(f"{c} = excluded.{c}" for c in _RESULT_COLUMNS.split(", ")[2:])
        conflict = f"DO UPDATE SET {update}" if replace else "DO NOTHING"
        await db.executemany(
            f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT (game_id, seat) {conflict}",
            [
                (
                    r.game_id,
                    r.seat,
                    r.user_id,
                    r.name,
                    r.kind,
                    r.rank,
                    r.vp,
                    r.won,
                    r.resigned,
                    r.at,
                )
                for r in results
            ],
        )

    async def results_of(self, user_id: int) -> list[ResultRow]:
        rows = await self._all(
            f"SELECT {_RESULT_COLUMNS} FROM results WHERE user_id = ? ORDER BY game_id, seat",
            (user_id,),
        )
        return [
            ResultRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), bool(r[8]), float(r[9]))
            for r in rows
        ]

    async def unscored_games(self, user_id: int) -> list[int]:
        """Finished games of a user (by seat) that have no results yet (finished by a move:
        their results are written the first time someone asks)."""
        rows = await self._all(
            "SELECT DISTINCT g.id FROM games AS g JOIN seats AS s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM results AS r WHERE r.game_id = g.id) ORDER BY g.id",
            (user_id,),
        )
        return [int(r[0]) for r in rows]

    # --------------------------------------------------- channels, imports
    async def last_game_in(self, channel_id: int) -> GameRow | None:
        """The newest game of a channel, whatever its status."""
        row = await self._one(
            f"SELECT {GAME_COLUMNS} FROM games AS g WHERE g.channel_id = ? ORDER BY g.id DESC"
            " LIMIT 1",
            (channel_id,),
        )
        return game_row(row) if row else None

    async def import_game(
        self,
        new: NewGame,
        players: list[str],
        moves: list[NewMove],
        snapshot: str,
        *,
        status: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> tuple[int, list[int]]:
        """A game rebuilt from a record, in one transaction: every seat held by the host
        (hot-seat), the moves logged 1..n, the snapshot, and its first post (whose
        payload ``game_id`` is set to the new id)."""
        if status not in ("active", "finished"):
            raise ValueError(f"an imported game cannot be {status!r}")
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (kind, guild_id, channel_id, status, host_id, seed,"
                    " options, hotseat, max_seats, players, version, snapshot, waiting,"
                    " announced_seq, created_at, updated_at, started_at, ended_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        new.kind,
                        new.guild_id,
                        new.channel_id,
                        status,
                        new.host_id,
                        new.seed,
                        to_json(new.options),
                        len(players),
                        to_json(players),
                        len(moves),
                        snapshot,
                        to_json(waiting),
                        len(moves) if posts else 0,
                        now,
                        now,
                        now,
                        now if status == "finished" else None,
                    ),
                )
                game_id = int(cur.lastrowid or 0)
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                    [(game_id, i, new.host_id, name) for i, name in enumerate(players)],
                )
                await insert_moves(db, game_id, 1, moves, now)
                posts = [  # the payloads learn the new game's id
                    NewPost(p.kind, {**p.payload, "game_id": game_id}, p.channel_id) for p in posts
                ]
                ids = await self._insert_posts(db, game_id, posts, now)
        except sqlite3.IntegrityError as exc:
            if "UNIQUE" in str(exc):
                raise ChannelTaken(f"channel {new.channel_id} already has a game") from exc
            raise
        return game_id, ids


def _request(row: sqlite3.Row) -> UndoRequestRow:
    return UndoRequestRow(
        id=row[0],
        game_id=row[1],
        requester_id=row[2],
        at_version=row[3],
        count=row[4],
        approvers={int(k): v for k, v in json.loads(row[5]).items()},
        status=row[6],
        created_at=row[7],
        decided_at=row[8],
        channel_id=row[9],
        message_id=row[10],
    )
