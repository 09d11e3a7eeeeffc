"""Algae games played with random legal moves, for the picture tests."""

from __future__ import annotations

import random
from typing import Any

import engine
from tests.imaging import random_play

DEPTS = ["cosmetics", "bioplastics", "food", "biofuel"]


def algae_ready() -> bool:
    return "algae" in engine.GAMES


def random_game(players: int, seed: int, steps: int, depts: list[str] | None = None) -> engine.Game:
    """A game after ``steps`` random legal moves (or at its end)."""
    options = {"departments": depts} if depts else None
    return random_play.random_game("algae", players, seed, steps, options)


def step(game: engine.Game, seed: int) -> None:
    if not game.over:
        decision = random.Random(seed).choice(game.pending())
        game.play(decision.seat, random.Random(seed + 1).choice(decision.options).move)


def views_around_a_move(
    players: int, seed: int, steps: int, depts: list[str] | None = None
) -> tuple[dict[str, Any], dict[str, Any], engine.Game]:
    """(previous public view, public view after one more move, the game)."""
    game = random_game(players, seed, steps, depts)
    previous = game.view(None)
    step(game, seed)
    return previous, game.view(None), game
