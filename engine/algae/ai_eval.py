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

from functools import cache
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae.scoring import full_rows
from engine.algae.state import vp_total
from engine.algae.view import belt_steps

TOKEN_VALUE = {"freelance": 0.6, "choice": 0.9, "wild": 1.1, "value": 0.7}
EXPORT_VALUE = 2.5  # VP an export is worth beyond its city point: tokens, milestones, icons


def time_left(s: dict[str, Any]) -> float:
    """The share of the month still to play, 1.0 at the start and 0.0 at the end."""
    if s["final"]:
        return 0.0
    done_days = (s["week"] - 1) * D.DAYS + max(s["day"] - 1, 0)
    return max(0.0, 1.0 - done_days / (D.WEEKS * D.DAYS))


def mondays_left(s: dict[str, Any]) -> int:
    """Monday incomes still to come (this week's counts until step B has been paid)."""
    return D.WEEKS - s["week"] + (1 if s["phase"] in ("setup", "setup_staff", "mon_a") else 0)


@cache
def _steps(dept: str) -> dict[str, int]:
    """Main-belt steps of each factory cell from the algae storages (storage = 0)."""
    return belt_steps(D.DEPARTMENTS[dept])


def _goods(p: dict[str, Any], left: float) -> float:
    """Cubes on their way to market: worth more the closer they are to a dispatch storage."""
    steps = _steps(p["dept"])
    dispatch = set(B.dispatch_cells(p))
    worth = 0.0
    for cell, n in p["cells"].items():
        if not n:
            continue
        if cell in dispatch:
            worth += n * 0.45 * B.value_of(p, cell)
        else:
            worth += n * (0.1 + 0.25 * steps.get(cell, 0))
    return worth * min(1.0, 4 * left)  # goods still in the factory at the end score nothing


def seat_value(s: dict[str, Any], seat: int) -> float:
    p = s["players"][seat]
    vp = float(vp_total(p))
    if s["final"]:
        return vp
    left = time_left(s)
    vp += D.END_CITY_VP * len(p["cities"])
    vp += p["money"] / D.END_MONEY_PER_VP + p["energy"] / D.END_ENERGY_PER_VP
    vp += D.END_GRID_ROW_VP * full_rows(p) + 0.4 * len(p["grid_placed"])
    icons = B.revealed_icons(p)
    vp += mondays_left(s) * (icons["vp"] + 0.2 * icons["money"])
    vp += EXPORT_VALUE * len(p["cities"]) * left
    vp += 3.0 if p["contract_done"] else 0.0
    vp += _goods(p, left)
    engine = 0.0
    engine += sum(p["staff"][t] - 1 for t in D.TEAMS) * 1.0
    engine += sum(1.5 for t in D.TEAMS if p["upg"][t])
    engine += sum(1.2 for f in p["fields"].values() if f)
    engine += 0.3 * p["science"] + 0.1 * p["money"] + 0.15 * p["energy"]
    engine += sum(TOKEN_VALUE[k] * p[k] for k in TOKEN_VALUE)
    return vp + left * engine


def evaluate(game: Any) -> list[float]:
    """Estimated final VP of every seat (exact once the game is over)."""
    return [seat_value(game.s, seat) for seat in range(len(game.players))]
