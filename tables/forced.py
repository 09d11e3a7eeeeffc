"""Forced moves: a decision with one legal option is played for the player.

Asking someone to press the only button there is costs a click, and often a ping, for
nothing. After every accepted move the table layer plays every open decision that has
exactly one option (any seat's, in seat order, until none is left or the game ends), so the
engine, the AI seats and every front end get this the same way. Each forced move is an
ordinary move of the log (its own row, its own events), so replays, ``/log`` and records
see it like any other; undo counts only the moves a player chose (``chosen_flags``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Event, Game, new_game

# a chain of forced moves longer than this is an engine bug, not a turn
MAX_FORCED = 200


@dataclass(frozen=True)
class ForcedMove:
    """One move played for ``seat`` because it was the only legal option."""

    seat: int
    move: str
    events: tuple[str, ...]


def forced_decision(game: Game) -> tuple[int, str] | None:
    """The first open decision with exactly one option, as (seat, move), or None."""
    for decision in game.pending():
        if len(decision.options) == 1:
            return decision.seat, decision.options[0].move
    return None


def play_forced(game: Game) -> list[ForcedMove]:
    """Play every forced decision of ``game`` in place; the moves played, in order."""
    played: list[ForcedMove] = []
    while len(played) < MAX_FORCED:
        nxt = forced_decision(game)
        if nxt is None:
            break
        seat, move = nxt
        events: list[Event] = game.play(seat, move)
        played.append(ForcedMove(seat, game.moves[-1][1], tuple(e.text for e in events)))
    return played


def chosen_flags(record: dict[str, Any]) -> list[bool]:
    """For each move of ``record``: True when the player chose it among several options,
    False when it was the only legal one (played for them). Replays the record."""
    game = new_game(
        record["kind"], list(record["players"]), seed=record["seed"], options=record["options"]
    )
    flags: list[bool] = []
    for seat, move in record["moves"]:
        decision = game.decision_for(int(seat))
        flags.append(decision is None or len(decision.options) != 1)
        game.play(int(seat), str(move))
    return flags
