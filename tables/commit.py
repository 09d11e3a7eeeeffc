"""Committing a move: the one transaction after a move was applied to a private copy.

``Committer.commit`` plays the forced moves after it (tables/forced.py, so every caller gets
them), works out who acts and who is pinged (tables/announce.py), queues the post when a
turn ended, with its change marks, and commits move, forced moves, snapshot and posts in one
store transaction. The callers (``Play.play``, ``Reminders.play_timeout``) apply the move
to a copy of the cached game and put the copy in the cache only after this succeeded.

The change marks of a post are what differs from the board the post before showed: the
board this process announced last (kept here, one per game) or the cached game when the
post before was the last move, so a post at move 500 costs what one at move 5 does. Only
when neither is at hand (the first post after a restart in the middle of a turn) is the
board before replayed from the record, off the event loop (tables/history.py).
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engine.core import Decision, Event, Game
from storage.base import GameRow, NewMove, NewPost
from tables import announce
from tables.access import GameAccess, dump
from tables.errors import MoveFailed
from tables.forced import ForcedMove, play_forced
from tables.history import public_views
from tables.models import TurnResult

log = logging.getLogger(__name__)

ANNOUNCED_GAMES = 256  # games whose last announced board is kept in memory


@dataclass(frozen=True)
class Trial:
    """A move played on a private copy of a cached game: the cached object (which readers
    such as the poster may hold) only ever shows committed states, and whatever the engine
    does on failure, the copy is simply dropped."""

    game: Game
    events: list[Event]
    before: list[Decision]  # the cached game's decisions before the move
    key_before: str | None

    @property
    def keys(self) -> tuple[str | None, str | None]:
        """The turn keys before and after the move (what ``Committer.commit`` compares)."""
        return (self.key_before, self.game.turn_key())


def play_on_copy(cached: Game, seat: int, move: str) -> Trial:
    """Play ``move`` for ``seat`` on a copy of ``cached``; raises what the engine raises."""
    game = Game.from_json(cached.to_json(copy=False), typed=True)  # one copy of the state
    before, key_before = cached.pending(), cached.turn_key()
    return Trial(game, game.play(seat, move), before, key_before)


class Committer:
    """Commits applied moves of any game through the shared ``GameAccess``."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games
        self._announced: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()

    async def commit(
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
        store = self.games.store
        mine = [e.text for e in events]
        forced = _forced_after(game, row.id)
        keys = (keys[0], game.turn_key())
        now = self.games.clock()
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
            earlier = await store.moves(row.id, after_seq=row.announced_seq)
            post_lines = [line for m in earlier for line in m.events] + lines
            data = announce.payload(
                row.id, row.kind, version, post_lines, acting, over, scores, mentions=pings
            )
            data["previous"] = row.announced_seq  # the version of the post before this one
            data["marks"], shown = await self.post_marks(row, game)  # what the picture marks
            posts.append(NewPost("final" if over else "turn", data))
        holders = {s.seat: s.user_id for s in row.seats}
        first = len(game.moves) - len(forced) - 1
        snapshot = dump(game)
        ids = await store.commit_move(
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
        closed = await store.cancel_undo_requests(row.id, now)  # a move came first
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

    # ======================================================= change marks
    def remember_announced(self, game_id: int, position: int, view: dict[str, Any]) -> None:
        """The public view a post of ``game_id`` at log ``position`` shows."""
        kept = self._announced
        kept[game_id] = (position, view)
        kept.move_to_end(game_id)
        while len(kept) > ANNOUNCED_GAMES:
            kept.popitem(last=False)

    def forget_announced(self) -> None:
        """Drop the boards kept (what a restart does)."""
        self._announced.clear()

    async def _view_announced(self, row: GameRow) -> dict[str, Any] | None:
        """The public view of the game's last post (``row.announced_seq``): kept in memory,
        else the cached game when it is at that position, else replayed (off the loop)."""
        seq = row.announced_seq
        if seq is None:
            return None
        hit = self._announced.get(row.id)
        if hit is not None and hit[0] == seq:
            return hit[1]
        cached = self.games.cached(row.id)
        if cached is not None and cached[0] == seq:
            return cached[1].view(None)
        try:
            _, _, views = await public_views(self.games, row.id, {seq})
        except Exception:  # marks are a nicety: a post never fails for them
            return None
        return views.get(seq)

    async def post_marks(
        self, row: GameRow, game: Game
    ) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """(change marks, public view) for the post announcing ``game`` (the state after
        this move, not yet committed) against the board of the game's previous post. Once
        the move is committed, hand the view to ``remember_announced``."""
        import imaging

        now = game.view(None)
        before = await self._view_announced(row)
        return (None if before is None else imaging.changes(row.kind, now, before)), now


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
