"""ImageDraw with rounded rectangles from a cache.

Pillow draws a rounded rectangle in Python, corner by corner: ~0.2 ms even for a small
outline, ~1 ms for a panel-sized card, which made them the largest cost of drawing a board
after the glyphs. The pictures draw the same few boxes (sizes, radius, colours) on every
render, so each is drawn once by Pillow itself on a transparent sprite and then pasted with
its own alpha: Pillow's rounded rectangles are not anti-aliased, so every pixel is either
left alone or set to exactly the colour Pillow sets, and the picture is the same to the
pixel (the goldens hold it). Boxes at fractional positions, colours given other than as
RGB tuples, and large boxes (a paste through a large alpha costs more than Pillow's drawing;
the boards' large cards are in their static layers) are drawn by Pillow as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

MAX_AREA = 12_000  # larger boxes: pasting through their alpha costs more than drawing them


def _solid(colour: Any) -> tuple[int, int, int, int] | bool | None:
    """An opaque RGBA for an RGB tuple, None for no colour, False for anything else."""
    if colour is None:
        return None
    if isinstance(colour, tuple) and len(colour) == 3 and all(type(c) is int for c in colour):
        return (*colour, 255)
    return False


@lru_cache(maxsize=512)
def _box_sprite(
    size: tuple[int, int],
    radius: float,
    fill: tuple[int, int, int, int] | None,
    outline: tuple[int, int, int, int] | None,
    width: int,
    corners: tuple[bool, bool, bool, bool] | None,
) -> tuple[Any, Any]:
    """The box as Pillow draws it: its colours (RGB) and the pixels drawn (a "1" mask,
    twice as fast to paste through as an alpha band)."""
    sprite = Image.new("RGBA", (size[0] + 1, size[1] + 1), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle(
        (0, 0, size[0], size[1]),
        radius=radius,
        fill=fill,
        outline=outline,
        width=width,
        corners=corners,
    )
    mask = sprite.getchannel("A").convert("1")
    return sprite.convert("RGB").im, mask.im


def _whole(v: Any) -> bool:
    return isinstance(v, int) or (isinstance(v, float) and v.is_integer())


class FastDraw(ImageDraw.ImageDraw):
    """``ImageDraw.Draw(image)`` whose ``rounded_rectangle`` pastes cached sprites."""

    def rounded_rectangle(
        self,
        xy: Sequence[float] | Sequence[Sequence[float]],
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        box = _plain_box(xy)
        solid_fill, solid_outline = _solid(fill), _solid(outline)
        if box is None or solid_fill is False or solid_outline is False:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        x0, y0, x1, y1 = box
        size = (x1 - x0, y1 - y0)
        if size[0] < 1 or size[1] < 1 or size[0] * size[1] > MAX_AREA:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        colours, mask = _box_sprite(size, radius, solid_fill, solid_outline, width, corners)
        self.im.paste(colours, (x0, y0, x0 + size[0] + 1, y0 + size[1] + 1), mask)


def _plain_box(xy: Any) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) as ints when ``xy`` is four whole numbers, else None."""
    if isinstance(xy, Sequence) and len(xy) == 2 and all(isinstance(p, Sequence) for p in xy):
        xy = (*xy[0], *xy[1])
    if not isinstance(xy, Sequence) or len(xy) != 4 or not all(_whole(v) for v in xy):
        return None
    x0, y0, x1, y1 = (int(v) for v in xy)
    return (x0, y0, x1, y1) if x1 >= x0 and y1 >= y0 else None
