"""Static layers (board backgrounds, grids, fixed labels) drawn once and reused.

A layer is built by a function that draws on a fresh Canvas; the finished image and its text
records are kept under a key, and each caller gets a copy to draw the changing parts on.
Copying a 1600x1000 RGB image takes about a millisecond; drawing the background takes far
longer, which is the point.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable

from PIL import Image

from imaging.kit.canvas import Box, Canvas, TextRecord
from imaging.kit.palette import RGB

MAX_LAYERS = 64
_CACHE: dict[Hashable, tuple[Image.Image, list[TextRecord], list[Box], list[Box]]] = {}
_LOCK = threading.Lock()


def static_layer(
    key: Hashable, size: tuple[int, int], background: RGB, build: Callable[[Canvas], None]
) -> Canvas:
    """A canvas holding a copy of the layer ``key`` (built by ``build`` the first time)."""
    full_key = (key, size, background)
    with _LOCK:
        hit = _CACHE.get(full_key)
    if hit is None:
        canvas = Canvas.new(size[0], size[1], background)
        build(canvas)
        hit = (canvas.image, list(canvas.texts), list(canvas.icons), list(canvas.blocks))
        with _LOCK:
            if len(_CACHE) >= MAX_LAYERS:
                _CACHE.pop(next(iter(_CACHE)))
            _CACHE[full_key] = hit
    canvas = Canvas(hit[0].copy(), hit[1])
    canvas.icons = list(hit[2])
    canvas.blocks = list(hit[3])
    return canvas


def clear() -> None:
    with _LOCK:
        _CACHE.clear()
