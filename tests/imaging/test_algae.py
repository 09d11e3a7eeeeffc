"""Algae pictures from real games: many random mid-game states of every department and player
count render within Discord's limits with every measured text box inside its panel; a few
fixed views (stored as JSON beside the goldens, so engine changes don't move them) match
their golden pictures."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import imaging
from imaging.kit.canvas import Canvas
from tests.imaging.algae_games import DEPTS, algae_ready, random_game, views_around_a_move
from tests.imaging.golden import GOLDEN_DIR, check_golden, updating

pytestmark = pytest.mark.skipif(not algae_ready(), reason="the Algae engine is not registered")

MAX_BYTES = 1_000_000


def _check_png(png: bytes | None, max_width: int = 1600) -> Image.Image:
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < MAX_BYTES
    image = Image.open(io.BytesIO(png))
    assert image.width <= max_width
    return image


def _no_overflow(cv: Canvas) -> None:
    bad = cv.overflows()
    assert bad == [], [(t.text, t.panel, t.box, t.panel_box) for t in bad]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_states_of_every_department(players: int) -> None:
    from imaging.algae.player import draw_player
    from imaging.algae.public import draw_public

    for k, steps in enumerate((3, 40, 120, 220, 400)):
        depts = [DEPTS[(k + i) % 4] for i in range(players)]
        previous, view, game = views_around_a_move(players, 100 * players + k, steps, depts)
        _no_overflow(draw_public(view, previous))
        seat = k % players
        _no_overflow(draw_player(game.view(seat)))
    # the departments rotate over the seats across the loop; one PNG per count checks the
    # byte and width limits
    _check_png(imaging.render("algae", "public", view, previous=previous))
    _check_png(imaging.render("algae", "player", game.view(0)))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_finished_games_render_final_scores(players: int) -> None:
    from imaging.algae.final import draw_final

    game = random_game(players, 7 + players, 100_000)
    assert game.over
    view = game.view(None)
    _no_overflow(draw_final(view))
    _no_overflow(draw_final(view, game.scores()))
    _check_png(imaging.render("algae", "final", view))
    _check_png(imaging.render("algae", "public", view))


def test_render_passes_previous_only_to_renderers_that_take_it() -> None:
    previous, view, _ = views_around_a_move(2, 3, 30)
    a = imaging.render("algae", "public", view, previous=previous)
    b = imaging.render("algae", "public", view)
    assert a is not None and b is not None and a != b  # the changes are marked
    assert imaging.render("algae", "final", view, previous=previous) is not None


def _fixture(name: str, make: Callable[[], Any]) -> dict:
    """A view stored as JSON beside the goldens; rewritten only with UPDATE_GOLDEN=1."""
    path = GOLDEN_DIR / f"{name}.json"
    if updating() or not path.exists():
        if not updating():
            pytest.fail(f"no fixture {path.name}; create it with UPDATE_GOLDEN=1")
        path.write_text(json.dumps(make(), sort_keys=True))
    return json.loads(path.read_text())


def test_golden_public_board() -> None:
    def make() -> dict:
        previous, view, _ = views_around_a_move(4, 11, 150, DEPTS)
        return {"view": view, "previous": previous}

    data = _fixture("algae-public-4p", make)
    png = imaging.render("algae", "public", data["view"], previous=data["previous"])
    assert png is not None
    check_golden("algae-public-4p", png)


def test_golden_player_picture() -> None:
    data = _fixture("algae-player", lambda: random_game(2, 12, 260, ["food", "biofuel"]).view(1))
    png = imaging.render("algae", "player", data)
    assert png is not None
    check_golden("algae-player", png)


def test_golden_final_scores() -> None:
    data = _fixture("algae-final-3p", lambda: random_game(3, 13, 100_000).view(None))
    png = imaging.render("algae", "final", data)
    assert png is not None
    check_golden("algae-final-3p", png)


def test_public_background_is_a_static_layer_built_once() -> None:
    from imaging.algae import public
    from imaging.kit import layers

    layers.clear()
    calls = []
    real = public._build_static

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    public._build_static = counting
    try:
        for k in range(3):
            _, view, _ = views_around_a_move(3, 21, 20 + k)
            public.render_public(view)
    finally:
        public._build_static = real
    assert len(calls) == 1  # same strip sides all week: one background, reused


def test_golden_turn_card() -> None:
    """The phone-readable card every turn post carries (the full board is a click away): its
    "Last turn" line is the move its close-up shows (Dee's supervisor on 4b; Dee acts on)."""
    data = json.loads((GOLDEN_DIR / "algae-public-4p.json").read_text())  # the board's view
    assert data["view"]["last"]["move"] == "spot 4b"
    lines = data["view"]["last"]["text"]
    png = imaging.render("algae", "card", data["view"], previous=data["previous"], lines=lines)
    assert png is not None
    check_golden("algae-card-4p", png)


def test_science_tiles_are_drawn_by_their_names_not_their_ids() -> None:
    """Players read tile names ("serum belt tile"), never ids ("belt_serum"): the view gives
    each department tile's name and the picture model keeps it for the board and factory."""
    import engine
    from engine.algae import data as D
    from imaging.algae.model import read_game

    game = engine.new_game(
        "algae", ["a", "b"], seed=5, options={"departments": ["cosmetics", "food"]}
    )
    model = read_game(game.view(None))
    for p in model.players:
        tiles = D.DEPARTMENTS[p.dept]["tiles"]
        assert set(tiles) | set(D.ENG_TILES) | set(D.COMBO_SHAPES) == set(p.tile_names)
        assert all("_" not in name and "tile" in name for name in p.tile_names.values())
    assert model.players[0].tile_names["belt_serum"] == "serum belt tile"
    assert model.players[0].tile_names["conv2"] == "conveyor belt tile 2"


def test_the_player_picture_shows_no_tile_or_field_ids() -> None:
    """The science grid, the engineering fields and the tiles beside the board read
    "capacity 2", "conveyor A", "combo 1": never "cap2", "conv_a", "combo1"."""
    from engine.algae import data as D
    from imaging.algae.player import draw_player

    game = random_game(2, 12, 260, ["food", "biofuel"])
    ids = {*D.ENG_TILES, *D.COMBO_SHAPES, *D.FIELDS, *D.GRID_ITEMS}
    for seat in (0, 1):
        view = game.view(seat)
        board = view["seats"][seat]["department_board"]
        assert any(board["fields"].values()), "the game must have built a field"
        words = {w for t in draw_player(view, seat).texts for w in t.text.replace(",", " ").split()}
        assert not words & ids, sorted(words & ids)
