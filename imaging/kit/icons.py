"""Icons drawn from shapes at 4x and shrunk, so edges are smooth; cached per look.

``sprite(kind, size, fill, letter)`` returns an RGBA image ``size`` pixels square. Kinds:
player marker shapes (circle, square, triangle, diamond, hexagon, pentagon), resource icons
(cube, disk, coin, bolt, flask, star, token, gear, person, drop, leaf, gem) and ``ring``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from imaging.kit.fonts import font
from imaging.kit.palette import RGB, ink_on, mix

SS = 4  # supersampling factor
OUTLINE: RGB = (20, 22, 26)

MARKERS = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon")


def _polygon(
    n: int, cx: float, cy: float, r: float, rot: float = -90.0
) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(rot + i * 360 / n)),
            cy + r * math.sin(math.radians(rot + i * 360 / n)),
        )
        for i in range(n)
    ]


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _letter(
    d: ImageDraw.ImageDraw,
    s: int,
    letter: str,
    fill: RGB,
    cy: float | None = None,
    scale: float = 0.62,
) -> None:
    if not letter:
        return
    size = max(6, int(s * scale * (0.8 if len(letter) > 1 else 1.0)))
    d.text(
        (s / 2, s / 2 if cy is None else cy), letter, font=font(size, True), fill=fill, anchor="mm"
    )


@lru_cache(maxsize=2048)
def sprite(
    kind: str, size: int, fill: RGB, letter: str = "", outline: RGB | None = OUTLINE
) -> Image.Image:
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    w = max(SS, round(s * 0.06))  # outline width
    ol = outline
    m = w  # margin
    c = s / 2
    text_fill = ink_on(fill)
    if kind == "circle":
        d.ellipse((m, m, s - m, s - m), fill=fill, outline=ol, width=w)
    elif kind == "square":
        d.rounded_rectangle(
            (m * 1.5, m * 1.5, s - m * 1.5, s - m * 1.5),
            radius=s * 0.12,
            fill=fill,
            outline=ol,
            width=w,
        )
    elif kind == "triangle":
        d.polygon([(c, m), (s - m, s - m), (m, s - m)], fill=fill, outline=ol, width=w)
        _letter(d, s, letter, text_fill, cy=s * 0.64, scale=0.5)
        letter = ""
    elif kind == "diamond":
        d.polygon([(c, m), (s - m, c), (c, s - m), (m, c)], fill=fill, outline=ol, width=w)
        _letter(d, s, letter, text_fill, scale=0.5)
        letter = ""
    elif kind == "hexagon":
        d.polygon(_polygon(6, c, c, c - m, rot=0), fill=fill, outline=ol, width=w)
    elif kind == "pentagon":
        d.polygon(_polygon(5, c, c * 1.06, c - m), fill=fill, outline=ol, width=w)
    elif kind == "cube":
        # an isometric cube: light top, mid left, dark right
        top = mix(fill, (255, 255, 255), 0.35)
        right = mix(fill, (0, 0, 0), 0.3)
        h = s * 0.25
        p_top = [(c, m), (s - m, m + h), (c, m + 2 * h), (m, m + h)]
        p_left = [(m, m + h), (c, m + 2 * h), (c, s - m), (m, s - m - h)]
        p_right = [(c, m + 2 * h), (s - m, m + h), (s - m, s - m - h), (c, s - m)]
        d.polygon(p_left, fill=fill, outline=ol, width=w)
        d.polygon(p_right, fill=right, outline=ol, width=w)
        d.polygon(p_top, fill=top, outline=ol, width=w)
        _letter(d, s, letter, ink_on(fill), cy=s * 0.64, scale=0.46)
        letter = ""
    elif kind == "disk":
        h = s * 0.22
        d.rounded_rectangle(
            (m, s * 0.3, s - m, s * 0.7 + h / 2),
            radius=s * 0.2,
            fill=mix(fill, (0, 0, 0), 0.3),
            outline=ol,
            width=w,
        )
        d.ellipse((m, s * 0.2, s - m, s * 0.7), fill=fill, outline=ol, width=w)
        _letter(d, s, letter, text_fill, cy=s * 0.45, scale=0.42)
        letter = ""
    elif kind == "coin":
        d.ellipse((m, m, s - m, s - m), fill=fill, outline=ol, width=w)
        d.ellipse(
            (s * 0.17, s * 0.17, s * 0.83, s * 0.83), outline=mix(fill, (0, 0, 0), 0.35), width=w
        )
        if not letter:
            letter = "€"
    elif kind == "bolt":
        pts = [
            (0.58, 0.04),
            (0.16, 0.56),
            (0.45, 0.56),
            (0.36, 0.96),
            (0.84, 0.40),
            (0.54, 0.40),
            (0.66, 0.04),
        ]
        d.polygon([(x * s, y * s) for x, y in pts], fill=fill, outline=ol, width=w)
    elif kind == "flask":
        pts = [
            (0.38, 0.06),
            (0.62, 0.06),
            (0.62, 0.38),
            (0.92, 0.90),
            (0.86, 0.96),
            (0.14, 0.96),
            (0.08, 0.90),
            (0.38, 0.38),
        ]
        d.polygon([(x * s, y * s) for x, y in pts], fill=(250, 250, 250), outline=ol, width=w)
        liquid = [
            (0.25, 0.62),
            (0.75, 0.62),
            (0.90, 0.89),
            (0.85, 0.93),
            (0.15, 0.93),
            (0.10, 0.89),
        ]
        d.polygon([(x * s, y * s) for x, y in liquid], fill=fill)
    elif kind == "star":
        d.polygon(_star(c, c * 1.06, c - m / 2), fill=fill, outline=ol, width=w)
        _letter(d, s, letter, text_fill, cy=c * 1.1, scale=0.38)
        letter = ""
    elif kind == "token":
        d.polygon(_polygon(8, c, c, c - m, rot=22.5), fill=fill, outline=ol, width=w)
    elif kind == "gear":
        teeth = []
        for i in range(16):
            rr = c - m if i % 2 == 0 else c * 0.72
            a1 = math.radians(i * 22.5 - 6)
            a2 = math.radians(i * 22.5 + 6)
            teeth += [
                (c + rr * math.cos(a1), c + rr * math.sin(a1)),
                (c + rr * math.cos(a2), c + rr * math.sin(a2)),
            ]
        d.polygon(teeth, fill=fill, outline=ol, width=w)
        d.ellipse(
            (c * 0.6, c * 0.6, s - c * 0.6, s - c * 0.6),
            fill=mix(fill, (255, 255, 255), 0.6),
            outline=ol,
            width=w,
        )
    elif kind == "person":
        d.ellipse((s * 0.32, m, s * 0.68, s * 0.38), fill=fill, outline=ol, width=w)
        d.rounded_rectangle(
            (s * 0.14, s * 0.42, s * 0.86, s - m), radius=s * 0.2, fill=fill, outline=ol, width=w
        )
        _letter(d, s, letter, text_fill, cy=s * 0.72, scale=0.42)
        letter = ""
    elif kind == "drop":
        pts = [(c, m)]
        for i in range(0, 181, 15):  # the round bottom half, right to left
            a = math.radians(i)
            pts.append((c + (c - m * 2) * math.cos(a), s * 0.62 + (s * 0.36 - m) * math.sin(a)))
        d.polygon(pts, fill=fill, outline=ol, width=w)
        _letter(d, s, letter, text_fill, cy=s * 0.66, scale=0.42)
        letter = ""
    elif kind == "leaf":
        # a lens along the diagonal from bottom-left to top-right, with a midrib
        (ax, ay), (bx, by) = (m * 1.5, s - m * 1.5), (s - m * 1.5, m * 1.5)
        pts = []
        for side in (1, -1):
            for i in range(0, 11):
                t = i / 10 if side == 1 else 1 - i / 10
                bulge = side * 0.32 * s * math.sin(math.pi * t)
                pts.append((ax + (bx - ax) * t + bulge * 0.707, ay + (by - ay) * t + bulge * 0.707))
        d.polygon(pts, fill=fill, outline=ol, width=w)
        d.line((ax, ay, c + s * 0.12, c - s * 0.12), fill=ol, width=w)
        letter = ""
    elif kind == "gem":
        pts = [
            (s * 0.25, s * 0.14),
            (s * 0.75, s * 0.14),
            (s - m, s * 0.4),
            (c, s - m),
            (m, s * 0.4),
        ]
        d.polygon(pts, fill=fill, outline=ol, width=w)
        d.line((m, s * 0.4, s - m, s * 0.4), fill=ol, width=max(1, w // 2))
        d.polygon(
            [(s * 0.3, s * 0.4), (c, s * 0.16), (s * 0.7, s * 0.4), (c, s * 0.84)],
            fill=mix(fill, (255, 255, 255), 0.35),
        )
    elif kind == "ring":
        d.ellipse((m, m, s - m, s - m), outline=fill, width=max(w * 2, s // 10))
    else:
        raise ValueError(f"unknown icon kind {kind!r}")
    _letter(d, s, letter, text_fill)
    return img.resize((size, size), Image.Resampling.LANCZOS)
