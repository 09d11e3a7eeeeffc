"""The AI players' evaluation hook for Algae, Inc. (read by ``ai/evaluate.py``).

``evaluate(game)`` estimates every seat's final VP from the current state: the VP already
scored, the End of the Month points the seat would get now (money, energy, cities, grid rows,
counted in fractions so one more euro is worth something), and what its engine should still
earn, weighted by the share of the month left: ``features`` times ``WEIGHTS``. The weights
are a heuristic checked in play, not rules (``python3 -m ai.fit`` fits them to how games
end, for comparison); nothing here is seen by players.

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
TOKEN_KEYS = tuple((k, f"{k}_left") for k in TOKENS)  # each token and its feature
# Turns the strong search's plan rollouts play before this estimate (ai/evaluate.py). Strong
# at 4 iterations against easy (2-player, ai.tournament, 6-12 games each): 2 turns 43.1 VP,
# 5 turns 63.0, 8 turns 56: the estimate misjudges half-built engines, the plan's next turns
# don't; 5 is the cheapest of the good ones.
ROLLOUT_TURNS = 5


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
    dispatch = B.dept(p)["values"]  # the dispatch cells
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
# VP a unit of each feature is worth. Hand-set and checked in play (python3 -m ai.tournament):
# weights fitted to plan-played games by ``python3 -m ai.fit algae`` predict final scores
# better (held-out sd 14 -> 10 VP) but read correlations as causes (money and energy held
# mid-game looked worth 2-3 VP each), and a strong AI on them hoarded and scored 14, not 51.
WEIGHTS: dict[str, float] = {
    "one": 0.0,  # the same for every seat: it moves the estimate, never a decision
    "left": 0.0,
    "vp": 1.0,
    "cities": float(D.END_CITY_VP),
    "money": 1.0 / D.END_MONEY_PER_VP,
    "energy": 1.0 / D.END_ENERGY_PER_VP,
    "rows": float(D.END_GRID_ROW_VP),
    "grid": 0.4,
    "monday_vp": 1.0,
    "monday_money": 0.2,
    "cities_left": 2.5,  # an export is worth more than its city point: tokens, milestones
    "contract": 3.0,
    "goods": 1.0,
    "staff_left": 1.0,
    "upg_left": 1.5,
    "fields_left": 1.2,
    "science_left": 0.3,
    "money_left": 0.1,
    "energy_left": 0.15,
    "freelance_left": 0.6,
    "choice_left": 0.9,
    "wild_left": 1.1,
    "value_left": 0.7,
}


def features(s: dict[str, Any], seat: int) -> dict[str, float]:
    """What the estimate of ``seat``'s final VP is made of (``*_left``: times the share of
    the month left, for what the seat's engine should still turn into VP)."""
    p = s["players"][seat]
    left = time_left(s)
    icons = B.revealed_icons(p)
    mondays = mondays_left(s)
    out = {
        "one": 1.0,
        "left": left,
        "vp": float(vp_total(p)),
        "cities": float(len(p["cities"])),
        "money": float(p["money"]),
        "energy": float(p["energy"]),
        "rows": float(full_rows(p)),
        "grid": float(len(p["grid_placed"])),
        "monday_vp": float(mondays * icons["vp"]),
        "monday_money": float(mondays * icons["money"]),
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
    for k, key in TOKEN_KEYS:
        out[key] = p[k] * left
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
