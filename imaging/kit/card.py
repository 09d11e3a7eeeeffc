"""The turn card: what a player needs after a turn, readable on a phone.

Discord shows a posted picture about 550 px wide on a phone. The card is 900 px wide (shown
at 0.61x there) and carries only what a player needs after a turn: the game and where it
stands, who is to act, what the last turn did, and one row of key figures per player, the
ones the last turn changed ringed. The full board is one click away (the post's "Full
board" button, or /board). Every key figure is drawn at least 9 px tall at 550 px (a test
holds it: ``TextRecord.key``).

Each game builds a ``CardModel`` from its view (``imaging/<game>/card.py``); the drawing
here is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image

from imaging.kit import palette as pal
from imaging.kit import zoom
from imaging.kit.canvas import Box, Canvas
from imaging.kit.header import seat_frame
from imaging.kit.headings import what_happened
from imaging.kit.palette import RGB

WIDTH = 900
M = 14
TOP_H = 124
ROW_H = 92
LINE_H = 34
MAX_LAST = 4


@dataclass(frozen=True)
class Figure:
    """One key figure: an icon (kind, colour, letter) and its value; ``changed`` rings it."""

    icon: str
    colour: RGB
    value: str
    letter: str = ""
    changed: bool = False


@dataclass(frozen=True)
class CardPlayer:
    seat: int
    name: str
    initial: str
    score: int
    note: str  # "Bioplastics · 1st player", "Orbit side"
    figures: tuple[Figure, ...]
    score_changed: bool = False


@dataclass(frozen=True)
class CardModel:
    title: str  # "ALGAE, INC."
    status: str  # "Week 2 · Fri (day 5/5)"
    to_act: tuple[int, ...]  # seats
    over: bool
    last: tuple[str, ...]  # what the last turn did, one line each
    players: tuple[CardPlayer, ...]
    score_word: str = "VP"


ZOOM_H = 250
ZOOM_SIZE = (WIDTH - 2 * M - 8, ZOOM_H - 8)  # the close-up inside its frame


def card_height(model: CardModel, zoomed: bool = False) -> int:
    rows = len(model.players) * (ROW_H + 8)
    return TOP_H + _last_h(model) + (ZOOM_H + 8 if zoomed else 0) + rows + M


def _last_h(model: CardModel) -> int:
    return 14 + LINE_H * max(1, min(MAX_LAST, len(model.last))) + 10


def draw_card(model: CardModel, close_up: Image.Image | None = None) -> Canvas:
    """The card; ``close_up`` (``ZOOM_SIZE``, from ``imaging.kit.zoom``) shows the part of
    the board the last turn touched, under the "Last turn" box."""
    cv = Canvas.new(WIDTH, card_height(model, close_up is not None), pal.FRAME)
    _top(cv, model)
    y = _last_turn(cv, model, TOP_H)
    if close_up is not None:
        y = _close_up(cv, close_up, y)
    for p in model.players:
        on = p.seat in model.to_act and not model.over
        player_row(cv, (M, y, WIDTH - M, y + ROW_H), p, acting=on)
        y += ROW_H + 8
    return cv


@dataclass(frozen=True)
class CardRecipe:
    """How one game makes its turn card: each function takes that game's model."""

    title: str  # "ALGAE, INC."
    read: Callable[[dict[str, Any]], Any]  # view -> the game's model
    marks: Callable[[Any, Any, Any], Any]  # (game, previous view, carried marks) -> changes
    status: Callable[[Any], str]  # game -> "Week 2 · Fri (day 5/5)"
    player: Callable[[Any, Any, set[str]], CardPlayer]  # (game, player, changed fields)
    touched: Callable[[Any, Any], tuple[Box, Box] | None]  # (look at, stay in), or None
    # (game, changes, the box the close-up shows) -> the board with at least that box drawn
    board: Callable[[Any, Any, Box], Canvas]
    score_word: str = "VP"


def card_model(
    recipe: CardRecipe, game: Any, fields: dict[int, set[str]], lines: list[str] | None = None
) -> CardModel:
    """``lines`` (a post's events since the post before) say what the turn did; without
    them, the view's own last turn."""
    players = tuple(recipe.player(game, p, fields.get(p.seat, set())) for p in game.players)
    last = what_happened(lines or game.last)
    status = recipe.status(game)
    return CardModel(
        recipe.title, status, tuple(game.to_act), game.over, last, players, recipe.score_word
    )


def card_drawer(recipe: CardRecipe) -> Callable[..., Canvas]:
    """The ``draw`` of a game's turn card (view, previous=, marks=, lines= -> Canvas)."""

    def draw_turn_card(
        view: dict[str, Any],
        previous: dict[str, Any] | None = None,
        marks: dict[str, Any] | None = None,
        lines: list[str] | None = None,
    ) -> Canvas:
        """The card, with a close-up of the board part the turn touched: cut from the
        board's static layer with only that part's pieces drawn, not from a whole board."""
        game = recipe.read(view)
        found = recipe.marks(game, previous, marks)
        touch = recipe.touched(game, found)
        close_up = None
        if touch is not None:
            crop = zoom.crop_box(touch[0], ZOOM_SIZE, touch[1])
            close_up = zoom.cut(recipe.board(game, found, crop).image, crop, ZOOM_SIZE)
        return draw_card(card_model(recipe, game, found.fields, lines), close_up)

    return draw_turn_card


def _top(cv: Canvas, model: CardModel) -> None:
    with cv.panel("top", (0, 0, WIDTH, TOP_H)):
        cv.text((M + 2, 6), model.title, 18, fill=pal.FRAME_MUTED, bold=True)
        cv.text(
            (M + 2, 28),
            model.status,
            38,
            fill=pal.FRAME_INK,
            bold=True,
            max_width=WIDTH - 2 * M,
            min_size=24,
            key=True,
        )
        acting = [p for p in model.players if p.seat in model.to_act]
        if model.over:
            cv.text(
                (M + 2, 98),
                "The game is over",
                32,
                fill=pal.HIGHLIGHT,
                bold=True,
                anchor="lm",
                key=True,
            )
        elif acting:
            _to_act(cv, acting)


def _to_act(cv: Canvas, acting: list[CardPlayer]) -> None:
    y = 98
    box = cv.text((M + 2, y), "To act ▶", 30, fill=pal.HIGHLIGHT, anchor="lm")
    x = box[2] + 12
    if len(acting) == 1:
        s = pal.seat(acting[0].seat)
        cv.icon(s.shape, (x + 19, y), 38, s.colour, acting[0].initial)
        x += 46
    names = ", ".join(p.name for p in acting)
    cv.text(
        (x, y),
        names,
        34,
        fill=pal.HIGHLIGHT,
        bold=True,
        anchor="lm",
        max_width=WIDTH - M - x,
        min_size=22,
        key=True,
    )


def _last_turn(cv: Canvas, model: CardModel, top: int) -> int:
    """The "Last turn" box: one line per thing the turn did. Returns the y below it."""
    box = (M, top, WIDTH - M, top + _last_h(model))
    cv.card(box, fill=pal.PAPER_ALT, outline=pal.PAPER_EDGE)
    lines = list(model.last[:MAX_LAST]) or ["(nothing yet)"]
    with cv.panel("last", box):
        cv.text((box[0] + 12, box[1] + 6), "LAST TURN", 14, fill=pal.MUTED, bold=True)
        y = box[1] + 14 + LINE_H // 2 + 6
        for line in lines:
            cv.text(
                (box[0] + 14, y),
                line,
                24,
                anchor="lm",
                max_width=box[2] - box[0] - 28,
                min_size=20,
                key=True,
            )
            y += LINE_H
    return box[3] + 8


def _close_up(cv: Canvas, image: Image.Image, top: int) -> int:
    box = (M, top, WIDTH - M, top + ZOOM_H)
    cv.draw.rounded_rectangle(box, radius=10, fill=pal.PAPER_EDGE)
    cv.image.paste(image, (M + 4, top + 4))
    return box[3] + 8


def player_row(cv: Canvas, box: Box, p: CardPlayer, *, acting: bool) -> None:
    """Seat shape, name and note, the score (right), then the figures in one line."""
    s = pal.seat(p.seat)
    seat_frame(cv, box, p.seat, acting=acting, fill=pal.PAPER, width=3)
    x0, y0, x1, _ = box
    with cv.panel(f"row{p.seat}", box):
        cy = y0 + 26
        cv.icon(s.shape, (x0 + 26, cy), 36, s.colour, p.initial)
        score = cv.text((x1 - 12, cy + 2), str(p.score), 40, bold=True, anchor="rm", key=True)
        if p.score_changed:
            _ring(cv, score)
        star = cv.icon("star", (score[0] - 18, cy), 28, pal.VP)
        name = cv.text(
            (x0 + 52, cy),
            p.name,
            28,
            bold=True,
            anchor="lm",
            max_width=star[0] - x0 - 70,
            min_size=18,
            key=True,
        )
        if p.note:
            cv.text(
                (name[2] + 10, cy + 2),
                p.note,
                18,
                fill=pal.MUTED,
                anchor="lm",
                max_width=star[0] - name[2] - 24,
            )
        figures_line(cv, (x0 + 14, y0 + 68), p.figures, right=x1 - 12)


def figures_line(
    cv: Canvas, xy: tuple[int, int], figures: tuple[Figure, ...], *, right: int
) -> None:
    """Icon + value pairs left to right; a changed one gets a magenta ring."""
    x, y = xy
    for f in figures:
        if x + 60 > right:
            break
        cv.icon(f.icon, (x + 14, y), 28, f.colour, f.letter)
        box = cv.text((x + 32, y), f.value, 28, bold=True, anchor="lm", key=True)
        if f.changed:
            _ring(cv, (x - 2, box[1], box[2], box[3]))
        x = box[2] + 22


def _ring(cv: Canvas, box: Box) -> None:
    x0, y0, x1, y1 = box
    cv.draw.rounded_rectangle(
        (x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=6, outline=pal.CHANGED, width=3
    )
