"""The key under the Algae player panels: the token icons the panels use and the export/2×
tiles in their three states. One line on the frame, drawn once into the static layer."""

from __future__ import annotations

from imaging.algae.panels import x_tile
from imaging.algae.style import bonus_parts
from imaging.kit import Canvas
from imaging.kit import palette as pal

KEY_H = 36
TOKENS = (
    ("choice", "choice"),
    ("wild", "wild"),
    ("freelance", "freelancer"),
    ("value", "+1 value"),
)
TILES = (("x1", "covered", "covered"), ("", "ready", "ready: 2 actions"), ("", "used", "used"))


def draw(cv: Canvas, x: int, y: int, right: int) -> None:
    """The key, left-middle at (``x``, ``y``), within ``right``."""
    with cv.panel("key", (x, y - KEY_H // 2, right, y + KEY_H // 2)):
        x = cv.text((x, y), "Tokens:", 15, fill=pal.FRAME_MUTED, bold=True, anchor="lm")[2] + 8
        for word, label in TOKENS:
            icon, colour, letter, _ = bonus_parts(word)
            cv.icon(icon, (x + 10, y), 20, colour, letter)
            x = cv.text((x + 24, y), label, 15, fill=pal.FRAME_INK, anchor="lm")[2] + 14
        x += 16
        label = "Export/2× tiles x1–x5:"
        x = cv.text((x, y), label, 15, fill=pal.FRAME_MUTED, bold=True, anchor="lm")[2] + 8
        for tid, state, label in TILES:
            x_tile(cv, (x, y), tid, state)
            x = cv.text((x + 36, y), label, 15, fill=pal.FRAME_INK, anchor="lm")[2] + 14
