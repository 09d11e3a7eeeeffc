"""Colours for every picture, chosen for Discord's dark and light themes and colour blindness.

Every picture is opaque: a dark slate frame (it reads as a card on the light theme) around
light paper panels (they stand out on the dark theme), dark ink on paper. Player colours are
the Okabe–Ito set without its yellow (too faint on paper); each seat also has its own marker
shape and the player's initial, so no fact is carried by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

FRAME: RGB = (34, 44, 56)  # the outer background
FRAME_INK: RGB = (236, 240, 244)  # text drawn straight on the frame
FRAME_MUTED: RGB = (160, 174, 190)
PAPER: RGB = (246, 242, 232)  # panel background
PAPER_ALT: RGB = (232, 226, 212)  # zebra rows, sub-panels
PAPER_EDGE: RGB = (120, 112, 98)
INK: RGB = (28, 30, 34)
MUTED: RGB = (96, 98, 104)
FAINT: RGB = (178, 172, 160)
HIGHLIGHT: RGB = (255, 196, 0)  # "to act" and "changed last turn" rings (with a shape cue)
CHANGED: RGB = (214, 40, 120)
GOOD: RGB = (0, 120, 80)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

# Resource icon colours (icons also differ by shape).
MONEY: RGB = (214, 168, 40)
ENERGY: RGB = (240, 140, 0)
SCIENCE: RGB = (60, 130, 200)
VP: RGB = (170, 60, 160)
TOKEN: RGB = (110, 110, 120)


@dataclass(frozen=True)
class Seat:
    """How one seat is told apart: colour, marker shape and a text colour on that colour."""

    colour: RGB
    shape: str
    on_colour: RGB
    light: RGB  # a pale tint for panel headers


SEATS: tuple[Seat, ...] = (
    Seat((0, 114, 178), "circle", WHITE, (204, 226, 240)),  # blue
    Seat((213, 94, 0), "square", WHITE, (246, 214, 190)),  # vermillion
    Seat((0, 158, 115), "triangle", WHITE, (196, 234, 220)),  # bluish green
    Seat((204, 121, 167), "diamond", BLACK, (242, 220, 232)),  # reddish purple
    Seat((86, 180, 233), "hexagon", BLACK, (214, 236, 250)),  # sky blue
    Seat((90, 90, 90), "pentagon", WHITE, (222, 222, 222)),  # grey
)


def seat(index: int) -> Seat:
    return SEATS[index % len(SEATS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved towards ``b`` by ``t`` (0..1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else WHITE
