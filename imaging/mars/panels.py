"""The compact player panel of the public board: who, side (Orbit/Colony), OP, resources,
depot crystals (+ below), colonists (living quarters / working area), ships, bots, Techs with
levels, Blueprints, Scientists, Contracts and goals held. Fields that changed last turn get
the magenta underline mark."""

from __future__ import annotations

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.kit.panel import HEAD_H, Head, changed_mark, panel_head
from imaging.mars.model import (
    GameModel,
    PlayerModel,
    blueprint_parts,
    contract_need,
    scientist_title,
)
from imaging.mars.style import (
    SIDE_TITLE,
    building_look,
    item_chip,
    tech_look,
)

HEADER_H = HEAD_H


def _label(cv: Canvas, xy: tuple[float, float], text: str, changed: bool = False) -> int:
    """A row label; a row that changed last turn gets the changed mark under its label."""
    box = cv.text(xy, text, 13, fill=pal.MUTED, bold=True, anchor="lm")
    if changed:
        changed_mark(cv, box)
    return box[2] + (10 if changed else 0)


def tech_chips(
    cv: Canvas, game: GameModel, p: PlayerModel, xy: tuple[float, float], right: int, size: int = 22
) -> int:
    """Each Tech as its icon and level ("L2"); returns the right x."""
    x, y = xy
    for tid in p.techs:
        t = game.techs.get(tid)
        if t is None:
            continue
        if x + size + 24 > right:
            cv.text((x, y), "…", 14, anchor="lm")
            break
        icon, colour, letter = tech_look(t.type)
        cv.icon(icon, (x + size / 2, y), size, colour, letter)
        x = (
            cv.text((x + size + 2, y), f"L{t.level}", round(size * 0.64), bold=True, anchor="lm")[2]
            + 8
        )
    return int(x)


def blueprint_chips(
    cv: Canvas, p: PlayerModel, xy: tuple[float, float], right: int, size: int = 22
) -> int:
    x, y = xy
    for bp in p.blueprints:
        kind, code = blueprint_parts(bp)
        if x + size + 26 > right:
            cv.text((x, y), "…", 14, anchor="lm")
            break
        colour, letter, _ = building_look(kind)
        cv.icon("square", (x + size / 2, y), size, colour, letter)
        built = bp in p.built
        x = (
            cv.text(
                (x + size + 2, y),
                code + ("✓" if built else ""),
                round(size * 0.62),
                bold=True,
                anchor="lm",
            )[2]
            + 8
        )
    return int(x)


def contract_chip(
    cv: Canvas, xy: tuple[float, float], cid: str, items: dict[str, int], right: int, size: int = 16
) -> int:
    """An Earth Contract: "↑" and the building to upgrade, or each item as delivered/needed."""
    x, y = xy
    kind, need = contract_need(cid)
    if x + 40 > right:
        return int(x)
    if kind == "upgrade" and isinstance(need, str):
        x = cv.text((x, y), "↑", size, bold=True, anchor="lm")[2] + 2
        colour, letter, _ = building_look(need)
        cv.icon("square", (x + size / 2, y), size + 2, colour, letter)
        return int(x + size + 2)
    if isinstance(need, dict):
        for item, n in need.items():
            if x + 50 > right:
                break
            x = item_chip(cv, (x, y), item, f"{items.get(item, 0)}/{n}", size) + 6
    return int(x)


def draw_panel(
    cv: Canvas, box: Box, game: GameModel, p: PlayerModel, *, acting: bool, changed: set[str]
) -> None:
    place = game.order.index(p.seat) + 1 if p.seat in game.order else 0
    side = SIDE_TITLE.get(p.side, p.side.title())
    sub = f"{side} side" + (f" · {place}{_ord(place)} in turn order" if place else "")
    head = Head(p.seat, p.initial, p.name, p.op, sub, acting, "op" in changed)
    sb = panel_head(cv, box, head)
    with cv.panel(f"panel{p.seat}", box):
        if "side" in changed:
            changed_mark(cv, (sb[0], sb[1], min(sb[0] + 90, sb[2]), sb[3] - 2))
        y = box[1] + HEADER_H + 20
        _resources(cv, box, y, p, changed)
        _crew(cv, box, y + 32, p, changed)
        _holdings(cv, box, y + 90, game, p, changed)


def _resources(cv: Canvas, box: Box, y: int, p: PlayerModel, changed: set[str]) -> None:
    """Resources, then crystals on the depot (+ those below it)."""
    x = box[0] + 10
    for res, n in p.resources.items():
        right = item_chip(cv, (x, y), res, n, 22, faint=n == 0)
        if f"res.{res}" in changed:
            changed_mark(cv, (x, y - 11, right, y + 11))
        x = right + (16 if f"res.{res}" in changed else 10)
    right = item_chip(cv, (x, y), "crystal", p.depot, 22)
    if p.below:
        below = f"+{p.below}"
        w = box[2] - right - 8
        right = cv.text(
            (right + 2, y), below, 14, fill=pal.MUTED, bold=True, anchor="lm", max_width=w
        )[2]
    if "depot" in changed:
        changed_mark(cv, (x, y - 11, right, y + 11))


def _crew(cv: Canvas, box: Box, y: int, p: PlayerModel, changed: set[str]) -> None:
    """Colonists (living quarters, working area, gained), then ships, Bots, Shelters left."""
    x0, x1 = box[0], box[2]
    x = _label(cv, (x0 + 10, y), "Colonists") + 6
    x = item_chip(cv, (x, y), "colonist", f"{p.living_quarters} LQ", 20) + 6
    x = item_chip(cv, (x, y), "working", f"{p.working_area} WA", 20) + 6
    if "colonists" in changed:
        changed_mark(cv, (x0 + 70, y - 10, x - 6, y + 10))
    gained = f"gained {p.colonists_gained}"
    cv.text((x + 4, y), gained, 13, fill=pal.MUTED, anchor="lm", max_width=x1 - x - 12)
    y += 28
    x = _label(cv, (x0 + 10, y), "Ships", "ships" in changed) + 6
    ships = f"{p.ships} depot · {p.hangar} hangar"
    x = cv.text((x, y), ships, 14, bold=True, anchor="lm")[2] + 14
    x = _label(cv, (x, y), "Bots", "bots" in changed) + 6
    seat = pal.seat(p.seat)
    cv.icon(seat.shape, (x + 8, y), 16, seat.colour)
    x = cv.text((x + 20, y), f"{len(p.bots)}", 14, bold=True, anchor="lm")[2] + 14
    x = _label(cv, (x, y), "Shelters left") + 6
    cv.text((x, y), str(p.shelters_left), 14, bold=True, anchor="lm", max_width=x1 - x - 8)


def _holdings(
    cv: Canvas, box: Box, y: int, game: GameModel, p: PlayerModel, changed: set[str]
) -> None:
    """Techs, Blueprints, Scientists, Contracts and Goals, one line each."""
    x0, x1 = box[0], box[2]
    x = _label(cv, (x0 + 10, y), "Techs") + 8
    tech_chips(cv, game, p, (x, y), x1 - 8)
    if "techs" in changed:
        changed_mark(cv, (x0 + 10, y - 10, x - 8, y + 10))
    y += 30
    x = _label(cv, (x0 + 10, y), "Blueprints", "blueprints" in changed) + 8
    if p.blueprints:
        blueprint_chips(cv, p, (x, y), x1 - 8)
    else:
        cv.text((x, y), "—", 14, fill=pal.FAINT, anchor="lm")
    y += 28
    x = _label(cv, (x0 + 10, y), "Scientists", "scientists" in changed) + 8
    names = ", ".join(scientist_title(s)[0] for s in p.scientists) or "—"
    ink = pal.INK if p.scientists else pal.FAINT
    cv.text((x, y), names, 14, anchor="lm", max_width=x1 - x - 10, fill=ink)
    y += 24
    x = _label(cv, (x0 + 10, y), "Contracts", "contracts" in changed) + 8
    for cid, _, items in p.contracts:
        x = contract_chip(cv, (x, y), cid, items, x1 - 8) + 12
    if not p.contracts:
        cv.text((x, y), "—", 14, fill=pal.FAINT, anchor="lm")
    y += 24
    x = _label(cv, (x0 + 10, y), "Goals") + 8
    goal = f"{p.goals_held} held" + (" · 1 done" if p.goal_done else "")
    goal += f" · progress {len(p.progress)}"
    goal += f" · research {len(p.research)}" if p.research else ""
    cv.text((x, y), goal, 14, anchor="lm", max_width=x1 - x - 10)


def _ord(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
