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
    # what should still turn into OP (read with defaults: the board may gain or lose parts)
    value += 0.4 * sum(p.get("res", {}).values())
    value += 0.7 * (p.get("depot", 0) + p.get("below", 0) + p.get("gcry", 0))
    value += 1.2 * len(p.get("bots", ())) + 0.8 * p.get("wa", 0) + 0.4 * p.get("lq", 0)
    value += 0.8 * len(p.get("goals", ())) + (2.0 if p.get("goal_done") else 0.0)
    return value


def evaluate(game: Any) -> list[float]:
    """Estimated final OP of every seat (exact once the game is over)."""
    return [seat_value(game, seat) for seat in range(len(game.players))]
