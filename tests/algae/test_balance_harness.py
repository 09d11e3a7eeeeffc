"""The balance harness (tests/algae/balance.py) counts what it says it counts, on one real
game: three weekends a seat, converter cubes each burnt or stored, Food's Monday only for
Food, and win-rate intervals that hold the rate."""

from __future__ import annotations

import pytest

from tests.algae.balance import play_one
from tests.algae.balance_report import table, wilson


def test_wilson_interval_holds_the_rate_and_narrows_with_games():
    lo, hi = wilson(10, 20)
    assert lo == pytest.approx(0.299, abs=0.001) and hi == pytest.approx(0.701, abs=0.001)
    lo2, hi2 = wilson(100, 200)
    assert lo < lo2 < 0.5 < hi2 < hi
    assert wilson(0, 0) == (0.0, 1.0) and wilson(0, 10)[0] == 0.0


def test_one_planner_game_marks_add_up():
    r = play_one(("planner", 2, 6, None, None))  # food against cosmetics
    assert r["depts"] == ["food", "cosmetics"] and len(r["vp"]) == 2
    assert sum(r["win"]) == pytest.approx(1.0)
    for dept, marks, by, vp in zip(r["depts"], r["marks"], r["by"], r["vp"], strict=True):
        assert sum(n for m, n in marks.items() if m.startswith("wknd energy")) == 3, marks
        assert sum(n for m, n in marks.items() if m.startswith("weekend spot")) == 3, marks
        asked = sum(n for m, n in marks.items() if m.split()[0] == "wknd" and "energy" not in m)
        assert asked == 3 - marks.get("wknd energy 0", 0)  # with no energy nothing is asked
        answers = marks.get("byp burn", 0) + marks.get("byp store", 0)
        assert marks.get("converter cubes", 0) >= answers  # the tile stores without asking
        assert marks.get("machine A activations", 0) > 0 or not marks.get("converter cubes")
        assert ("food degraded" in marks) == (dept == "food")
        assert sum(by.values()) == vp
        reached = {m.split()[1] for m in marks if m.startswith("milestone ") and "rank" not in m}
        ranked = [m.split()[1] for m in marks if " rank " in m]
        assert sorted(ranked) == sorted(reached)  # one order of arrival per milestone reached
    for mid in {m.split()[1] for marks in r["marks"] for m in marks if " rank " in m}:
        ranks = sorted(int(m.split()[-1]) for marks in r["marks"] for m in marks
                       if m.startswith(f"milestone {mid} rank "))  # fmt: skip
        assert ranks == list(range(1, len(ranks) + 1))  # 1st, 2nd: each place once
    text = table(2, [r])
    assert "food" in text and "machine A activations" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seating_covers_every_ordering_equally(players: int):
    """Each department sits in every seat equally often over a full cycle of games, and every
    ordered pair (two players) or triple (three) comes up once a cycle: the head start of
    each count is measured on the same footing for every department."""
    from collections import Counter

    from tests.algae.balance import DEPTS, seating

    cycle = {2: 12, 3: 24, 4: 4}[players]
    games = [tuple(seating(players, i)) for i in range(cycle)]
    assert all(len(set(g)) == players and set(g) <= set(DEPTS) for g in games)
    if players < 4:
        assert len(set(games)) == cycle  # every ordering once
    for seat in range(players):
        assert set(Counter(g[seat] for g in games).values()) == {cycle // len(DEPTS)}
