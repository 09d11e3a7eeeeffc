"""The compact player panel's frame and head, the same in every game's public board: the
card (ringed when the player is to act), a tinted head with the seat shape, the name (▶ when
acting), a muted line under it and the score with its star; and the "changed last turn"
mark the panels put under a figure."""

from __future__ import annotations

from dataclasses import dataclass

from imaging.kit import palette as pal
from imaging.kit.canvas import Box, Canvas

HEAD_H = 48


@dataclass(frozen=True)
class Head:
    seat: int
    initial: str
    name: str
    score: int
    sub: str  # "Bioplastics · 1st player", "Orbit side · 2nd in turn order"
    acting: bool
    score_changed: bool


def changed_mark(cv: Canvas, box: Box, lift: int = 6) -> None:
    """A magenta underline with a small triangle: 'this changed last turn' (not colour only)."""
    x0, _, x1, y1 = box
    cv.draw.line((x0, y1 + 2, x1, y1 + 2), fill=pal.CHANGED, width=3)
    triangle = [(x1 + 2, y1 - lift), (x1 + 9, y1 - lift), (x1 + 5, y1 - lift - 6)]
    cv.draw.polygon(triangle, fill=pal.CHANGED)


def panel_frame(cv: Canvas, box: Box, seat_index: int) -> None:
    """The card in the seat colour and its tinted head: the same on every render, so drawn
    into the board's static layer (a panel-sized card is the costliest shape to draw)."""
    seat = pal.seat(seat_index)
    x0, y0, x1, _ = box
    cv.card(box, outline=seat.colour, width=3)
    cv.draw.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + HEAD_H), radius=8, fill=seat.light)


def panel_head(cv: Canvas, box: Box, head: Head, lift: int = 6) -> Box:
    """The head's contents on the ``panel_frame`` (ringed when acting); returns the box of
    the muted line (for its own mark)."""
    seat = pal.seat(head.seat)
    x0, y0, x1, _ = box
    if head.acting:
        cv.draw.rounded_rectangle(box, radius=10, outline=pal.HIGHLIGHT, width=5)
    with cv.panel(f"panel{head.seat}", box):
        cv.icon(seat.shape, (x0 + 26, y0 + 26), 34, seat.colour, head.initial)
        score = cv.text((x1 - 12, y0 + 26), str(head.score), 30, bold=True, anchor="rm")
        cv.icon("star", (score[0] - 16, y0 + 26), 24, pal.VP)
        if head.score_changed:
            changed_mark(cv, (score[0] - 28, score[1], score[2], score[3]), lift)
        name_w = score[0] - 32 - (x0 + 48)
        tag = ("▶ " if head.acting else "") + head.name
        cv.text((x0 + 48, y0 + 16), tag, 20, bold=True, anchor="lm", max_width=name_w)
        return cv.text(
            (x0 + 48, y0 + 38), head.sub, 14, fill=pal.MUTED, anchor="lm", max_width=name_w
        )
