"""The Orbit boards of the public picture: the tech grid and the laboratory (Techs by level
with their owners), the Blueprint display and the Scientist / Earth Contract display, plus the
building stacks with their current cost."""

from __future__ import annotations

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.mars.model import GameModel, blueprint_action, blueprint_parts, card_title
from imaging.mars.style import TECH_SHORT, building_look, item_chip, tech_look

LAB_LEVELS = (1, 2, 3, 4)


def _title(cv: Canvas, xy: tuple[int, int], text: str, width: int = 240) -> None:
    cv.text(xy, text, 16, fill=pal.MUTED, bold=True, max_width=width)


# -------------------------------------------------------------- tech grid and lab
def tech_static(cv: Canvas, box: Box, lab_op: dict[int, int]) -> None:
    x0, y0, x1, y1 = box
    cv.card(box)
    with cv.panel("tech", box):
        _title(cv, (x0 + 12, y0 + 8), "TECH GRID (cost to learn)")
        lab_x = x0 + 12
        _title(cv, (lab_x, y0 + 82), "LABORATORY (developed Techs)")
        w = (x1 - x0 - 24) // len(LAB_LEVELS)
        for i, lvl in enumerate(LAB_LEVELS):
            cx = lab_x + i * w
            cv.draw.rounded_rectangle(
                (cx, y0 + 102, cx + w - 6, y1 - 8), radius=6, fill=pal.PAPER_ALT
            )
            cv.text(
                (cx + 6, y0 + 114), f"Level {lvl}", 14, bold=True, anchor="lm", max_width=w - 60
            )
            op = lab_op.get(lvl, 0)
            cv.text(
                (cx + w - 12, y0 + 114),
                f"{op} OP",
                14,
                fill=pal.VP,
                bold=True,
                anchor="rm",
                max_width=56,
            )


def cost_label(cost: dict[str, int]) -> str:
    """A Tech Grid space's cost as the picture's group label ("free", "1 battery + 1 any")."""
    parts = [f"{cost[k]} {word}" for k, word in COST_WORDS if cost.get(k)]
    return " + ".join(parts) or "free"


COST_WORDS = (("crystal", "crystal"), ("battery", "battery"), ("any", "any"))


def grid_groups(game: GameModel) -> list[tuple[str, list[str]]]:
    """The face-up Techs by what their space costs, cheapest first (rules 1: one free group)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for t in game.tech_grid:
        if t in game.techs:
            cost = game.tech_grid_price.get(t, {})
            key = tuple(cost.get(k, 0) for k, _ in COST_WORDS)
            groups.setdefault(key, []).append(game.techs[t].type)
    return [
        (cost_label(dict(zip((k for k, _ in COST_WORDS), key, strict=True))), kinds)
        for key, kinds in sorted(groups.items(), key=lambda kv: (sum(kv[0]), kv[0]))
    ]


GRID_LINES = 3  # lines of the Tech Grid panel above the Laboratory


def _named_lines(cv: Canvas, kinds: list[str], width: float) -> list[list[str]]:
    """``kinds`` packed into lines of named icons no wider than ``width``."""
    lines: list[list[str]] = [[]]
    used = 0.0
    for kind in kinds:
        w = 19 + cv.text_width(TECH_SHORT.get(kind, kind), 13) + 10
        if lines[-1] and used + w > width:
            lines.append([])
            used = 0.0
        lines[-1].append(kind)
        used += w
    return lines


def _icons(cv: Canvas, x: float, y: float, right: float, kinds: list[str]) -> None:
    """Icons alone, and "+N more" for those past ``right``."""
    for i, kind in enumerate(kinds):
        if x + 16 > right - (0 if i == len(kinds) - 1 else 56):
            cv.text((x, y), f"+{len(kinds) - i} more", 13, bold=True, anchor="lm")
            return
        icon, colour, letter = tech_look(kind)
        cv.icon(icon, (x + 8, y), 16, colour, letter)
        x += 22


def tech_dynamic(cv: Canvas, box: Box, game: GameModel) -> None:
    """The face-up Techs, one line per cost of their Tech Grid space ("free: Rover, Green"),
    a cost's names going on over spare lines, or icons alone when the lines run out."""
    x0, y0, x1, y1 = box
    with cv.panel("tech", box):
        groups = grid_groups(game)
        label_w = max((cv.text_width(c, 13, bold=True) for c, _ in groups), default=0)
        left, right = x0 + 14 + label_w + 10, x1 - 8
        packed = [_named_lines(cv, kinds, right - left) for _, kinds in groups]
        named = sum(len(lines) for lines in packed) <= GRID_LINES
        y = y0 + 36
        for (cost, kinds), lines in zip(groups, packed, strict=True):
            cv.text((x0 + 14, y), cost, 13, fill=pal.MUTED, bold=True, anchor="lm")
            if not named:
                _icons(cv, left, y, right, kinds)
                y += 17
                continue
            for line in lines:
                x = left
                for kind in line:
                    icon, colour, letter = tech_look(kind)
                    cv.icon(icon, (x + 8, y), 16, colour, letter)
                    x = cv.text((x + 19, y), TECH_SHORT.get(kind, kind), 13, anchor="lm")[2] + 10
                y += 17
        if not groups:
            cv.text((x0 + 14, y0 + 36), "empty", 13, fill=pal.MUTED, anchor="lm")
        w = (x1 - x0 - 24) // len(LAB_LEVELS)
        per_row = max(1, (w - 10) // 40)
        for i, lvl in enumerate(LAB_LEVELS):
            owned = [
                t
                for t in game.techs.values()
                if t.owner is not None and t.level == lvl and t.type != "shelter"
            ]
            cx = x0 + 12 + i * w
            for k, t in enumerate(owned):
                row, col = divmod(k, per_row)
                px, py = cx + 6 + col * 40, y0 + 136 + row * 25
                if py + 12 > y1 - 8:
                    cv.text((cx + w - 9, y1 - 18), f"+{len(owned) - k}", 13, bold=True, anchor="rm")
                    break
                icon, colour, letter = tech_look(t.type)
                cv.icon(icon, (px + 11, py), 22, colour, letter)
                s = pal.seat(t.owner)  # type: ignore[arg-type]
                cv.icon(s.shape, (px + 28, py + 4), 15, s.colour)


# ------------------------------------------------------ Blueprints and Scientists
def display_static(cv: Canvas, box: Box) -> None:
    x0, y0, x1, _ = box
    cv.card(box)
    with cv.panel("display", box):
        _title(cv, (x0 + 12, y0 + 8), "BLUEPRINTS")
        mid = x0 + (x1 - x0) // 2
        _title(cv, (mid + 6, y0 + 8), "SCIENTISTS & CONTRACTS")


def display_dynamic(cv: Canvas, box: Box, game: GameModel) -> None:
    x0, y0, x1, y1 = box
    mid = x0 + (x1 - x0) // 2
    with cv.panel("display", box):
        cv.text((mid - 12, y0 + 8), f"deck {game.bp_deck}", 14, fill=pal.MUTED, anchor="ra")
        row_h = max(20, min(26, (y1 - y0 - 40) // 6))
        if not game.bp_display:
            cv.text((x0 + 14, y0 + 46), "display empty", 14, fill=pal.MUTED, anchor="lm")
        y = y0 + 34
        kind: str | None  # a blueprint's building type; a card's kind (if any) below
        for bp, text in game.bp_display[:6]:
            kind, code = blueprint_parts(bp)
            colour, letter, _ = building_look(kind)
            cv.icon("square", (x0 + 24, y + row_h / 2), row_h - 2, colour, letter)
            cv.text((x0 + 40, y + row_h / 2), code, 15, bold=True, anchor="lm")
            cv.text(
                (x0 + 66, y + row_h / 2),
                blueprint_action(text),
                14,
                anchor="lm",
                max_width=mid - x0 - 80,
            )
            y += row_h
        y = y0 + 34
        for space, card, kind in game.display[:6]:
            cy = y + row_h / 2
            cv.text((mid + 8, cy), f"{space + 1}", 13, fill=pal.MUTED, anchor="lm")
            if card:
                title, detail = card_title(card)
                icon = "person" if kind == "scientist" else "square"
                cv.icon(
                    icon,
                    (mid + 32, cy),
                    row_h - 4,
                    (120, 90, 160) if kind == "scientist" else (80, 120, 140),
                    "" if kind == "scientist" else "C",
                )
                tb = cv.text((mid + 46, cy), title, 14, bold=True, anchor="lm", max_width=140)
                cv.text(
                    (tb[2] + 8, cy),
                    detail,
                    13,
                    fill=pal.MUTED,
                    anchor="lm",
                    max_width=x1 - tb[2] - 20,
                )
            else:
                cv.text((mid + 32, cy), "—", 14, fill=pal.FAINT, anchor="lm")
            y += row_h


# --------------------------------------------------------------- building stacks
def stacks_dynamic(cv: Canvas, box: Box, game: GameModel) -> None:
    """Tiles left per type and the current price (drawn into the tech card's header row)."""
    x0, y0, x1, _ = box
    with cv.panel("stacks", box):
        x, y = x0 + 8, y0 + 14
        for kind, (item, n) in game.building_cost.items():
            if x > x1 - 140:
                x, y = x0 + 8, y + 32
            colour, letter, _ = building_look(kind)
            left = game.building_tiles.get(kind)
            cv.icon("square", (x + 11, y), 22, colour, letter)
            label = f"×{left}" if left is not None else ""
            r = cv.text((x + 24, y), label, 14, bold=True, anchor="lm")[2] if label else x + 24
            x = item_chip(cv, (r + 4, y), item, n, 16) + 20
