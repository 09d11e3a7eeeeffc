"""Heading lines every game's pictures share: the winners of a final picture and the
"Last turn" line under a public board's header. Pixel placement is the callers' own."""

from __future__ import annotations

from typing import Any

from imaging.kit import palette as pal
from imaging.kit.canvas import Canvas


def winners_line(
    cv: Canvas, lines: list[dict[str, Any]], *, width: int, margin: int, y: int = 40
) -> list[dict[str, Any]]:
    """Draw "Winner: …" ("Tied winners", "Solo game") and return the rank-1 score lines."""
    winners = [line for line in lines if line["rank"] == 1]
    if not winners:
        return winners
    names = " & ".join(w["player"] for w in winners)
    word = "Winner" if len(winners) == 1 else "Tied winners"
    if len(lines) == 1:
        word = "Solo game"
    cv.text(
        (margin + 4, y),
        f"{word}: {names}",
        50,
        fill=pal.HIGHLIGHT,
        bold=True,
        max_width=width - 2 * margin - 8,
        min_size=28,
    )
    return winners


def last_turn_line(
    cv: Canvas, last: list[str] | tuple[str, ...], *, width: int, margin: int, y: int = 156
) -> None:
    """One muted line saying what the last turn did, cut to the picture's width."""
    if last:
        cv.text(
            (margin + 4, y),
            "Last turn: " + " · ".join(last),
            18,
            fill=pal.FRAME_MUTED,
            anchor="lm",
            max_width=width - 2 * margin - 8,
        )
