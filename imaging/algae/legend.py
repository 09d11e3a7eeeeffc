"""The key under the Algae player panels: the tokens this board shows (those a player holds,
those still on the map) and the export/2× tiles in their three states. One line on the
frame, drawn with the pieces (the tokens shown change with the game)."""

from __future__ import annotations

import re

from imaging.algae.model import GameModel
from imaging.algae.panels import x_tile
from imaging.algae.style import bonus_parts
from imaging.kit import Canvas
from imaging.kit import palette as pal

KEY_H = 36
# Tokens whose icon alone does not say what they are (€, energy, science and VP do), in the
# key's order. Rules 2 deals move and algae city tokens instead of choice, wild and freelance.
TOKENS = {
    "choice": "choice",
    "wild": "wild",
    "freelance": "freelancer",
    "value": "+1 value",
    "move": "cube moves",
    "algae": "algae cubes",
}
TILES = (("x1", "covered", "covered"), ("", "ready", "ready: 2 actions"), ("", "used", "used"))


def tokens_shown(game: GameModel) -> tuple[str, ...]:
    """The token words of ``TOKENS`` that this board shows: held by a player (the panels
    show only held tokens) or lying on a city of the map."""
    held = {k for p in game.players for k, n in p.tokens.items() if n}
    on_map = {_word(str(c.get("token") or "")) for c in game.cities.values()}
    return tuple(t for t in TOKENS if t in held | on_map)


def _word(token: str) -> str:
    return re.sub(r"\d+$", "", token)


def draw(cv: Canvas, xy: tuple[int, int], right: int, tokens: tuple[str, ...]) -> None:
    """The key, left-middle at ``xy``, within ``right``."""
    x, y = xy
    with cv.panel("key", (x, y - KEY_H // 2, right, y + KEY_H // 2)):
        if tokens:
            x = cv.text((x, y), "Tokens:", 15, fill=pal.FRAME_MUTED, bold=True, anchor="lm")[2]
            x += 8
        for word in tokens:
            icon, colour, letter, _ = bonus_parts(word)
            cv.icon(icon, (x + 10, y), 20, colour, letter)
            x = cv.text((x + 24, y), TOKENS[word], 15, fill=pal.FRAME_INK, anchor="lm")[2] + 14
        x += 16
        label = "Export/2× tiles x1–x5:"
        x = cv.text((x, y), label, 15, fill=pal.FRAME_MUTED, bold=True, anchor="lm")[2] + 8
        for tid, state, label in TILES:
            x_tile(cv, (x, y), tid, state)
            x = cv.text((x + 36, y), label, 15, fill=pal.FRAME_INK, anchor="lm")[2] + 14
