"""The generic card: any game's view gets a picture (the test-only game "tally" here)."""

from __future__ import annotations

import io

from PIL import Image

import engine
import imaging
from imaging.generic import draw_generic
from tests.imaging.golden import check_golden
from tests.imaging.random_play import random_game


def tally_view(seed: int, steps: int, players: int = 3) -> dict:
    return random_game("tally", players, seed, steps, {"must_draw": True}).view(None)


def test_render_falls_back_to_the_generic_card_for_every_picture() -> None:
    view = tally_view(1, 5)
    for picture in imaging.PICTURES:
        png = imaging.render("tally", picture, view)
        assert png is not None and png[:4] == b"\x89PNG"
    assert imaging.render("tally", "no-such-picture", view) is None


def test_random_tally_states_render_with_text_inside_panels() -> None:
    for seed in range(12):
        view = tally_view(seed, seed * 3, players=1 + seed % 4)
        cv = draw_generic(view)
        assert cv.overflows() == [], [t.text for t in cv.overflows()]
        assert cv.size[0] <= 1600


def test_odd_views_do_not_break_the_card() -> None:
    view = {
        "kind": "odd",
        "players": [{"name": "A" * 80, "vp": 3}, {"name": "B"}],
        "nested": {"deep": [1, 2, {"x": "y" * 300}]},
        **{f"key{i}": i for i in range(60)},
    }
    cv = draw_generic(view)
    assert cv.overflows() == []
    png = imaging.render("odd", "public", view)
    assert png is not None and len(png) < 1_000_000


def test_generic_golden() -> None:
    png = imaging.render("tally", "public", tally_view(3, 7))
    assert png is not None
    assert Image.open(io.BytesIO(png)).width == 900
    check_golden("tally-public", png)


def test_each_hosted_game_finds_its_own_renderers_by_kind() -> None:
    """No list to keep: imaging/<kind>/ is found from the kind (tally has none: generic)."""
    generic = imaging.renderers("*")
    for kind in ("algae", "mars"):
        assert kind in engine.GAMES  # engine/<kind>/ registered itself
        own = imaging.renderers(kind)
        assert set(own) == set(imaging.PICTURES)
        assert not set(own.values()) & set(generic.values())
    assert imaging.renderers("tally") == {}
