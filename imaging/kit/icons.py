"""Icons drawn from shapes at 4x and shrunk, so edges are smooth; cached per look.

``sprite(kind, size, fill, letter)`` returns an RGBA image ``size`` pixels square. Kinds:
player marker shapes (circle, square, triangle, diamond, hexagon, pentagon), resource icons
(cube, disk, coin, bolt, flask, star, token, gear, person, drop, leaf, gem; drawn in
``imaging.kit.icon_shapes``), ``tile`` (a pale board tile with a coloured frame: Research
and similar tiles, never mistaken for a player marker) and ``ring``. Each kind is one small
function; it returns where the letter goes (``Letter``), or None for no letter.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from imaging.kit.fonts import font
from imaging.kit.icon_shapes import SHAPES, Letter, Pen, polygon
from imaging.kit.palette import RGB, ink_on, mix

SS = 4  # supersampling factor
OUTLINE: RGB = (20, 22, 26)

MARKERS = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon")


def _circle(p: Pen) -> Letter:
    p.d.ellipse((p.m, p.m, p.s - p.m, p.s - p.m), fill=p.fill, outline=p.ol, width=p.w)
    return Letter()


def _square(p: Pen) -> Letter:
    e = p.m * 1.5
    p.d.rounded_rectangle(
        (e, e, p.s - e, p.s - e), radius=p.s * 0.12, fill=p.fill, outline=p.ol, width=p.w
    )
    return Letter()


def _triangle(p: Pen) -> Letter:
    s, m = p.s, p.m
    p.d.polygon([(p.c, m), (s - m, s - m), (m, s - m)], fill=p.fill, outline=p.ol, width=p.w)
    return Letter(cy=s * 0.64, scale=0.5)


def _diamond(p: Pen) -> Letter:
    s, m, c = p.s, p.m, p.c
    p.d.polygon([(c, m), (s - m, c), (c, s - m), (m, c)], fill=p.fill, outline=p.ol, width=p.w)
    return Letter(scale=0.5)


def _hexagon(p: Pen) -> Letter:
    p.d.polygon(polygon(6, p.c, p.c, p.c - p.m, rot=0), fill=p.fill, outline=p.ol, width=p.w)
    return Letter()


def _pentagon(p: Pen) -> Letter:
    p.d.polygon(polygon(5, p.c, p.c * 1.06, p.c - p.m), fill=p.fill, outline=p.ol, width=p.w)
    return Letter()


def _tile(p: Pen) -> Letter:
    """A pale square tile with a thick frame in the colour: a board tile, not a marker."""
    e = p.m * 1.2
    p.d.rounded_rectangle(
        (e, e, p.s - e, p.s - e),
        radius=p.s * 0.08,
        fill=mix(p.fill, (255, 255, 255), 0.78),
        outline=p.fill,
        width=max(p.w * 2, p.s // 7),
    )
    p.d.rounded_rectangle((e, e, p.s - e, p.s - e), radius=p.s * 0.08, outline=p.ol, width=p.w)
    return Letter(ink=mix(p.fill, (0, 0, 0), 0.45))


def _ring(p: Pen) -> Letter | None:
    m, s = p.m, p.s
    p.d.ellipse((m, m, s - m, s - m), outline=p.fill, width=max(p.w * 2, s // 10))
    return None


KINDS = {
    "circle": _circle,
    "square": _square,
    "triangle": _triangle,
    "diamond": _diamond,
    "hexagon": _hexagon,
    "pentagon": _pentagon,
    "tile": _tile,
    "ring": _ring,
    **SHAPES,
}


def _letter(d: ImageDraw.ImageDraw, s: int, letter: str, fill: RGB, place: Letter) -> None:
    if not letter:
        return
    size = max(6, int(s * place.scale * (0.8 if len(letter) > 1 else 1.0)))
    cy = s / 2 if place.cy is None else place.cy
    d.text((s / 2, cy), letter, font=font(size, True), fill=place.ink or fill, anchor="mm")


@lru_cache(maxsize=1024)
def sprite(
    kind: str, size: int, fill: RGB, letter: str = "", outline: RGB | None = OUTLINE
) -> Image.Image:
    draw = KINDS.get(kind)
    if draw is None:
        raise ValueError(f"unknown icon kind {kind!r}")
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    pen = Pen(ImageDraw.Draw(img), s, fill, outline)
    place = draw(pen)
    if place is not None:
        _letter(pen.d, s, letter or place.letter, ink_on(fill), place)
    return img.resize((size, size), Image.Resampling.LANCZOS)
