"""The resource and token shapes of ``imaging.kit.icons``, one small function each.

Each draws on a ``Pen`` (a supersampled square canvas) and returns where the icon's letter
goes (``Letter``), or None when the shape takes no letter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import ImageDraw

from imaging.kit.palette import RGB, mix

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


@dataclass
class Pen:
    d: ImageDraw.ImageDraw
    s: int  # the supersampled side
    fill: RGB
    ol: RGB | None
    w: int = field(init=False)  # outline width
    m: int = field(init=False)  # margin
    c: float = field(init=False)  # centre

    def __post_init__(self) -> None:
        self.w = max(4, round(self.s * 0.06))
        self.m = self.w
        self.c = self.s / 2

    def poly(self, points: list[tuple[float, float]], fill: RGB | None = None) -> None:
        """A polygon given in 0..1 units of the side."""
        pts = [(x * self.s, y * self.s) for x, y in points]
        self.d.polygon(pts, fill=fill or self.fill, outline=self.ol, width=self.w)


@dataclass(frozen=True)
class Letter:
    cy: float | None = None  # None: the middle
    scale: float = 0.62
    ink: RGB | None = None  # None: black or white, whichever reads on the fill
    letter: str = ""  # a letter the shape always carries ("€" on a coin)


def polygon(n: int, cx: float, cy: float, r: float, rot: float = -90.0) -> list:
    step = 360 / n
    return [
        (
            cx + r * math.cos(math.radians(rot + i * step)),
            cy + r * math.sin(math.radians(rot + i * step)),
        )
        for i in range(n)
    ]


def _star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.radians(-90 + i * 36)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def cube(p: Pen) -> Letter:
    """An isometric cube: light top, mid left, dark right."""
    h, s, m, c = p.s * 0.25, p.s, p.m, p.c
    faces = [
        ([(m, m + h), (c, m + 2 * h), (c, s - m), (m, s - m - h)], p.fill),
        ([(c, m + 2 * h), (s - m, m + h), (s - m, s - m - h), (c, s - m)], mix(p.fill, BLACK, 0.3)),
        ([(c, m), (s - m, m + h), (c, m + 2 * h), (m, m + h)], mix(p.fill, WHITE, 0.35)),
    ]
    for pts, colour in faces:
        p.d.polygon(pts, fill=colour, outline=p.ol, width=p.w)
    return Letter(cy=s * 0.64, scale=0.46)


def disk(p: Pen) -> Letter:
    s, m = p.s, p.m
    p.d.rounded_rectangle(
        (m, s * 0.3, s - m, s * 0.81),
        radius=s * 0.2,
        fill=mix(p.fill, BLACK, 0.3),
        outline=p.ol,
        width=p.w,
    )
    p.d.ellipse((m, s * 0.2, s - m, s * 0.7), fill=p.fill, outline=p.ol, width=p.w)
    return Letter(cy=s * 0.45, scale=0.42)


def coin(p: Pen) -> Letter:
    s, m = p.s, p.m
    p.d.ellipse((m, m, s - m, s - m), fill=p.fill, outline=p.ol, width=p.w)
    inner = (s * 0.17, s * 0.17, s * 0.83, s * 0.83)
    p.d.ellipse(inner, outline=mix(p.fill, BLACK, 0.35), width=p.w)
    return Letter(letter="€")


def bolt(p: Pen) -> Letter:
    p.poly(
        [
            (0.58, 0.04),
            (0.16, 0.56),
            (0.45, 0.56),
            (0.36, 0.96),
            (0.84, 0.40),
            (0.54, 0.40),
            (0.66, 0.04),
        ]
    )
    return Letter()


def flask(p: Pen) -> Letter:
    glass = [
        (0.38, 0.06),
        (0.62, 0.06),
        (0.62, 0.38),
        (0.92, 0.90),
        (0.86, 0.96),
        (0.14, 0.96),
        (0.08, 0.90),
        (0.38, 0.38),
    ]
    p.poly(glass, fill=(250, 250, 250))
    liquid = [(0.25, 0.62), (0.75, 0.62), (0.90, 0.89), (0.85, 0.93), (0.15, 0.93), (0.10, 0.89)]
    p.d.polygon([(x * p.s, y * p.s) for x, y in liquid], fill=p.fill)
    return Letter()


def star(p: Pen) -> Letter:
    p.d.polygon(_star_points(p.c, p.c * 1.06, p.c - p.m / 2), fill=p.fill, outline=p.ol, width=p.w)
    return Letter(cy=p.c * 1.1, scale=0.38)


def token(p: Pen) -> Letter:
    p.d.polygon(polygon(8, p.c, p.c, p.c - p.m, rot=22.5), fill=p.fill, outline=p.ol, width=p.w)
    return Letter()


def gear(p: Pen) -> Letter:
    c, m = p.c, p.m
    teeth = []
    for i in range(16):
        rr = c - m if i % 2 == 0 else c * 0.72
        for da in (-6, 6):
            a = math.radians(i * 22.5 + da)
            teeth.append((c + rr * math.cos(a), c + rr * math.sin(a)))
    p.d.polygon(teeth, fill=p.fill, outline=p.ol, width=p.w)
    hub = (c * 0.6, c * 0.6, p.s - c * 0.6, p.s - c * 0.6)
    p.d.ellipse(hub, fill=mix(p.fill, WHITE, 0.6), outline=p.ol, width=p.w)
    return Letter()


def person(p: Pen) -> Letter:
    s, m = p.s, p.m
    p.d.ellipse((s * 0.32, m, s * 0.68, s * 0.38), fill=p.fill, outline=p.ol, width=p.w)
    body = (s * 0.14, s * 0.42, s * 0.86, s - m)
    p.d.rounded_rectangle(body, radius=s * 0.2, fill=p.fill, outline=p.ol, width=p.w)
    return Letter(cy=s * 0.72, scale=0.42)


def drop(p: Pen) -> Letter:
    s, m, c = p.s, p.m, p.c
    pts: list[tuple[float, float]] = [(c, m)]
    for i in range(0, 181, 15):  # the round bottom half, right to left
        a = math.radians(i)
        pts.append((c + (c - m * 2) * math.cos(a), s * 0.62 + (s * 0.36 - m) * math.sin(a)))
    p.d.polygon(pts, fill=p.fill, outline=p.ol, width=p.w)
    return Letter(cy=s * 0.66, scale=0.42)


def leaf(p: Pen) -> None:
    """A lens along the diagonal from bottom-left to top-right, with a midrib."""
    s, m, c = p.s, p.m, p.c
    (ax, ay), (bx, by) = (m * 1.5, s - m * 1.5), (s - m * 1.5, m * 1.5)
    pts = []
    for side in (1, -1):
        for i in range(0, 11):
            t = i / 10 if side == 1 else 1 - i / 10
            bulge = side * 0.32 * s * math.sin(math.pi * t)
            pts.append((ax + (bx - ax) * t + bulge * 0.707, ay + (by - ay) * t + bulge * 0.707))
    p.d.polygon(pts, fill=p.fill, outline=p.ol, width=p.w)
    p.d.line((ax, ay, c + s * 0.12, c - s * 0.12), fill=p.ol, width=p.w)


def gem(p: Pen) -> Letter:
    s, m, c = p.s, p.m, p.c
    p.poly([(0.25, 0.14), (0.75, 0.14), (1 - m / s, 0.4), (0.5, 1 - m / s), (m / s, 0.4)])
    p.d.line((m, s * 0.4, s - m, s * 0.4), fill=p.ol, width=max(1, p.w // 2))
    facet = [(s * 0.3, s * 0.4), (c, s * 0.16), (s * 0.7, s * 0.4), (c, s * 0.84)]
    p.d.polygon(facet, fill=mix(p.fill, WHITE, 0.35))
    return Letter()


SHAPES = {
    "cube": cube,
    "disk": disk,
    "coin": coin,
    "bolt": bolt,
    "flask": flask,
    "star": star,
    "token": token,
    "gear": gear,
    "person": person,
    "drop": drop,
    "leaf": leaf,
    "gem": gem,
}
