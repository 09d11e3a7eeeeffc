"""Heading lines every game's pictures share: the winners of a final picture and the
"Last turn" line under a public board's header. Pixel placement is the callers' own."""

from __future__ import annotations

import re
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
        key=True,
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


# Lines that say a turn ended or a choice was made, but not what it did.
_TRIVIA = re.compile(
    r"(:\s*(end (your|the) turn|stop|pass|done)\s*$)|(\bends (the|their) turn\s*$)"
    r"|(\bstays in (Colony|Orbit)\s*$)",
    re.IGNORECASE,
)


def what_happened(lines: list[str] | tuple[str, ...], limit: int = 4) -> tuple[str, ...]:
    """The lines worth reading about a turn: those that only end it or stay put are dropped
    (unless nothing else is left), repeats removed, the last ``limit`` kept."""
    told = [line for line in dict.fromkeys(str(x) for x in lines) if line.strip()]
    telling = [line for line in told if not _TRIVIA.search(line)] or told[-1:]
    return tuple(telling[-limit:])
