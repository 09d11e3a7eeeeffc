"""How the AI values a position: the per-game hook, and rewards for the search.

A game may ship ``engine/<kind>/ai_eval.py`` with ``evaluate(game) -> list[float]``: every
seat's estimated final score. Without one the running ``scores()`` are used. The search turns
those estimates into a reward in [0, 1] per seat: how far ahead of its best rival the seat
is (a logistic of the margin), so it plays to win and, once winning, to win by more.
The hook module may also set ``ROLLOUT_TURNS``: how far the search's plan rollouts play
before the estimate is asked (an evaluation that misjudges positions mid-turn wants more).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from functools import cache
from typing import Any

from engine.core import Game

ROLLOUT_TURNS = 2  # turns a strong rollout plays before the evaluation, unless the game says
MARGIN_SCALE = 6.0  # VP: a lead this large is worth a reward of about 0.73
SOLO_TARGET = 55.0  # solo games: a score this high is worth 0.5
Evaluator = Callable[[Any], list[float]]


@cache
def evaluator(kind: str) -> Evaluator:
    """The game's ``ai_eval.evaluate`` hook, or the running scores when it has none."""
    try:
        module = importlib.import_module(f"engine.{kind}.ai_eval")
    except ModuleNotFoundError:
        return _running_scores
    return module.evaluate


@cache
def rollout_turns(kind: str) -> int:
    """How many turns the strong search's rollouts play before the evaluation: the game's
    ``ai_eval.ROLLOUT_TURNS`` (its evaluation may judge some positions better from
    further on), else ``ROLLOUT_TURNS``."""
    try:
        module = importlib.import_module(f"engine.{kind}.ai_eval")
    except ModuleNotFoundError:
        return ROLLOUT_TURNS
    return int(getattr(module, "ROLLOUT_TURNS", ROLLOUT_TURNS))


def _running_scores(game: Game) -> list[float]:
    lines = sorted(game.scores(), key=lambda line: line.seat)
    return [float(line.vp) for line in lines]


def values(game: Game) -> list[float]:
    return evaluator(game.kind)(game)


def rewards(game: Game, estimate: list[float] | None = None) -> list[float]:
    """A reward in [0, 1] for every seat; at the end a win counts more than the margin."""
    est = values(game) if estimate is None else estimate
    n = len(est)
    if n == 1:
        return [logistic((est[0] - SOLO_TARGET) / (2 * MARGIN_SCALE))]
    out = []
    for seat in range(n):
        rival = max(v for i, v in enumerate(est) if i != seat)
        margin = logistic((est[seat] - rival) / MARGIN_SCALE)
        if game.over:
            win = 1.0 if est[seat] > rival else (0.5 if est[seat] == rival else 0.0)
            out.append(0.7 * win + 0.3 * margin)
        else:
            out.append(margin)
    return out


def margin(game: Game, seat: int, estimate: list[float] | None = None) -> float:
    """The seat's estimated lead over its best rival (its own estimate when alone)."""
    est = values(game) if estimate is None else estimate
    if len(est) == 1:
        return est[0]
    return est[seat] - max(v for i, v in enumerate(est) if i != seat)


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
