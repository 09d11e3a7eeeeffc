"""The public Algae board, posted after every turn (from ``view(None)``).

Layout, 1600 px wide: a header on the dark frame (week and day, who is to act, one score
chip per player, the last turn in a line) sized to stay legible in Discord's ~550 px inline
preview; then the action board (left) and the map with tanks and milestones (right); then
one compact panel per player. Backgrounds are a static layer per strip-side combination.
"""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae import actionboard, legend, mapboard, panels
from imaging.algae.changes import Changes, marks_of
from imaging.algae.model import GameModel, read_game
from imaging.algae.style import DAY_NAMES
from imaging.kit import Box, Canvas, png_of, static_layer
from imaging.kit import palette as pal
from imaging.kit.board import BoardRecipe, board_drawer
from imaging.kit.header import HEADER_H, Chip, Header
from imaging.kit.headings import what_happened
from imaging.kit.panel import panel_frame

WIDTH = 1600
M = 16  # outer margin
BODY_H = 540
PANEL_H = 350
HEIGHT = HEADER_H + BODY_H + 12 + PANEL_H + legend.KEY_H + M
ACTION_BOX = (M, HEADER_H, 640, HEADER_H + BODY_H)
MAP_BOX = (652, HEADER_H, WIDTH - M, HEADER_H + BODY_H)
PANEL_TOP = HEADER_H + BODY_H + 12
PANEL_MAX_W = 520


def panel_boxes(n: int) -> list[tuple[int, int, int, int]]:
    gap = 12
    w = min(PANEL_MAX_W, (WIDTH - 2 * M - gap * (n - 1)) // max(1, n))
    left = (WIDTH - (w * n + gap * (n - 1))) // 2
    return [
        (left + i * (w + gap), PANEL_TOP, left + i * (w + gap) + w, PANEL_TOP + PANEL_H)
        for i in range(n)
    ]


def status_line(game: GameModel) -> str:
    if game.over:
        return "Game over"
    if game.phase.startswith("mon"):
        return f"Week {game.week} · Monday morning"
    if game.phase.startswith("setup"):
        return "Setup"
    day = DAY_NAMES[game.day - 1] if 1 <= game.day <= D.DAYS else "—"
    return f"Week {game.week} · {day} (day {game.day}/5)"


def header(game: GameModel, lines: list[str] | None = None) -> Header:
    chips = tuple(Chip(p.seat, p.name, p.name[:1].upper(), p.vp) for p in game.players)
    return Header(
        "ALGAE, INC.",
        status_line(game),
        chips,
        frozenset(game.to_act),
        game.over,
        what_happened(lines or game.last, 3),
    )


def _build_static(cv: Canvas, sides: tuple[int, ...], weekend_side: int, n: int) -> None:
    actionboard.draw_static(cv, ACTION_BOX, sides, weekend_side)
    mapboard.draw_static(cv, MAP_BOX)
    for seat, box in enumerate(panel_boxes(n)):
        panel_frame(cv, box, seat)


def background(game: GameModel) -> Canvas:
    """A copy of the board's static layer (one per strip sides and player count)."""
    sides = tuple(game.strip_side)
    n = len(game.players)
    return static_layer(
        ("algae-public", sides, game.weekend_side, n),
        (WIDTH, HEIGHT),
        pal.FRAME,
        lambda c: _build_static(c, sides, game.weekend_side, n),
    )


def close_up_board(game: GameModel, found: Changes, crop: Box) -> Canvas:
    """The static layer with only the part a turn card's close-up shows drawn on it: the map
    when the turn exported, else the action board (see ``imaging.algae.card.touched``);
    both are cheap enough to draw whole, so ``crop`` is not needed."""
    del crop
    cv = background(game)
    if found.disks:
        mapboard.draw_dynamic(cv, MAP_BOX, game, found.disks)
    else:
        actionboard.draw_dynamic(cv, ACTION_BOX, game, found.moved)
    return cv


def pieces(cv: Canvas, game: GameModel, found: Changes) -> None:
    """Everything that moves: supervisors, tokens and disks, tanks, the key, the panels."""
    actionboard.draw_dynamic(cv, ACTION_BOX, game, found.moved)
    mapboard.draw_dynamic(cv, MAP_BOX, game, found.disks)
    key_xy = (M + 4, PANEL_TOP + PANEL_H + legend.KEY_H // 2 + 2)
    legend.draw(cv, key_xy, WIDTH - M, legend.tokens_shown(game))
    for p, box in zip(game.players, panel_boxes(len(game.players)), strict=True):
        acting = p.seat in game.to_act and not game.over
        changed = found.fields.get(p.seat, set())
        first = p.seat == game.first
        panels.draw_panel(cv, box, p, acting=acting, first=first, changed=changed)


RECIPE = BoardRecipe(read_game, background, marks_of, header, pieces, WIDTH, M)
draw_public = board_drawer(RECIPE)
render_public = png_of(draw_public)
