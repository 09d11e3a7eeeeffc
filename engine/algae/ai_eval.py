"""The AI players' evaluation hook for Algae, Inc. (read by ``ai/evaluate.py``).

``evaluate(game)`` estimates every seat's final VP from the current state: the VP already
scored, the End of the Month points the seat would get now (money, energy, cities, grid rows,
counted in fractions so one more euro is worth something), and what its engine should still
earn, weighted by the share of the month left: ``features`` times ``WEIGHTS``. The weights
are a heuristic fitted to the final scores of plan-played games (``python3 -m ai.fit``),
not rules; nothing here is seen by players.

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

TOKENS = ("freelance", "choice", "wild", "value")


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


EXACT = ("vp", "cities", "money", "energy", "rows", "monday_vp", "monday_money")  # the rules
# VP a unit of each feature is worth: fitted by ``python3 -m ai.fit algae --games 60 --every 8
# --lam 0.1`` (60 plan-played games), a fitted weight below 0 kept at 0.
WEIGHTS: dict[str, float] = {
    "one": 2.837,  # the same for every seat: it moves the estimate, never a decision
    "left": 5.389,
    "vp": 1.0,
    "cities": float(D.END_CITY_VP),
    "money": 1.0 / D.END_MONEY_PER_VP,
    "energy": 1.0 / D.END_ENERGY_PER_VP,
    "rows": float(D.END_GRID_ROW_VP),
    "grid": 0.0,  # fitted -1.06: a correlation (science spent), not a cost; kept at 0
    "monday_vp": 1.0,
    "monday_money": 1.0 / D.END_MONEY_PER_VP,
    "cities_left": 0.0,  # fitted -0.07
    "contract": 0.0,  # fitted -2.6: its reward is already counted where it went
    "goods": 1.060,
    "staff_left": 1.274,
    "upg_left": 1.5,
    "fields_left": 1.195,
    "science_left": 1.230,
    "money_left": 1.897,
    "energy_left": 2.614,
    "freelance_left": 0.0,  # fitted -0.09
    "choice_left": 0.433,
    "wild_left": 1.112,
    "value_left": 1.830,
}


def features(s: dict[str, Any], seat: int) -> dict[str, float]:
    """What the estimate of ``seat``'s final VP is made of (``*_left``: times the share of
    the month left, for what the seat's engine should still turn into VP)."""
    p = s["players"][seat]
    left = time_left(s)
    icons = B.revealed_icons(p)
    out = {
        "one": 1.0,
        "left": left,
        "vp": float(vp_total(p)),
        "cities": float(len(p["cities"])),
        "money": float(p["money"]),
        "energy": float(p["energy"]),
        "rows": float(full_rows(p)),
        "grid": float(len(p["grid_placed"])),
        "monday_vp": float(mondays_left(s) * icons["vp"]),
        "monday_money": float(mondays_left(s) * icons["money"]),
        "cities_left": len(p["cities"]) * left,
        "contract": 1.0 if p["contract_done"] else 0.0,
        "goods": _goods(p, left),
        "staff_left": sum(p["staff"][t] - 1 for t in D.TEAMS) * left,
        "upg_left": sum(1 for t in D.TEAMS if p["upg"][t]) * left,
        "fields_left": sum(1 for f in p["fields"].values() if f) * left,
        "science_left": p["science"] * left,
        "money_left": p["money"] * left,
        "energy_left": p["energy"] * left,
    }
    for k in TOKENS:
        out[f"{k}_left"] = p[k] * left
    return out


def seat_value(s: dict[str, Any], seat: int) -> float:
    if s["final"]:
        return float(vp_total(s["players"][seat]))
    return sum(WEIGHTS[k] * v for k, v in features(s, seat).items())


def evaluate(game: Any) -> list[float]:
    """Estimated final VP of every seat (exact once the game is over)."""
    return [seat_value(game.s, seat) for seat in range(len(game.players))]


def seat_features(game: Any, seat: int) -> dict[str, float]:
    """The features of ``seat`` for ``python3 -m ai.fit`` (which fits ``WEIGHTS``)."""
    return features(game.s, seat)
