"""On Mars games played with random legal moves, for the picture tests."""

from __future__ import annotations

import random
from typing import Any

import engine
from tests.imaging import random_play


def mars_ready() -> bool:
    try:
        import engine.mars
    except ModuleNotFoundError:
        return False
    return "mars" in engine.GAMES


def random_game(players: int, seed: int, steps: int) -> engine.Game:
    """A game after ``steps`` random legal moves (or at its end)."""
    return random_play.random_game("mars", players, seed, steps)


def views_around_a_move(
    players: int, seed: int, steps: int
) -> tuple[dict[str, Any], dict[str, Any], engine.Game]:
    """(previous public view, public view after one more move, the game)."""
    game = random_game(players, seed, steps)
    previous = game.view(None)
    if not game.over:
        rnd = random.Random(seed + 1)
        decision = rnd.choice(game.pending())
        game.play(decision.seat, rnd.choice(decision.options).move)
    return previous, game.view(None), game
