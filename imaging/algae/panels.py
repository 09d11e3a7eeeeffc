"""The compact player panel of the public board: who, department, VP, resources, staff,
machines, cubes along the factory line, side board (disks, markers, export/2x tiles)."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import PlayerModel, department
from imaging.algae.style import TEAM_SHORT, cube_look
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.kit.panel import HEAD_H, Head, changed_mark, panel_head
from imaging.kit.words import plural

HEADER_H = HEAD_H


def _changed_mark(cv: Canvas, box: Box) -> None:
    changed_mark(cv, box, lift=8)


TOKEN_LOOK = (  # (token, letter, colour), in the order the panel shows held ones
    ("choice", "C", (70, 120, 190)),
    ("wild", "W", (150, 70, 160)),
    ("freelance", "F", (90, 90, 100)),
    ("value", "+", pal.GOOD),
)


def draw_panel(
    cv: Canvas, box: Box, p: PlayerModel, *, acting: bool, first: bool, changed: set[str]
) -> None:
    sub = p.dept_title + (" · 1st player" if first else "")
    head = Head(p.seat, p.name[:1].upper(), p.name, p.vp, sub, acting, "vp" in changed)
    panel_head(cv, box, head, lift=8)
    with cv.panel(f"panel{p.seat}", box):
        _resources(cv, box, p, changed)
        _staff(cv, box, p, changed)
        _machines(cv, box, p)
        _factory_line(cv, box, p, changed)
        _dispatch(cv, box, p, changed)
        _side_board(cv, box, p, changed)


def _resources(cv: Canvas, box: Box, p: PlayerModel, changed: set[str]) -> None:
    """Money, energy, science, then the tokens held (or just used up: a changed one)."""
    x0, y0, x1, _ = box
    y = y0 + HEADER_H + 22
    x = x0 + 10
    for key, icon, colour, value in (
        ("money", "coin", pal.MONEY, p.money),
        ("energy", "bolt", pal.ENERGY, p.energy),
        ("science", "flask", pal.SCIENCE, p.science),
    ):
        right = cv.icon_value(icon, (x, y), value, 24, colour)
        if key in changed:
            _changed_mark(cv, (x, y - 12, right, y + 12))
        x = right + 14
    for key, letter, colour in TOKEN_LOOK:
        n = p.tokens.get(key, 0)
        if not n and key not in changed:
            continue
        if x + 44 > x1 - 6:
            break
        icon = "person" if key == "freelance" else "token"
        ink = pal.INK if n else pal.MUTED
        args = (icon, (x, y), n, 20, colour if n else pal.FAINT)
        right = cv.icon_value(*args, letter=letter, ink=ink)
        if key in changed:
            _changed_mark(cv, (x, y - 10, right, y + 10))
        x = right + 10


def _staff(cv: Canvas, box: Box, p: PlayerModel, changed: set[str]) -> None:
    """One row per team: its short name (⁺ when upgraded), staff hired and places left."""
    x0, y0, _, _ = box
    y = y0 + HEADER_H + 50
    for i, team in enumerate(D.TEAMS):
        ty = y + i * 24 + 10
        label = TEAM_SHORT[team] + ("⁺" if p.upgrades.get(team) else "")
        cv.text((x0 + 10, ty), label, 15, bold=True, anchor="lm", max_width=40)
        n = p.staff.get(team, 1)
        for k in range(len(D.STAFF_ROWS[team]) + 1):
            cx = x0 + 62 + k * 19
            if k < n:
                cv.icon("person", (cx, ty), 18, (70, 78, 92))
            else:
                cv.draw.ellipse((cx - 4, ty - 4, cx + 4, ty + 4), outline=pal.FAINT, width=2)
        if f"staff.{team}" in changed:
            _changed_mark(cv, (x0 + 52, ty - 9, x0 + 62 + n * 19 - 10, ty + 9))


def _machines(cv: Canvas, box: Box, p: PlayerModel) -> None:
    """Each machine's capacity, beside the staff rows."""
    x0, y0, x1, _ = box
    half = x0 + min((x1 - x0) // 2, 210)
    for i, m in enumerate(D.MACHINES):
        ty = y0 + HEADER_H + 50 + i * 24 + 10
        cv.icon("gear", (half + 12, ty), 20, (120, 126, 140), m.upper())
        label = f"cap {p.capacity.get(m, 2)}"
        cv.text((half + 26, ty), label, 15, anchor="lm", max_width=x1 - half - 32)


def _factory_line(cv: Canvas, box: Box, p: PlayerModel, changed: set[str]) -> None:
    """Storage -> each station and belt -> (dispatch, the next line)."""
    x0, y0, _, _ = box
    y = y0 + HEADER_H + 132 + 14
    storage = [(sp, p.cells.get(sp, 0), p.storage_open[sp]) for sp in D.SPECIES]
    fx = _cells_group(cv, x0 + 10, y, storage, "Storage", changed)
    spec = department(p)
    for c in (c for c, k in spec["cells"].items() if k in ("station", "belt")):
        fx = _arrow(cv, fx, y)
        label = c.upper() if c.startswith("s") else c.title()
        fx = _cells_group(cv, fx, y, [("goods", p.cells.get(c, 0), True)], label, changed, key=c)
    _arrow(cv, fx, y)


def _dispatch(cv: Canvas, box: Box, p: PlayerModel, changed: set[str]) -> None:
    """The goods waiting in dispatch, each with its market value, then the exports so far."""
    x0, y0, x1, y1 = box
    y2 = y0 + HEADER_H + 132 + 52
    cv.text((x0 + 10, y2), "Dispatch", 13, fill=pal.MUTED, bold=True, anchor="lm")
    dx = x0 + 74
    for cell, (base, _) in department(p)["values"].items():
        n = p.cells.get(cell, 0)
        label = f"{cell.replace('_old', '′').title()} {n}"
        ink = pal.INK if n else pal.MUTED
        right = cv.text(
            (dx, y2), label, 14, bold=n > 0, fill=ink, anchor="lm", max_width=x1 - dx - 8
        )[2]
        value = p.values.get(cell, base)
        cv.text((right + 2, y2 - 5), f"{value}", 10, fill=pal.MUTED, anchor="lm")
        if f"cell.{cell}" in changed:
            _changed_mark(cv, (dx, y2 - 8, right, y2 + 8))
        dx = right + 18
        if dx > x1 - 40:
            break
    cities = ", ".join(c.title() for c in p.cities) if p.cities else "none yet"
    ink = pal.INK if p.cities else pal.MUTED
    text = f"Exported to: {cities}"
    cv.text((x0 + 10, y1 - 74), text, 14, fill=ink, anchor="lm", max_width=x1 - x0 - 20)


def _side_board(cv: Canvas, box: Box, p: PlayerModel, changed: set[str]) -> None:
    """Disks and markers left, cities reached, the export/2× tiles, the contract."""
    seat = pal.seat(p.seat)
    x0, _, x1, y1 = box
    y = y1 - 40
    cv.draw.line((x0 + 8, y - 22, x1 - 8, y - 22), fill=pal.PAPER_ALT, width=2)
    right = cv.icon_value("disk", (x0 + 10, y), p.disks, 22, seat.colour)
    if "disks" in changed:
        _changed_mark(cv, (x0 + 10, y - 11, right, y + 11))
    right = cv.icon_value("diamond", (right + 12, y), p.markers, 18, seat.colour)
    tx = x1 - 10 - 5 * 34
    cities = plural(len(p.cities), "city")
    cv.text((right + 12, y), cities, 14, fill=pal.MUTED, anchor="lm", max_width=tx - right - 20)
    for k, (tid, state) in enumerate(p.x_tiles.items()):
        x_tile(cv, (tx + k * 34, y), tid, state)
    contract = f"Contract: {p.contract}{' ✓' if p.contract_done else ''}"
    half = (x1 - x0) // 2
    cv.text((x0 + 10, y1 - 12), contract, 12, fill=pal.MUTED, anchor="ls", max_width=half)
    cv.text((x1 - 10, y1 - 12), "export/2× tiles", 12, fill=pal.MUTED, anchor="rs")


def x_tile(cv: Canvas, xy: tuple[int, int], tid: str, state: str) -> None:
    """One export/2× tile, left-middle at ``xy``: covered (grey, its name), ready (green
    "2×") or used (crossed out)."""
    bx, y = xy
    tb = (bx, y - 14, bx + 30, y + 14)
    if state == "ready":
        cv.draw.rounded_rectangle(tb, radius=4, fill=pal.GOOD, outline=pal.INK)
        cv.text((bx + 15, y), "2×", 14, fill=pal.WHITE, bold=True, anchor="mm")
    elif state == "used":
        cv.draw.rounded_rectangle(tb, radius=4, fill=pal.PAPER, outline=pal.FAINT)
        cv.draw.line((bx + 4, y + 10, bx + 26, y - 10), fill=pal.FAINT, width=2)
    else:
        cv.draw.rounded_rectangle(tb, radius=4, fill=pal.PAPER_ALT, outline=pal.FAINT)
        cv.text((bx + 15, y), tid, 12, fill=pal.MUTED, anchor="mm")


def _arrow(cv: Canvas, x: int, y: int) -> int:
    cv.draw.polygon([(x + 3, y - 6), (x + 11, y), (x + 3, y + 6)], fill=pal.MUTED)
    return x + 15


def _cells_group(
    cv: Canvas,
    x: int,
    y: int,
    cells: list[tuple[str, int, bool]],
    label: str,
    changed: set[str],
    key: str = "",
) -> int:
    """A framed group of cube counts with a small label on top; returns its right x."""
    start = x
    x += 4
    for kind, n, is_open in cells:
        colour, letter = cube_look(kind)
        if not is_open:
            cv.icon("cube", (x + 10, y), 20, pal.PAPER_ALT, "")
            cv.draw.line((x + 2, y + 8, x + 18, y - 8), fill=pal.MUTED, width=2)
            x += 24
            continue
        cv.icon("cube", (x + 10, y), 20, colour if n else pal.PAPER_ALT, letter)
        right = cv.text(
            (x + 22, y), str(n), 15, bold=n > 0, fill=pal.INK if n else pal.MUTED, anchor="lm"
        )[2]
        if (key and f"cell.{key}" in changed) or (not key and f"cell.{kind}" in changed):
            _changed_mark(cv, (x, y - 10, right, y + 10))
        x = right + 6
    cv.draw.rounded_rectangle((start, y - 15, x, y + 15), radius=5, outline=pal.FAINT)
    cv.text(((start + x) / 2, y - 16), label, 11, fill=pal.MUTED, anchor="md")
    return x
