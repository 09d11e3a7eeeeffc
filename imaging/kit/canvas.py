"""A canvas that draws text fitted to a width and records every text box it drew.

Each text box is recorded with the panel it belongs to, so tests can assert that every piece
of text lies inside its panel (``Canvas.overflows()``). Panels are declared with
``with canvas.panel("name", box):``; text drawn outside any panel belongs to the image.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from imaging.kit import icons
from imaging.kit.fastdraw import FastDraw
from imaging.kit.fonts import font
from imaging.kit.palette import INK, PAPER, PAPER_EDGE, RGB

Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)
ELLIPSIS = "…"


@dataclass(frozen=True)
class TextRecord:
    text: str
    box: Box
    panel: str
    panel_box: Box
    key: bool = False  # a key figure: must stay readable at phone width (>= 9 px at 550)

    def inside(self, slack: int = 1) -> bool:
        x0, t, r, b = self.box
        pl, pt, pr, pb = self.panel_box
        return x0 >= pl - slack and t >= pt - slack and r <= pr + slack and b <= pb + slack


def fit(
    text: str, size: int, max_width: float | None, bold: bool = False, min_size: int | None = None
) -> tuple[str, int]:
    """Shrink ``size`` down to ``min_size``, then cut with an ellipsis, to fit ``max_width``."""
    if max_width is None or max_width <= 0:
        return text, size
    return _fit(text, size, round(max_width, 1), bold, min_size)


@lru_cache(maxsize=16384)
def _fit(
    text: str, size: int, max_width: float, bold: bool, min_size: int | None
) -> tuple[str, int]:
    """``fit`` once per text and width: measuring glyphs was a fifth of a board's render."""
    floor = min_size if min_size is not None else max(9, round(size * 0.8))
    while size > floor and font(size, bold).getlength(text) > max_width:
        size -= 1
    f = font(size, bold)
    if f.getlength(text) <= max_width:
        return text, size
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ELLIPSIS) if lo > 0 else "", size


def _cross(a: Box, b: Box, slack: int) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def _within(inner: Box, outer: Box, slack: int) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


# Glyph edges in 5 steps instead of 256: the text looks the same at a glance, and the
# pictures take ~12 % fewer bytes (fewer distinct edge colours to compress).
EDGE_STEPS = 5
_EDGE_LEVELS = [
    round(round(v * (EDGE_STEPS - 1) / 255) * 255 / (EDGE_STEPS - 1)) for v in range(256)
]


@lru_cache(maxsize=2048)
def _halo_masks(
    text: str, size: int, bold: bool, anchor: str, fx: float, fy: float
) -> tuple[Any, tuple[int, int], Any, tuple[int, int], tuple[float, float, float, float]]:
    """The stroked (halo) and plain masks of one line, their offsets, and the halo's bbox."""
    f = font(size, bold)
    outer, o_off = f.getmask2(text, "L", anchor=anchor, start=(fx, fy), stroke_width=2)
    inner, i_off = f.getmask2(text, "L", anchor=anchor, start=(fx, fy))
    return outer, o_off, inner, i_off, f.getbbox(text, anchor=anchor, stroke_width=2)


@lru_cache(maxsize=8192)
def _glyph_mask(
    text: str, size: int, bold: bool, anchor: str, fx: float, fy: float
) -> tuple[Any, tuple[int, int], tuple[float, float, float, float]]:
    """The anti-aliased mask of one line, its offset and its bbox relative to the anchor point."""
    f = font(size, bold)
    mask, offset = f.getmask2(text, "L", anchor=anchor, start=(fx, fy))
    return mask.point(_EDGE_LEVELS, None), offset, f.getbbox(text, anchor=anchor)


class Canvas:
    """An RGB image plus the panels and text boxes drawn on it."""

    def __init__(self, image: Image.Image, texts: list[TextRecord] | None = None) -> None:
        self.image = image
        self.draw = FastDraw(image)
        self.texts: list[TextRecord] = list(texts or [])
        self.icons: list[Box] = []  # every icon drawn, for the overlap checks
        self.blocks: list[Box] = []  # pieces drawn as shapes (a text may sit wholly inside)
        self._panels: list[tuple[str, Box]] = [("image", (0, 0, image.width, image.height))]

    @classmethod
    def new(cls, width: int, height: int, colour: RGB) -> Canvas:
        return cls(Image.new("RGB", (width, height), colour))

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    # ----------------------------------------------------------------- panels
    @contextmanager
    def panel(self, name: str, box: Box) -> Iterator[Box]:
        """Text drawn inside the block must stay inside ``box``."""
        self._panels.append((name, tuple(int(v) for v in box)))  # type: ignore[arg-type]
        try:
            yield box
        finally:
            self._panels.pop()

    def card(
        self,
        box: Box,
        fill: RGB = PAPER,
        outline: RGB | None = PAPER_EDGE,
        radius: int = 10,
        width: int = 2,
    ) -> None:
        self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def overflows(self, slack: int = 1) -> list[TextRecord]:
        return [t for t in self.texts if not t.inside(slack)]

    def overlaps(self, slack: int = 1) -> list[tuple[str, str]]:
        """Pairs of text boxes (and text under an icon) that overlap by more than ``slack``."""
        found = []
        boxes = sorted(self.texts, key=lambda t: t.box[0])
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                if b.box[0] >= a.box[2] - slack:
                    break
                if _cross(a.box, b.box, slack):
                    found.append((a.text, b.text))
        for t in self.texts:
            found += [(t.text, "icon") for box in self.icons if _cross(t.box, box, slack)]
            found += [
                (t.text, "piece")
                for box in self.blocks
                if _cross(t.box, box, slack) and not _within(t.box, box, slack)
            ]
        return found

    def block(self, box: Box) -> None:
        """Record a piece drawn with ImageDraw (a Building tile ...) for the overlap checks."""
        self.blocks.append(tuple(int(v) for v in box))  # type: ignore[arg-type]

    # ------------------------------------------------------------------- text
    # Past the argument limit on purpose: the kit's one text call takes ImageDraw.text's
    # options as keywords (fill, bold, anchor...) plus fitting and halo; an options object
    # would lengthen each of the few hundred calls and move the same list elsewhere.
    def text(  # noqa: PLR0913
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        fill: RGB = INK,
        bold: bool = False,
        anchor: str = "la",
        max_width: float | None = None,
        min_size: int | None = None,
        halo: RGB | None = None,
        key: bool = False,
    ) -> Box:
        """Draw ``text`` fitted to ``max_width``; returns (and records) its pixel box.

        ``halo`` outlines the glyphs in that colour (2 px), for text over busy drawing;
        ``key`` marks a key figure (tests hold it readable when shrunk to phone width).
        """
        text, size = fit(str(text), size, max_width, bold, min_size)
        if not text:
            return (int(xy[0]), int(xy[1]), int(xy[0]), int(xy[1]))
        if halo is None and "\n" not in text:
            x0, t, r, b = self._text_cached(xy, text, size, bold, anchor, fill)
        elif "\n" not in text:
            x0, t, r, b = self._halo_cached(xy, text, size, bold, anchor, fill, halo)
        else:
            f = font(size, bold)
            sw = 2 if halo is not None else 0
            self.draw.text(
                xy, text, font=f, fill=fill, anchor=anchor, stroke_width=sw, stroke_fill=halo
            )
            x0, t, r, b = self.draw.textbbox(xy, text, font=f, anchor=anchor, stroke_width=sw)
        box = (int(x0), int(t), int(r + 0.999), int(b + 0.999))
        name, pbox = self._panels[-1]
        self.texts.append(TextRecord(text, box, name, pbox, key))
        return box

    def _text_cached(
        self, xy: tuple[float, float], text: str, size: int, bold: bool, anchor: str, fill: RGB
    ) -> tuple[float, float, float, float]:
        """Draw one line as ImageDraw.text does, from a cached glyph mask; returns its bbox.

        Board pictures repeat the same short texts (digits, labels) on every render, and
        rasterising them was the largest single cost of a render."""
        fx, fy = math.modf(xy[0])[0], math.modf(xy[1])[0]
        mask, (ox, oy), (bx0, bt, br, bb) = _glyph_mask(text, size, bold, anchor, fx, fy)
        ink, _ = self.draw._getink(fill)
        self.draw.draw.draw_bitmap((int(xy[0]) + ox, int(xy[1]) + oy), mask, ink)
        return xy[0] + bx0, xy[1] + bt, xy[0] + br, xy[1] + bb

    def _halo_cached(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        bold: bool,
        anchor: str,
        fill: RGB,
        halo: RGB | None,
    ) -> tuple[float, float, float, float]:
        """One line with a 2 px halo, as ImageDraw.text draws it (the stroke, then the
        glyphs), from cached masks: the Mars map names every hex this way."""
        fx, fy = math.modf(xy[0])[0], math.modf(xy[1])[0]
        outer, o_off, inner, i_off, (bx0, bt, br, bb) = _halo_masks(
            text, size, bold, anchor, fx, fy
        )
        x, y = int(xy[0]), int(xy[1])
        self.draw.draw.draw_bitmap((x + o_off[0], y + o_off[1]), outer, self.draw._getink(halo)[0])
        self.draw.draw.draw_bitmap((x + i_off[0], y + i_off[1]), inner, self.draw._getink(fill)[0])
        return xy[0] + bx0, xy[1] + bt, xy[0] + br, xy[1] + bb

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        return font(size, bold).getlength(text)

    # ------------------------------------------------------------------ icons
    def icon(
        self,
        kind: str,
        center: tuple[float, float],
        size: int,
        fill: RGB,
        letter: str = "",
        outline: RGB | None = icons.OUTLINE,
    ) -> Box:
        spr = icons.sprite(kind, int(size), tuple(fill), letter, outline)
        x, y = round(center[0] - size / 2), round(center[1] - size / 2)
        box = (x, y, x + int(size), y + int(size))
        # Image.paste's checks cost twice the blend itself for a 20-px sprite: paste on the
        # core image, as Image.paste does for an RGBA sprite on this RGB canvas.
        self.image.im.paste(spr.im, box, spr.im)
        self.icons.append(box)
        return box

    def icon_value(
        self,
        kind: str,
        xy: tuple[float, float],
        value: object,
        size: int,
        fill: RGB,
        *,
        ink: RGB = INK,
        letter: str = "",
        bold: bool = True,
        max_width: float | None = None,
    ) -> int:
        """An icon followed by its value; ``xy`` is the icon's left/middle. Returns the right x."""
        x, y = xy
        self.icon(kind, (x + size / 2, y), size, fill, letter)
        tw = None if max_width is None else max_width - size - 4
        box = self.text(
            (x + size + 4, y),
            str(value),
            round(size * 0.9),
            fill=ink,
            bold=bold,
            anchor="lm",
            max_width=tw,
        )
        return box[2]
