"""The action board highlights only the spots the player to act can reach (ALG-WORK-04..07),
not the whole strip: checked against the engine's own legal spot moves (issue 13)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.algae import data as D
from imaging.algae.actionboard import reachable
from imaging.algae.model import read_game
from tests.imaging.algae_games import algae_ready

pytestmark = pytest.mark.skipif(not algae_ready(), reason="Algae engine not in this checkout")


def _spot(move: str) -> tuple[int, int]:
    name = move.removeprefix("spot ").strip()
    return int(name[:-1]) - 1, D.SPOTS.index(name[-1])


def test_highlighted_spots_are_the_legal_spot_moves() -> None:
    checked = 0
    for seed in range(4):
        rnd = random.Random(seed)
        game = engine.new_game("algae", ["a", "b", "c"], seed=seed)
        for _ in range(400):
            if game.over:
                break
            decision = rnd.choice(game.pending())
            spots = {_spot(o.move) for o in decision.options if o.move.startswith("spot ")}
            if spots and len(game.pending()) == 1:
                assert reachable(read_game(game.view(None))) == spots, decision.prompt
                checked += 1
            game.play(decision.seat, rnd.choice(decision.options).move)
    assert checked >= 20
