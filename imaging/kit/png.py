"""Picture encoding: the fixed palette, then a palette PNG deflated by zlib-ng at level 2.

Measured on the 1600-px public boards (``python3 bot.py --bench render``, "encode" rows, on
this 2-core machine): an RGB PNG takes ~40 ms and ~300 KiB; the same picture mapped onto the
fixed palette (``imaging.kit.fixed_palette``) takes ~4-5 ms to map, then Pillow's PNG writer
(zlib level 3) ~9-10 ms for ~100-115 KiB. zlib-ng (the ``zlib-ng`` package) at level 2
deflates the same rows in ~4 ms for ~104-113 KiB. ISA-L (``isal``) is faster still (~1.5 ms)
but its ~110-120 KiB puts the On Mars board over the 120 KiB goal; libdeflate is no faster
than zlib. Every encoding is lossless from the palette on.

The PNG is written here (signature, IHDR, PLTE, one IDAT, IEND): a palette PNG wants no
row filter (each row starts with filter byte 0), so the rows are the image's bytes with a
zero byte in front of each. Without ``zlib-ng`` (no wheel for the platform) the standard
library's zlib at level 3 deflates them instead (the same bytes as before, twice the time).
"""

from __future__ import annotations

import functools
import io
import struct
import zlib
from collections.abc import Callable
from typing import Any

from PIL import Image

from imaging.kit.fixed_palette import quantise

_fast_zlib: Any
try:
    from zlib_ng import zlib_ng as _fast_zlib
except ImportError:  # pragma: no cover - only where zlib-ng has no wheel
    _fast_zlib = None

FAST_LEVEL = 2  # zlib-ng: 1 is ~30 % larger (quick deflate), 3 ~10 % smaller for +30 % time
ZLIB_LEVEL = 3  # the standard library's zlib, where zlib-ng is missing
# Past this the PNG is deflated again by zlib at level 6 (~10 % smaller, ~8x slower), so a
# busier board than the benchmark's still stays under the 120 KiB goal.
MAX_FAST_BYTES = 118 * 1024
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def deflate(raw: bytes, *, small: bool = False) -> bytes:
    """``raw`` as a zlib stream: zlib-ng level 2, or zlib (level 6 when ``small``)."""
    if small:
        return zlib.compress(raw, 6)
    if _fast_zlib is not None:
        return _fast_zlib.compress(raw, FAST_LEVEL)
    return zlib.compress(raw, ZLIB_LEVEL)


def encode_png(image: Image.Image, *, palette: bool = True) -> bytes:
    """PNG bytes of ``image``: mapped onto the fixed palette (unless ``palette=False`` or it
    already is a "P" image), written as a palette PNG. ``palette=False`` keeps an RGB or
    RGBA image's colours (Pillow's writer)."""
    if not palette and image.mode != "P":
        return _pillow_png(image)
    if image.mode != "P":
        image = quantise(image.convert("RGB") if image.mode != "RGB" else image)
    data = palette_png(image)
    if len(data) > MAX_FAST_BYTES:
        return palette_png(image, small=True)
    return data


def palette_png(
    image: Image.Image,
    *,
    small: bool = False,
    deflater: Callable[[bytes], bytes] | None = None,
) -> bytes:
    """A "P" image as PNG bytes: 8-bit palette, no filter, one IDAT (``deflater`` in place
    of ``deflate``: the benchmark compares them)."""
    w, h = image.size
    colours = image.getpalette() or []
    if "transparency" in image.info:  # pragma: no cover - the pictures are opaque
        return _pillow_png(image)
    # One column more on the left, outside the image, so index 0: each row's filter byte.
    rows = image.crop((-1, 0, w, h)).tobytes()
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", ihdr),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", deflater(rows) if deflater else deflate(rows, small=small)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(body, zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _pillow_png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=ZLIB_LEVEL)
    return buf.getvalue()


def png_of(draw: Callable[..., Any]) -> Callable[..., bytes]:
    """The renderer of a picture: ``draw`` (view, ... -> Canvas) then ``encode_png``. Keeps
    ``draw``'s signature, so ``imaging.render`` passes on only the keywords it takes."""

    @functools.wraps(draw)
    def render(*args: Any, **kwargs: Any) -> bytes:
        return encode_png(draw(*args, **kwargs).image)

    return render
