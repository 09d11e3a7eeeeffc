"""The embedded SQLite store (aiosqlite), implementing ``storage.base.Store``.

Connections: one writer and one reader, each an aiosqlite connection (its own thread).
Writes are serialised by an asyncio lock and run as explicit ``BEGIN IMMEDIATE``
transactions, so statements of concurrent coroutines never interleave inside one
transaction and two processes on one file queue on SQLite's own lock (``busy_timeout``).
Reads go to the reader, one statement each, run to completion in one hop on the reader's
thread (``_all``), so no statement stays open across an await and every read sees every
commit that finished before it started.

Pragmas: WAL (readers never block the writer), ``foreign_keys=ON``, and
``synchronous=NORMAL``. With WAL, NORMAL keeps every committed transaction across a crash
or SIGKILL of the process (the WAL is written at commit); only an OS crash or power loss
may roll back the last few commits. That trade buys a commit without fsync (well under the
10 ms target on this machine). Pass ``synchronous="FULL"`` to ``open_store`` for the
stricter setting.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage.base import (
    LIVE_STATUSES,
    STATUSES,
    ChannelTaken,
    GameRow,
    JoinRefused,
    MoveRow,
    NewGame,
    NewMove,
    NewPost,
    SeatsChanged,
    Snapshot,
    StoreError,
    VersionConflict,
    join_refusal,
)
from storage.migrations import MIGRATIONS
from storage.sqlite_ai import AiTables
from storage.sqlite_history import HistoryTables
from storage.sqlite_rows import (
    GAME_COLUMNS,
    advance_game,
    game_row,
    insert_moves,
    lobby_seats,
    split_sql,
    to_json,
)
from storage.sqlite_side import SideTables
from storage.sqlite_time import TimeTables

BUSY_TIMEOUT_MS = 5000


class SqliteStore(SideTables, HistoryTables, TimeTables, AiTables):
    """``Store`` on one SQLite file. Create with ``await SqliteStore.open(path)``."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._w = writer
        self._r = reader
        self._wlock = asyncio.Lock()
        self.path: str = ""

    # ----------------------------------------------------------- lifecycle
    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> SqliteStore:
        """Open (creating when missing) and apply pending migrations."""
        path = str(path)
        if path == ":memory:":
            raise ValueError("use a file: the store keeps separate reader and writer connections")
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous setting {synchronous!r}")
        writer = await cls._connect(path, synchronous)
        try:
            await cls._migrate(writer)
            reader = await cls._connect(path, synchronous)
        except BaseException:
            await writer.close()
            raise
        store = cls(writer, reader)
        store.path = path
        return store

    @staticmethod
    async def _connect(path: str, synchronous: str) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        await conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @staticmethod
    async def _migrate(conn: aiosqlite.Connection) -> None:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " number INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                " applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
            )
            async with conn.execute("SELECT number FROM schema_migrations") as cur:
                done = {row[0] for row in await cur.fetchall()}
            for number, name, script in sorted(MIGRATIONS):
                if number in done:
                    continue
                for statement in split_sql(script):
                    await conn.execute(statement)
                await conn.execute(
                    "INSERT INTO schema_migrations (number, name) VALUES (?, ?)", (number, name)
                )
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        await conn.execute("COMMIT")

    async def close(self) -> None:
        async with self._wlock:
            await self._r.close()
            await self._w.close()

    async def applied_migrations(self) -> list[int]:
        return [r[0] for r in await self._all("SELECT number FROM schema_migrations ORDER BY 1")]

    # ------------------------------------------------------------- helpers
    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._wlock:
            try:
                await self._w.execute("BEGIN IMMEDIATE")
                yield self._w
                await self._w.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        """Roll back whatever the writer holds, also after a cancellation.

        aiosqlite runs statements one after another in its own thread, so this ROLLBACK
        runs after any statement a cancelled caller left in flight (a BEGIN or a COMMIT).
        Checking ``in_transaction`` first would race them: a cancelled BEGIN left the
        connection inside a transaction, and a cancelled COMMIT turned the cancellation
        into "cannot rollback", which kept cancelled loops alive on shutdown. When the
        COMMIT did complete there is nothing to roll back, and that error is expected.
        """
        with contextlib.suppress(sqlite3.OperationalError):
            await asyncio.shield(self._w.execute("ROLLBACK"))

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        """Run one read to completion in a single hop on the reader's thread.

        ``execute``, ``fetch`` and ``close`` as separate awaits would leave the statement
        open between them; in autocommit mode an open statement holds the connection's
        read snapshot, so another coroutine's SELECT on the shared reader would run inside
        it and miss commits that landed meanwhile. Fetching every row in the same hop ends
        the statement (and its snapshot) before any other read can start."""
        return list(await self._r.execute_fetchall(sql, tuple(params)))

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """The first row of a read (see ``_all``: the statement never stays open)."""
        rows = await self._all(sql, params)
        return rows[0] if rows else None

    # ------------------------------------------------------ games and seats
    async def create_game(self, new: NewGame, now: float) -> int:
        if new.status not in STATUSES:
            raise ValueError(f"bad status {new.status!r}")
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO games (kind, guild_id, channel_id, status, host_id, seed,"
                    " options, hotseat, max_seats, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        new.kind,
                        new.guild_id,
                        new.channel_id,
                        new.status,
                        new.host_id,
                        new.seed,
                        to_json(new.options),
                        int(new.hotseat),
                        new.max_seats,
                        now,
                        now,
                    ),
                )
                game_id = int(cur.lastrowid or 0)
                await db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (game_id, new.host_id, new.host_name),
                )
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc) or "UNIQUE" in str(exc):
                raise ChannelTaken(f"channel {new.channel_id} already has a game") from exc
            raise
        return game_id

    async def create_games_bulk(
        self,
        games: list[NewGame],
        now: float,
        *,
        players: list[str] | None = None,
        snapshot: str | None = None,
        moves: list[NewMove] = (),  # type: ignore[assignment]
    ) -> None:
        """Insert many games in one transaction (benchmark set-up). With ``players`` and
        ``snapshot`` each game is active at version ``len(moves)`` with those moves logged;
        every player gets a seat (user ids host_id, host_id + 1, ...)."""
        status = "active" if snapshot is not None else "lobby"
        names = players or []
        async with self._tx() as db:
            for new in games:
                cur = await db.execute(
                    "INSERT INTO games (kind, guild_id, channel_id, status, host_id, seed,"
                    " options, hotseat, max_seats, players, version, snapshot, created_at,"
                    " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        new.kind,
                        new.guild_id,
                        new.channel_id,
                        status,
                        new.host_id,
                        new.seed,
                        to_json(new.options),
                        int(new.hotseat),
                        new.max_seats,
                        to_json(names) if snapshot is not None else None,
                        len(moves) if snapshot is not None else 0,
                        snapshot,
                        now,
                        now,
                    ),
                )
                game_id = cur.lastrowid
                assert game_id is not None  # set by every INSERT
                seats = [(game_id, i, new.host_id + i, n) for i, n in enumerate(names)]
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                    seats or [(game_id, 0, new.host_id, new.host_name)],
                )
                if snapshot is not None and moves:
                    await insert_moves(db, game_id, 1, moves, now)

    async def get_game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games AS g WHERE g.id = ?", (game_id,))
        return game_row(row) if row else None

    async def find_game(self, channel_id: int) -> GameRow | None:
        row = await self._one(
            f"SELECT {GAME_COLUMNS} FROM games AS g WHERE g.channel_id = ?"
            " AND g.status IN ('lobby', 'active', 'broken')",
            (channel_id,),
        )
        return game_row(row) if row else None

    async def list_games(
        self, guild_id: int | None, statuses: tuple[str, ...] = LIVE_STATUSES
    ) -> list[GameRow]:
        marks = ", ".join("?" for _ in statuses)
        where = "g.guild_id IS ?" if guild_id is None else "g.guild_id = ?"
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games AS g WHERE {where}"
            f" AND g.status IN ({marks}) ORDER BY g.id",
            (guild_id, *statuses),
        )
        return [game_row(r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, name: str, now: float) -> int:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'",
                (now, game_id),
            )
            # checked again in this write (it holds the game's row): the caller read earlier
            async with db.execute(
                "SELECT hotseat, max_seats FROM games WHERE id = ?", (game_id,)
            ) as c:
                game = await c.fetchone()
            if cur.rowcount != 1 or game is None:
                raise StoreError("the game is not open for joining")
            seats = await lobby_seats(db, game_id)
            held = [(s["user_id"], s["name"]) for s in seats]
            why = join_refusal(held, bool(game["hotseat"]), game["max_seats"], user_id, name)
            if why is not None:
                raise JoinRefused(why)
            seat = max((s["seat"] for s in seats), default=-1) + 1
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (game_id, seat, user_id, name),
            )
        return seat

    async def remove_seats(self, game_id: int, user_id: int, now: float) -> int:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'",
                (now, game_id),
            )
            if cur.rowcount != 1:
                raise StoreError("seats can only be left in the lobby")
            seats = await lobby_seats(db, game_id)
            keep = [(s["user_id"], s["name"]) for s in seats if s["user_id"] != user_id]
            removed = len(seats) - len(keep)
            if removed:
                await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
                await db.executemany(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                    [(game_id, i, uid, name) for i, (uid, name) in enumerate(keep)],
                )
        return removed

    async def set_host(self, game_id: int, host_id: int, now: float) -> None:
        async with self._tx() as db:
            await db.execute(
                "UPDATE games SET host_id = ?, updated_at = ? WHERE id = ?",
                (host_id, now, game_id),
            )

    async def replace_seat(
        self, game_id: int, seat: int, user_id: int, name: str, now: float
    ) -> None:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                (user_id, name, game_id, seat),
            )
            if cur.rowcount != 1:
                raise StoreError(f"there is no seat {seat}")
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    async def set_status(
        self,
        game_id: int,
        status: str,
        now: float,
        *,
        only_from: tuple[str, ...],
        reason: str | None = None,
    ) -> bool:
        if status not in STATUSES:
            raise ValueError(f"bad status {status!r}")
        marks = ", ".join("?" for _ in only_from)
        ended = status in ("finished", "aborted")
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET status = ?, broken_reason = COALESCE(?, broken_reason),"
                " updated_at = ?, ended_at = CASE WHEN ? THEN ? ELSE ended_at END"
                f" WHERE id = ? AND status IN ({marks})",
                (status, reason, now, ended, now, game_id, *only_from),
            )
            return cur.rowcount == 1

    async def start_game(
        self,
        game_id: int,
        players: list[str],
        snapshot: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> list[int]:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET status = 'active', players = ?, snapshot = ?, version = 0,"
                " waiting = ?, started_at = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                (to_json(players), snapshot, to_json(waiting), now, now, game_id),
            )
            if cur.rowcount != 1:
                raise VersionConflict("the game is no longer in its lobby")
            if [s["name"] for s in await lobby_seats(db, game_id)] != players:
                raise SeatsChanged("the lobby's seats changed since they were read")
            return await self._insert_posts(db, game_id, posts, now)

    # -------------------------------------------------- moves and snapshots
    async def load_snapshot(self, game_id: int) -> Snapshot:
        row = await self._one("SELECT version, snapshot FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise StoreError(f"there is no game {game_id}")
        return Snapshot(row["version"], row["snapshot"])

    async def save_snapshot(self, game_id: int, version: int, text: str) -> bool:
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET snapshot = ? WHERE id = ? AND version = ?",
                (text, game_id, version),
            )
            return cur.rowcount == 1

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
        if status not in ("active", "finished"):
            raise ValueError(f"a move cannot leave the game {status!r}")
        async with self._tx() as db:
            await advance_game(
                db,
                game_id,
                expected_version,
                snapshot,
                status=status,
                waiting=waiting,
                announce=bool(posts),
                now=now,
                count=1 + len(forced),
            )
            await insert_moves(db, game_id, expected_version + 1, [move, *forced], now)
            return await self._insert_posts(db, game_id, posts, now)

    async def _insert_posts(
        self, db: aiosqlite.Connection, game_id: int, posts: list[NewPost], now: float
    ) -> list[int]:
        if not posts:
            return []
        targets: list[tuple[int, bool]] | None = None
        ids: list[int] = []
        for post in posts:
            if post.channel_id is not None:
                channels = [(post.channel_id, False)]
            else:
                if targets is None:
                    async with db.execute(
                        "SELECT channel_id, 0 FROM games WHERE id = ?"
                        " UNION ALL SELECT channel_id, 1 FROM links WHERE game_id = ?",
                        (game_id, game_id),
                    ) as c:
                        targets = [(int(r[0]), bool(r[1])) for r in await c.fetchall()]
                channels = targets
            for channel_id, spectator in channels:
                payload = dict(post.payload, spectator=True) if spectator else post.payload
                cur = await db.execute(
                    "INSERT INTO outbox (game_id, channel_id, kind, payload, created_at, due_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, channel_id, post.kind, to_json(payload), now, now),
                )
                ids.append(int(cur.lastrowid or 0))
        return ids

    async def moves(
        self, game_id: int, *, after_seq: int = 0, limit: int | None = None
    ) -> list[MoveRow]:
        rows = await self._all(
            "SELECT game_id, seq, seat, user_id, move, events, at FROM moves"
            " WHERE game_id = ? AND seq > ? ORDER BY seq"
            + (" LIMIT ?" if limit is not None else ""),
            (game_id, after_seq) if limit is None else (game_id, after_seq, limit),
        )
        return [
            MoveRow(
                r["game_id"],
                r["seq"],
                r["seat"],
                r["user_id"],
                r["move"],
                json.loads(r["events"]),
                r["at"],
            )
            for r in rows
        ]

    async def count_moves(self, game_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0


async def open_store(path: str | Path, *, synchronous: str = "NORMAL") -> SqliteStore:
    """Open the SQLite store at ``path`` (migrations applied)."""
    return await SqliteStore.open(path, synchronous=synchronous)
