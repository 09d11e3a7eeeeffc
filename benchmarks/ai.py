"""AI decision times (issue 10): easy, normal and strong on positions of real games.

Positions come from 2-player games played by random legal moves (decisions with a real
choice only). ``normal`` is the game's plan (ai/policy.py), a few milliseconds. Targets:
easy p95 <= 50 ms; strong <= 2 s within its budget (1.5 s by default; ``ALGAE_AI_SECONDS``
sets it here as in the bot). Strength is measured by ``python3 -m ai.tournament``, not here.
"strong decision, 4 iterations" is the strong level at the balance harness's fixed budget
(``tests/algae/balance.py --iterations 4``, issue 11): the same work whatever the load, so
its time is what engine and AI speed-ups change (a timed budget turns them into iterations).
"""

from __future__ import annotations

import random
import time

import engine
from ai import BUDGETS, choose
from ai.mcts import Budget
from ai.policy import has_plan
from ai.worker import strong_budget
from benchmarks.kit import Row, row
from engine.core import Game, new_game

POSITIONS = {"easy": 40, "normal": 40, "strong": 8}
FIXED = Budget(seconds=None, iterations=4)  # the balance harness's budget
FIXED_POSITIONS = 20
TARGETS = {"easy": "p95 <= 50 ms", "normal": "", "strong": "<= 2000 ms"}


def positions(kind: str, count: int, seed: int = 1) -> list[tuple[Game, int]]:
    """``count`` positions with a real choice, spread over a few random games."""
    rnd = random.Random(seed)
    out: list[tuple[Game, int]] = []
    game_seed = seed
    while len(out) < count:
        game = new_game(kind, ["a", "b"], seed=game_seed)
        game_seed += 1
        step = 0
        while game.pending() and len(out) < count:
            d = rnd.choice(game.pending())
            if len(d.options) > 1 and step % 7 == 3:
                out.append((type(game).from_json(game.to_json()), d.seat))
            game.play(d.seat, rnd.choice(d.options).move)
            step += 1
    return out


def run() -> list[Row]:
    rows: list[Row] = []
    for kind in ("algae", "mars"):
        if kind not in engine.GAMES:
            continue
        for level, count in POSITIONS.items():
            samples = []
            budget = strong_budget() if level == "strong" else BUDGETS.get(level)
            for game, seat in positions(kind, count):
                start = time.perf_counter()
                choose(game, seat, level, budget if level == "strong" else None)
                samples.append(time.perf_counter() - start)
            note = f"budget {budget.seconds} s" if budget and budget.seconds else ""
            if level == "normal" and has_plan(kind):
                note = "the game's plan"
            rows.append(row("ai", f"{kind} {level} decision", samples, TARGETS[level], note))
        samples = []
        for game, seat in positions(kind, FIXED_POSITIONS, seed=2):
            start = time.perf_counter()
            choose(game, seat, "strong", FIXED)
            samples.append(time.perf_counter() - start)
        what = f"{kind} strong decision, {FIXED.iterations} iterations"
        rows.append(row("ai", what, samples, "", "fixed work: the balance harness's budget"))
    return rows
