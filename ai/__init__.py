"""AI players for every game of the engine contract (issue 10). No discord, storage or imaging.

    import ai
    move = ai.choose(game, seat, "strong")                    # a move text for game.play()
    move = ai.choose(game, seat, "strong", ai.Budget(seconds=0.5))

Levels: ``random`` (a uniformly random legal move, the yardstick), ``easy`` (a greedy
look-ahead on the game's evaluation hook, ai/greedy.py), ``normal`` (the game's goal-directed
plan, ai/plan_<kind>.py via ai/policy.py; a small search for a game without one) and
``strong`` (information-set MCTS over determinised copies with the plan as its first choice
and rollout policy, cut short by the evaluation hook, ai/mcts.py).

Fair by construction: every level looks only at ``game.determinize(seat, rng)`` copies, whose
hidden things are dealt from the AI's own generator, and that generator is seeded from what
the seat sees (``view(seat)``, the move count) unless a seed is given. So two games that look
the same to the seat give the same decision (tests/ai/test_fairness.py). The per-game
evaluation lives in ``engine/<kind>/ai_eval.py`` (ai/evaluate.py says what it must return).
``ai.worker`` runs decisions in a worker process; ``ai.tournament`` measures the levels.
"""

from __future__ import annotations

import json
import zlib

from ai.greedy import greedy_move, random_move
from ai.mcts import Budget, search
from ai.policy import has_plan, policy_move
from engine.core import Game, Rng

LEVELS = ("easy", "normal", "strong")  # what players may choose; "random" is for measuring
ALL_LEVELS = ("random", *LEVELS)
DEFAULT_LEVEL = "normal"
BUDGETS = {
    "normal": Budget(seconds=0.4, iterations=250),  # a game without a plan only
    "strong": Budget(seconds=1.5),
}


def check_level(level: str | None) -> str:
    """The level meant by ``level`` (None means the default); ValueError with a reason."""
    name = (level or DEFAULT_LEVEL).strip().lower()
    if name not in ALL_LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose from {', '.join(LEVELS)}")
    return name


def fair_seed(game: Game, seat: int) -> int:
    """A seed from what ``seat`` sees, so hidden things cannot steer the AI's dice."""
    seen = json.dumps(game.view(seat), sort_keys=True, separators=(",", ":"), default=str)
    return zlib.crc32(f"{seat}:{game.version}:{seen}".encode())


def choose(
    game: Game,
    seat: int,
    level: str = DEFAULT_LEVEL,
    budget: Budget | None = None,
    seed: int | None = None,
) -> str:
    """The move the AI of ``level`` plays for ``seat`` now (ValueError when it has none)."""
    level = check_level(level)
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    if len(decision.options) == 1:
        return decision.options[0].move
    rng = Rng.from_seed(fair_seed(game, seat) if seed is None else seed)
    if level == "random":
        return random_move(game, seat, rng)
    if level == "easy":
        return greedy_move(game, seat, rng)
    if level == "normal" and has_plan(game.kind):
        copy = game.determinize(seat, rng)  # the plan sees what the seat sees, nothing more
        return policy_move(copy, copy.decision_for(seat) or decision, rng)
    return search(game, seat, budget or BUDGETS[level], rng).move


__all__ = ["ALL_LEVELS", "BUDGETS", "LEVELS", "Budget", "check_level", "choose", "fair_seed"]
