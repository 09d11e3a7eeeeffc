"""The compact player panel of the public board: who, side (Orbit/Colony), OP, resources,
depot crystals (+ below), colonists (living quarters / working area), ships, bots, Techs with
levels, Blueprints, Scientists, Contracts and goals held. Fields that changed last turn get
the magenta underline mark."""

from __future__ import annotations

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
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
    changed_mark,
    item_chip,
    tech_look,
)

HEADER_H = 48


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
    seat = pal.seat(p.seat)
    x0, y0, x1, y1 = box
    cv.card(box, outline=pal.HIGHLIGHT if acting else seat.colour, width=5 if acting else 3)
    cv.draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + HEADER_H), radius=8, fill=seat.light)
    with cv.panel(f"panel{p.seat}", box):
        cv.icon(seat.shape, (x0 + 26, y0 + 26), 34, seat.colour, p.initial)
        op = cv.text((x1 - 12, y0 + 26), str(p.op), 30, bold=True, anchor="rm")
        cv.icon("star", (op[0] - 16, y0 + 26), 24, pal.VP)
        if "op" in changed:
            changed_mark(cv, (op[0] - 28, op[1], op[2], op[3]))
        name_w = op[0] - 32 - (x0 + 48)
        cv.text(
            (x0 + 48, y0 + 16),
            ("▶ " if acting else "") + p.name,
            20,
            bold=True,
            anchor="lm",
            max_width=name_w,
        )
        place = game.order.index(p.seat) + 1 if p.seat in game.order else 0
        side = SIDE_TITLE.get(p.side, p.side.title())
        sub = f"{side} side" + (f" · {place}{_ord(place)} in turn order" if place else "")
        sb = cv.text((x0 + 48, y0 + 38), sub, 14, fill=pal.MUTED, anchor="lm", max_width=name_w)
        if "side" in changed:
            changed_mark(cv, (sb[0], sb[1], min(sb[0] + 90, sb[2]), sb[3] - 2))

        # resources and crystals
        y = y0 + HEADER_H + 20
        x = x0 + 10
        for res, n in p.resources.items():
            right = item_chip(cv, (x, y), res, n, 22, faint=n == 0)
            if f"res.{res}" in changed:
                changed_mark(cv, (x, y - 11, right, y + 11))
            x = right + (16 if f"res.{res}" in changed else 10)
        right = item_chip(cv, (x, y), "crystal", p.depot, 22)
        if p.below:
            right = cv.text(
                (right + 2, y),
                f"+{p.below}",
                14,
                fill=pal.MUTED,
                bold=True,
                anchor="lm",
                max_width=x1 - right - 8,
            )[2]
        if "depot" in changed:
            changed_mark(cv, (x, y - 11, right, y + 11))

        # colonists, ships, bots
        y += 32
        x = _label(cv, (x0 + 10, y), "Colonists") + 6
        x = item_chip(cv, (x, y), "colonist", f"{p.living_quarters} LQ", 20) + 6
        x = item_chip(cv, (x, y), "working", f"{p.working_area} WA", 20) + 6
        if "colonists" in changed:
            changed_mark(cv, (x0 + 70, y - 10, x - 6, y + 10))
        x = cv.text(
            (x + 4, y),
            f"gained {p.colonists_gained}",
            13,
            fill=pal.MUTED,
            anchor="lm",
            max_width=x1 - x - 12,
        )[2]
        y += 28
        x = _label(cv, (x0 + 10, y), "Ships", "ships" in changed) + 6
        x = (
            cv.text((x, y), f"{p.ships} depot · {p.hangar} hangar", 14, bold=True, anchor="lm")[2]
            + 14
        )
        x = _label(cv, (x, y), "Bots", "bots" in changed) + 6
        cv.icon(seat.shape, (x + 8, y), 16, seat.colour)
        x = cv.text((x + 20, y), f"{len(p.bots)}", 14, bold=True, anchor="lm")[2] + 14
        x = _label(cv, (x, y), "Shelters left") + 6
        cv.text((x, y), str(p.shelters_left), 14, bold=True, anchor="lm", max_width=x1 - x - 8)

        # techs, blueprints
        y += 30
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
        cv.text(
            (x, y),
            names,
            14,
            anchor="lm",
            max_width=x1 - x - 10,
            fill=pal.INK if p.scientists else pal.FAINT,
        )
        y += 24
        x = _label(cv, (x0 + 10, y), "Contracts", "contracts" in changed) + 8
        for cid, _, items in p.contracts:
            x = contract_chip(cv, (x, y), cid, items, x1 - 8) + 12
        if not p.contracts:
            cv.text((x, y), "—", 14, fill=pal.FAINT, anchor="lm")
        y += 24
        x = _label(cv, (x0 + 10, y), "Goals") + 8
        goal = f"{p.goals_held} held" + (" · 1 done" if p.goal_done else "")
        goal += f" · progress {len(p.progress)}" + (
            f" · research {len(p.research)}" if p.research else ""
        )
        cv.text((x, y), goal, 14, anchor="lm", max_width=x1 - x - 10)
        del y1


def _ord(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
