"""One player's department in detail, for /me and /board player:@someone (from view(seat)).

Layout, 1400 px wide: a header (who, department, VP, resources, the week); the factory with
every cube (left, large); the science grid and the department board (right); the staff rows
with the cost and bonus of each space and the side board (bottom left)."""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from imaging.algae import department, factory
from imaging.algae.legend import TOKENS
from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.algae.panels import TOKEN_LOOK
from imaging.algae.public import status_line
from imaging.algae.style import TEAM_LABEL, bonus_chip
from imaging.kit import Box, Canvas, png_of
from imaging.kit import palette as pal
from imaging.kit.header import Title, player_title
from imaging.kit.words import plural

WIDTH, HEIGHT = 1400, 940
M = 16
FACTORY_BOX = (M, 124, 860, 560)
STAFF_BOX = (M, 572, 860, HEIGHT - M)
GRID_BOX = (872, 124, WIDTH - M, 470)
BOARD_BOX = (872, 482, WIDTH - M, HEIGHT - M)


def _header(cv: Canvas, game: GameModel, p: PlayerModel) -> None:
    with cv.panel("header", (0, 0, WIDTH, 116)):
        title = f"{p.name} · {p.dept_title}"
        initial = p.name[:1].upper()
        t = Title(p.seat, initial, p.vp, title, status_line(game), 420, 24, status_w=400)
        player_title(cv, t, width=WIDTH, margin=M)
        _holdings(cv, p)


def _holdings(cv: Canvas, p: PlayerModel) -> None:
    """Money, energy and science, then the tokens held (as the panels show them)."""
    x, y = M + 8, 94
    resources = [
        ("coin", pal.MONEY, p.money, "", "money"),
        ("bolt", pal.ENERGY, p.energy, "", "energy"),
        ("flask", pal.SCIENCE, p.science, "", "science"),
    ]
    tokens = [
        ("person" if key == "freelance" else "token", colour, p.tokens[key], letter, TOKENS[key])
        for key, letter, colour in TOKEN_LOOK
        if p.tokens.get(key)
    ]
    for icon, colour, value, letter, label in resources + tokens:
        right = cv.icon_value(icon, (x, y), value, 28, colour, ink=pal.FRAME_INK, letter=letter)
        right = cv.text((right + 5, y + 2), label, 15, fill=pal.FRAME_MUTED, anchor="lm")[2]
        x = right + 26


def _staff_and_side(cv: Canvas, box: Box, p: PlayerModel) -> None:
    cv.card(box)
    with cv.panel("staff", box):
        _staff(cv, box, p)
        _side_board(cv, box, p)


STAFF_COL = 58


def _staff(cv: Canvas, box: Box, p: PlayerModel) -> None:
    """The staff rows: the hiring costs on top, then per team the staff hired and the
    bonus (and VP) each next hire gives, and the team's income."""
    cv.text((box[0] + 14, box[1] + 10), "Staff", 20, bold=True)
    x0, col = box[0] + 130, STAFF_COL
    for k, cost in enumerate(D.STAFF_COST):
        xy = (x0 + (k + 1) * col + col / 2, box[1] + 22)
        cv.text(xy, f"€{cost}", 13, fill=pal.MUTED, anchor="mm")
    for r, team in enumerate(D.TEAMS):
        y = box[1] + 56 + r * 44
        label = TEAM_LABEL[team] + (" ⁺" if p.upgrades.get(team) else "")
        cv.text((box[0] + 14, y), label, 16, bold=True, anchor="lm", max_width=110)
        n = p.staff.get(team, 1)
        for k in range(len(D.STAFF_ROWS[team]) + 1):
            _staff_place(cv, p, team, k, (x0 + k * col + col / 2, y))
        income = f"income {p.income.get(team, n)}"
        cv.text((x0 + 6 * col + 14, y), income, 13, fill=pal.MUTED, anchor="lm")


def _staff_place(
    cv: Canvas, p: PlayerModel, team: str, k: int, centre: tuple[float, float]
) -> None:
    """Place ``k`` of a staff row: a hired person, or the bonus its hire gives."""
    cx, y = centre
    half = STAFF_COL / 2
    b = (round(cx - half + 3), round(y) - 20, round(cx + half - 3), round(y) + 20)
    hired = k < p.staff.get(team, 1)
    fill = pal.seat(p.seat).light if hired else pal.WHITE
    cv.draw.rounded_rectangle(b, radius=5, fill=fill, outline=pal.FAINT)
    if hired:
        cv.icon("person", (cx, y), 30, (60, 66, 80))
    elif k >= 1:
        bonus, vp = D.STAFF_ROWS[team][k - 1]
        if bonus:
            bonus_chip(cv, (b[0] + 3, y - 7), bonus, 20)
        if vp:
            bonus_chip(cv, (b[0] + 24, y + 10), f"vp{vp}", 15)


def _side_board(cv: Canvas, box: Box, p: PlayerModel) -> None:
    """Cities reached, disks and markers left, the export/2× tiles, the contract."""
    y = box[1] + 196
    cv.draw.line((box[0] + 10, y - 14, box[2] - 10, y - 14), fill=pal.PAPER_ALT, width=2)
    cv.text((box[0] + 14, y), "Side board", 20, bold=True, anchor="lm")
    reached = ": " + ", ".join(c.title() for c in p.cities) if p.cities else ""
    text = plural(len(p.cities), "city") + reached
    cv.text((box[0] + 140, y), text, 14, anchor="lm", max_width=box[2] - box[0] - 154)
    y += 36
    _pieces_left(cv, (box[0], y), "Disks", D.DISKS, p.disks, ("disk", 22, 8), p.seat)
    y += 30
    _pieces_left(cv, (box[0], y), "Markers", D.MARKERS, p.markers, ("diamond", 20, 6), p.seat)
    _x_tiles(cv, (box[0] + 440, y), p)
    y += 34
    contract = D.CONTRACTS.get(p.contract)
    text = f"Contract {p.contract}: {contract[0]}" if contract else f"Contract: {p.contract or '—'}"
    text += "  ✓ done" if p.contract_done else ""
    cv.text((box[0] + 14, y), text, 14, anchor="lm", max_width=box[2] - box[0] - 28)


def _pieces_left(
    cv: Canvas,
    xy: tuple[int, int],
    label: str,
    total: int,
    left: int,
    look: tuple[str, int, int],
    seat: int,
) -> None:
    """A row of ``total`` places, the last ``left`` holding a piece (``look``: icon, its
    size, the empty place's half width)."""
    x, y = xy
    icon, size, half = look
    cv.text((x + 14, y), label, 14, fill=pal.MUTED, anchor="lm")
    for k in range(total):
        cx = x + 80 + k * 24
        if k >= total - left:
            cv.icon(icon, (cx, y), size, pal.seat(seat).colour)
        else:
            cv.draw.ellipse((cx - half, y - 6, cx + half, y + 6), outline=pal.FAINT, width=2)


def _x_tiles(cv: Canvas, xy: tuple[int, int], p: PlayerModel) -> None:
    """The export/2× tiles: locked (their name), ready or used."""
    tx, y = xy
    cv.text((tx, y - 30), "Export/2× tiles", 14, fill=pal.MUTED, anchor="lm")
    for k, (tid, state) in enumerate(p.x_tiles.items()):
        b = (tx + k * 72, y - 14, tx + k * 72 + 64, y + 16)
        fill = {"ready": pal.GOOD, "used": pal.PAPER}.get(state, pal.PAPER_ALT)
        cv.draw.rounded_rectangle(b, radius=5, fill=fill, outline=pal.PAPER_EDGE)
        with cv.panel(f"x-{tid}", b):
            label = {"ready": "2× ready", "used": "used"}.get(state, f"{tid} locked")
            ink = pal.WHITE if state == "ready" else pal.MUTED
            xy_mid = ((b[0] + b[2]) / 2, y + 1)
            cv.text(xy_mid, label, 12, bold=True, fill=ink, anchor="mm", max_width=60)


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
