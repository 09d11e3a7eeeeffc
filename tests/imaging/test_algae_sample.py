"""Algae pictures from hand-made mid-game views (the engine's setup filled with random
numbers): every department and player count renders, within Discord's limits, with every
text box inside its panel."""

from __future__ import annotations

import io

import pytest
from PIL import Image

pytest.importorskip("engine.algae.data")

from imaging.algae.public import draw_public, render_public
from imaging.algae.sample import sample_view

DEPTS = ["cosmetics", "bioplastics", "food", "biofuel"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_public_board_of_random_sample_states(players: int) -> None:
    for seed in range(6):
        depts = [DEPTS[(seed + i) % 4] for i in range(players)]
        view = sample_view(players, seed, depts)
        previous = sample_view(players, seed + 100, depts)
        cv = draw_public(view, previous)
        assert cv.size[0] <= 1600
        bad = cv.overflows()
        assert bad == [], [(t.text, t.panel) for t in bad]
        png = render_public(view)
        assert len(png) < 1_000_000
        assert Image.open(io.BytesIO(png)).width <= 1600
