"""The score lines a final picture draws, the same for every game: the engine's ScoreLines
(or dicts with the same fields) as plain dicts with a player name, whole-number points by
source and a rank, in rank order (ties keep the engine's order)."""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any

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
