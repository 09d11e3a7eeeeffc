"""One player's On Mars board in detail, for /me and /board player:@someone (from
``view(seat)``; private goals appear only when the view is that seat's own).

Layout, 1400 px wide: a header (who, side, OP, round and level, to act); left: supplies
(resources, crystals in the depot and below, goal crystals), the depot with its Executive
action slots (open or still under a Ship), colonists and ships, pieces on Mars; right: Techs
with level bars, Blueprints, Scientists and Contracts, private goals and progress cubes.
"""

from __future__ import annotations

from typing import Any

from imaging.kit import Box, Canvas, png_of
from imaging.kit import palette as pal
from imaging.kit.header import Title, player_title
from imaging.mars.model import (
    EXEC_TITLE,
    LQ_LADDER,
    PROGRESS_TYPES,
    TECH_MAX,
    TECH_TITLE,
    GameModel,
    PlayerModel,
    blueprint_parts,
    card_title,
    goal_text,
    read_game,
)
from imaging.mars.panels import contract_chip
from imaging.mars.public import status_line
from imaging.mars.style import ITEM_TITLE, SIDE_TITLE, building_look, item_chip, tech_look

WIDTH, HEIGHT = 1400, 930
M = 16
TOP = 124
LEFT = (M, 692)
RIGHT = (704, WIDTH - M)
SUPPLY_BOX = (LEFT[0], TOP, LEFT[1], 260)
DEPOT_BOX = (LEFT[0], 272, LEFT[1], 560)
PEOPLE_BOX = (LEFT[0], 572, LEFT[1], HEIGHT - M)
TECH_BOX = (RIGHT[0], TOP, RIGHT[1], 340)
CARDS_BOX = (RIGHT[0], 352, RIGHT[1], 690)
GOALS_BOX = (RIGHT[0], 702, RIGHT[1], HEIGHT - M)


def _card(cv: Canvas, box: Box, title: str) -> None:
    cv.card(box)
    cv.text(
        (box[0] + 12, box[1] + 8),
        title,
        16,
        fill=pal.MUTED,
        bold=True,
        max_width=box[2] - box[0] - 24,
    )


def _header(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    with cv.panel("header", (0, 0, WIDTH, TOP - 8)):
        side = SIDE_TITLE.get(p.side, p.side.title())
        title = f"{p.name} · {side} side"
        t = Title(p.seat, p.initial, p.op, title, status_line(game), 300, 22)
        player_title(cv, t, width=WIDTH, margin=M)
        if p.seat in game.to_act and not game.over:
            cv.text((M + 70, 90), "▶ To act now", 24, fill=pal.HIGHLIGHT, bold=True, anchor="lm")
        if game.you is not None and game.you != p.seat:
            cv.text(
                (WIDTH - M - 6, 90),
                "public view: goals hidden",
                18,
                fill=pal.FRAME_MUTED,
                anchor="rm",
            )


def _supplies(cv: Canvas, p: PlayerModel) -> None:
    x0, y0, x1, _ = SUPPLY_BOX
    with cv.panel("supplies", SUPPLY_BOX):
        _card(cv, SUPPLY_BOX, "SUPPLIES")
        x = x0 + 14
        for res, n in p.resources.items():
            cv.text(
                (x + 40, y0 + 88), ITEM_TITLE[res], 13, fill=pal.MUTED, anchor="mm", max_width=92
            )
            item_chip(cv, (x + 4, y0 + 56), res, n, 36, faint=n == 0, max_width=90)
            x += 104
        y = y0 + 114
        r = item_chip(cv, (x0 + 14, y), "crystal", p.depot, 26)
        r = cv.text((r + 8, y), f"in the depot · {p.below} below the ships", 16, anchor="lm")[2]
        cv.text(
            (r + 16, y),
            f"goal crystals {p.goal_crystals}",
            16,
            fill=pal.MUTED,
            anchor="lm",
            max_width=x1 - r - 30,
        )


def _depot(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    x0, y0, x1, y1 = DEPOT_BOX
    rows = sorted(game.exec_rows, key=lambda r: -r[0])
    with cv.panel("depot", DEPOT_BOX):
        _card(cv, DEPOT_BOX, f"DEPOT · {p.depot_slots} slots open · Executive actions")
        row = (y1 - y0 - 44) / max(1, len(rows))
        for i, (slot, action, cost) in enumerate(rows):
            y = y0 + 38 + i * row
            cy = y + row / 2
            open_ = slot <= p.depot_slots
            cv.draw.rounded_rectangle(
                (x0 + 10, y + 2, x1 - 10, y + row - 2),
                radius=6,
                fill=pal.PAPER_ALT if open_ else (214, 214, 220),
                outline=pal.FAINT,
            )
            cv.text((x0 + 22, cy), str(slot), 16, bold=True, anchor="lm")
            ink = pal.INK if open_ else pal.MUTED
            cv.text(
                (x0 + 48, cy),
                EXEC_TITLE.get(action, action),
                16,
                fill=ink,
                anchor="lm",
                max_width=330,
            )
            item_chip(cv, (x0 + 390, cy), "crystal", cost, 18)
            state = "open" if open_ else "under a Ship"
            cv.text(
                (x1 - 20, cy),
                state,
                15,
                fill=pal.GOOD if open_ else pal.MUTED,
                bold=open_,
                anchor="rm",
            )


def _people(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    x0, y0, x1, _ = PEOPLE_BOX
    seat = pal.seat(p.seat)
    with cv.panel("people", PEOPLE_BOX):
        _card(cv, PEOPLE_BOX, "COLONISTS · SHIPS · PIECES")
        y = y0 + 50
        r = item_chip(cv, (x0 + 14, y), "colonist", f"{p.living_quarters} in Living Quarters", 26)
        item_chip(
            cv,
            (r + 20, y),
            "working",
            f"{p.working_area} in the Working Area",
            26,
            max_width=x1 - r - 40,
        )
        y += 48
        cv.text((x0 + 14, y), f"Colonists gained {p.colonists_gained}", 16, bold=True, anchor="lm")
        counted = p.living_quarters if game.lq_in else p.colonists_gained
        cv.text(
            (x0 + 200, y - 22),
            "Living Quarters at the end: colonists "
            + ("there" if game.lq_in else "gained")
            + " → OP",
            12,
            fill=pal.MUTED,
            anchor="lm",
        )
        x = x0 + 200
        for n, op in zip(game.lq_steps, LQ_LADDER[1:], strict=False):
            reached = counted >= n
            cell = (x, y - 14, x + 64, y + 14)
            cv.draw.rounded_rectangle(
                cell,
                radius=6,
                fill=(210, 236, 220) if reached else pal.PAPER_ALT,
                outline=pal.GOOD if reached else pal.FAINT,
            )
            cv.text((x + 32, y), f"{n}: {op} OP", 14, bold=reached, anchor="mm", max_width=60)
            x += 70
        y += 40
        cv.text(
            (x0 + 14, y),
            f"Ships: {p.ships} on the depot · {p.hangar} in the hangar",
            16,
            anchor="lm",
        )
        y += 34
        cv.icon(seat.shape, (x0 + 24, y), 20, seat.colour)
        bots = ", ".join(p.bots) or "none placed"
        cv.text(
            (x0 + 40, y), f"Bots ({len(p.bots)}): {bots}", 16, anchor="lm", max_width=x1 - x0 - 60
        )
        y += 30
        cv.icon(seat.shape, (x0 + 24, y), 22, seat.colour, "R")
        cv.text(
            (x0 + 40, y),
            f"Rover at {p.rover or '—'} · Shelters left {p.shelters_left}",
            16,
            anchor="lm",
            max_width=x1 - x0 - 60,
        )
        y += 34
        owned: dict[str, int] = {}
        for h in game.hexes:
            if h.building and h.building.owner == p.seat:
                owned[h.building.type] = owned.get(h.building.type, 0) + 1
        x = cv.text((x0 + 14, y), "Buildings:", 16, bold=True, anchor="lm")[2] + 10
        for kind, n in owned.items():
            colour, letter, _ = building_look(kind)
            cv.icon("square", (x + 11, y), 22, colour, letter)
            x = cv.text((x + 26, y), f"×{n}", 16, bold=True, anchor="lm")[2] + 14
        if not owned:
            cv.text((x, y), "none yet", 16, fill=pal.MUTED, anchor="lm")


def _techs(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    x0, y0, x1, y1 = TECH_BOX
    with cv.panel("techs", TECH_BOX):
        _card(cv, TECH_BOX, "TECHS")
        techs = [game.techs[t] for t in p.techs if t in game.techs]
        if not techs:
            cv.text((x0 + 14, y0 + 50), "no Techs yet", 16, fill=pal.MUTED, anchor="lm")
        per_col = 5
        col_w = (x1 - x0 - 20) // 2
        for i, t in enumerate(techs[: per_col * 2]):
            col, row = divmod(i, per_col)
            x, y = x0 + 12 + col * col_w, y0 + 50 + row * 36
            icon, colour, letter = tech_look(t.type)
            cv.icon(icon, (x + 14, y), 28, colour, letter)
            cv.text(
                (x + 34, y),
                TECH_TITLE.get(t.type, t.type.title()),
                16,
                bold=True,
                anchor="lm",
                max_width=140,
            )
            for lvl in range(1, TECH_MAX + 1):
                bx = x + 180 + (lvl - 1) * 32
                on = lvl <= t.level
                cv.draw.rounded_rectangle(
                    (bx, y - 11, bx + 28, y + 11),
                    radius=4,
                    fill=pal.INK if on else pal.PAPER_ALT,
                    outline=pal.FAINT,
                )
                cv.text(
                    (bx + 14, y),
                    str(lvl),
                    13,
                    fill=pal.WHITE if on else pal.MUTED,
                    bold=True,
                    anchor="mm",
                )
        del y1


def _cards(cv: Canvas, p: PlayerModel) -> None:
    x0, y0, x1, y1 = CARDS_BOX
    with cv.panel("cards", CARDS_BOX):
        _card(cv, CARDS_BOX, "BLUEPRINTS · SCIENTISTS · CONTRACTS")
        y = y0 + 46
        for bp in p.blueprints:
            kind, code = blueprint_parts(bp)
            colour, letter, label = building_look(kind)
            cv.icon("square", (x0 + 26, y), 26, colour, letter)
            done = " · built ✓" if bp in p.built else " · not built yet"
            title = f"{p.bp_names[bp]} ({label} {code})" if bp in p.bp_names else f"{label} {code}"
            cv.text(
                (x0 + 46, y),
                f"{title}{done}",
                16,
                bold=True,
                anchor="lm",
                max_width=x1 - x0 - 60,
            )
            y += 32
        if not p.blueprints:
            cv.text((x0 + 14, y), "no Blueprints", 16, fill=pal.MUTED, anchor="lm")
            y += 32
        for sid in p.scientists:
            title, detail = card_title(sid)
            cv.icon("person", (x0 + 26, y), 26, (120, 90, 160))
            tb = cv.text((x0 + 46, y), title, 16, bold=True, anchor="lm", max_width=200)
            cv.text(
                (tb[2] + 10, y), detail, 15, fill=pal.MUTED, anchor="lm", max_width=x1 - tb[2] - 24
            )
            y += 32
            if y > y1 - 70:
                break
        for cid, text, items in p.contracts:
            cv.icon("square", (x0 + 26, y), 26, (80, 120, 140), "C")
            r = contract_chip(cv, (x0 + 46, y), cid, items, x0 + 260, 20)
            cv.text((r + 10, y), text, 15, fill=pal.MUTED, anchor="lm", max_width=x1 - r - 24)
            y += 32


def _goals(cv: Canvas, p: PlayerModel) -> None:
    x0, y0, x1, _ = GOALS_BOX
    with cv.panel("goals", GOALS_BOX):
        _card(cv, GOALS_BOX, "PRIVATE GOALS · PROGRESS")
        y = y0 + 44
        if p.goals is not None:
            for g in p.goals[:3]:
                cv.text((x0 + 14, y), "◇ " + goal_text(g), 17, anchor="lm", max_width=x1 - x0 - 28)
                y += 26
            if not p.goals:
                cv.text((x0 + 14, y), "no goals in hand", 16, fill=pal.MUTED, anchor="lm")
                y += 26
        else:
            cv.text(
                (x0 + 14, y), f"{p.goals_held} goals held (hidden)", 16, fill=pal.MUTED, anchor="lm"
            )
            y += 26
        if p.goal_done:
            cv.text(
                (x0 + 14, y),
                "✓ done: " + goal_text(p.goal_done),
                17,
                fill=pal.GOOD,
                bold=True,
                anchor="lm",
                max_width=x1 - x0 - 28,
            )
            y += 26
        y = max(y, y0 + 44 + 3 * 26) + 6
        x = cv.text((x0 + 14, y), "Progress cubes moved:", 15, bold=True, anchor="lm")[2] + 10
        for kind in PROGRESS_TYPES:
            colour, letter, _ = building_look(kind)
            moved = kind in p.progress
            cv.icon("cube", (x + 11, y), 22, colour if moved else pal.FAINT, letter)
            x += 28
        if p.research:
            cv.text(
                (x + 16, y),
                f"Research tiles {len(p.research)}",
                15,
                anchor="lm",
                max_width=x1 - x - 30,
            )


def draw_player(view: dict[str, Any], seat: int | None = None) -> Canvas:
    game = read_game(view)
    who = seat if seat is not None else game.you
    p = game.player(who) or (game.players[0] if game.players else None)
    cv = Canvas.new(WIDTH, HEIGHT, pal.FRAME)
    if p is None:
        return cv
    _header(cv, game, p)
    _supplies(cv, p)
    _depot(cv, game, p)
    _people(cv, game, p)
    _techs(cv, game, p)
    _cards(cv, p)
    _goals(cv, p)
    return cv


render_player = png_of(draw_player)
