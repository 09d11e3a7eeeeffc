"""The header every public board shares: game name, status line, who is to act, one score
chip per player and the "Last turn" line, on the dark frame above the board.

Sized for Discord's ~550 px phone preview of a 1600 px picture: the status, the names to
act and every score are key figures (at least 9 px tall at 550 px wide; a test holds it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from imaging.kit import palette as pal
from imaging.kit.canvas import Box, Canvas
from imaging.kit.headings import last_turn_line
from imaging.kit.palette import RGB

HEADER_H = 170
CHIP_TOP, CHIP_BOTTOM = 90, 146
GAP = 10


@dataclass(frozen=True)
class Chip:
    """One player in the header: seat, name, initial (on the seat shape), score, a note."""

    seat: int
    name: str
    initial: str
    score: int
    note: str = ""  # a short muted word before the score ("Orbit")


@dataclass(frozen=True)
class Header:
    title: str  # "ALGAE, INC."
    status: str  # "Week 2 · Fri (day 5/5)"
    chips: tuple[Chip, ...]
    to_act: frozenset[int]
    over: bool
    last: tuple[str, ...]


def draw_header(cv: Canvas, head: Header, *, width: int, margin: int) -> None:
    with cv.panel("header", (0, 0, width, HEADER_H)):
        cv.text((margin + 4, 6), head.title, 18, fill=pal.FRAME_MUTED, bold=True)
        left = cv.text(
            (margin + 4, 28),
            head.status,
            46,
            fill=pal.FRAME_INK,
            bold=True,
            max_width=width // 2 + 40,
            key=True,
        )
        acting = [c for c in head.chips if c.seat in head.to_act]
        if acting and not head.over:
            _to_act(cv, acting, right=width - margin - 4, limit=left[2] + 240)
        n = max(1, len(head.chips))
        w = min(390, (width - 2 * margin - GAP * (n - 1)) // n)
        for i, chip in enumerate(head.chips):
            x = margin + i * (w + GAP)
            on = chip.seat in head.to_act and not head.over
            score_chip(cv, (x, CHIP_TOP, x + w, CHIP_BOTTOM), chip, acting=on)
        last_turn_line(cv, head.last, width=width, margin=margin, y=158)


def _to_act(cv: Canvas, acting: list[Chip], *, right: int, limit: int) -> None:
    """ "To act ▶ (shape) Name" right-aligned on the status line."""
    names = ", ".join(c.name for c in acting)
    y = 52
    nb = cv.text(
        (right, y),
        names,
        46,
        fill=pal.HIGHLIGHT,
        bold=True,
        anchor="rm",
        max_width=right - limit,
        min_size=28,
        key=True,
    )
    if len(acting) == 1:
        s = pal.seat(acting[0].seat)
        cv.icon(s.shape, (nb[0] - 30, y), 44, s.colour, acting[0].initial)
        nb = (nb[0] - 54, *nb[1:])
    cv.text((nb[0] - 10, y), "To act ▶", 34, fill=pal.HIGHLIGHT, anchor="rm")


def seat_frame(cv: Canvas, box: Box, seat: int, *, acting: bool, fill: RGB, width: int) -> None:
    """A rounded box outlined in the seat colour, or thicker in the "to act" colour."""
    outline = pal.HIGHLIGHT if acting else pal.seat(seat).colour
    cv.draw.rounded_rectangle(
        box, radius=10, fill=fill, outline=outline, width=5 if acting else width
    )


def score_chip(cv: Canvas, box: Box, chip: Chip, *, acting: bool) -> None:
    """A seat-coloured chip: shape with initial, name, an optional note, star and score."""
    s = pal.seat(chip.seat)
    seat_frame(cv, box, chip.seat, acting=acting, fill=s.light, width=2)
    with cv.panel(f"chip{chip.seat}", box):
        cy = (box[1] + box[3]) / 2
        cv.icon(s.shape, (box[0] + 26, cy), 38, s.colour, chip.initial)
        vb = cv.text((box[2] - 10, cy), str(chip.score), 44, bold=True, anchor="rm", key=True)
        cv.icon("star", (vb[0] - 17, cy), 26, pal.VP)
        end = vb[0] - 34
        if chip.note:
            end = cv.text((end, cy), chip.note, 16, fill=pal.MUTED, anchor="rm")[0] - 8
        cv.text(
            (box[0] + 50, cy),
            chip.name,
            28,
            bold=True,
            anchor="lm",
            max_width=end - box[0] - 50,
            min_size=16,
        )


def with_final(head: Header, scores: list[dict] | None) -> Header:
    """Once the game is over: the final standings in the chips (not the running score)
    and the winner in the status line."""
    if not head.over or not scores:
        return head
    final = {int(s["seat"]): int(s.get("vp", 0)) for s in scores if "seat" in s}
    chips = tuple(replace(c, score=final.get(c.seat, c.score)) for c in head.chips)
    names = {c.seat: c.name for c in head.chips}
    first = [names.get(int(s["seat"]), "?") for s in scores if s.get("rank") == 1 and "seat" in s]
    word = "Winner" if len(first) == 1 else "Tied winners"
    status = f"Game over · {word}: {' & '.join(first)}" if first else "Game over"
    return replace(head, chips=chips, status=status)


@dataclass(frozen=True)
class Title:
    """The top line of a player's own picture: seat, initial, score, "Name · what", the
    status right of it; ``room`` is kept free for the status, which is at most
    ``status_w`` wide (else as wide as the room left)."""

    seat: int
    initial: str
    score: int
    title: str
    status: str
    room: int
    status_size: int
    status_w: int | None = None


def player_title(cv: Canvas, t: Title, *, width: int, margin: int) -> Box:
    """Seat shape, title, status and score with its star, on the frame; returns the title's
    box."""
    s = pal.seat(t.seat)
    cv.icon(s.shape, (margin + 30, 42), 56, s.colour, t.initial)
    ink = pal.FRAME_INK
    score = str(t.score)
    vb = cv.text((width - margin - 6, 40), score, 48, fill=ink, bold=True, anchor="rm", key=True)
    cv.icon("star", (vb[0] - 24, 40), 36, pal.VP)
    title_w = vb[0] - 60 - (margin + 70) - t.room
    nb = cv.text(
        (margin + 70, 40),
        t.title,
        40,
        fill=ink,
        bold=True,
        anchor="lm",
        max_width=title_w,
        key=True,
    )
    status_w = t.status_w if t.status_w is not None else vb[0] - 70 - nb[2]
    xy = (vb[0] - 56, 40)
    cv.text(xy, t.status, t.status_size, fill=pal.FRAME_MUTED, anchor="rm", max_width=status_w)
    return nb
