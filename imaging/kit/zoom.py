"""A close-up of the part of a board the last turn touched, for the turn card.

On a phone the full board is shown about 550 px wide, where its small labels cannot be
read; the same few square centimetres of board, cut out and shown at up to twice their
size in the card, can. The cut keeps the card's band shape around the touched box.
"""

from __future__ import annotations

from PIL import Image

from imaging.kit.canvas import Box

MAX_SCALE = 2.0


def union(boxes: list[Box], pad: int) -> Box | None:
    if not boxes:
        return None
    return (
        min(b[0] for b in boxes) - pad,
        min(b[1] for b in boxes) - pad,
        max(b[2] for b in boxes) + pad,
        max(b[3] for b in boxes) + pad,
    )


def crop_box(region: Box, size: tuple[int, int], within: Box) -> Box:
    """``region`` widened to the shape of ``size`` (and to at least 1/MAX_SCALE of it),
    kept inside ``within`` (the board part it shows)."""
    w, h = size
    x0, y0, x1, y1 = region
    wl, wt, wr, wb = within
    cw = max(x1 - x0, (y1 - y0) * w / h, w / MAX_SCALE)
    cw = min(cw, wr - wl)
    ch = min(cw * h / w, wb - wt)
    cw = ch * w / h
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left = round(min(max(wl, cx - cw / 2), wr - cw))
    top = round(min(max(wt, cy - ch / 2), wb - ch))
    return (left, top, left + round(cw), top + round(ch))


def cut(image: Image.Image, box: Box, size: tuple[int, int]) -> Image.Image:
    """``box`` (from ``crop_box``) of ``image``, scaled to ``size``: at exactly twice the
    size (a close-up of a small region) each pixel doubled, as the board drew it (no new
    blends: sharp, and 20x faster than bicubic); at any other scale bicubic."""
    part = image.crop(box)
    if (part.width * 2, part.height * 2) == size:
        return part.resize(size, Image.Resampling.NEAREST)
    return part.resize(size, Image.Resampling.BICUBIC)
