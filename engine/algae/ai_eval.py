"""The AI players' evaluation hook for Algae, Inc. (read by ``ai/evaluate.py``).

``evaluate(game)`` estimates every seat's final VP from the current state: the VP already
scored, the End of the Month points the seat would get now (money, energy, cities, grid rows,
counted in fractions so one more euro is worth something), and what its engine should still
earn, weighted by the share of the month left. The weights are a heuristic, tuned by the
tournament (``python3 -m ai.tournament``), not rules; nothing here is seen by players.

Algae, Inc. is open information (the weekly export bonus tiles are all face up, RULINGS.md
ALG-GAP-28), so ``Game.determinize`` has nothing to deal again but the random generator.
"""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae.scoring import full_rows
from engine.algae.state import vp_total

TOKEN_VALUE = {"freelance": 0.8, "choice": 0.8, "wild": 1.0, "value": 0.8}


def time_left(s: dict[str, Any]) -> float:
    """The share of the month still to play, 1.0 at the start and 0.0 at the end."""
    if s["final"]:
        return 0.0
    done_days = (s["week"] - 1) * D.DAYS + max(s["day"] - 1, 0)
    return max(0.0, 1.0 - done_days / (D.WEEKS * D.DAYS))


def seat_value(s: dict[str, Any], seat: int) -> float:
    p = s["players"][seat]
    vp = float(vp_total(p))
    if s["final"]:
        return vp
    left = time_left(s)
    vp += D.END_CITY_VP * len(p["cities"])
    vp += p["money"] / D.END_MONEY_PER_VP + p["energy"] / D.END_ENERGY_PER_VP
    vp += D.END_GRID_ROW_VP * full_rows(p)
    grid = len(p["grid_placed"])
    vp += 0.35 * grid
    engine = 0.0
    engine += sum(B.income(p, t) for t in D.TEAMS) * 0.9
    engine += sum(2.0 for t in D.TEAMS if p["upg"][t])
    engine += sum(1.2 for f in p["fields"].values() if f)
    engine += 0.3 * p["science"] + 0.25 * p["money"] + 0.3 * p["energy"]
    engine += sum(TOKEN_VALUE[k] * p[k] for k in TOKEN_VALUE)
    cubes = sum(p["cells"].values())
    engine += 0.35 * cubes + 0.4 * sum(p["cells"][c] for c in B.dispatch_cells(p))
    engine += 0.25 * (D.DISKS - p["disks"])
    return vp + left * engine


def evaluate(game: Any) -> list[float]:
    """Estimated final VP of every seat (exact once the game is over)."""
    return [seat_value(game.s, seat) for seat in range(len(game.players))]
