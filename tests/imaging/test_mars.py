"""On Mars pictures from real games: many random mid-game states for 1-4 players render within
Discord's limits with every measured text box inside its panel; a few fixed views (stored as
JSON beside the goldens, so engine changes don't move them) match their golden pictures."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

import imaging
from imaging.kit.canvas import Canvas
from imaging.mars.style import TECH_SHORT
from tests.imaging.golden import GOLDEN_DIR, check_golden, updating
from tests.imaging.mars_games import mars_ready, random_game, views_around_a_move

pytestmark = pytest.mark.skipif(not mars_ready(), reason="the On Mars engine is not registered")

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
def test_random_mid_game_states(players: int) -> None:
    from imaging.mars.player import draw_player
    from imaging.mars.public import draw_public

    for k, steps in enumerate((2, 30, 90, 180, 320, 600)):
        previous, view, game = views_around_a_move(players, 50 * players + k, steps)
        _no_overflow(draw_public(view, previous))
        _no_overflow(draw_public(view))
        seat = k % players
        _no_overflow(draw_player(game.view(seat)))
        _no_overflow(draw_player(view, seat))  # someone else's board: goals hidden
    _check_png(imaging.render("mars", "public", view, previous=previous))
    _check_png(imaging.render("mars", "player", game.view(0)))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_finished_games_render_final_scores(players: int) -> None:
    from imaging.mars.final import draw_final

    game = random_game(players, 17 + players, 100_000)
    assert game.over
    view = game.view(None)
    _no_overflow(draw_final(view))
    _no_overflow(draw_final(view, game.scores()))
    _check_png(imaging.render("mars", "final", view))
    _check_png(imaging.render("mars", "public", view))


def test_own_goals_only_on_own_picture() -> None:
    from imaging.mars.model import read_game

    game = random_game(2, 5, 60)
    own = read_game(game.view(1)).players[1]
    other = read_game(game.view(0)).players[1]
    assert own.goals is not None and other.goals is None


def test_previous_marks_what_changed() -> None:
    from imaging.mars.changes import changes
    from imaging.mars.model import read_game

    for steps in range(40, 80):  # the first move that changes something on the board
        previous, view, _ = views_around_a_move(3, 3, steps)
        marks = changes(read_game(view), read_game(previous))
        if marks.fields or marks.board or marks.moved or marks.hexes - set(view["last"]["hexes"]):
            break
    a = imaging.render("mars", "public", view, previous=previous)
    b = imaging.render("mars", "public", view)
    assert a is not None and b is not None and a != b


def test_last_hexes_are_marked_without_previous() -> None:
    from imaging.mars.changes import changes
    from imaging.mars.model import read_game

    _, view, _ = views_around_a_move(2, 4, 20)
    view = dict(view, last=dict(view["last"], hexes=["e5"]))
    assert changes(read_game(view), None).hexes == {"e5"}


def test_sparse_view_from_the_schema_renders() -> None:
    """A view with most keys missing still draws (defaults, not a failed turn post)."""
    view = {"kind": "mars", "players": ["Ann", "Bob"], "seats": [{"name": "Ann"}, {}]}
    for picture in ("public", "player", "final"):
        _check_png(imaging.render("mars", picture, view))


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
        previous, view, _ = views_around_a_move(4, 11, 260)
        return {"view": view, "previous": previous}

    data = _fixture("mars-public-4p", make)
    png = imaging.render("mars", "public", data["view"], previous=data["previous"])
    assert png is not None
    check_golden("mars-public-4p", png)


def test_golden_player_picture() -> None:
    data = _fixture("mars-player", lambda: random_game(3, 19, 60).view(1))
    png = imaging.render("mars", "player", data)
    assert png is not None
    check_golden("mars-player", png)


def test_golden_final_scores() -> None:
    data = _fixture("mars-final-3p", lambda: random_game(3, 13, 100_000).view(None))
    png = imaging.render("mars", "final", data)
    assert png is not None
    check_golden("mars-final-3p", png)


def test_public_background_is_a_static_layer_built_once() -> None:
    from imaging.kit import layers
    from imaging.mars import public

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
        assert len(calls) == 1  # the map, the cards and the panels' frames stay all game
        _, view, _ = views_around_a_move(2, 21, 20)
        public.render_public(view)
    finally:
        public._build_static = real
    assert len(calls) == 2  # the panels' frames depend on the player count


@pytest.mark.parametrize("kind", ["drop", "leaf", "gem"])
def test_kit_resource_icons_draw_something(kind: str) -> None:
    from imaging.kit.icons import sprite

    icon = sprite(kind, 32, (60, 130, 200))
    assert icon.size == (32, 32)
    assert icon.getchannel("A").getbbox() is not None  # not blank


def test_golden_turn_card() -> None:
    """The phone-readable card every turn post carries (the full board is a click away)."""
    data = json.loads((GOLDEN_DIR / "mars-public-4p.json").read_text())  # the board's view
    png = imaging.render("mars", "card", data["view"], previous=data["previous"])
    assert png is not None
    check_golden("mars-card-4p", png)


def test_turn_card_close_up_is_the_board_as_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card's close-up draws only the hexes that reach into it (imaging.mars.public.
    close_up_board): the picture must be the same as with every hex of the map drawn."""
    from imaging.mars import card, mapboard

    whole = mapboard.draw_dynamic
    cards = 0
    play, rnd = random_game(3, 8, 40), random.Random(9)
    while not play.over and cards < 3:
        previous = play.view(None)
        decision = rnd.choice(play.pending())
        play.play(decision.seat, rnd.choice(decision.options).move)
        view = play.view(None)
        game = card.read_game(view)
        if card.touched(game, card.marks_of(game, previous, None)) is None:
            continue
        cards += 1
        part = imaging.render("mars", "card", view, previous=previous)
        with monkeypatch.context() as m:
            m.setattr(mapboard, "draw_dynamic", lambda *a, within=None, **k: whole(*a, **k))
            full = imaging.render("mars", "card", view, previous=previous)
        assert part is not None and full is not None
        assert Image.open(io.BytesIO(part)).tobytes() == Image.open(io.BytesIO(full)).tobytes()
    assert cards == 3


def test_face_up_discovery_tiles_are_named_in_the_warehouse_panel() -> None:
    """MARS-GAP-10 (rules 2+, what rules 9 makes worth planning for): the 2 face-up Discovery
    tiles beside the map are public, so the board names them, inside the Warehouse panel."""
    from engine.core import new_game
    from imaging.mars.public import draw_public

    view = new_game("mars", ["a", "b"], seed=25, options={"rules": 9}).view(None)
    assert len(view["discovery_face_up"]) == 2
    cv = draw_public(view)
    _no_overflow(cv)
    line = [t for t in cv.texts if t.text.startswith("Discovery face up:")]
    assert len(line) == 1 and line[0].panel == "stores"
    assert all(name in line[0].text for name in view["discovery_face_up"])
    bare = draw_public({**view, "discovery_face_up": []})
    assert not [t for t in bare.texts if t.text.startswith("Discovery face up")]


def test_blueprint_display_names_the_published_card() -> None:
    """Rules 10 (MARS-GAP-18): the Blueprint display reads "Casino: gain 2 crystals"; older
    rules' texts, which name no card, read as before."""
    from imaging.mars.model import blueprint_action

    text = "Casino, level 1 Shelter; action: gain 2 crystals; produces 1 crystal; end +3/-3 OP"
    assert blueprint_action(text) == "Casino: gain 2 crystals"
    old = "level 1 Shelter; action: gain 2 crystal; produces 1 crystal; end +3/-3 OP"
    assert blueprint_action(old) == "gain 2 crystal"


def test_tech_grid_names_what_each_space_costs() -> None:
    """MARS-GAP-05: the Tech Grid shows every face-up Tech by name on a line of what its space
    costs: rules 11's three rows (free / 1 battery / 1 battery + 1 Resource), rules 2-10's two
    (free / 1 crystal), rules 1's one, all inside the panel. The title said "(free)" for every
    tile before."""
    from engine.core import new_game
    from imaging.mars.public import draw_public

    costs = {"free", "1 battery", "1 battery + 1 any", "1 crystal"}
    for rules, labels in (
        (11, ["free", "1 battery", "1 battery + 1 any"]),
        (10, ["free", "1 crystal"]),
        (1, ["free"]),  # all 8 on one cost: the names go on over a second line
    ):
        view = new_game("mars", ["a", "b", "c"], seed=5, options={"rules": rules}).view(None)
        cv = draw_public(view)
        _no_overflow(cv)
        tech = [t for t in cv.texts if t.panel == "tech"]
        assert [t.text for t in tech if t.text in costs] == labels
        named = {t.text for t in tech}
        assert {TECH_SHORT[view["techs"][t]["type"]] for t in view["tech_grid"]} <= named
        assert not [t for t in tech if "(free)" in t.text]
