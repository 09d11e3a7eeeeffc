"""The science grid (zones, costs, printed bonuses, tiles in it) and the department board
(engineering fields and the science tiles still lying on the board)."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import PlayerModel, department
from imaging.algae.style import bonus_chip
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal

ITEM_FILL = (214, 222, 236)


def short_name(p: PlayerModel, tile: str) -> str:
    """A tile's name without the word "tile" ("capacity 2", "conveyor 1", "scientist
    income"), for a grid cell or field that already says it holds tiles."""
    return p.tile_names.get(tile, tile).replace(" tile", "").replace("conveyor belt", "conveyor")


def draw_grid(cv: Canvas, box: Box, p: PlayerModel) -> None:
    seat = pal.seat(p.seat)
    cv.card(box)
    with cv.panel("grid", box):
        cv.text((box[0] + 14, box[1] + 10), "Science grid", 20, bold=True)
        # legend: what the two tile fills mean
        lx = box[2] - 14
        for label, fill in (("your science tile", seat.light), ("tile to take", ITEM_FILL)):
            lb = cv.text((lx, box[1] + 21), label, 13, fill=pal.MUTED, anchor="rm")
            cv.draw.rectangle(
                (lb[0] - 20, box[1] + 14, lb[0] - 6, box[1] + 28), fill=fill, outline=pal.PAPER_EDGE
            )
            lx = lb[0] - 30
        left = box[0] + 84
        top = box[1] + 44
        cw = (box[2] - 12 - left) / D.GRID_COLS
        ch = (box[3] - 10 - top) / len(D.GRID_ROWS)
        occupied = p.grid  # cell -> (tile, "item" | "placed")
        for r, row in enumerate(D.GRID_ROWS):
            y0 = top + r * ch
            cv.text(
                (box[0] + 10, y0 + ch / 2 - 9),
                f"eng {D.ZONE_ENG[r]}",
                13,
                fill=pal.MUTED,
                anchor="lm",
            )
            cv.text(
                (box[0] + 10, y0 + ch / 2 + 9),
                f"sci {D.ZONE_SCI[r]}",
                13,
                fill=pal.SCIENCE,
                anchor="lm",
                bold=True,
            )
            for c in range(D.GRID_COLS):
                cell = f"{row}{c + 1}"
                b = (
                    round(left + c * cw + 2),
                    round(y0 + 2),
                    round(left + (c + 1) * cw - 2),
                    round(y0 + ch - 2),
                )
                what = occupied.get(cell)
                fill = (
                    pal.WHITE if what is None else (ITEM_FILL if what[1] == "item" else seat.light)
                )
                cv.draw.rectangle(b, fill=fill, outline=pal.PAPER_EDGE)
                with cv.panel(f"grid-{cell}", b):
                    if what is None:
                        bonus = D.GRID_BONUS.get(cell, "")
                        if bonus:
                            bonus_chip(
                                cv, (b[0] + 6, (b[1] + b[3]) / 2), bonus, min(22, int(ch * 0.45))
                            )
                    else:
                        cv.text(
                            ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2),
                            short_name(p, what[0]),
                            13,
                            bold=what[1] == "placed",
                            anchor="mm",
                            max_width=b[2] - b[0] - 6,
                            min_size=9,
                        )
                    cv.text((b[2] - 3, b[1] + 2), cell, 9, fill=pal.FAINT, anchor="ra")


def draw_board(cv: Canvas, box: Box, p: PlayerModel) -> None:
    spec = department(p)
    cv.card(box)
    with cv.panel("deptboard", box):
        cv.text((box[0] + 14, box[1] + 10), "Department board", 20, bold=True)
        x = box[0] + 14
        y = box[1] + 50
        cv.text((x, y), "Engineering fields", 14, fill=pal.MUTED, bold=True, anchor="lm")
        fx: float = x
        fy = y + 30
        fw = (box[2] - box[0] - 28 - 5 * 8) / max(1, len(D.FIELDS))
        for f in D.FIELDS:
            tile = p.fields.get(f)
            b = (round(fx), fy - 18, round(fx + fw), fy + 18)
            cv.draw.rounded_rectangle(
                b, radius=5, fill=(214, 236, 214) if tile else pal.PAPER_ALT, outline=pal.PAPER_EDGE
            )
            with cv.panel(f"field-{f}", b):
                cv.text(
                    (b[0] + 5, fy - 8),
                    p.field_names.get(f, f)
                    .replace(" field", "")
                    .replace("conveyor belt", "conveyor"),
                    11,
                    fill=pal.MUTED,
                    anchor="lm",
                    max_width=fw - 8,
                )
                cv.text(
                    (b[0] + 5, fy + 8),
                    short_name(p, tile) if tile else "empty",
                    13,
                    bold=bool(tile),
                    fill=pal.INK if tile else pal.FAINT,
                    anchor="lm",
                    max_width=fw - 8,
                )
            fx += fw + 8
        y = fy + 40
        cv.text(
            (x, y),
            "Science tiles still on the board (scientists remove them)",
            14,
            fill=pal.MUTED,
            bold=True,
            anchor="lm",
            max_width=box[2] - x - 14,
        )
        y += 26
        tx = x
        for tile, (length, _, _) in spec["tiles"].items():
            on = tile in p.board
            label = p.tile_names.get(tile, tile)
            tw = min(cv.text_width(label, 13) + 14 + length * 8, box[2] - box[0] - 28)
            if tx + tw > box[2] - 14:
                tx, y = x, y + 30
            if y > box[3] - 20:
                break
            b = (round(tx), y - 12, round(tx + tw), y + 12)
            cv.draw.rounded_rectangle(
                b,
                radius=4,
                fill=(222, 214, 240) if on else pal.PAPER,
                outline=pal.PAPER_EDGE if on else pal.FAINT,
            )
            for k in range(length):
                cv.draw.rectangle(
                    (b[0] + 4 + k * 8, y - 4, b[0] + 9 + k * 8, y + 4),
                    fill=(110, 90, 160) if on else pal.FAINT,
                )
            with cv.panel(f"tile-{tile}", b):
                cv.text(
                    (b[0] + 8 + length * 8, y),
                    label,
                    13,
                    fill=pal.INK if on else pal.FAINT,
                    anchor="lm",
                    max_width=tw - 10 - length * 8,
                )
            tx += tw + 8
        if p.beside:
            y += 32
            cv.text(
                (x, y),
                "Beside the board: " + ", ".join(p.tile_names.get(t, t) for t in p.beside),
                14,
                anchor="lm",
                max_width=box[2] - x - 14,
            )
