"""One fixed 256-colour palette for every picture, so encoding is a nearest-colour lookup.

Board pictures are flat fills plus anti-aliased text and icon edges: a few thousand distinct
colours, almost all of them blends of a few dozen named ones. Quantising each picture on
its own (median cut, octree) costs more than drawing it; mapping onto one palette chosen
once costs a few milliseconds, keeps every named colour exact, and makes the PNG a third of
the RGB size (see ``python3 bot.py --bench``, the "encode" rows).

The palette is the named colours of the kit and the games' styles (exact), then the most
common blends seen in sample pictures (median cut). ``python3 -m imaging.kit.make_palette
PNG...`` rebuilds ``palette_data.py`` from sample pictures.
"""

from __future__ import annotations

import threading

from PIL import Image

from imaging.kit.palette_data import COLOURS

_LOCK = threading.Lock()
_IMAGE: Image.Image | None = None


def palette_image() -> Image.Image:
    """The "P" image that carries the fixed palette (built once per process)."""
    global _IMAGE
    with _LOCK:
        if _IMAGE is None:
            flat = [c for rgb in COLOURS for c in rgb]
            flat += flat[-3:] * (256 - len(COLOURS))  # pad with the last colour, never black
            image = Image.new("P", (1, 1))
            image.putpalette(flat)
            _IMAGE = image
        return _IMAGE


def quantise(image: Image.Image) -> Image.Image:
    """``image`` (RGB) mapped to the fixed palette, nearest colour, no dithering."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
