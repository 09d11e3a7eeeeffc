"""Playing a move: every check, in order, then the commit (tables/commit.py).

The checks of ``Moves.play``: the text is bounded; the game is the one the control claims
(a game id of another channel is an old button: ``StaleDecision``); it can be played; the
user holds a seat; then, holding the game's lock and re-reading the row, the seat is the
one to act, the decision is the one the menu was built for, and the engine accepts the
move. Nothing is half-applied: the move is applied to a private copy of the cached game,
and only after the commit succeeds does that copy replace the cached object; on any failure
in between (engine bug, database error, another process committing first) the copy is
dropped, so the cache and the database both still hold the last committed state.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from engine.core import Decision, Game, IllegalMove
from engine.move_text import check_move_text
from storage.base import GameRow, VersionConflict
from tables.access import GameAccess
from tables.commit import Committer, play_on_copy
from tables.controls import waiting_text
from tables.errors import MoveFailed, NoGame, NotSeated, NotYourTurn, SeatNeeded, StaleDecision
from tables.menus import Menus
from tables.models import TurnResult

log = logging.getLogger(__name__)

STALE = "this menu is out of date: another move changed the game; look again"
# /play names no seat: the Play button does (a hot-seat player's seats, one after another)
ONE_SEAT = "press Play on the turn post to play them one at a time"


class Moves:
    """``play``: a user's move, checked, applied on a copy and committed."""

    def __init__(self, games: GameAccess, committer: Committer, menus: Menus) -> None:
        self.games = games
        self.committer = committer
        self.menus = menus

    # Every check of a move in the order the docstring gives.
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
        games = self.games
        text = check_move_text(move) if option is None else ""
        row = await games.row(channel_id, game_id)
        if game_id is not None and channel_id is not None and row.channel_id != channel_id:
            raise StaleDecision("this menu belongs to a game of another channel")
        games.check_playable(row)
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not playing in this game")
        async with games.lock(row.id):
            fresh = await games.store.get_game(row.id)
            if fresh is None:
                raise NoGame(f"there is no game #{row.id}")
            row = fresh
            games.check_playable(row)
            cached = await games.engine(row)
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
            try:
                trial = play_on_copy(cached, mover, text)
            except IllegalMove:
                raise
            except Exception as exc:
                log.exception("game %s: engine failed on %r by seat %s", row.id, text, mover)
                raise MoveFailed(
                    "the game could not apply that move (a bug, reported); nothing was changed"
                ) from exc
            game = trial.game
            try:
                result = await self.committer.commit(
                    row, game, mover, user_id, trial.before, trial.events, trial.keys
                )
            except VersionConflict as exc:
                games.evict(row.id)  # another process moved on: reload next time
                raise StaleDecision(STALE) from exc
            games.keep(row.id, game.version + game.version_base, game)
            nxt = _next_decision(game, row, user_id, mover)
            if nxt is not None:
                nxt = await self.menus.menu_of(row.id, game, nxt)
            return replace(result, next=nxt)


def _next_decision(game: Game, row: GameRow, user_id: int, mover: int) -> Decision | None:
    """The user's open decision after their move: the same seat first, else another seat
    they hold (hot-seat); None when none of theirs is to act."""
    held = {s.seat for s in row.seats if s.user_id == user_id}
    mine = [d for d in game.pending() if d.seat in held]
    return next((d for d in mine if d.seat == mover), mine[0] if mine else None)


def _pick_seat(game: Game, row: GameRow, user_id: int, seat: int | None) -> int:
    """The seat ``user_id`` plays: ``seat`` (an index), else their only one that can act.
    Players read seats numbered from 1, as the Play menu's "Seat 2" header shows index 1."""
    held = [s.seat for s in row.seats if s.user_id == user_id]
    if seat is not None:
        if seat not in held:
            raise NotSeated(f"you do not hold seat {seat + 1}")
        if game.decision_for(seat) is None:
            raise NotYourTurn(waiting_text(game, row))
        return seat
    acting = [s for s in held if game.decision_for(s) is not None]
    if not acting:
        raise NotYourTurn(waiting_text(game, row))
    if len(acting) > 1:
        names = ", ".join(f"{game.players[s]} (seat {s + 1})" for s in acting)
        raise SeatNeeded(f"you hold several seats that can act now: {names}; {ONE_SEAT}")
    return acting[0]
