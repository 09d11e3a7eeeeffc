"""Games played with random legal moves, for the picture tests of either game."""

from __future__ import annotations

import random
from typing import Any

import engine

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def random_game(
    kind: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None
) -> engine.Game:
    """A game of ``kind`` after ``steps`` random legal moves (or at its end)."""
    game = engine.new_game(kind, NAMES[:players], seed=seed, options=options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        decision = rnd.choice(game.pending())
        game.play(decision.seat, rnd.choice(decision.options).move)
    return game
