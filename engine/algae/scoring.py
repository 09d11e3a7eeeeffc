"""The End of the Month (ruling ALG-GAP-20), ranks and tie-breaks."""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from engine.algae.state import add_vp, vp_total
from engine.core import ScoreLine

# The cells of each science grid row ("a1" .. "a6", ...).
GRID_ROW_CELLS = tuple(tuple(f"{r}{c}" for c in range(1, D.GRID_COLS + 1)) for r in D.GRID_ROWS)


def full_rows(p: dict) -> int:
    """Grid rows completely covered by science tiles placed by the player."""
    placed = p["grid_placed"]
    return sum(1 for row in GRID_ROW_CELLS if all(c in placed for c in row))


def final_points(p: dict) -> dict[str, int]:
    """End-of-month VP by source: cities held, money, energy, complete grid rows."""
    return {
        "cities held": D.END_CITY_VP * len(p["cities"]),
        "money": p["money"] // D.END_MONEY_PER_VP,
        "energy": p["energy"] // D.END_ENERGY_PER_VP,
        "grid rows": D.END_GRID_ROW_VP * full_rows(p),
    }


def end_of_month(g: Any) -> None:
    s = g.s
    g.log(None, "End of the Month: final scoring")
    for seat, p in enumerate(s["players"]):
        for source, vp in final_points(p).items():
            add_vp(p, source, vp)
        g.log(seat, f"{g.name(seat)} ends with {vp_total(p)} VP")
    s["phase"] = "over"
    s["day"] = 0
    s["final"] = True


def tiebreak(p: dict) -> tuple[int, ...]:
    """Ruling: more money, then more cities, then more energy."""
    return (p["money"], len(p["cities"]), p["energy"])


def solo_rating(vp: int) -> str:
    for at_least, name in D.SOLO_LADDER:
        if vp >= at_least:
            return name
    return D.SOLO_LADDER[-1][1]  # pragma: no cover


def score_lines(g: Any) -> list[ScoreLine]:
    s = g.s
    players = s["players"]
    keys = [(vp_total(p), *tiebreak(p)) for p in players]
    lines = []
    for seat, p in enumerate(players):
        rank = 1 + sum(1 for k in keys if k > keys[seat])
        lines.append(
            ScoreLine(
                seat,
                g.players[seat],
                vp_total(p),
                dict(sorted(p["vp"].items())),
                rank,
                tiebreak(p),
            )
        )
    return lines
