"""The public On Mars board, posted after every turn (from ``view(None)``).

Layout, 1600 px wide: a header on the dark frame (round, colony level and shuttle side, who
is to act, one OP chip per player, the last turn in a line) sized to stay legible in
Discord's ~550 px inline preview; then the map with its legend (left) and the colony and
Orbit boards (right: colony level and missions, tech grid and laboratory, warehouse and
LSS, Blueprint and Scientist displays, turn order and building stacks); then one compact
panel per player. Cards, titles and the map ground are one static layer per player count.
"""

from __future__ import annotations

from imaging.kit import Box, Canvas, png_of, static_layer
from imaging.kit import palette as pal
from imaging.kit.board import BoardRecipe, board_drawer
from imaging.kit.header import HEADER_H, Chip, Header
from imaging.kit.headings import what_happened
from imaging.kit.panel import panel_frame
from imaging.mars import colony, legend, mapboard, orbit, panels
from imaging.mars.changes import Changes, marks_of
from imaging.mars.model import GameModel, read_game
from imaging.mars.style import SIDE_TITLE

WIDTH = 1600
M = 16
BODY_TOP = HEADER_H
BODY_BOTTOM = 880
GAP = 12
MAP_BOX = (M, BODY_TOP, 636, BODY_BOTTOM)
COL = (648, 1100, 1112, WIDTH - M)  # left column x0, x1; right column x0, x1
COLONY_BOX = (COL[0], BODY_TOP, COL[1], 310)
MISSIONS_BOX = (COL[2], BODY_TOP, COL[3], 310)
TECH_BOX = (COL[0], 322, COL[1], 530)
STORES_BOX = (COL[2], 322, COL[3], 530)
DISPLAY_BOX = (COL[0], 542, COL[3], 742)
ORDER_BOX = (COL[0], 754, COL[1], BODY_BOTTOM)
STACKS_BOX = (COL[2], 754, COL[3], BODY_BOTTOM)
PANEL_TOP = BODY_BOTTOM + GAP
PANEL_H = 290
HEIGHT = PANEL_TOP + PANEL_H + M
PANEL_MAX_W = 520


def panel_boxes(
    n: int, top: int = PANEL_TOP, height: int = PANEL_H
) -> list[tuple[int, int, int, int]]:
    w = min(PANEL_MAX_W, (WIDTH - 2 * M - GAP * (n - 1)) // max(1, n))
    left = (WIDTH - (w * n + GAP * (n - 1))) // 2
    return [(left + i * (w + GAP), top, left + i * (w + GAP) + w, top + height) for i in range(n)]


def status_line(game: GameModel) -> str:
    if game.over:
        rating = f" · {game.solo_rating}" if game.solo_rating else ""
        return f"Game over · Round {game.round} · Level {game.level}{rating}"
    side = SIDE_TITLE.get(game.shuttle, game.shuttle.title())
    return f"Round {game.round} · Level {game.level} · Shuttle {side}"


def header(game: GameModel, lines: list[str] | None = None) -> Header:
    chips = tuple(
        Chip(p.seat, p.name, p.initial, p.op, "Orbit" if p.side == "orbit" else "Colony")
        for p in game.players
    )
    return Header(
        "ON MARS",
        status_line(game),
        chips,
        frozenset(game.to_act),
        game.over,
        what_happened(lines or game.last, 3),
    )


# ---------------------------------------------------------------------- drawing
def _build_static(
    cv: Canvas,
    hexes: tuple[tuple[str, float, float], ...],
    lab_op: tuple[tuple[int, int], ...],
    n: int,
) -> None:
    for seat, box in enumerate(panel_boxes(n)):
        panel_frame(cv, box, seat)
    mapboard.draw_static(cv, MAP_BOX, list(hexes))
    legend.draw(cv, MAP_BOX)
    colony.colony_static(cv, COLONY_BOX)
    colony.missions_static(cv, MISSIONS_BOX)
    colony.stores_static(cv, STORES_BOX)
    colony.order_static(cv, ORDER_BOX)
    orbit.tech_static(cv, TECH_BOX, dict(lab_op))
    orbit.display_static(cv, DISPLAY_BOX)
    cv.card(STACKS_BOX)
    with cv.panel("stacks", STACKS_BOX):
        cv.text(
            (STACKS_BOX[0] + 12, STACKS_BOX[1] + 8),
            "BUILDING TILES LEFT · PRICE",
            16,
            fill=pal.MUTED,
            bold=True,
        )


def background(game: GameModel) -> Canvas:
    hexes = tuple((h.id, h.x, h.y) for h in game.hexes)
    lab = tuple(sorted(game.lab_op.items()))
    n = len(game.players)
    return static_layer(
        ("mars-public", hexes, lab, n),
        (WIDTH, HEIGHT),
        pal.FRAME,
        lambda c: _build_static(c, hexes, lab, n),
    )


def close_up_board(game: GameModel, found: Changes, crop: Box) -> Canvas:
    """The static layer with only the map's pieces near ``crop`` drawn: what a turn card's
    close-up shows (see ``imaging.mars.card.touched``)."""
    cv = background(game)
    mapboard.draw_dynamic(cv, MAP_BOX, game, found.hexes, found.moved, within=crop)
    return cv


def pieces(cv: Canvas, game: GameModel, found: Changes) -> None:
    """Everything that moves: the map's pieces, the colony and Orbit boards, the panels."""
    mapboard.draw_dynamic(cv, MAP_BOX, game, found.hexes, found.moved)
    colony.colony_dynamic(cv, COLONY_BOX, game)
    colony.missions_dynamic(cv, MISSIONS_BOX, game, found.board)
    colony.stores_dynamic(cv, STORES_BOX, game, found.board)
    colony.order_dynamic(cv, ORDER_BOX, game, found.board)
    orbit.tech_dynamic(cv, TECH_BOX, game)
    orbit.display_dynamic(cv, DISPLAY_BOX, game)
    stacks = (STACKS_BOX[0], STACKS_BOX[1] + 34, STACKS_BOX[2], STACKS_BOX[3])
    orbit.stacks_dynamic(cv, stacks, game)
    for p, box in zip(game.players, panel_boxes(len(game.players)), strict=True):
        acting = p.seat in game.to_act and not game.over
        changed = found.fields.get(p.seat, set())
        panels.draw_panel(cv, box, game, p, acting=acting, changed=changed)


RECIPE = BoardRecipe(read_game, background, marks_of, header, pieces, WIDTH, M)
draw_public = board_drawer(RECIPE)
render_public = png_of(draw_public)
