"""The On Mars turn card (``imaging.kit.card``): round and level, who acts, the last turn,
and per player OP, resources, colonists and Bots (the ones that changed ringed). The full
board is the "public" picture."""

from __future__ import annotations

from imaging.kit import Box, png_of, zoom
from imaging.kit import palette as pal
from imaging.kit.card import CardPlayer, CardRecipe, Figure, card_drawer
from imaging.mars import mapboard, public
from imaging.mars.changes import Changes, marks_of
from imaging.mars.model import GameModel, PlayerModel, read_game
from imaging.mars.public import status_line
from imaging.mars.style import ITEM

RESOURCES = ("mineral", "battery", "water", "plant", "oxygen", "crystal")


def _figures(p: PlayerModel, changed: set[str]) -> tuple[Figure, ...]:
    out = []
    for r in RESOURCES:
        icon, colour, letter = ITEM[r]
        out.append(Figure(icon, colour, str(p.resources.get(r, 0)), letter, f"res.{r}" in changed))
    s = pal.seat(p.seat)
    out.append(
        Figure("person", (235, 235, 235), str(p.living_quarters), "", "colonists" in changed)
    )
    out.append(Figure(s.shape, s.colour, str(len(p.bots)), "", "bots" in changed))
    return tuple(out)


def card_player(game: GameModel, p: PlayerModel, changed: set[str]) -> CardPlayer:
    note = ("Orbit" if p.side == "orbit" else "Colony") + " side"
    return CardPlayer(p.seat, p.name, p.initial, p.op, note, _figures(p, changed), "op" in changed)


def touched(game: GameModel, found: Changes) -> tuple[Box, Box] | None:
    """(where the close-up looks, the map it stays in): the hexes changed or reached by a
    piece."""
    size, cx, cy = mapboard.geometry(public.MAP_BOX)
    named = found.hexes | found.moved
    points = [(cx + h.x * size, cy + h.y * size) for h in game.hexes if h.id in named]
    pad = round(size * 1.1)
    region = zoom.union([(int(x), int(y), int(x), int(y)) for x, y in points], pad)
    return None if region is None else (region, public.MAP_BOX)


RECIPE = CardRecipe(
    "ON MARS",
    read_game,
    marks_of,
    status_line,
    card_player,
    touched,
    public.close_up_board,
    score_word="OP",
)
draw_turn_card = card_drawer(RECIPE)
render_card = png_of(draw_turn_card)
