"""One player's department in detail, for /me and /board player:@someone (from view(seat)).

Layout, 1400 px wide: a header (who, department, VP, resources, the week); the factory with
every cube (left, large); the science grid and the department board (right); the staff rows
with the cost and bonus of each space and the side board (bottom left)."""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from imaging.algae import department, factory
from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.algae.public import status_line
from imaging.algae.style import TEAM_LABEL, bonus_chip
from imaging.kit import Box, Canvas, png_of
from imaging.kit import palette as pal

WIDTH, HEIGHT = 1400, 940
M = 16
FACTORY_BOX = (M, 124, 860, 560)
STAFF_BOX = (M, 572, 860, HEIGHT - M)
GRID_BOX = (872, 124, WIDTH - M, 470)
BOARD_BOX = (872, 482, WIDTH - M, HEIGHT - M)


def _header(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    s = pal.seat(p.seat)
    with cv.panel("header", (0, 0, WIDTH, 116)):
        cv.icon(s.shape, (M + 30, 42), 56, s.colour, p.name[:1].upper())
        vb = cv.text(
            (WIDTH - M - 6, 40), str(p.vp), 48, fill=pal.FRAME_INK, bold=True, anchor="rm", key=True
        )
        cv.icon("star", (vb[0] - 24, 40), 36, pal.VP)
        cv.text(
            (M + 70, 40),
            f"{p.name} · {p.dept_title}",
            40,
            fill=pal.FRAME_INK,
            bold=True,
            anchor="lm",
            max_width=vb[0] - 60 - (M + 70) - 420,
            key=True,
        )
        cv.text(
            (vb[0] - 56, 40),
            status_line(game),
            24,
            fill=pal.FRAME_MUTED,
            anchor="rm",
            max_width=400,
        )
        x = M + 8
        y = 94
        for icon, colour, value, label in (
            ("coin", pal.MONEY, p.money, "money"),
            ("bolt", pal.ENERGY, p.energy, "energy"),
            ("flask", pal.SCIENCE, p.science, "science"),
            ("token", (70, 120, 190), p.tokens.get("choice", 0), "choice"),
            ("token", (150, 70, 160), p.tokens.get("wild", 0), "wild"),
            ("person", (120, 120, 130), p.tokens.get("freelance", 0), "freelance"),
            ("token", pal.GOOD, p.tokens.get("value", 0), "value +1"),
        ):
            letter = {"choice": "C", "wild": "W", "freelance": "F", "value +1": "+"}.get(label, "")
            right = cv.icon_value(icon, (x, y), value, 28, colour, ink=pal.FRAME_INK, letter=letter)
            right = cv.text((right + 5, y + 2), label, 15, fill=pal.FRAME_MUTED, anchor="lm")[2]
            x = right + 26


def _staff_and_side(cv: Canvas, box: Box, p: PlayerModel) -> None:
    cv.card(box)
    seat = pal.seat(p.seat)
    with cv.panel("staff", box):
        cv.text((box[0] + 14, box[1] + 10), "Staff", 20, bold=True)
        x0 = box[0] + 130
        col = 58
        for k, cost in enumerate(D.STAFF_COST):
            cv.text(
                (x0 + (k + 1) * col + col / 2, box[1] + 22),
                f"€{cost}",
                13,
                fill=pal.MUTED,
                anchor="mm",
            )
        for r, team in enumerate(D.TEAMS):
            y = box[1] + 56 + r * 44
            up = " ⁺" if p.upgrades.get(team) else ""
            cv.text(
                (box[0] + 14, y), TEAM_LABEL[team] + up, 16, bold=True, anchor="lm", max_width=110
            )
            n = p.staff.get(team, 1)
            for k in range(len(D.STAFF_ROWS[team]) + 1):
                cx = x0 + k * col + col / 2
                b = (round(cx - col / 2 + 3), y - 20, round(cx + col / 2 - 3), y + 20)
                cv.draw.rounded_rectangle(
                    b, radius=5, fill=pal.WHITE if k >= n else seat.light, outline=pal.FAINT
                )
                if k < n:
                    cv.icon("person", (cx, y), 30, (60, 66, 80))
                elif k >= 1:
                    bonus, vp = D.STAFF_ROWS[team][k - 1]
                    if bonus:
                        bonus_chip(cv, (b[0] + 3, y - 7), bonus, 20)
                    if vp:
                        bonus_chip(cv, (b[0] + 24, y + 10), f"vp{vp}", 15)
            cv.text(
                (x0 + 6 * col + 14, y),
                f"income {p.income.get(team, n)}",
                13,
                fill=pal.MUTED,
                anchor="lm",
            )
        # side board
        y = box[1] + 196
        cv.draw.line((box[0] + 10, y - 14, box[2] - 10, y - 14), fill=pal.PAPER_ALT, width=2)
        cv.text((box[0] + 14, y), "Side board", 20, bold=True, anchor="lm")
        cv.text(
            (box[0] + 140, y),
            f"{len(p.cities)} cities"
            + (": " + ", ".join(c.title() for c in p.cities) if p.cities else ""),
            14,
            anchor="lm",
            max_width=box[2] - box[0] - 154,
        )
        y += 36
        cv.text((box[0] + 14, y), "Disks", 14, fill=pal.MUTED, anchor="lm")
        for k in range(D.DISKS):
            cx = box[0] + 80 + k * 24
            if k >= D.DISKS - p.disks:
                cv.icon("disk", (cx, y), 22, seat.colour)
            else:
                cv.draw.ellipse((cx - 8, y - 6, cx + 8, y + 6), outline=pal.FAINT, width=2)
        y += 30
        cv.text((box[0] + 14, y), "Markers", 14, fill=pal.MUTED, anchor="lm")
        for k in range(D.MARKERS):
            cx = box[0] + 80 + k * 24
            if k >= D.MARKERS - p.markers:
                cv.icon("diamond", (cx, y), 20, seat.colour)
            else:
                cv.draw.ellipse((cx - 6, y - 6, cx + 6, y + 6), outline=pal.FAINT, width=2)
        tx = box[0] + 440
        cv.text((tx, y - 30), "Export/2× tiles", 14, fill=pal.MUTED, anchor="lm")
        for k, (tid, state) in enumerate(p.x_tiles.items()):
            b = (tx + k * 72, y - 14, tx + k * 72 + 64, y + 16)
            fill = {"ready": pal.GOOD, "used": pal.PAPER}.get(state, pal.PAPER_ALT)
            cv.draw.rounded_rectangle(b, radius=5, fill=fill, outline=pal.PAPER_EDGE)
            with cv.panel(f"x-{tid}", b):
                label = {"ready": "2× ready", "used": "used"}.get(state, f"{tid} locked")
                cv.text(
                    ((b[0] + b[2]) / 2, y + 1),
                    label,
                    12,
                    bold=True,
                    fill=pal.WHITE if state == "ready" else pal.MUTED,
                    anchor="mm",
                    max_width=60,
                )
        y += 34
        contract = D.CONTRACTS.get(p.contract)
        text = (
            f"Contract {p.contract}: {contract[0]}"
            if contract
            else f"Contract: {p.contract or '—'}"
        )
        cv.text(
            (box[0] + 14, y),
            text + ("  ✓ done" if p.contract_done else ""),
            14,
            anchor="lm",
            max_width=box[2] - box[0] - 28,
        )


def draw_player(view: dict[str, Any], seat: int | None = None) -> Canvas:
    game = read_game(view)
    if seat is None:
        seat = view.get("seat") if isinstance(view.get("seat"), int) else view.get("you", 0)
    seat = seat if isinstance(seat, int) and 0 <= seat < len(game.players) else 0
    p = game.players[seat]
    cv = Canvas.new(WIDTH, HEIGHT, pal.FRAME)
    _header(cv, game, p)
    factory.draw_factory(cv, FACTORY_BOX, p)
    _staff_and_side(cv, STAFF_BOX, p)
    department.draw_grid(cv, GRID_BOX, p)
    department.draw_board(cv, BOARD_BOX, p)
    return cv


render_player = png_of(draw_player)
