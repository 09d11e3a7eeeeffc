"""The Algae turn card (``imaging.kit.card``): week and day, who acts, the last turn, and
per player VP, money, energy, science, tokens and export disks (the ones that changed
ringed). The full board is the "public" picture."""

from __future__ import annotations

from typing import Any

from imaging.algae import actionboard, mapboard, public
from imaging.algae.changes import Changes, marks_of
from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.algae.public import status_line
from imaging.algae.style import bonus_parts
from imaging.kit import Box, Canvas, png_of, zoom
from imaging.kit import palette as pal
from imaging.kit.card import CardModel, CardPlayer, Figure, turn_card
from imaging.kit.headings import what_happened

TOKENS = ("choice", "wild", "freelance", "value")


def _figures(p: PlayerModel, changed: set[str]) -> tuple[Figure, ...]:
    out = [
        Figure("coin", pal.MONEY, f"€{p.money}", changed="money" in changed),
        Figure("bolt", pal.ENERGY, str(p.energy), changed="energy" in changed),
        Figure("flask", pal.SCIENCE, str(p.science), changed="science" in changed),
    ]
    for t in TOKENS:
        if p.tokens.get(t):
            icon, colour, letter, _ = bonus_parts(t)
            out.append(Figure(icon, colour, str(p.tokens[t]), letter, t in changed))
    out.append(Figure("disk", pal.seat(p.seat).colour, str(p.disks), changed="disks" in changed))
    return tuple(out)


def card_model(
    game: GameModel, fields: dict[int, set[str]], lines: list[str] | None = None
) -> CardModel:
    players = []
    for p in game.players:
        changed = fields.get(p.seat, set())
        note = p.dept_title + (" · 1st player" if p.seat == game.first else "")
        players.append(
            CardPlayer(
                p.seat,
                p.name,
                p.name[:1].upper(),
                p.vp,
                note,
                _figures(p, changed),
                "vp" in changed,
            )
        )
    return CardModel(
        "ALGAE, INC.",
        status_line(game),
        tuple(game.to_act),
        game.over,
        what_happened(lines or game.last),
        tuple(players),
    )


def draw_turn_card(
    view: dict[str, Any],
    previous: dict[str, Any] | None = None,
    marks: dict[str, Any] | None = None,
    lines: list[str] | None = None,
) -> Canvas:
    """The card; ``lines`` (a post's events since the post before) say what the turn did.
    Under them, a close-up of the board where the turn exported or moved a supervisor."""
    game = read_game(view)
    found = marks_of(game, previous, marks)
    model = card_model(game, found.fields, lines)
    board = lambda: public.draw_public(view, previous, marks, lines)  # noqa: E731
    return turn_card(model, touched(game, found), board)


def touched(game: GameModel, found: Changes) -> tuple[Box, Box] | None:
    """(where the close-up looks, the board part it stays in): the cities that got new
    disks on the map, else the spots where supervisors moved on the action board."""
    if found.disks:
        area = mapboard.map_area(public.MAP_BOX)
        points = [mapboard.city_xy(area, c) for c in found.disks if c in game.cities]
        region = zoom.union([(int(x), int(y), int(x), int(y)) for x, y in points], 46)
        return None if region is None else (region, area)
    spots = [p.supervisor for p in game.players if p.seat in found.moved and p.supervisor]
    boxes = [actionboard.spot_box(public.ACTION_BOX, *s) for s in spots]
    region = zoom.union(boxes, 16)
    return None if region is None else (region, public.ACTION_BOX)


render_card = png_of(draw_turn_card)
