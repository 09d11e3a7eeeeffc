"""Fit the scripted On Mars player's weights (ai/mars_weights.py), run by hand:
``python3 -m tests.mars.tune [--evals N] [--games G] [--jobs J] [--seed S]``.

A seeded (1+1) local search: each step scales two or three weights by a random factor, plays
the same ``G`` games at 1, 2, 3 and 4 players (seeds 5000 on, apart from the sweep's 1000-1099 so
that the sweep measures games the search never saw) and keeps the change when the objective
rises. The objective is the winners' mean OP minus penalties for what issue 9's sweep must keep:
median rounds 7-11 at 3-4 players (a little already above 10.5) and at most 14 at 2, solo
games no longer than 24 rounds, every game ended by the published
trigger, every Main and Executive action chosen in at least 1.5 % of turns, every mission card
completed in at least 15 % of the games that drew it. It prints each kept step and, at the end,
the weights to paste into ai/mars_weights.py.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections import Counter
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType

from ai.mars_weights import W
from tests.mars.player import play_game
from tests.mars.sweep import EXEC, MAIN, action_of

COUNTS = (1, 2, 3, 4)
FIRST_SEED = 5000


def one_game(task: tuple[dict[str, float], int, int]) -> dict:
    """One game with the weights ``w``: its rounds, end, winner OP, missions and actions."""
    w, n, seed = task
    W.update(w)
    moves: list[str] = []
    game = play_game(n, seed, turn_moves=moves)
    view = game.view(None)
    return {
        "n": n,
        "round": view["round"],
        "trigger": view["ended_by"] in ("missions", "level"),
        "win": max(x.vp for x in game.scores()),
        "missions": [(m["id"], bool(m["done"])) for m in view["missions"]],
        "chosen": Counter(a for m in moves if (a := action_of(m))),
        "turns": sum(1 for m in moves if m == "end"),
    }


def objective(rows: list[dict]) -> tuple[float, dict]:
    """The winners' mean OP less the penalties (see the module docstring), and the parts."""
    win = statistics.mean(r["win"] for r in rows)
    pen = 0.0
    for n in COUNTS:
        rounds = [r["round"] for r in rows if r["n"] == n]
        if n == 1:  # no target but the guard: keep solo games well below round 30
            pen += 6.0 * max(0, max(rounds) - 24)
            continue
        med = statistics.median(rounds)
        lo, hi = (0, 14) if n == 2 else (7, 11)
        pen += 6.0 * max(0.0, lo - med, med - hi) + 2.0 * max(0.0, med - hi + 0.5)
    pen += 20.0 * sum(not r["trigger"] for r in rows)
    turns = sum(r["turns"] for r in rows)
    chosen: Counter[str] = Counter()
    for r in rows:
        chosen.update(r["chosen"])
    rare = [a for a in (*MAIN, *(f"x {e}" for e in EXEC)) if chosen[a] < 0.015 * turns]
    pen += 3.0 * len(rare)
    drawn: Counter[str] = Counter()
    done: Counter[str] = Counter()
    for r in rows:
        for m, ok in r["missions"]:
            drawn[m] += 1
            done[m] += ok
    weak = [m for m in drawn if drawn[m] >= 4 and done[m] < 0.15 * drawn[m]]
    pen += 3.0 * len(weak)
    return win - pen, {"win": round(win, 2), "pen": pen, "rare": rare, "weak": weak}


def evaluate(pool: PoolType, w: dict[str, float], games: int) -> tuple[float, dict]:
    tasks = [(w, n, FIRST_SEED + k) for n in COUNTS for k in range(games)]
    return objective(pool.map(one_game, tasks, chunksize=4))


def step(w: dict[str, float], rnd: random.Random) -> dict[str, float]:
    out = dict(w)
    for key in rnd.sample(sorted(w), rnd.choice((2, 3))):
        out[key] = round(w[key] * math.exp(rnd.gauss(0.0, 0.35)), 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--evals", type=int, default=200)
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    best = dict(W)
    with Pool(args.jobs) as pool:
        score, parts = evaluate(pool, best, args.games)
        print(f"start {score:.2f} {parts}", flush=True)
        for k in range(args.evals):
            cand = step(best, rnd)
            s, p = evaluate(pool, cand, args.games)
            if s > score:
                changed = {x: cand[x] for x in cand if cand[x] != best[x]}
                best, score, parts = cand, s, p
                print(f"{k}: {score:.2f} {parts} {changed}", flush=True)
    print("W =", best)


if __name__ == "__main__":
    main()
