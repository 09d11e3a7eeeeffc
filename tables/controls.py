"""What a click on a game's controls may do: the Play button and the private move menus.

The front end passes what the control's custom id claims (game, seat, decision version,
option) and where the click arrived (``Where``). Every claim is checked here, once, against
the stored game: the game must live in that guild and channel, the caller must hold the
seat, the decision must still be the one the menu was built for. A menu is stale once its
decision version is not the seat's current one; a Play button is stale once a newer public
post exists (until then it opens the caller's current decision, also after they went on
through a chain of small decisions privately).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine.core import Decision, IllegalMove
from tables.errors import ForeignControl, GameOver, NotSeated, NotYourTurn, StaleDecision
from tables.models import MenuOpening, TurnResult, Where

if TYPE_CHECKING:
    from engine.core import Game
    from storage.base import GameRow
    from tables.access import GameAccess
    from tables.menus import Menus
    from tables.moves import Moves

STALE_MENU = "this menu is out of date: the game has moved on; use the latest post, or /play"
FOREIGN = "this control belongs to a game in another channel; use the buttons of this channel"


class Controls:
    """Clicks on a game's controls: the Play button and the private move menus."""

    def __init__(self, games: GameAccess, menus: Menus, moves: Moves) -> None:
        self.games = games
        self.menus = menus
        self.moves = moves

    async def row_at(self, where: Where, game_id: int) -> GameRow:
        """The game ``game_id``, provided it lives where the click arrived."""
        row = await self.games.row(None, game_id)
        check_where(row, where)
        return row

    async def open_menu(
        self, where: Where, user_id: int, game_id: int, version: int
    ) -> MenuOpening:
        """The Play button of the post at game version ``version``."""
        row = await self.row_at(where, game_id)
        _check_open(row)
        held = {s.seat for s in row.seats if s.user_id == user_id}
        if not held:
            raise NotSeated("you are not playing in this game; /status shows who is")
        game = await self.games.engine(row)
        mine = [d for d in game.pending() if d.seat in held]
        if not mine:
            raise NotYourTurn(waiting_text(game, row))
        # a newer post exists: the button is stale only if the caller's decision changed
        # since this post (another player's move alone does not make it so: issue 12 item 4)
        if row.announced_seq > version and mine[0].version > version:
            raise StaleDecision(STALE_MENU)
        return MenuOpening(await self.menus.menu_of(row.id, game, mine[0]), len(mine))

    async def menu_decision(
        self, where: Where, user_id: int, game_id: int, seat: int, version: int
    ) -> Decision:
        """The decision a menu was built for, while it is still the seat's current one."""
        row = await self.row_at(where, game_id)
        _check_open(row)
        _check_seat(row, user_id, seat)
        game = await self.games.engine(row)
        decision = game.decision_for(seat)
        if decision is None or decision.version != version:
            raise StaleDecision(STALE_MENU)
        return await self.menus.menu_of(row.id, game, decision)

    async def play_option(
        self, where: Where, user_id: int, game_id: int, seat: int, version: int, index: int
    ) -> TurnResult:
        """Play option ``index`` of the menu for ``seat`` at ``version``; the result's
        ``next`` is the caller's next decision (the menu to show instead)."""
        row = await self.row_at(where, game_id)
        _check_open(row)
        _check_seat(row, user_id, seat)
        game = await self.games.engine(row)
        decision = game.decision_for(seat)
        if decision is None or decision.version != version:
            raise StaleDecision(STALE_MENU)
        entries = await self.menus.steps(row.id, game, decision)
        if not 0 <= index < len(entries):
            raise StaleDecision(STALE_MENU)
        first, *more = entries[index].moves
        kw = {"seat": seat, "game_id": game_id}
        result = await self.moves.play(
            row.channel_id, user_id, first, expected_version=version, **kw
        )
        for move in more:  # the sub-choice picked in the same click
            if result.next is None or result.over:
                break
            try:
                step = await self.moves.play(
                    row.channel_id, user_id, move, expected_version=result.next.version, **kw
                )
            except (IllegalMove, StaleDecision):
                break  # the player is shown that question instead
            result = _joined(result, step)
        return result


def _joined(first: TurnResult, second: TurnResult) -> TurnResult:
    """Two moves of one click as one result: both moves' lines, every post queued."""
    return replace(
        second,
        events=first.events + second.events,
        lines=second.lines if second.posted else first.lines,
        posted=first.posted or second.posted,
        post_ids=first.post_ids + second.post_ids,
        pings=tuple(dict.fromkeys((first.pings or ()) + (second.pings or ()))),
        forced=first.forced + second.forced,
        closed_requests=first.closed_requests + second.closed_requests,
    )


def check_where(row: GameRow, where: Where) -> None:
    """ForeignControl unless the game ``row`` lives in that guild and channel."""
    if row.channel_id != where.channel_id or row.guild_id != where.guild_id:
        raise ForeignControl(FOREIGN)


def _check_open(row: GameRow) -> None:
    if row.status in ("finished", "aborted"):
        raise GameOver(f"this game is {row.status}; there is nothing left to play")


def _check_seat(row: GameRow, user_id: int, seat: int) -> None:
    if not any(s.seat == seat and s.user_id == user_id for s in row.seats):
        raise NotSeated("this menu belongs to another player")


def waiting_text(game: Game, row: GameRow) -> str:
    if game.over:
        return "the game is over"
    names = {s.seat: s.name for s in row.seats}
    waiting = sorted({names.get(d.seat, game.players[d.seat]) for d in game.pending()})
    return f"it is not your turn: waiting for {', '.join(waiting)}"
