"""The score lines a final picture draws, the same for every game: the engine's ScoreLines
(or dicts with the same fields) as plain dicts with a player name, whole-number points by
source and a rank, in rank order (ties keep the engine's order)."""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any

from imaging.kit import palette as pal
from imaging.kit.canvas import Box, Canvas

# Source colours: distinct in lightness as well as hue; each segment also has its number.
SOURCE_COLOURS = [
    (0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
    (213, 94, 0), (120, 120, 120), (170, 150, 60), (90, 60, 140), (40, 40, 40),
]  # fmt: skip


def score_rows(raw: Any, fallback: list[dict[str, Any]], names: dict[int, str]) -> list[dict]:
    """``raw`` score lines (else ``fallback``, one per player with rank 0) as dicts, each
    named (``names``: seat -> player name), ranked 1.. by points where no rank is given."""
    if raw:
        rows = [asdict(s) if is_dataclass(s) and not isinstance(s, type) else dict(s) for s in raw]
    else:
        rows = fallback
    for line in rows:
        seat = int(line.get("seat", 0))
        name = line.get("player") or line.get("name") or names.get(seat)
        line["player"] = str(name or f"Seat {seat + 1}")
        line["breakdown"] = {str(k): int(v) for k, v in dict(line.get("breakdown") or {}).items()}
        line["vp"] = int(line.get("vp", sum(line["breakdown"].values())))
    ordered = sorted(rows, key=lambda s: (-s["vp"], s.get("rank") or 0))
    for i, line in enumerate(ordered):
        if not line.get("rank"):
            line["rank"] = 1 + sum(o["vp"] > line["vp"] for o in ordered)
        line["_i"] = i
    return sorted(ordered, key=lambda s: (s["rank"], s["_i"]))


def source_colours(sources: list[str]) -> dict[str, tuple[int, int, int]]:
    return {k: SOURCE_COLOURS[i % len(SOURCE_COLOURS)] for i, k in enumerate(sources)}


def rank_card(cv: Canvas, line: dict[str, Any], box: Box) -> pal.Seat:
    """A score row's card in the seat colour, tinted for a winner; returns the seat look."""
    seat = pal.seat(int(line.get("seat", 0)))
    fill = seat.light if line["rank"] == 1 else pal.PAPER
    cv.card(box, fill=fill, outline=seat.colour, width=3)
    return seat


def rank_and_seat(
    cv: Canvas, line: dict[str, Any], xy: tuple[float, float], look: tuple[int, int, int]
) -> None:
    """ "1." then the seat shape with the player's initial; ``look``: the rank's text size,
    the shape's size and how far right of the rank its centre is."""
    x, cy = xy
    size, icon_size, icon_dx = look
    seat = pal.seat(int(line.get("seat", 0)))
    cv.text((x, cy), f"{line['rank']}.", size, bold=True, anchor="lm", key=True)
    initial = str(line["player"])[:1].upper()
    cv.icon(seat.shape, (x + icon_dx, cy), icon_size, seat.colour, initial)
