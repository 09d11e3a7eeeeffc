"""A game keeps its rules version in its pictures too (ALG-GAP-14, rules 3): the factory's
belt badges and the dispatch values are drawn from the department board of the seat's own
rules version, so a game begun on rules 2 does not show rules 3's Cosmetics loss belt."""

from __future__ import annotations

import pytest

import engine
import imaging
from engine.algae import data as D
from imaging.algae.model import department, read_game
from tests.imaging.algae_games import algae_ready

pytestmark = pytest.mark.skipif(not algae_ready(), reason="Algae engine not in this checkout")


def _first_belt(rules: int | None) -> str:
    options = {"departments": ["cosmetics", "food"], **({"rules": rules} if rules else {})}
    game = engine.new_game("algae", ["a", "b"], seed=5, options=options)
    model = read_game(game.view(None))
    cosmetics = model.players[0]
    assert cosmetics.rules == (rules or D.RULES_VERSION)
    return {b[0]: b[2] for b in department(cosmetics)["secondary"]}["sec1"]


@pytest.mark.parametrize(("rules", "effect"), [(None, "pay1"), (2, "energy"), (1, "energy")])
def test_the_picture_reads_the_seats_own_department_board(rules: int | None, effect: str):
    assert _first_belt(rules) == effect


def test_an_old_game_draws_differently_from_a_new_one():
    """The two boards differ on the picture itself, not only in the model."""
    pictures = []
    for rules in (2, D.RULES_VERSION):
        game = engine.new_game(
            "algae",
            ["a", "b"],
            seed=5,
            options={"departments": ["cosmetics", "food"], "rules": rules},
        )
        pictures.append(imaging.render("algae", "player", game.view(0)))
    assert pictures[0] != pictures[1]
