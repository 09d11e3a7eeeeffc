"""Where each city's name, bonus token and export disks go on the Algae map, so that none
covers another city, name, token or disk (cities sit close together in the middle of
Europe). Placed once per map size, greedily: the most crowded cities choose first, each
item takes the candidate spot that overlaps least with what is already placed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from imaging.kit import Box
from imaging.kit.fonts import font

CITY_R = 14
LABEL_SIZE = 12
DISK = 13  # one disk cell; a city holds up to four disks in a 2x2 grid
TOKEN_W, TOKEN_H = 28, 16


@dataclass(frozen=True)
class CitySpots:
    label: tuple[float, float, str]  # x, y, anchor
    disks: tuple[float, float]  # top-left of the 2x2 disk grid
    token: tuple[float, float]  # left-middle of the bonus chip


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0, w) * max(0, h)


def _cost(box: Box, placed: list[Box], area: Box, rank: int) -> float:
    out = 0.0
    if box[0] < area[0] or box[1] < area[1] or box[2] > area[2] or box[3] > area[3]:
        out += 10_000
    return out + sum(_overlap(box, p) for p in placed) * 100 + rank


def _misleading(box: Box, own: tuple[float, float], centres: tuple) -> float:
    """A name nearer another city than its own reads as that city's: avoid it."""
    mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    mine = (mx - own[0]) ** 2 + (my - own[1]) ** 2
    nearest = min(((mx - x) ** 2 + (my - y) ** 2 for _, x, y in centres), default=mine)
    return 400.0 if nearest < mine - 1 else 0.0


def _label_box(x: float, y: float, anchor: str, w: float) -> Box:
    h = LABEL_SIZE + 3
    left = {"m": x - w / 2, "l": x, "r": x - w}[anchor[0]]
    top = {"a": y, "d": y - h, "m": y - h / 2}[anchor[1]]
    return (int(left), int(top), int(left + w + 1), int(top + h + 1))


def _label_candidates(x: float, y: float, w: float) -> list[tuple[float, float, str]]:
    return [s for r in (CITY_R, CITY_R + 10, CITY_R + 22) for s in _label_ring(x, y, r)]


def _label_ring(x: float, y: float, r: float) -> list[tuple[float, float, str]]:
    return [
        (x, y + r + 1, "ma"),
        (x, y - r - 1, "md"),
        (x + r + 3, y, "lm"),
        (x - r - 3, y, "rm"),
        (x + r - 2, y + r - 1, "la"),
        (x - r + 2, y + r - 1, "ra"),
        (x + r - 2, y - r + 1, "ld"),
        (x - r + 2, y - r + 1, "rd"),
    ]


def _around(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners of a w x h box beside the city circle (then a little further out)."""
    return [c for g in (2, 9, 18, 28) for c in _ring(x, y, w, h, g)]


def _ring(x: float, y: float, w: float, h: float, g: float) -> list[tuple[float, float]]:
    r = CITY_R
    return [
        (x + r + g, y - r),
        (x + r + g, y - h / 2),
        (x - r - g - w, y - r),
        (x - r - g - w, y - h / 2),
        (x - w / 2, y - r - g - h),
        (x + r + g, y + r - h),
        (x - r - g - w, y + r - h),
        (x - w / 2, y + r + g),
        (x + r, y - r - h),
        (x - r - w, y - r - h),
        (x + r, y + r),
        (x - r - w, y + r),
    ]


def _best(
    options: list[tuple[float, float]], w: float, h: float, placed: list[Box], area: Box
) -> tuple[tuple[float, float], Box]:
    scored = []
    for rank, (ox, oy) in enumerate(options):
        box = (int(ox), int(oy), int(ox + w + 1), int(oy + h + 1))
        scored.append((_cost(box, placed, area, rank), rank, (ox, oy), box))
    _, _, xy, box = min(scored)
    return xy, box


def _choose(
    boxes: list[Box], own: tuple[float, float], placed: list[Box], area: Box, centres: tuple
) -> int:
    """The index of the candidate box that overlaps least, is not nearer another city,
    and is nearest its own (candidates come nearest first)."""
    costs = [
        _cost(box, placed, area, rank * 3) + _misleading(box, own, centres)
        for rank, box in enumerate(boxes)
    ]
    return costs.index(min(costs))


def _boxes(corners: list[tuple[float, float]], w: float, h: float) -> list[Box]:
    return [(int(x), int(y), int(x + w + 1), int(y + h + 1)) for x, y in corners]


@lru_cache(maxsize=8)
def place(area: Box, centres: tuple[tuple[str, float, float], ...]) -> dict[str, CitySpots]:
    """The spots of every city (``centres``: name, x, y in pixels) inside ``area``: names
    first (the most crowded cities choose first), then disk grids, then tokens."""
    placed: list[Box] = [
        (int(x - CITY_R), int(y - CITY_R), int(x + CITY_R + 1), int(y + CITY_R + 1))
        for _, x, y in centres
    ]

    def crowd(item: tuple[str, float, float]) -> float:
        _, x, y = item
        return -sum(1 for _, a, b in centres if (a - x) ** 2 + (b - y) ** 2 < 90**2)

    order = sorted(centres, key=crowd)
    f = font(LABEL_SIZE)
    labels: dict[str, tuple[float, float, str]] = {}
    for name, x, y in order:
        w = f.getlength(name.title())
        options = _label_candidates(x, y, w)
        boxes = [_label_box(lx, ly, anchor, w) for lx, ly, anchor in options]
        i = _choose(boxes, (x, y), placed, area, centres)
        labels[name] = options[i]
        placed.append(boxes[i])
    grids: dict[str, tuple[float, float]] = {}
    side = 2 * DISK + 1
    for name, x, y in order:
        options2 = _around(x, y, side, side)
        boxes = _boxes(options2, side, side)
        i = _choose(boxes, (x, y), placed, area, centres)
        grids[name] = options2[i]
        placed.append(boxes[i])
    spots: dict[str, CitySpots] = {}
    for name, x, y in order:
        options2 = _around(x, y, TOKEN_W, TOKEN_H)
        boxes = _boxes(options2, TOKEN_W, TOKEN_H)
        i = _choose(boxes, (x, y), placed, area, centres)
        placed.append(boxes[i])
        tx, ty = options2[i]
        spots[name] = CitySpots(labels[name], grids[name], (tx, ty + TOKEN_H / 2))
    return spots
