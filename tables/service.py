"""The table layer: everything between a front end (Discord cog, terminal) and the engine.

``Tables`` finds the game of a channel, checks the user's seat and turn, takes the game's
lock, applies the move on the engine, commits one transaction through the store, and says
what to announce. It knows nothing of discord.py; ids are ints (Discord snowflakes) and
names are str. Every error it raises is a ``TableError`` with a message for the user,
except ``engine.IllegalMove``, which passes through unchanged (reason + suggestions).

Where: the methods take ``channel_id`` (the channel's live game: lobby, active or broken)
and an optional keyword ``game_id``. With ``game_id`` the game is looked up by id (also
finished ones); when both are given and the game is not the one of that channel, ``play``
answers ``StaleDecision`` (an old button); the readers use the game id alone.

Nothing is half-applied: a move is applied to a private copy of the cached game, and only
after the commit succeeds does that copy replace the cached object; on any failure in
between (engine bug, database error, another process committing first) the copy is dropped,
so the cache and the database both still hold the last committed state.

A snapshot that does not parse is rebuilt from the move log; a log that does not
replay marks the game ``broken`` (``BrokenGame`` for that game only).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.core import GAMES, Decision, Game, IllegalMove, check_move_text
from storage.base import (
    LIVE_STATUSES,
    GameRow,
    NewMove,
    NewPost,
    Store,
    VersionConflict,
)
from tables import announce
from tables.ai_seats import AiSeatsMixin
from tables.controls import ControlsMixin, waiting_text
from tables.errors import (
    BrokenGame,
    GameOver,
    LobbyError,
    MoveFailed,
    NoGame,
    NotSeated,
    NotYourTurn,
    SeatNeeded,
    StaleDecision,
    TableError,
)
from tables.forced import ForcedMove, play_forced
from tables.history import HistoryMixin
from tables.line import apply_names, replayed
from tables.lobby import LobbyMixin
from tables.models import GameInfo, GameStatus, LogEntry, LogPage, SeatInfo, TurnResult
from tables.prefs import PrefsMixin
from tables.records import RecordsMixin
from tables.reminders import RemindersMixin
from tables.results import ResultsMixin
from tables.side import SideMixin
from tables.undo import UndoMixin

log = logging.getLogger(__name__)

CACHE_SIZE = 256
MAX_ID = 2**63 - 1  # the largest id SQLite stores
LEASE = 60.0  # longer than a picture and a post attempt (ALGAE_POST_TIMEOUT) take
STALE = "this menu is out of date: another move changed the game; look again"


class Tables(
    ControlsMixin,
    LobbyMixin,
    SideMixin,
    HistoryMixin,
    RemindersMixin,
    PrefsMixin,
    UndoMixin,
    RecordsMixin,
    ResultsMixin,
    AiSeatsMixin,
):
    """The table layer over a ``Store``. All public methods are coroutines.

    ``clock`` returns unix seconds (a fake one makes tests deterministic).
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = CACHE_SIZE,
        lease: float = LEASE,
        raw_seeds: bool = False,
    ) -> None:
        self.store = store
        self.raw_seeds = raw_seeds  # True: lobby seeds are used as given (the terminal table)
        self.clock = clock
        self.lease = lease  # seconds a claimed post or notice is this process's to send
        self._cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
        self._cache_size = cache_size
        # a game's lock lives while someone holds or awaits it (weak values: no growth)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def close(self) -> None:
        await self.store.close()

    # ================================================================ lookups
    async def game_in(self, channel_id: int) -> GameInfo:
        """The live game (lobby, active or broken) of a channel; NoGame when there is none."""
        return self.info(await self._row(channel_id, None))

    async def game(self, game_id: int) -> GameInfo:
        """Any game by id (also finished or aborted ones); NoGame when unknown."""
        return self.info(await self._row(None, game_id))

    async def list_games(self, guild_id: int | None, *, ended: bool = False) -> list[GameInfo]:
        """The live games of a guild; with ``ended`` also finished and aborted ones."""
        statuses = (*LIVE_STATUSES, "finished", "aborted") if ended else LIVE_STATUSES
        return [self.info(r) for r in await self.store.list_games(guild_id, statuses)]

    def info(self, row: GameRow) -> GameInfo:
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

    async def _row(self, channel_id: int | None, game_id: int | None) -> GameRow:
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

    # ============================================================ the engine
    async def load(
        self, channel_id: int | None, *, game_id: int | None = None, fresh: bool = False
    ) -> tuple[GameInfo, Game]:
        """The game's info and engine object (read only: do not call ``play`` on it).

        ``fresh`` skips the cache (the snapshot is parsed again)."""
        row = await self._row(channel_id, game_id)
        if fresh:
            self._evict(row.id)
        return self.info(row), await self._engine(row)

    async def _engine(self, row: GameRow) -> Game:
        if row.kind not in GAMES:
            raise TableError(f"the game '{row.kind}' is not installed on this bot")
        if row.status == "broken":
            raise BrokenGame(_broken_text(row.id, row.broken_reason))
        if row.status == "lobby" or row.players is None:
            raise LobbyError("the game has not started yet")
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._cache.move_to_end(row.id)
            return apply_names(cached[1], row)
        snap = await self.store.load_snapshot(row.id)
        try:
            game = Game.from_json(json.loads(snap.text or ""))
            if game.kind != row.kind or game.version + game.version_base != snap.version:
                raise ValueError(f"snapshot is at move {game.version}, the game at {snap.version}")
        except Exception as exc:
            log.warning("game %s: snapshot unusable (%s); rebuilding from the log", row.id, exc)
            game = await self._rebuild(row, snap.version)
        self._keep(row.id, snap.version, game)
        return apply_names(game, row)

    async def _rebuild(self, row: GameRow, version: int) -> Game:
        line = await self.log_line(row.id)  # the live moves: undone ones left out
        try:
            game = await asyncio.to_thread(replayed, row, line, version)  # off the loop
            snapshot = _dump(game)
        except Exception as exc:
            reason = f"its move log does not replay: {exc}"
            log.error("game %s is broken: %s", row.id, reason)
            self._evict(row.id)
            await self.store.set_status(
                row.id, "broken", self.clock(), only_from=("active",), reason=reason
            )
            raise BrokenGame(_broken_text(row.id, reason)) from exc
        await self.store.save_snapshot(row.id, version, snapshot)
        return game

    def _keep(self, game_id: int, version: int, game: Game) -> None:
        self._cache[game_id] = (version, game)
        self._cache.move_to_end(game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _evict(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    @staticmethod
    def _check_playable(row: GameRow) -> None:
        if row.status == "lobby":
            raise LobbyError("the game has not started yet")
        if row.status == "broken":
            raise BrokenGame(_broken_text(row.id, row.broken_reason))
        if row.status in ("finished", "aborted"):
            raise GameOver(f"this game is {row.status}")

    # ================================================================== play
    # Every check of a move in the order the docstring gives; it splits with Tables into
    # services (issue 14).
    async def play(  # noqa: C901
        self,
        channel_id: int | None,
        user_id: int,
        move: str,
        *,
        seat: int | None = None,
        expected_version: int | None = None,
        game_id: int | None = None,
        option: int | None = None,
    ) -> TurnResult:
        """Play ``move`` (notation, label or unique prefix) for ``user_id``.

        ``seat`` picks the seat when the user holds several (hot-seat); otherwise the only
        seat of theirs with an open decision is used. ``expected_version`` is the
        ``Decision.version`` the menu was built from: a different one raises StaleDecision.
        ``option`` plays the option at that index of the current decision instead of
        ``move`` (a menu click; an index the decision does not have is StaleDecision).
        Raises NoGame, NotSeated, NotYourTurn, StaleDecision, GameOver, LobbyError,
        BrokenGame, MoveFailed, or engine IllegalMove; on any of them nothing changed.
        The result's ``next`` is the user's next open decision, read from the new state.
        """
        text = check_move_text(move) if option is None else ""
        row = await self._row(channel_id, game_id)
        if game_id is not None and channel_id is not None and row.channel_id != channel_id:
            raise StaleDecision("this menu belongs to a game of another channel")
        self._check_playable(row)
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not playing in this game")
        async with self._lock(row.id):
            fresh = await self.store.get_game(row.id)
            if fresh is None:
                raise NoGame(f"there is no game #{row.id}")
            row = fresh
            self._check_playable(row)
            cached = await self._engine(row)
            try:
                mover = _pick_seat(cached, row, user_id, seat)
            except NotYourTurn as exc:
                if expected_version is None:
                    raise
                raise StaleDecision(f"{STALE} ({exc.message})") from exc
            decision = cached.decision_for(mover)
            assert decision is not None
            if expected_version is not None and decision.version != expected_version:
                raise StaleDecision(STALE)
            if option is not None:
                if not 0 <= option < len(decision.options):
                    raise StaleDecision(STALE)
                text = decision.options[option].move
            before = cached.pending()
            key_before = cached.turn_key()
            # The move is applied to a private copy: the cached object (which readers such
            # as the poster may hold) only ever shows committed states, and whatever the
            # engine does on failure, the copy is simply dropped.
            game = Game.from_json(cached.to_json())
            try:
                events = game.play(mover, text)
            except IllegalMove:
                raise
            except Exception as exc:
                log.exception("game %s: engine failed on %r by seat %s", row.id, text, mover)
                raise MoveFailed(
                    "the game could not apply that move (a bug, reported); nothing was changed"
                ) from exc
            try:
                result = await self._commit(
                    row, game, mover, user_id, before, events, (key_before, game.turn_key())
                )
            except VersionConflict as exc:
                self._evict(row.id)  # another process moved on: reload next time
                raise StaleDecision(STALE) from exc
            self._keep(row.id, game.version + game.version_base, game)
            nxt = _next_decision(game, row, user_id, mover)
            if nxt is not None:
                nxt = await self.menu_of(row.id, game, nxt)
            return replace(result, next=nxt)

    async def _commit(
        self,
        row: GameRow,
        game: Game,
        mover: int,
        user_id: int,
        before: list[Decision],
        events: list[Any],
        keys: tuple[str | None, str | None],
    ) -> TurnResult:
        """Commit the move just applied to ``game`` and the forced moves after it (played
        here, so every caller gets them: tables/forced.py); queue the post when due."""
        mine = [e.text for e in events]
        forced = _forced_after(game, row.id)
        keys = (keys[0], game.turn_key())
        now = self.clock()
        after = game.pending()
        over = game.over
        scores = tuple(game.scores())
        lines = mine + [line for f in forced for line in f.events]
        waiting = announce.new_waiting(before, after, row.waiting, now)
        acting = announce.to_act(game, row, waiting)
        posted = announce.turn_ended(before, after, mover, over, keys)
        pings = announce.pings(before, after, mover, acting, user_id)
        version = row.version + 1 + len(forced)
        post_lines: list[str] = []
        posts: list[NewPost] = []
        shown: dict[str, Any] = {}
        if posted:
            earlier = await self.store.moves(row.id, after_seq=row.announced_seq)
            post_lines = [line for m in earlier for line in m.events] + lines
            data = announce.payload(
                row.id, row.kind, version, post_lines, acting, over, scores, mentions=pings
            )
            data["previous"] = row.announced_seq  # the version of the post before this one
            data["marks"], shown = await self.post_marks(row, game)  # what the picture marks
            posts.append(NewPost("final" if over else "turn", data))
        holders = {s.seat: s.user_id for s in row.seats}
        first = len(game.moves) - len(forced) - 1
        snapshot = _dump(game)
        ids = await self.store.commit_move(
            row.id,
            row.version,
            NewMove(mover, user_id, game.moves[first][1], mine),
            snapshot,
            status="finished" if over else "active",
            waiting=waiting,
            posts=posts,
            now=now,
            forced=[
                NewMove(f.seat, holders.get(f.seat, 0), f.move, list(f.events)) for f in forced
            ],
        )
        closed = await self.store.cancel_undo_requests(row.id, now)  # a move came first
        if posted:
            self.remember_announced(row.id, version, shown)
        return TurnResult(
            game_id=row.id,
            channel_id=row.channel_id,
            kind=row.kind,
            version=version,
            events=tuple(lines),
            to_act=acting,
            over=over,
            scores=scores,
            posted=posted,
            lines=tuple(post_lines),
            post_ids=tuple(ids),
            seat=mover,
            move=game.moves[first][1],
            pings=pings if posted else (),
            forced=len(forced),
            closed_requests=tuple(closed),
        )

    async def decisions_for(
        self, channel_id: int | None, user_id: int, *, game_id: int | None = None
    ) -> list[Decision]:
        """The open decisions of the seats ``user_id`` holds ([] when none is to act)."""
        row = await self._row(channel_id, game_id)
        self._check_playable(row)
        held = {s.seat for s in row.seats if s.user_id == user_id}
        if not held:
            raise NotSeated("you are not playing in this game")
        game = await self._engine(row)
        return [d for d in game.pending() if d.seat in held]

    async def view(
        self,
        channel_id: int | None,
        user_id: int | None = None,
        *,
        game_id: int | None = None,
        seat: int | None = None,
    ) -> dict[str, Any]:
        """The engine view: the user's own seat (``seat`` when they hold several), or the
        public view for ``None``, spectators and anyone not seated."""
        row = await self._row(channel_id, game_id)
        game = await self._engine(row)
        held = [s.seat for s in row.seats if user_id is not None and s.user_id == user_id]
        if seat is not None and seat not in held:
            raise NotSeated(f"you do not hold seat {seat}")
        chosen = seat if seat is not None else (held[0] if held else None)
        return game.view(chosen)

    async def log(
        self,
        channel_id: int | None,
        *,
        game_id: int | None = None,
        page: int = 1,
        per_page: int = 20,
    ) -> LogPage:
        """One page of the move log (oldest first; ``page`` 1-based)."""
        row = await self._row(channel_id, game_id)
        per_page = max(1, min(per_page, 100))
        total = row.version
        pages = max(1, -(-total // per_page))
        page = max(1, min(page, pages))
        moves = await self.store.moves(row.id, after_seq=(page - 1) * per_page, limit=per_page)
        names = {s.seat: s.name for s in row.seats}
        entries = tuple(
            LogEntry(
                m.seq, m.seat, m.user_id, names.get(m.seat, "?"), m.move, tuple(m.events), m.at
            )
            for m in moves
        )
        return LogPage(row.id, entries, page, pages, total)

    async def status(self, channel_id: int | None, *, game_id: int | None = None) -> GameStatus:
        """Whose turn and since when, the round and stage (``Game.progress``), running scores.
        A channel whose game ended reads that game (issue 12 item 11)."""
        row = await self._row_or_last(channel_id, game_id)
        info = self.info(row)
        if row.status in ("lobby", "aborted") or row.players is None:
            return GameStatus(info, (), row.status != "lobby", ())
        game = await self._engine(row)
        progress = game.progress()
        return GameStatus(
            info,
            announce.to_act(game, row, row.waiting),
            game.over,
            tuple(game.scores()),
            round=progress.round,
            phase=progress.stage or None,
            round_name=progress.round_name,
        )


def _next_decision(game: Game, row: GameRow, user_id: int, mover: int) -> Decision | None:
    """The user's open decision after their move: the same seat first, else another seat
    they hold (hot-seat); None when none of theirs is to act."""
    held = {s.seat for s in row.seats if s.user_id == user_id}
    mine = [d for d in game.pending() if d.seat in held]
    return next((d for d in mine if d.seat == mover), mine[0] if mine else None)


def _forced_after(game: Game, game_id: int) -> list[ForcedMove]:
    """Play the forced decisions on ``game`` (a private copy); an engine failure here is a
    bug reported like one in the player's own move."""
    try:
        return play_forced(game)
    except Exception as exc:
        log.exception("game %s: engine failed on a forced move", game_id)
        raise MoveFailed(
            "the game could not apply that move (a bug, reported); nothing was changed"
        ) from exc


def _pick_seat(game: Game, row: GameRow, user_id: int, seat: int | None) -> int:
    held = [s.seat for s in row.seats if s.user_id == user_id]
    if seat is not None:
        if seat not in held:
            raise NotSeated(f"you do not hold seat {seat}")
        if game.decision_for(seat) is None:
            raise NotYourTurn(waiting_text(game, row))
        return seat
    acting = [s for s in held if game.decision_for(s) is not None]
    if not acting:
        raise NotYourTurn(waiting_text(game, row))
    if len(acting) > 1:
        names = ", ".join(f"{game.players[s]} (seat {s})" for s in acting)
        raise SeatNeeded(f"you hold several seats that can act now: {names}; say which seat")
    return acting[0]


def _broken_text(game_id: int, reason: str | None) -> str:
    return (
        f"game #{game_id} is broken and cannot continue ({reason or 'unknown reason'}); "
        "the host can abort it"
    )


def _dump(game: Game) -> str:
    return json.dumps(game.to_json(), separators=(",", ":"))


async def open_tables(db_path: str | Path, **kwargs: Any) -> Tables:
    """Open the store at ``db_path`` (a SQLite file, or a ``postgresql://`` URL) and wrap
    it in ``Tables``."""
    from storage.open import open_any

    return Tables(await open_any(db_path), **kwargs)
