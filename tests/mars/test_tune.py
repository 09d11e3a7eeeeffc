"""The weight search for the scripted On Mars player (tests/mars/tune.py): its objective is
the winners' mean OP, less a penalty for each of issue 9's sweep targets a sample misses."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.mars.sweep import EXEC, MAIN
from tests.mars.tune import objective, one_game, step

EVERY = Counter({a: 5 for a in (*MAIN, *(f"x {e}" for e in EXEC))})


def row(n: int, rounds: int, win: int, **kw) -> dict:
    base = {
        "n": n,
        "round": rounds,
        "trigger": True,
        "win": win,
        "missions": [("bot", True), ("tech", True), ("research", True)],
        "chosen": EVERY,
        "turns": 100,
    }
    return {**base, **kw}


def sample(**kw) -> list[dict]:
    return [row(n, {1: 15, 2: 12}.get(n, 10), 60 + n, **kw) for n in (1, 2, 3, 4)]


def test_a_sample_that_meets_every_target_scores_its_winners_mean() -> None:
    score, parts = objective(sample())
    assert score == pytest.approx(62.5) and parts["pen"] == 0.0


def test_each_missed_target_costs_points() -> None:
    base, _ = objective(sample())
    capped, _ = objective(sample(trigger=False))
    assert capped == pytest.approx(base - 4 * 20.0)
    long3 = [r if r["n"] != 3 else {**r, "round": 13} for r in sample()]
    assert objective(long3)[0] < base
    long_solo = [r if r["n"] != 1 else {**r, "round": 27} for r in sample()]
    assert objective(long_solo)[0] == pytest.approx(base - 18.0)
    no_pod = sample(chosen=EVERY - Counter({"pod": 5}))
    assert objective(no_pod)[1]["rare"] == ["pod"]
    failed = sample(missions=[("bot", False)] * 2 + [("tech", True)])
    assert objective(failed)[1]["weak"] == ["bot"]


def test_a_step_scales_two_or_three_weights() -> None:
    import random

    w = {k: 1.0 for k in "abcdef"}
    for seed in range(20):
        changed = [k for k, v in step(w, random.Random(seed)).items() if v != w[k]]
        assert 2 <= len(changed) <= 3


def test_one_game_reports_what_the_objective_reads() -> None:
    from ai.mars_weights import W

    r = one_game((dict(W), 2, 1000))
    assert r["n"] == 2 and r["trigger"] and r["round"] < 30
    assert r["win"] > 0 and r["turns"] > 0 and sum(r["chosen"].values()) > 0
    assert len(r["missions"]) == 3
