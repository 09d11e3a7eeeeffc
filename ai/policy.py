"""Goal-directed policies: a fast scripted player per game, ``ai/plan_<kind>.py``.

A plan is ``plan(game, decision, rng) -> move``: reading only what the deciding seat sees,
drawing any chance from ``rng`` (the caller's fair generator, never the game's), so it is
fair by construction, and a few milliseconds a move at most. It is the
'normal' level and the strong search's rollout policy and first choice at every node
(ai/mcts.py). A game without a plan falls back on a random legal move (from the caller's
fair generator): cheap, not clever.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

from engine.core import Decision, Game, Rng

Policy = Callable[[Game, Decision, Rng], str]


@cache
def plan(kind: str) -> Policy | None:
    """The game's scripted player (``ai.plan_<kind>.plan``), or None without one."""
    name = f"ai.plan_{kind}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
    return module.plan


def has_plan(kind: str) -> bool:
    return plan(kind) is not None


@cache
def plan_trust(kind: str) -> float:
    """How many times the plan's visits another root move needs before the strong search
    plays it instead of the plan's (ai/mcts.py): the plan module's ``TRUST``, 1.0 (the most
    visited move, whichever) without one. A game whose evaluation judges few-turn rollouts
    worse than its plan plays sets it above 1, so few noisy visits do not overrule the plan."""
    try:
        module = importlib.import_module(f"ai.plan_{kind}")
    except ModuleNotFoundError:
        return 1.0
    return float(getattr(module, "TRUST", 1.0))


def policy_move(game: Game, decision: Decision, rng: Rng) -> str:
    """The plan's move for ``decision`` (a listed option), else a random listed one."""
    found = plan(game.kind)
    if found is not None:
        move = found(game, decision, rng)
        if any(o.move == move for o in decision.options):
            return move
    return rng.choice(decision.options).move
