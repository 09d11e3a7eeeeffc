"""The one way the table services reach a game: rows, the engine object, the lock, the cache.

Every service of the table layer (tables/service.py lists them) gets the same
``GameAccess``: it holds the store, the clock and the lease, finds a game's row (by channel
or by id), turns a row into the engine object (cached by game and version), keeps a game's
lock, and keeps or drops a game in the cache after a commit. Nothing else in the table layer
keeps game state in memory except the menus (tables/menus.py) and the boards last announced
(tables/commit.py), both only as caches.

A snapshot that does not parse is rebuilt from the move log; a log that does not replay
marks the game ``broken`` (``BrokenGame`` for that game only).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable

from engine.core import GAMES, Game
from storage.base import GameRow, Store
from tables.errors import BrokenGame, GameOver, LobbyError, NoGame, TableError
from tables.line import LogLine, apply_names, replayed
from tables.models import GameInfo, SeatInfo

log = logging.getLogger(__name__)

CACHE_SIZE = 256
MAX_ID = 2**63 - 1  # the largest id SQLite stores
LEASE = 60.0  # longer than a picture and a post attempt (ALGAE_POST_TIMEOUT) take


class GameAccess:
    """Rows, engine objects, locks and the game cache over one ``Store``.

    ``clock`` returns unix seconds (a fake one makes tests deterministic); ``lease`` is the
    seconds a claimed post or notice is this process's to send.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = CACHE_SIZE,
        lease: float = LEASE,
    ) -> None:
        self.store = store
        self.clock = clock
        self.lease = lease
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        self._cache_size = cache_size
        # a game's lock lives while someone holds or awaits it (weak values: no growth)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # ================================================================ rows
    async def row(self, channel_id: int | None, game_id: int | None) -> GameRow:
        """The game by id (any status), else the channel's live game; NoGame otherwise."""
        if game_id is not None:
            if not 0 <= game_id <= MAX_ID:  # SQLite would raise OverflowError binding it
                raise NoGame(f"there is no game #{game_id}")
            row = await self.store.get_game(game_id)
            if row is None:
                raise NoGame(f"there is no game #{game_id}")
            return row
        if channel_id is None:
            raise NoGame("no game given")
        row = await self.store.find_game(channel_id)
        if row is None:
            raise NoGame("there is no game in this channel; start one with /game new")
        return row

    async def row_or_last(self, channel_id: int | None, game_id: int | None) -> GameRow:
        """The game by id, else the channel's live game, else the channel's last game."""
        if game_id is None and channel_id is not None:
            row = await self.store.find_game(channel_id) or await self.store.last_game_in(
                channel_id
            )
            if row is not None:
                return row
        return await self.row(channel_id, game_id)

    @staticmethod
    def info(row: GameRow) -> GameInfo:
        """What front ends may know of a game row."""
        spec = GAMES.get(row.kind)
        return GameInfo(
            id=row.id,
            kind=row.kind,
            title=spec.title if spec else row.kind,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            status=row.status,
            host_id=row.host_id,
            seats=tuple(SeatInfo(s.seat, s.user_id, s.name) for s in row.seats),
            seed=row.seed,
            options=dict(row.options),
            hotseat=row.hotseat,
            max_seats=row.max_seats,
            min_players=spec.min_players if spec else 1,
            version=row.version,
            created_at=row.created_at,
            updated_at=row.updated_at,
            started_at=row.started_at,
            ended_at=row.ended_at,
            broken_reason=row.broken_reason,
            announced_seq=row.announced_seq,
        )

    async def info_of(self, game_id: int) -> GameInfo:
        return self.info(await self.row(None, game_id))

    async def seen_in(self, row: GameRow) -> set[int]:
        """The channels where a game is seen: its own and its spectator channels."""
        return {row.channel_id} | {link.channel_id for link in await self.store.links(row.id)}

    async def log_line(self, game_id: int) -> LogLine:
        """Every move and undo of a game."""
        return LogLine(await self.store.moves(game_id), await self.store.undos(game_id))

    @staticmethod
    def check_playable(row: GameRow) -> None:
        if row.status == "lobby":
            raise LobbyError("the game has not started yet")
        if row.status == "broken":
            raise BrokenGame(broken_text(row.id, row.broken_reason))
        if row.status in ("finished", "aborted"):
            raise GameOver(f"this game is {row.status}")

    # ========================================================== the engine
    async def load(
        self, channel_id: int | None, *, game_id: int | None = None, fresh: bool = False
    ) -> tuple[GameInfo, Game]:
        """The game's info and engine object (read only: do not call ``play`` on it).

        ``fresh`` skips the cache (the snapshot is parsed again)."""
        row = await self.row(channel_id, game_id)
        if fresh:
            self.evict(row.id)
        return self.info(row), await self.engine(row)

    async def engine(self, row: GameRow) -> Game:
        """The engine object of a started game at ``row``'s version (shared: read only)."""
        if row.kind not in GAMES:
            raise TableError(f"the game '{row.kind}' is not installed on this bot")
        if row.status == "broken":
            raise BrokenGame(broken_text(row.id, row.broken_reason))
        if row.status == "lobby" or row.players is None:
            raise LobbyError("the game has not started yet")
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return apply_names(cached[1], row)
        snap = await self.store.load_snapshot(row.id)
        try:
            game = Game.from_json(json.loads(snap.text or ""), typed=True)  # parsed JSON
            if game.kind != row.kind or game.version + game.version_base != snap.version:
                raise ValueError(f"snapshot is at move {game.version}, the game at {snap.version}")
        except Exception as exc:
            log.warning("game %s: snapshot unusable (%s); rebuilding from the log", row.id, exc)
            game = await self._rebuild(row, snap.version)
        self.keep(row.id, snap.version, game)
        return apply_names(game, row)

    async def _rebuild(self, row: GameRow, version: int) -> Game:
        line = await self.log_line(row.id)  # the live moves: undone ones left out
        try:
            game = await asyncio.to_thread(replayed, row, line, version)  # off the loop
            snapshot = dump(game)
        except Exception as exc:
            reason = f"its move log does not replay: {exc}"
            log.error("game %s is broken: %s", row.id, reason)
            self.evict(row.id)
            await self.store.set_status(
                row.id, "broken", self.clock(), only_from=("active",), reason=reason
            )
            raise BrokenGame(broken_text(row.id, reason)) from exc
        await self.store.save_snapshot(row.id, version, snapshot)
        return game

    # ============================================================ the cache
    def cached(self, game_id: int) -> tuple[int, Game] | None:
        """(log position, game) of the cached engine object, if any (read only)."""
        return self._cache.get(game_id)

    def keep(self, game_id: int, version: int, game: Game) -> None:
        """Cache ``game`` as the committed state at log position ``version``."""
        self._cache[game_id] = (version, game)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def evict(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def forget_all(self) -> None:
        """Drop every cached game (what a restart does)."""
        self._cache.clear()

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock: every change of a game is made holding it."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock


def broken_text(game_id: int, reason: str | None) -> str:
    return (
        f"game #{game_id} is broken and cannot continue ({reason or 'unknown reason'}); "
        "the host can abort it"
    )


def dump(game: Game) -> str:
    """The snapshot text of ``game`` (written from the live state: no copy first)."""
    return json.dumps(game.to_json(copy=False), separators=(",", ":"))
