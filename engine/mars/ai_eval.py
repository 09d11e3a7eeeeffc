"""The AI players' evaluation hook for On Mars (read by ``ai/evaluate.py``).

``evaluate(game)`` estimates every seat's final OP: the final-scoring breakdown it would get
now (scoring.breakdown: OP track, Progress cubes, Techs, Ships, Blueprints, Scientists,
Contracts, Living Quarters) plus a small value for what should still turn into OP (resources,
crystals, Bots, colonists). A heuristic for search, tuned by ``python3 -m ai.tournament``; it
reads only state the determinised copy holds (``Game.determinize``), never the real game.
"""

from __future__ import annotations

from typing import Any

from engine.mars.rules import P
from engine.mars.scoring import breakdown


def seat_value(g: Any, seat: int) -> float:
    if g.s["final"]:
        return float(next(r["vp"] for r in g.s["final"] if r["seat"] == seat))
    p = P(g, seat)
    value = float(sum(breakdown(g, seat).values()))
    value += 0.4 * sum(p["res"].values())
    value += 0.7 * (p["depot"] + p["below"] + p["gcry"])
    value += 1.2 * len(p["bots"]) + 0.8 * p["wa"] + 0.4 * p["lq"]
    value += 0.8 * len(p["goals"]) + (4.0 if p["goal_done"] else 0.0)
    return value


def evaluate(game: Any) -> list[float]:
    """Estimated final OP of every seat (exact once the game is over)."""
    return [seat_value(game, seat) for seat in range(len(game.players))]
