"""The On Mars plan: the 'normal' level and the strong search's rollout policy (ai/policy.py).

It is the competent scripted player of issue 9's measurements (ai/mars_player.py), which reads
only ``view(seat)`` and the options of its own decision, so it sees nothing its seat cannot.
Its chance comes from the caller's fair generator (``FairChance``), never the game's.
"""

from __future__ import annotations

from typing import Any

from ai.mars_player import Player
from engine.core import Decision, Rng
from engine.mars import data as D

SCALE = 1 << 30
# The strong search plays another root move than this plan's only with TRUST times its visits
# (ai/mcts.py): its 2-turn rollouts cut short by engine/mars/ai_eval.py judge a Mars position
# worse than this plan does (strong@12 iterations vs easy without it: games to the round cap).
TRUST = 6.0


class FairChance:
    """``random()``, ``uniform()`` and ``choice()`` drawn from an engine ``Rng``."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def random(self) -> float:
        return self.rng.below(SCALE) / SCALE

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def choice(self, seq: Any) -> Any:
        return self.rng.choice(list(seq))


class PlanPlayer(Player):
    """The scripted player without memory: the mission it chases hardest is the long one in
    play, so every call of a game picks the same."""

    def pick_focus(self, view: dict) -> str:
        ids = [m["id"] for m in view["missions"]]
        return next((m for m in ids if m in D.LONG_MISSIONS), ids[0] if ids else "")


def plan(game: Any, decision: Decision, rng: Rng) -> str:
    """The scripted player's move for ``decision``."""
    return PlanPlayer(decision.seat, FairChance(rng)).choose(game, decision)
