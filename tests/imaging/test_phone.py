"""Every picture read on a phone and nothing drawn over anything else (issue 13).

Discord shows a posted picture about 550 px wide on a phone. Every key figure (status, who
is to act, names, scores, the turn card's figures; drawn with ``key=True``) must be at
least 9 px tall there. And no two text boxes overlap, nor does an icon sit on a text, on
any picture of either game (the canvas records every text box and icon box).
"""

from __future__ import annotations

import functools

import pytest

from imaging.algae.card import draw_turn_card as algae_card
from imaging.algae.final import draw_final as algae_final
from imaging.algae.player import draw_player as algae_player
from imaging.algae.public import draw_public as algae_public
from imaging.kit import Canvas
from imaging.mars.card import draw_turn_card as mars_card
from imaging.mars.final import draw_final as mars_final
from imaging.mars.player import draw_player as mars_player
from imaging.mars.public import draw_public as mars_public
from tests.imaging import algae_games, mars_games

PHONE = 550
MIN_PX = 9


def _algae(picture: str, players: int, seed: int) -> Canvas:
    if picture == "player":
        return algae_player(algae_games.random_game(players, seed, 90).view(0), 0)
    if picture == "final":
        game = algae_games.random_game(players, seed, 100_000)
        return algae_final(game.view(None), game.scores())
    previous, view, _ = algae_games.views_around_a_move(players, seed, 40 + seed * 7)
    return (algae_public if picture == "public" else algae_card)(view, previous)


def _mars(picture: str, players: int, seed: int) -> Canvas:
    if picture == "player":
        return mars_player(mars_games.random_game(players, seed, 90).view(0), 0)
    if picture == "final":
        game = mars_games.random_game(players, seed, 100_000)
        return mars_final(game.view(None), game.scores())
    previous, view, _ = mars_games.views_around_a_move(players, seed, 60 + seed * 11)
    return (mars_public if picture == "public" else mars_card)(view, previous)


CASES = [
    (game, picture, players, seed)
    for game in ("algae", "mars")
    for picture in ("public", "card", "player", "final")
    for players, seed in ((1, 3), (2, 5), (4, 8))
]


@functools.cache
def _draw(game: str, picture: str, players: int, seed: int) -> Canvas:
    """The picture (drawn once per process: both tests below only read it)."""
    ready = algae_games.algae_ready() if game == "algae" else mars_games.mars_ready()
    if not ready:
        pytest.skip(f"{game} engine not in this checkout")
    return (_algae if game == "algae" else _mars)(picture, players, seed)


@pytest.mark.parametrize(("game", "picture", "players", "seed"), CASES)
def test_every_key_figure_is_9_px_tall_at_550_px(game, picture, players, seed) -> None:
    cv = _draw(game, picture, players, seed)
    keys = [t for t in cv.texts if t.key]
    scale = PHONE / cv.size[0]
    wanted = 2 if picture == "player" else players  # the own name and score; each score
    assert len(keys) >= wanted, "every player's score at least is a key figure"
    small = [(t.text, round((t.box[3] - t.box[1]) * scale, 1)) for t in keys]
    small = [(text, px) for text, px in small if px < MIN_PX]
    assert not small, f"{game} {picture}: key figures under {MIN_PX} px at {PHONE} px: {small}"


@pytest.mark.parametrize(("game", "picture", "players", "seed"), CASES)
def test_no_two_labels_overlap(game, picture, players, seed) -> None:
    cv = _draw(game, picture, players, seed)
    assert cv.overlaps() == [], f"{game} {picture}: overlapping boxes"


@pytest.mark.parametrize(
    ("game", "marks"),
    [("algae", {"disks": {"paris": [0]}}), ("algae", {"moved": [1]}), ("mars", {"hexes": ["d3"]})],
)
def test_the_card_shows_a_close_up_of_what_the_turn_touched(game, marks) -> None:
    """The part of the board the last turn touched is in the card, shown large enough to
    read on a phone; a turn that touched nothing adds no close-up."""
    import json

    from imaging.kit.card import ZOOM_H
    from tests.imaging.golden import GOLDEN_DIR

    ready = algae_games.algae_ready() if game == "algae" else mars_games.mars_ready()
    if not ready:
        pytest.skip(f"{game} engine not in this checkout")
    view = json.loads((GOLDEN_DIR / f"{game}-public-4p.json").read_text())["view"]
    draw = algae_card if game == "algae" else mars_card
    plain, close = draw(view, marks={}), draw(view, marks=marks)
    assert close.size[1] == plain.size[1] + ZOOM_H + 8
    band = close.image.crop((20, 240, 880, 240 + ZOOM_H - 20))
    assert len(band.getcolors(1 << 16) or []) > 50, "a piece of the board, not an empty band"
