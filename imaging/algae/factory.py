"""One department's factory: algae storage, belts, stations and dispatch, with cubes.

Cells sit in columns by their distance from the storage along main belts (dispatch always
last); main belts are arrows labelled with their machine, locked belts dashed with the
science tile that opens them; secondary belts are small badges on their belt."""

from __future__ import annotations

import math
from itertools import pairwise

from imaging.algae.model import PlayerModel, department
from imaging.algae.style import cube_look
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.kit.palette import RGB

CELL_W, CELL_H = 132, 78
KIND_FILL = {
    "storage": (226, 238, 220),
    "station": (226, 230, 244),
    "belt": (238, 234, 224),
    "dispatch": (246, 232, 208),
}


def columns(spec: dict) -> dict[str, int]:
    """Each cell's column: its main-belt distance from the storages (dispatch last)."""
    depth = {c: 0 for c, k in spec["cells"].items() if k == "storage"}
    for _ in range(len(spec["cells"])):
        for a, b, _, _ in spec["edges"]:
            if a in depth:
                depth[b] = max(depth.get(b, 0), depth[a] + 1)
    last = max(depth.values(), default=0)
    for c, k in spec["cells"].items():
        if k == "dispatch" or c not in depth:
            depth[c] = max(last, 1)
    return depth


def cell_boxes(spec: dict, box: Box) -> dict[str, Box]:
    """Where each cell of the board (as the seat's rules version prints it) is drawn."""
    depth = columns(spec)
    ncol = max(depth.values()) + 1
    col_w = (box[2] - box[0]) / ncol
    out: dict[str, Box] = {}
    for col in range(ncol):
        cells = [c for c in spec["cells"] if depth[c] == col]
        slot_h = (box[3] - box[1]) / max(1, len(cells))
        h = min(CELL_H, slot_h - 10)
        for i, c in enumerate(cells):
            cx = box[0] + col * col_w + col_w / 2
            cy = box[1] + i * slot_h + slot_h / 2
            w = min(CELL_W, col_w - 34)
            out[c] = (round(cx - w / 2), round(cy - h / 2), round(cx + w / 2), round(cy + h / 2))
    return out


def _dashed(
    cv: Canvas,
    a: tuple[float, float],
    b: tuple[float, float],
    fill: tuple[int, int, int],
    width: int,
) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // 10))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1, (i + 1) / steps)
        cv.draw.line(
            (
                a[0] + (b[0] - a[0]) * t0,
                a[1] + (b[1] - a[1]) * t0,
                a[0] + (b[0] - a[0]) * t1,
                a[1] + (b[1] - a[1]) * t1,
            ),
            fill=fill,
            width=width,
        )


def _arrowhead(
    cv: Canvas, a: tuple[float, float], b: tuple[float, float], fill: tuple[int, int, int]
) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    pts = [b]
    for d in (2.6, -2.6):
        pts.append((b[0] + 12 * math.cos(ang + d), b[1] + 12 * math.sin(ang + d)))
    cv.draw.polygon(pts, fill=fill)


def draw_factory(cv: Canvas, box: Box, p: PlayerModel) -> None:
    spec = department(p)
    cv.card(box)
    with cv.panel("factory", box):
        cv.text((box[0] + 14, box[1] + 10), f"Factory · {spec['title']}", 20, bold=True)
        rule_w = (box[2] - box[0]) * 0.55
        rule = spec.get("rule", "")
        cv.text((box[2] - 14, box[1] + 14), rule, 14, fill=pal.MUTED, anchor="ra", max_width=rule_w)
        boxes = cell_boxes(spec, (box[0] + 10, box[1] + 44, box[2] - 10, box[3] - 10))
        late, needs = _belts(cv, p, boxes)
        for cell, b in boxes.items():
            _cell(cv, p, cell, b, needs.get(cell))
        for mx, my, machine, is_open, sec in late:
            _belt_labels(cv, p, mx, my, machine, is_open, sec)


Point = tuple[float, float]


def _belts(
    cv: Canvas, p: PlayerModel, boxes: dict[str, Box]
) -> tuple[list[tuple[float, float, str, bool, tuple | None]], dict[str, str]]:
    """Every belt as a line (dashed when closed) with an arrowhead. Returns the machine
    labels to draw over the cells later, and cell -> the science tile that opens its locked
    belt in."""
    spec = department(p)
    secondary = {on: (sid, eff, inf, lock) for sid, on, eff, inf, lock in spec["secondary"]}
    depth = columns(spec)
    late: list[tuple[float, float, str, bool, tuple | None]] = []
    needs: dict[str, str] = {}
    for a, b, machine, lock in spec["edges"]:
        is_open = f"{a}>{b}" in p.belts_open
        if spec["cells"][a] == "storage" and not p.storage_open.get(a, True):
            is_open = False
        colour = (70, 80, 96) if is_open else pal.FAINT
        path = _belt_path(boxes, depth, a, b)
        for pa, pb in pairwise(path):
            if is_open:
                cv.draw.line((*pa, *pb), fill=colour, width=4)
            else:
                _dashed(cv, pa, pb, colour, 3)
        _arrowhead(cv, path[-2], path[-1], colour)
        mid_a, mid_b = max(pairwise(path), key=lambda seg: abs(seg[1][0] - seg[0][0]))
        mx, my = (mid_a[0] + mid_b[0]) / 2, (mid_a[1] + mid_b[1]) / 2
        late.append((mx, my, machine, is_open, secondary.get(f"{a}>{b}")))
        if lock and not is_open:
            needs[b] = lock
    return late, needs


def _belt_path(boxes: dict[str, Box], depth: dict[str, int], a: str, b: str) -> list[Point]:
    """The belt from cell ``a`` to cell ``b``: straight to the next column; one that skips a
    column runs in the gaps and a lane beside the cells between, never through a cell."""
    ba, bb = boxes[a], boxes[b]
    ya, yb = (ba[1] + ba[3]) / 2, (bb[1] + bb[3]) / 2
    if depth[b] - depth[a] <= 1:
        return [(ba[2], ya), (bb[0] - 2, yb)]
    between = [v for k, v in boxes.items() if depth[a] < depth[k] < depth[b]]
    top = min(v[1] for v in between) - 16
    bottom = max(v[3] for v in between) + 16
    gx_a, gx_b = ba[2] + 14, bb[0] - 16
    if yb >= bottom or yb <= top:
        return [(ba[2], ya), (gx_a, ya), (gx_a, yb), (bb[0] - 2, yb)]
    mid = sum((v[1] + v[3]) / 2 for v in between) / len(between)
    lane = top if (ya + yb) / 2 <= mid else bottom
    return [(ba[2], ya), (gx_a, ya), (gx_a, lane), (gx_b, lane), (gx_b, yb), (bb[0] - 2, yb)]


def _cell(cv: Canvas, p: PlayerModel, cell: str, b: Box, needs: str | None) -> None:
    """One cell: its name, what it is (room, value, kind), the cubes in it."""
    spec = department(p)
    kind = spec["cells"][cell]
    locked = kind == "storage" and not p.storage_open.get(cell, True)
    fill = pal.PAPER_ALT if locked else KIND_FILL[kind]
    cv.draw.rounded_rectangle(b, radius=8, fill=fill, outline=pal.PAPER_EDGE, width=2)
    with cv.panel(f"cell-{cell}", b):
        title = cell.upper() if cell in ("s1", "s2") else cell.replace("_old", " old").title()
        n = p.cells.get(cell, 0)
        if kind == "storage":
            sub = "locked" if locked else f"{n}/{n + p.storage_room.get(cell, 0)}"
        elif kind == "dispatch":
            sub = f"value {p.values.get(cell, spec['values'][cell][0])}"
        else:
            sub = kind
        w = b[2] - b[0]
        sb = cv.text((b[2] - 8, b[1] + 7), sub, 12, fill=pal.MUTED, anchor="ra", max_width=w * 0.5)
        tw = sb[0] - 6 - (b[0] + 8)
        cv.text((b[0] + 8, b[1] + 5), title, 15, bold=True, max_width=tw, min_size=11)
        if needs:
            text = f"needs the {p.tile_names.get(needs, needs)}"
            cv.text((b[0] + 8, b[1] + 25), text, 11, fill=pal.MUTED, max_width=w - 16)
        _cubes(cv, b, cube_look(cell if kind == "storage" else "goods"), n)


def _cubes(cv: Canvas, b: Box, look: tuple[RGB, str], n: int) -> None:
    """Up to five cubes along the cell's foot; more are four cubes and "×n" beside them (a
    fifth cube would sit under the count). An empty cell says "×0"."""
    colour, letter = look
    cy = b[3] - 20
    shown = n if n <= 5 else 4
    for k in range(shown):
        cv.icon("cube", (b[0] + 18 + k * 21, cy), 22, colour, letter)
    if n > shown or n == 0:
        ink = pal.INK if n else pal.FAINT
        cv.text((b[2] - 8, cy), f"×{n}", 16, bold=True, anchor="rm", fill=ink)


def _belt_labels(
    cv: Canvas,
    p: PlayerModel,
    mx: float,
    my: float,
    machine: str,
    is_open: bool,
    sec: tuple | None,
) -> None:
    """The machine gear on a belt and its secondary belt badge."""
    cv.icon("gear", (mx, my), 24, (150, 156, 170) if is_open else pal.PAPER_ALT, machine.upper())
    if sec:
        sid, eff, inf, _lock = sec
        s_open = sid in p.secondary_open
        icon, col, letter = {
            "energy": ("bolt", pal.ENERGY, ""),
            "add": ("cube", (150, 150, 160), "+"),
            "pay1": ("coin", (200, 80, 60), "-"),
        }.get(eff, ("token", pal.TOKEN, "?"))
        sx, sy = mx, my - 24
        cv.icon(icon, (sx, sy), 20, col if s_open else pal.PAPER_ALT, letter)
        if inf:
            ink = pal.INK if s_open else pal.FAINT
            cv.text((sx + 11, sy), "∞", 15, bold=True, anchor="lm", fill=ink)
