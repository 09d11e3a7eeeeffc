"""The public On Mars board, posted after every turn (from ``view(None)``).

Layout, 1600 px wide: a header on the dark frame (round, colony level and shuttle side, who
is to act, one OP chip per player, the last turn in a line) sized to stay legible in
Discord's ~550 px inline preview; then the map with its legend (left) and the colony and
Orbit boards (right: colony level and missions, tech grid and laboratory, warehouse and
LSS, Blueprint and Scientist displays, turn order and building stacks); then one compact
panel per player. Cards, titles and the map ground are one static layer per player count.
"""

from __future__ import annotations

from typing import Any

from imaging.kit import Canvas, encode_png, static_layer
from imaging.kit import palette as pal
from imaging.kit.headings import last_turn_line
from imaging.mars import colony, legend, mapboard, orbit, panels
from imaging.mars.changes import changes
from imaging.mars.model import GameModel, read_game
from imaging.mars.style import SIDE_TITLE

WIDTH = 1600
M = 16
HEADER_H = 170
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


def _draw_header(cv: Canvas, game: GameModel) -> None:
    with cv.panel("header", (0, 0, WIDTH, HEADER_H)):
        cv.text((M + 4, 8), "ON MARS", 18, fill=pal.FRAME_MUTED, bold=True)
        left = cv.text(
            (M + 4, 30), status_line(game), 46, fill=pal.FRAME_INK, bold=True, max_width=820
        )
        x = WIDTH - M - 4
        acting = [p for p in game.players if p.seat in game.to_act]
        if acting and not game.over:
            names = ", ".join(p.name for p in acting) if len(acting) > 1 else acting[0].name
            nb = cv.text(
                (x, 56),
                names,
                46,
                fill=pal.HIGHLIGHT,
                bold=True,
                anchor="rm",
                max_width=x - left[2] - 240,
                min_size=28,
            )
            if len(acting) == 1:
                s = pal.seat(acting[0].seat)
                cv.icon(s.shape, (nb[0] - 30, 56), 44, s.colour, acting[0].initial)
                nb = (nb[0] - 54, *nb[1:])
            cv.text((nb[0] - 10, 56), "To act ▶", 34, fill=pal.HIGHLIGHT, anchor="rm")
        n = max(1, len(game.players))
        w = min(390, (WIDTH - 2 * M - GAP * (n - 1)) // n)
        for i, p in enumerate(game.players):
            box = (M + i * (w + GAP), 94, M + i * (w + GAP) + w, 140)
            s = pal.seat(p.seat)
            on = p.seat in game.to_act and not game.over
            cv.draw.rounded_rectangle(
                box,
                radius=10,
                fill=s.light,
                outline=pal.HIGHLIGHT if on else s.colour,
                width=4 if on else 2,
            )
            with cv.panel(f"chip{p.seat}", box):
                cy = (box[1] + box[3]) / 2
                cv.icon(s.shape, (box[0] + 24, cy), 34, s.colour, p.initial)
                vb = cv.text((box[2] - 10, cy), str(p.op), 34, bold=True, anchor="rm")
                cv.icon("star", (vb[0] - 16, cy), 24, pal.VP)
                side = "Orbit" if p.side == "orbit" else "Colony"
                sb = cv.text((vb[0] - 32, cy), side, 15, fill=pal.MUTED, anchor="rm")
                cv.text(
                    (box[0] + 46, cy),
                    p.name,
                    26,
                    bold=True,
                    anchor="lm",
                    max_width=sb[0] - 8 - box[0] - 46,
                    min_size=16,
                )
        last_turn_line(cv, game.last, width=WIDTH, margin=M)


# ---------------------------------------------------------------------- drawing
def _build_static(
    cv: Canvas, hexes: tuple[tuple[str, float, float], ...], lab_op: tuple[tuple[int, int], ...]
) -> None:
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
    return static_layer(
        ("mars-public", hexes, lab),
        (WIDTH, HEIGHT),
        pal.FRAME,
        lambda c: _build_static(c, hexes, lab),
    )


def draw_public(view: dict[str, Any], previous: dict[str, Any] | None = None) -> Canvas:
    game = read_game(view)
    prev = read_game(previous) if previous else None
    cv = background(game)
    marks = changes(game, prev)
    _draw_header(cv, game)
    mapboard.draw_dynamic(cv, MAP_BOX, game, marks.hexes, marks.moved)
    colony.colony_dynamic(cv, COLONY_BOX, game)
    colony.missions_dynamic(cv, MISSIONS_BOX, game, marks.board)
    colony.stores_dynamic(cv, STORES_BOX, game, marks.board)
    colony.order_dynamic(cv, ORDER_BOX, game, marks.board)
    orbit.tech_dynamic(cv, TECH_BOX, game)
    orbit.display_dynamic(cv, DISPLAY_BOX, game)
    orbit.stacks_dynamic(
        cv, (STACKS_BOX[0], STACKS_BOX[1] + 34, STACKS_BOX[2], STACKS_BOX[3]), game
    )
    for p, box in zip(game.players, panel_boxes(len(game.players)), strict=True):
        panels.draw_panel(
            cv,
            box,
            game,
            p,
            acting=p.seat in game.to_act and not game.over,
            changed=marks.fields.get(p.seat, set()),
        )
    return cv


def render_public(view: dict[str, Any], previous: dict[str, Any] | None = None) -> bytes:
    return encode_png(draw_public(view, previous).image)
