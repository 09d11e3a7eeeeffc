"""The map: cities (demand inside, bonus token beside, disks stacked), the routes between
them (each route is distance 1), the algae tanks, the byproduct tanks and the milestones."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import GameModel
from imaging.algae.style import bonus_chip, cube_look
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal

TANKS_W = 330
CITY_R = 14
SEA = (214, 230, 238)
LAND = (236, 232, 218)


def map_area(box: Box) -> Box:
    return (box[0] + 10, box[1] + 38, box[2] - TANKS_W - 10, box[3] - 10)


def city_xy(area: Box, name: str) -> tuple[float, float]:
    x, y, _, _ = D.CITIES[name]
    pad = 30
    return (
        area[0] + pad + x / 1000 * (area[2] - area[0] - 2 * pad),
        area[1] + 18 + y / 1000 * (area[3] - area[1] - 44),
    )


def draw_static(cv: Canvas, box: Box) -> None:
    cv.card(box)
    area = map_area(box)
    with cv.panel("map", box):
        cv.text((box[0] + 14, box[1] + 10), "Europe", 20, bold=True)
        cv.text(
            (box[0] + 100, box[1] + 14),
            "number = demand · each line = distance 1",
            14,
            fill=pal.MUTED,
            max_width=area[2] - box[0] - 110,
        )
        cv.draw.rounded_rectangle(area, radius=8, fill=SEA)
        for a, b in D.ROUTES:
            cv.draw.line((*city_xy(area, a), *city_xy(area, b)), fill=(120, 140, 150), width=2)
        for name, (_, _, demand, _) in D.CITIES.items():
            x, y = city_xy(area, name)
            big = demand >= 5
            cv.draw.ellipse(
                (x - CITY_R, y - CITY_R, x + CITY_R, y + CITY_R),
                fill=pal.INK if big else LAND,
                outline=pal.INK,
                width=2,
            )
            cv.text(
                (x, y + 1),
                str(demand),
                16,
                fill=pal.WHITE if big else pal.INK,
                bold=True,
                anchor="mm",
            )
            with cv.panel("map-area", area):
                lx = min(max(x, area[0] + 34), area[2] - 34)
                cv.text(
                    (lx, y + CITY_R + 1),
                    name.title(),
                    12,
                    fill=(40, 50, 60),
                    anchor="ma",
                    max_width=76,
                )
        tx = box[2] - TANKS_W
        cv.text((tx, box[1] + 12), "Algae tanks", 17, bold=True)
        cv.text((tx, box[1] + 168), "Byproduct tanks", 17, bold=True)
        cv.text((box[2] - 10, box[1] + 168), "€ per space", 13, fill=pal.MUTED, anchor="ra")
        cv.text((tx, box[1] + 346), "Milestones", 17, bold=True)
        cv.text((box[2] - 10, box[1] + 350), "VP 1st/2nd/3rd/4th", 13, fill=pal.MUTED, anchor="ra")


def _disks(
    cv: Canvas, x: float, y: float, seats: list[int], game: GameModel, new: set[int]
) -> None:
    for i, seat in enumerate(seats):
        s = pal.seat(seat)
        dx, dy = x + CITY_R + 2 + (i % 2) * 13, y - CITY_R + (i // 2) * 13 - 2
        if seat in new:
            cv.icon("ring", (dx + 7, dy + 7), 22, pal.CHANGED, outline=None)
        cv.icon(s.shape, (dx + 7, dy + 7), 15, s.colour)


def draw_dynamic(cv: Canvas, box: Box, game: GameModel, new_disks: dict[str, set[int]]) -> None:
    area = map_area(box)
    with cv.panel("map", box):
        for name, info in game.cities.items():
            x, y = city_xy(area, name)
            if info.get("token"):
                bonus_chip(cv, (x - CITY_R - 24, y - CITY_R + 2), str(info["token"]), 14)
            if info["disks"]:
                _disks(cv, x, y, info["disks"], game, new_disks.get(name, set()))
        tx = box[2] - TANKS_W
        # algae tanks: slots up to the maximum, the capacity outlined, cubes filled
        for i, sp in enumerate(D.SPECIES):
            y = box[1] + 52 + i * 36
            n, cap = game.tanks[sp]
            colour, letter = cube_look(sp)
            cv.text((tx, y), sp.title(), 16, bold=True, anchor="lm", max_width=62)
            for k in range(D.TANK_MAX):
                sx = tx + 70 + k * 30
                slot = (sx, y - 13, sx + 26, y + 13)
                if k < cap:
                    cv.draw.rectangle(slot, fill=pal.WHITE, outline=pal.PAPER_EDGE)
                else:
                    cv.draw.rectangle(slot, fill=pal.PAPER_ALT, outline=pal.FAINT)
                if k < n:
                    cv.icon("cube", (sx + 13, y), 24, colour, letter)
            cv.text((box[2] - 12, y), f"{n}/{cap}", 16, bold=True, anchor="rm")
        # byproduct tanks side by side, bottom row first
        for j, bp in enumerate(D.BYPRODUCTS):
            colour, letter = cube_look(bp)
            x0 = tx + j * 160
            n = game.byp[bp]
            cv.text(
                (x0, box[1] + 196),
                f"{bp.title()} {n}/{D.BYP_CAPACITY}",
                15,
                bold=True,
                max_width=150,
            )
            for r, euros in enumerate(D.BYP_ROWS):
                ry = box[1] + 310 - r * 26
                cv.text((x0, ry), f"€{euros}", 13, fill=pal.MUTED, anchor="lm")
                for c in range(D.BYP_ROW_SPACES):
                    k = r * D.BYP_ROW_SPACES + c
                    sx = x0 + 30 + c * 28
                    cv.draw.rectangle(
                        (sx, ry - 12, sx + 24, ry + 12), fill=pal.WHITE, outline=pal.PAPER_EDGE
                    )
                    if k < n:
                        cv.icon("cube", (sx + 12, ry), 22, colour, letter)
        # milestones: label, VP by order, the players who reached it
        for i, (mid, (label, _, _, vps)) in enumerate(D.MILESTONES.items()):
            y = box[1] + 384 + i * 24
            if y > box[3] - 10:
                break
            reached = game.milestones.get(mid, [])
            cv.text((tx, y), label, 14, anchor="lm", max_width=170)
            cv.text((tx + 176, y), "/".join(map(str, vps)), 14, fill=pal.MUTED, anchor="lm")
            for k, seat in enumerate(reached):
                s = pal.seat(seat)
                cv.icon(s.shape, (tx + 254 + k * 17, y), 16, s.colour)
