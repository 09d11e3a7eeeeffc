"""The Martian map's geometry: hex names, neighbours, distances, drawing positions.

Hexes are named by row letter (``a`` north .. ``i`` south) and a number from the west, so the
centre is ``e5``. Everything is computed once at import.
"""

from __future__ import annotations

import math

from engine.mars import data as D

Axial = tuple[int, int]


def _build() -> tuple[dict[str, Axial], dict[Axial, str]]:
    names: dict[str, Axial] = {}
    for r in range(-D.RADIUS, D.RADIUS + 1):
        qs = [q for q in range(-D.RADIUS, D.RADIUS + 1) if abs(q + r) <= D.RADIUS]
        for i, q in enumerate(qs, start=1):
            names[f"{D.ROWS[r + D.RADIUS]}{i}"] = (q, r)
    return names, {v: k for k, v in names.items()}


AX, NAME = _build()
HEXES: tuple[str, ...] = tuple(AX)  # reading order
INDEX = {h: i for i, h in enumerate(HEXES)}


def name(ax: Axial) -> str:
    return NAME[ax]


def dist(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = AX[a], AX[b]
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def _nbrs(h: str) -> tuple[str, ...]:
    q, r = AX[h]
    return tuple(NAME[(q + dq, r + dr)] for dq, dr in D.DIRS if (q + dq, r + dr) in NAME)


NEIGHBOURS = {h: _nbrs(h) for h in HEXES}


def toward(h: str, d: int) -> str | None:
    q, r = AX[h]
    dq, dr = D.DIRS[d]
    return NAME.get((q + dq, r + dr))


def ring(h: str, k: int) -> list[str]:
    return [x for x in HEXES if dist(h, x) == k]


def region(h: str) -> str:
    """The option group of a hex: its row."""
    return f"row {h[0]}"


def position(h: str) -> tuple[float, float]:
    """Pointy-top drawing position, unit hex size, centre at (0, 0)."""
    q, r = AX[h]
    return round(math.sqrt(3) * (q + r / 2), 3), round(1.5 * r, 3)
