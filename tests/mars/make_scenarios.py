"""Writes tests/mars/scenarios/game_<n>p.json: a purposeful (greedy) move script per player
count on rules 1, with the final scores it reached. Run: python -m tests.mars.make_scenarios"""

from __future__ import annotations

import json
import random
from pathlib import Path

import engine.mars  # noqa: F401
from engine.core import new_game

PRIORITY = (
    "goal ",
    "construct",
    "upgrade",
    "ship",
    "hire",
    "contract",
    "learn",
    "blueprint",
    "rnd",
    "x adv",
    "x upgrade",
    "x develop",
    "deliver",
    "x mineral",
    "resupply",
    "control",
    "end",
)
SEEDS = {1: 11, 2: 22, 3: 33, 4: 44}


def choose(options: list[str], rnd: random.Random) -> str:
    for pref in PRIORITY:
        hits = [m for m in options if m.startswith(pref)]
        if hits:
            return hits[0]
    safe = [m for m in options if not m.startswith("discard")]
    return rnd.choice(safe or options)


def script(n: int) -> dict:
    seed = SEEDS[n]
    rnd = random.Random(seed)
    # rules 1: the pins show that a game started before issue 9 still replays and scores
    g = new_game("mars", [f"p{i + 1}" for i in range(n)], seed=seed, options={"rules": 1})
    while g.pending():
        d = g.pending()[0]
        g.play(d.seat, choose([o.move for o in d.options], rnd))
    rec = g.record()
    rec["final"] = [[x.seat, x.vp] for x in g.scores()]
    return rec


if __name__ == "__main__":
    out = Path(__file__).parent / "scenarios"
    out.mkdir(exist_ok=True)
    for n in (1, 2, 3, 4):
        rec = script(n)
        (out / f"game_{n}p.json").write_text(json.dumps(rec) + "\n")
        print(n, len(rec["moves"]), rec["final"])
