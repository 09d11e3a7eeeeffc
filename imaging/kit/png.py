"""Picture encoding: the fixed palette, then PNG at zlib level 3.

Measured on the 1600-px public boards (``python3 bot.py --bench``, "encode" rows): an RGB
PNG at level 1 takes ~40 ms and ~300 KiB; the same picture mapped onto the fixed palette
(``imaging.kit.fixed_palette``) takes ~3-5 ms to map and ~8-10 ms to write at level 3 for
~110-125 KiB, lossless from there on. Level 6 saves another 10 % for twice the time; WebP
lossless is smaller still but 4-5 times slower. Bytes x time is lowest at level 2-3.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from typing import Any

from PIL import Image

from imaging.kit.fixed_palette import quantise

COMPRESS_LEVEL = 3
MAX_BYTES = 1_000_000


def encode_png(
    image: Image.Image, *, compress_level: int = COMPRESS_LEVEL, palette: bool = True
) -> bytes:
    """PNG bytes of ``image``: mapped onto the fixed palette unless ``palette=False``
    (or the image already is a "P" image)."""
    if palette and image.mode != "P":
        image = quantise(image.convert("RGB") if image.mode != "RGB" else image)
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=compress_level)
    data = buf.getvalue()
    if len(data) > MAX_BYTES and compress_level < 9:
        return encode_png(image, compress_level=9, palette=palette)
    return data


def png_of(draw: Callable[..., Any]) -> Callable[..., bytes]:
    """The renderer of a picture: ``draw`` (view, ... -> Canvas) then ``encode_png``. Keeps
    ``draw``'s signature, so ``imaging.render`` passes on only the keywords it takes."""

    @functools.wraps(draw)
    def render(*args: Any, **kwargs: Any) -> bytes:
        return encode_png(draw(*args, **kwargs).image)

    return render
