"""The Algae turn card (``imaging.kit.card``): week and day, who acts, the last turn, and
per player VP, money, energy, science, tokens and export disks (the ones that changed
ringed). The full board is the "public" picture."""

from __future__ import annotations

from imaging.algae import actionboard, mapboard, public
from imaging.algae.changes import Changes, marks_of
from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.algae.public import status_line
from imaging.algae.style import bonus_parts
from imaging.kit import Box, png_of, zoom
from imaging.kit import palette as pal
from imaging.kit.card import CardPlayer, CardRecipe, Figure, card_drawer

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


def card_player(game: GameModel, p: PlayerModel, changed: set[str]) -> CardPlayer:
    note = p.dept_title + (" · 1st player" if p.seat == game.first else "")
    initial = p.name[:1].upper()
    return CardPlayer(p.seat, p.name, initial, p.vp, note, _figures(p, changed), "vp" in changed)


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


RECIPE = CardRecipe(
    "ALGAE, INC.", read_game, marks_of, status_line, card_player, touched, public.close_up_board
)
draw_turn_card = card_drawer(RECIPE)
render_card = png_of(draw_turn_card)
