"""The encoders compared for the pictures (issue 13: choose by bytes x time).

Each row encodes the same drawn public board (Algae, then On Mars) one way: RGB PNG (the
old encoder), the fixed palette then Pillow's PNG writer at zlib levels 1-6, the fixed
palette then the kit's palette-PNG writer deflated by zlib-ng (levels 1-3, 2 chosen) or by
the standard library's zlib, a per-picture octree palette, and WebP lossless. The note gives
the bytes and bytes x ms (lower is better).
"""

from __future__ import annotations

import functools
import io
import zlib
from collections.abc import Callable

from PIL import Image

from benchmarks.kit import Row, measure, row
from imaging.kit import png
from imaging.kit.fixed_palette import quantise

N = 15


def _png(image: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=level)
    return buf.getvalue()


def _webp(image: Image.Image, method: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="WEBP", lossless=True, method=method, quality=0)
    return buf.getvalue()


def _writer(image: Image.Image, deflater: Callable[[bytes], bytes]) -> bytes:
    """The kit's palette-PNG writer with ``deflater`` in place of its own."""
    return png.palette_png(quantise(image), deflater=deflater)


def _zlib_ng(level: int) -> Callable[[bytes], bytes]:
    from zlib_ng import zlib_ng

    return lambda raw: zlib_ng.compress(raw, level)


def _octree(image: Image.Image) -> Image.Image:
    return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encoders() -> list[tuple[str, Callable[[Image.Image], bytes]]]:
    return [
        ("RGB PNG zlib 1 (before)", lambda im: _png(im, 1)),
        ("RGB PNG zlib 6", lambda im: _png(im, 6)),
        ("fixed palette + PNG zlib 1", lambda im: _png(quantise(im), 1)),
        ("fixed palette + PNG zlib 2", lambda im: _png(quantise(im), 2)),
        ("fixed palette + PNG zlib 3 (before)", lambda im: _png(quantise(im), 3)),
        ("fixed palette + PNG zlib 6", lambda im: _png(quantise(im), 6)),
        ("fixed palette + kit PNG, zlib 3", lambda im: _writer(im, lambda r: zlib.compress(r, 3))),
        ("fixed palette + kit PNG, zlib-ng 1", lambda im: _writer(im, _zlib_ng(1))),
        ("fixed palette + kit PNG, zlib-ng 2 (chosen)", lambda im: _writer(im, _zlib_ng(2))),
        ("fixed palette + kit PNG, zlib-ng 3", lambda im: _writer(im, _zlib_ng(3))),
        ("octree palette + PNG zlib 3", lambda im: _png(_octree(im), 3)),
        ("WebP lossless method 0", lambda im: _webp(im, 0)),
        ("fixed palette + WebP lossless method 1", lambda im: _webp(quantise(im), 1)),
    ]


def run() -> list[Row]:
    from benchmarks.render import views
    from imaging.algae.public import draw_public as algae
    from imaging.mars.public import draw_public as mars

    rows = []
    for kind, draw in (("algae", algae), ("mars", mars)):
        public, previous, *_ = views(kind, 160 if kind == "algae" else 260)
        image = draw(public, previous).image
        for what, fn in encoders():
            samples = measure(functools.partial(fn, image), N, warmup=1)
            size = len(fn(image))
            ms = sorted(samples)[len(samples) // 2] * 1000
            note = f"{size / 1024:.0f} KiB, bytes x ms {size / 1024 * ms:,.0f}"
            rows.append(row("encode", f"{kind} board: {what}", samples, "", note))
    return rows
