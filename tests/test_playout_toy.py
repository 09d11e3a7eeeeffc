"""The shared random-playout test, run on the test-only game until real games exist."""

from __future__ import annotations

import pytest

from tests.playout import play_out, sweep_seeds


@pytest.mark.playout
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", sweep_seeds(25))
def test_random_playout_tally(players: int, seed: int) -> None:
    game = play_out("tally", players, seed)
    assert game.over
