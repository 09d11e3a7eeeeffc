"""AI seats (issue 10): add and remove them in a lobby, hand a seat to an AI
or take it back, and play the AI seats' turns.

An AI holds its seat under a negative user id that encodes its level (``ai_user_id``), so
seats, moves and results need no new columns and no Discord user is ever pinged or sent a
message for it (front ends skip non-positive ids). Its seat name says it is an AI. Who
resigned a seat to an AI is kept in the ``handovers`` table (migration 5) so that the
resigner still ranks last when the game ends (tables/results.py).

``run_ai`` plays every open decision of an AI seat, one move at a time through ``Moves.play``
(the same checks, commit and posts as a human move), each decided in a worker process
(``ai.worker``) so the event loop only waits; front ends call it after anything that may
have given an AI seat a decision and pause between posts so the channel stays readable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from ai import LEVELS, check_level
from storage.base import StoreError
from tables.errors import LobbyError, NotSeated, StaleDecision, TableError, check_host
from tables.lobby import held_seat, lobby_row
from tables.models import GameInfo, TurnResult
from tables.text import clean_name

if TYPE_CHECKING:
    from engine.core import Game
    from storage.base import GameRow
    from tables.access import GameAccess
    from tables.moves import Moves

log = logging.getLogger(__name__)

LEVEL_CODE = {"easy": 1, "normal": 2, "strong": 3, "random": 4}
CODE_LEVEL = {v: k for k, v in LEVEL_CODE.items()}
MAX_AI_MOVES = 2000  # one run_ai call: a whole game of AI seats at most
Decide = Callable[["Game", int, str], Awaitable[str]]


def ai_user_id(level: str, slot: int) -> int:
    """The user id of an AI seat: negative, level and a slot number distinct per seat."""
    return -(slot * 10 + LEVEL_CODE[level])


def is_ai(user_id: int) -> bool:
    return user_id < 0


def ai_level(user_id: int) -> str | None:
    return CODE_LEVEL.get(-user_id % 10) if user_id < 0 else None


def ai_name(level: str, taken: set[str], base: str = "") -> str:
    """A seat name that says it is an AI: "AI 2 (strong)" or "Bob (AI, normal)"."""
    if base:
        return f"{base} (AI, {level})"[:64]
    n = 1
    while f"ai {n} ({level})" in taken:
        n += 1
    return f"AI {n} ({level})"


def _free_slot(row: GameRow) -> int:
    used = {-s.user_id // 10 for s in row.seats if s.user_id < 0}
    return next(k for k in range(1, 1000) if k not in used)


async def default_decide(game: Game, seat: int, level: str) -> str:
    from ai.worker import decide

    return await decide(game, seat, level)


class AiSeats:
    """AI players: lobby seats for them, seats handed to them, and their turns played."""

    def __init__(self, games: GameAccess, moves: Moves) -> None:
        self.games = games
        self.moves = moves

    # ================================================================= lobby
    async def add_ai(
        self,
        channel_id: int,
        actor_id: int,
        level: str | None = None,
        *,
        count: int = 1,
        name: str | None = None,
        is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """The host fills ``count`` lobby seats with AI players of ``level`` (one seat
        called "NAME (AI, level)" when ``name`` is given)."""
        row = await lobby_row(self.games, channel_id, game_id)
        check_host(row.host_id, actor_id, is_admin)
        level = _level(level)
        if not 1 <= count <= row.max_seats:
            raise LobbyError(f"add 1 to {row.max_seats} AI players")
        if len(row.seats) + count > row.max_seats:
            free = row.max_seats - len(row.seats)
            raise LobbyError(f"the game is full ({row.max_seats} seats, {free} free)")
        for _ in range(count):
            taken = {s.name.casefold() for s in row.seats}
            uid = ai_user_id(level, _free_slot(row))
            seat_name = ai_name(level, taken, base=clean_name(name) if name else "")
            if seat_name.casefold() in taken:
                raise LobbyError(f"the name '{seat_name}' is taken in this game")
            try:
                await self.games.store.add_seat(row.id, uid, seat_name, self.games.clock())
            except StoreError as exc:
                raise LobbyError(str(exc)) from exc
            row = await self.games.row(None, row.id)
        return await self.games.info_of(row.id)

    async def remove_ai(
        self,
        channel_id: int,
        actor_id: int,
        *,
        seat: int | None = None,
        is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """The host removes an AI seat from the lobby (``seat``, or the last AI seat)."""
        row = await lobby_row(self.games, channel_id, game_id, started="use /game replace instead")
        check_host(row.host_id, actor_id, is_admin)
        ais = [s for s in row.seats if is_ai(s.user_id)]
        if seat is not None:
            ais = [s for s in ais if s.seat == seat]
            if not ais:
                raise NotSeated(f"seat {seat + 1} is not an AI seat")
        if not ais:
            raise NotSeated("there is no AI seat in this lobby")
        try:
            await self.games.store.remove_seats(row.id, ais[-1].user_id, self.games.clock())
        except StoreError as exc:
            raise LobbyError(str(exc)) from exc
        return await self.games.info_of(row.id)

    # ============================================================ in the game
    async def seat_to_ai(
        self,
        channel_id: int | None,
        actor_id: int,
        old_id: int,
        level: str | None = None,
        *,
        seat: int | None = None,
        is_admin: bool = False,
        game_id: int | None = None,
        check: bool = True,
    ) -> GameInfo:
        """Hand ``old_id``'s seat to an AI (the host or an admin; ``check=False`` for the
        table layer's own use, as after a resignation). The host stays the host."""
        row = await self.games.row(channel_id, game_id)
        if row.status not in ("lobby", "active"):
            raise TableError(f"this game is {row.status}")
        if check:
            check_host(row.host_id, actor_id, is_admin)
        level = _level(level)
        target = held_seat(row, old_id, seat, "that player")
        if is_ai(old_id):
            raise LobbyError("that seat is already played by an AI")
        holder = next(s for s in row.seats if s.seat == target)
        taken = {s.name.casefold() for s in row.seats if s.seat != target}
        name = ai_name(level, taken, base=holder.name)
        await self.games.store.replace_seat(
            row.id, target, ai_user_id(level, _free_slot(row)), name, self.games.clock()
        )
        return await self.games.info_of(row.id)

    async def ai_seats_to_act(self, game_id: int) -> list[tuple[int, str, int]]:
        """(seat, level, decision version) of every AI seat with an open decision."""
        row = await self.games.row(None, game_id)
        if row.status != "active":
            return []
        game = await self.games.engine(row)
        levels = {s.seat: ai_level(s.user_id) for s in row.seats if is_ai(s.user_id)}
        return [(d.seat, levels[d.seat] or "normal", d.version) for d in game.pending()
                if d.seat in levels]  # fmt: skip

    async def run_ai(
        self,
        game_id: int,
        *,
        decide: Decide | None = None,
        pause: float = 0.0,
        on_result: Callable[[TurnResult], Awaitable[None]] | None = None,
        max_moves: int = MAX_AI_MOVES,
    ) -> list[TurnResult]:
        """Play the AI seats' open decisions until none is left (a human must act, or the
        game is over). ``pause`` seconds pass after each move that made a public post."""
        decide = decide or default_decide
        results: list[TurnResult] = []
        for _ in range(max_moves):
            todo = await self.ai_seats_to_act(game_id)
            if not todo:
                break
            seat, level, version = todo[0]
            row = await self.games.row(None, game_id)
            game = await self.games.engine(row)
            move = await decide(game, seat, level)
            user_id = next(s.user_id for s in row.seats if s.seat == seat)
            try:
                result = await self.moves.play(
                    None, user_id, move, seat=seat, expected_version=version, game_id=game_id
                )
            except (StaleDecision, NotSeated):
                continue  # a human moved or took the seat back meanwhile: look again
            except TableError as exc:
                log.warning("game %s: AI seat %s could not play (%s)", game_id, seat, exc)
                break
            results.append(result)
            if on_result is not None:
                await on_result(result)
            if result.posted and pause > 0 and not result.over:
                await asyncio.sleep(pause)
        return results


def _level(level: str | None) -> str:
    try:
        name = check_level(level)
    except ValueError as exc:
        raise LobbyError(f"unknown AI level '{level}'; choose from {', '.join(LEVELS)}") from exc
    return name
