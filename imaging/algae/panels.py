"""The compact player panel of the public board: who, department, VP, resources, staff,
machines, cubes along the factory line, side board (disks, markers, export/2x tiles)."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import PlayerModel
from imaging.algae.style import TEAM_SHORT, cube_look
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal

HEADER_H = 48


def _changed_mark(cv: Canvas, box: Box) -> None:
    """A magenta underline with a small triangle: 'this changed last turn' (not colour only)."""
    x0, _, x1, y1 = box
    cv.draw.line((x0, y1 + 2, x1, y1 + 2), fill=pal.CHANGED, width=3)
    cv.draw.polygon([(x1 + 2, y1 - 8), (x1 + 9, y1 - 8), (x1 + 5, y1 - 14)], fill=pal.CHANGED)


def draw_panel(
    cv: Canvas, box: Box, p: PlayerModel, *, acting: bool, first: bool, changed: set[str]
) -> None:
    seat = pal.seat(p.seat)
    x0, y0, x1, y1 = box
    w = x1 - x0
    cv.card(box, outline=pal.HIGHLIGHT if acting else seat.colour, width=5 if acting else 3)
    head = (x0 + 3, y0 + 3, x1 - 3, y0 + HEADER_H)
    cv.draw.rounded_rectangle(head, radius=8, fill=seat.light)
    with cv.panel(f"panel{p.seat}", box):
        cv.icon(seat.shape, (x0 + 26, y0 + 26), 34, seat.colour, p.name[:1].upper())
        vp_box = cv.text((x1 - 12, y0 + 26), str(p.vp), 30, bold=True, anchor="rm")
        cv.icon("star", (vp_box[0] - 16, y0 + 26), 24, pal.VP)
        if "vp" in changed:
            _changed_mark(cv, (vp_box[0] - 28, vp_box[1], vp_box[2], vp_box[3]))
        name_w = vp_box[0] - 32 - (x0 + 48)
        tag = ("▶ " if acting else "") + p.name
        cv.text((x0 + 48, y0 + 16), tag, 20, bold=True, anchor="lm", max_width=name_w)
        sub = p.dept_title + (" · 1st player" if first else "")
        cv.text((x0 + 48, y0 + 38), sub, 14, fill=pal.MUTED, anchor="lm", max_width=name_w)

        # resources
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
        for key, letter, colour in (
            ("choice", "C", (70, 120, 190)),
            ("wild", "W", (150, 70, 160)),
            ("freelance", "F", (90, 90, 100)),
            ("value", "+", pal.GOOD),
        ):
            n = p.tokens.get(key, 0)
            if x + 44 > x1 - 6:
                break
            icon = "person" if key == "freelance" else "token"
            right = cv.icon_value(
                icon,
                (x, y),
                n,
                20,
                colour if n else pal.FAINT,
                letter=letter,
                ink=pal.INK if n else pal.MUTED,
            )
            if key in changed:
                _changed_mark(cv, (x, y - 10, right, y + 10))
            x = right + 10

        # staff rows and machine capacities, side by side
        y = y0 + HEADER_H + 50
        half = x0 + min(w // 2, 210)
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
        for i, m in enumerate(D.MACHINES):
            ty = y + i * 24 + 10
            cv.icon("gear", (half + 12, ty), 20, (120, 126, 140), m.upper())
            cv.text(
                (half + 26, ty),
                f"cap {p.capacity.get(m, 2)}",
                15,
                anchor="lm",
                max_width=x1 - half - 32,
            )

        # factory line: storage -> S1 -> S2 -> dispatch
        y = y0 + HEADER_H + 132
        fx = x0 + 10
        fx = _cells_group(
            cv,
            fx,
            y + 14,
            [(sp, p.cells.get(sp, 0), p.storage_open[sp]) for sp in D.SPECIES],
            "Storage",
            changed,
        )
        spec = D.DEPARTMENTS[p.dept]
        mids = [c for c, k in spec["cells"].items() if k in ("station", "belt")]
        for c in mids:
            fx = _arrow(cv, fx, y + 14)
            fx = _cells_group(
                cv,
                fx,
                y + 14,
                [("goods", p.cells.get(c, 0), True)],
                c.upper() if c.startswith("s") else c.title(),
                changed,
                key=c,
            )
        fx = _arrow(cv, fx, y + 14)
        y2 = y + 52
        cv.text((x0 + 10, y2), "Dispatch", 13, fill=pal.MUTED, bold=True, anchor="lm")
        dx = x0 + 74
        for cell, (base, _) in spec["values"].items():
            value = p.values.get(cell, base)
            n = p.cells.get(cell, 0)
            label = f"{cell.replace('_old', '′').title()} {n}"
            right = cv.text(
                (dx, y2),
                label,
                14,
                bold=n > 0,
                fill=pal.INK if n else pal.MUTED,
                anchor="lm",
                max_width=x1 - dx - 8,
            )[2]
            cv.text((right + 2, y2 - 5), f"{value}", 10, fill=pal.MUTED, anchor="lm")
            if f"cell.{cell}" in changed:
                _changed_mark(cv, (dx, y2 - 8, right, y2 + 8))
            dx = right + 18
            if dx > x1 - 40:
                break

        # exports so far
        cities = ", ".join(c.title() for c in p.cities) if p.cities else "none yet"
        cv.text(
            (x0 + 10, y1 - 74),
            f"Exported to: {cities}",
            14,
            fill=pal.INK if p.cities else pal.MUTED,
            anchor="lm",
            max_width=w - 20,
        )
        # side board
        y = y1 - 40
        cv.draw.line((x0 + 8, y - 22, x1 - 8, y - 22), fill=pal.PAPER_ALT, width=2)
        right = cv.icon_value("disk", (x0 + 10, y), p.disks, 22, seat.colour)
        if "disks" in changed:
            _changed_mark(cv, (x0 + 10, y - 11, right, y + 11))
        right = cv.icon_value("diamond", (right + 12, y), p.markers, 18, seat.colour)
        cv.text(
            (right + 12, y),
            f"{len(p.cities)} cities",
            14,
            fill=pal.MUTED,
            anchor="lm",
            max_width=x1 - 10 - 5 * 34 - right - 20,
        )
        tx = x1 - 10 - 5 * 34
        for k, (tid, state) in enumerate(p.x_tiles.items()):
            x_tile(cv, (tx + k * 34, y), tid, state)
        cv.text(
            (x0 + 10, y1 - 12),
            f"Contract: {p.contract}{' ✓' if p.contract_done else ''}",
            12,
            fill=pal.MUTED,
            anchor="ls",
            max_width=w // 2,
        )
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
