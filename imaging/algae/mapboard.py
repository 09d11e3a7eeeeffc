"""The map: cities (demand inside, bonus token beside, disks stacked), the routes between
them (each route is distance 1), the algae tanks, the byproduct tanks and the milestones."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import GameModel
from imaging.algae.placement import CITY_R, DISK, LABEL_SIZE, CitySpots, place
from imaging.algae.style import bonus_chip, cube_look
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal

TANKS_W = 330
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


def spots(area: Box) -> dict[str, CitySpots]:
    """Where each city's name, token and disks go (placed once per map size)."""
    return place(area, tuple((name, *city_xy(area, name)) for name in D.CITIES))


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
                lx, ly, anchor = spots(area)[name].label
                cv.text((lx, ly), name.title(), LABEL_SIZE, fill=(40, 50, 60), anchor=anchor)
        tx = box[2] - TANKS_W
        cv.text((tx, box[1] + 12), "Algae tanks", 17, bold=True)
        cv.text((tx, box[1] + 168), "Byproduct tanks", 17, bold=True)
        cv.text((box[2] - 10, box[1] + 168), "€ per space", 13, fill=pal.MUTED, anchor="ra")
        cv.text((tx, box[1] + 346), "Milestones", 17, bold=True)
        cv.text((box[2] - 10, box[1] + 350), "VP 1st/2nd/3rd/4th", 13, fill=pal.MUTED, anchor="ra")


def _disks(cv: Canvas, origin: tuple[float, float], seats: list[int], new: set[int]) -> None:
    """Up to four disks in a 2x2 grid at ``origin`` (new ones ringed)."""
    for i, seat in enumerate(seats[:4]):
        s = pal.seat(seat)
        cx = origin[0] + (i % 2) * DISK + DISK / 2 + 1
        cy = origin[1] + (i // 2) * DISK + DISK / 2 + 1
        if seat in new:
            cv.icon("ring", (cx, cy), DISK + 6, pal.CHANGED, outline=None)
        cv.icon(s.shape, (cx, cy), DISK, s.colour)


def draw_dynamic(cv: Canvas, box: Box, game: GameModel, new_disks: dict[str, set[int]]) -> None:
    with cv.panel("map", box):
        _cities(cv, map_area(box), game, new_disks)
        tx = box[2] - TANKS_W
        _algae_tanks(cv, box, tx, game)
        for j, bp in enumerate(D.BYPRODUCTS):
            _byproduct_tank(cv, (tx + j * 160, box[1]), bp, game.byp[bp])
        _milestones(cv, box, tx, game)


def _cities(cv: Canvas, area: Box, game: GameModel, new_disks: dict[str, set[int]]) -> None:
    """Each city's bonus token (until taken) and the disks on it."""
    where = spots(area)
    for name, info in game.cities.items():
        if name not in where:
            continue
        if info.get("token"):
            bonus_chip(cv, where[name].token, str(info["token"]), 14)
        if info["disks"]:
            _disks(cv, where[name].disks, info["disks"], new_disks.get(name, set()))


def _algae_tanks(cv: Canvas, box: Box, tx: int, game: GameModel) -> None:
    """Algae tanks: slots up to the maximum, the capacity outlined, cubes filled."""
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


def _byproduct_tank(cv: Canvas, xy: tuple[int, int], bp: str, n: int) -> None:
    """One byproduct tank, rows of spaces by price, bottom row first."""
    x0, top = xy
    colour, letter = cube_look(bp)
    title = f"{bp.title()} {n}/{D.BYP_CAPACITY}"
    cv.text((x0, top + 196), title, 15, bold=True, max_width=150)
    for r, euros in enumerate(D.BYP_ROWS):
        ry = top + 310 - r * 26
        cv.text((x0, ry), f"€{euros}", 13, fill=pal.MUTED, anchor="lm")
        for c in range(D.BYP_ROW_SPACES):
            sx = x0 + 30 + c * 28
            slot = (sx, ry - 12, sx + 24, ry + 12)
            cv.draw.rectangle(slot, fill=pal.WHITE, outline=pal.PAPER_EDGE)
            if r * D.BYP_ROW_SPACES + c < n:
                cv.icon("cube", (sx + 12, ry), 22, colour, letter)


def _milestones(cv: Canvas, box: Box, tx: int, game: GameModel) -> None:
    """Milestones: label, VP by order, the players who reached it."""
    for i, (mid, (label, vps)) in enumerate(game.milestone_rows.items()):
        y = box[1] + 384 + i * 24
        if y > box[3] - 10:
            break
        cv.text((tx, y), label, 14, anchor="lm", max_width=170)
        cv.text((tx + 176, y), "/".join(map(str, vps)), 14, fill=pal.MUTED, anchor="lm")
        for k, seat in enumerate(game.milestones.get(mid, [])):
            s = pal.seat(seat)
            cv.icon(s.shape, (tx + 254 + k * 17, y), 16, s.colour)
