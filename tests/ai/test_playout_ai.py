"""The random-playout contract test (tests/playout.py) with AI seats (issue 10): games in
which some seats are AI players still end, refuse illegal moves unchanged, round-trip and
replay, and the AI never changes the game while it chooses."""

from __future__ import annotations

import random

import pytest

import ai
from ai.mcts import Budget
from engine.core import Decision, Game
from tests.playout import play_out

QUICK = Budget(seconds=None, iterations=8)


def ai_seats(levels: dict[int, str]):
    def choose(game: Game, decision: Decision, rnd: random.Random) -> str:
        level = levels.get(decision.seat)
        if level is None:
            return rnd.choice(decision.options).move
        return ai.choose(game, decision.seat, level, QUICK if level == "strong" else None)

    return choose


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "players", "seed", "levels"),
    [
        ("algae", 2, 1, {1: "easy"}),
        ("mars", 2, 4, {1: "normal"}),  # easy's look-ahead is slow here: tests/ai/test_levels
    ],
)
def test_random_playout_with_ai_seats(kind: str, players: int, seed: int, levels) -> None:
    game = play_out(kind, players, seed, roundtrip_every=11, chooser=ai_seats(levels))
    assert game.over
