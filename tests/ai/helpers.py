"""Positions for the AI tests: a game played some way by random legal moves."""

from __future__ import annotations

import random
from typing import Any

import engine  # noqa: F401  (registers the games)
from engine.core import Game, new_game


def midgame(
    kind: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None
) -> Game:
    """A game after ``steps`` random legal moves (fewer if it ends), still not over, and
    then on until some seat has a real choice."""
    rnd = random.Random(seed)
    game = new_game(kind, [f"p{i + 1}" for i in range(players)], seed=seed, options=options)
    for step in range(steps + 100):
        pending = game.pending()
        if step >= steps and any(len(d.options) > 1 for d in pending):
            break
        decision = rnd.choice(pending)
        nxt = Game.from_json(game.to_json())
        nxt.play(decision.seat, rnd.choice(decision.options).move)
        if nxt.over:
            break
        game = nxt
    return game


def seat_to_act(game: Game) -> int:
    """A seat whose decision has a real choice (two options or more)."""
    for decision in game.pending():
        if len(decision.options) > 1:
            return decision.seat
    raise AssertionError("no seat has a real choice here")
