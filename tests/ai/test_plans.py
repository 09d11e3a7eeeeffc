"""The goal-directed plans (ai/plan_<kind>.py via ai/policy.py): the 'normal' level and the
strong search's rollout policy (issue 10). They pick listed options, whole games end under
them, they play better than random moves, and the evaluation fit solves what it should."""

from __future__ import annotations

import pytest

import ai
import ai.mcts
from ai.fit import ridge, solve
from ai.mcts import Budget, search
from ai.policy import has_plan, plan, plan_trust, policy_move
from engine.core import Rng, new_game
from tests.ai.helpers import midgame, seat_to_act


@pytest.mark.parametrize(("kind", "plan_seat"), [("algae", 0), ("mars", 1)])
def test_the_plan_plays_a_whole_game_and_beats_random_moves(kind: str, plan_seat: int):
    """Every move the plan makes is a listed option, the game ends, and the plan outscores
    a random legal player."""
    assert has_plan(kind)
    game = new_game(kind, ["a", "b"], seed=4)
    rng = Rng(3)
    for _ in range(4000):
        pending = game.pending()
        if not pending:
            break
        d = pending[0]
        if d.seat != plan_seat:
            game.play(d.seat, rng.choice(d.options).move)
            continue
        move = plan(kind)(game, d, rng)  # type: ignore[misc]
        assert move in {o.move for o in d.options}, f"{move!r} is not listed for {d.prompt!r}"
        game.play(d.seat, move)
    assert game.over
    vp = {line.seat: line.vp for line in game.scores()}
    assert vp[plan_seat] > vp[1 - plan_seat], vp


def test_a_game_without_a_plan_falls_back_on_a_listed_move(monkeypatch: pytest.MonkeyPatch):
    assert plan("no such game") is None
    game = midgame("mars", 2, 5, 30)
    d = game.pending()[0]
    monkeypatch.setattr(game, "kind", "toy")  # a kind without ai/plan_toy.py
    assert policy_move(game, d, Rng(1)) in {o.move for o in d.options}


@pytest.mark.parametrize("kind", ["algae", "mars"])
def test_normal_is_the_plan_seen_from_the_seat(kind: str):
    game = midgame(kind, 2, 8, 40)
    seat = seat_to_act(game)
    move = ai.choose(game, seat, "normal")
    rng = Rng.from_seed(ai.fair_seed(game, seat))
    copy = game.determinize(seat, rng)
    decision = copy.decision_for(seat)
    assert decision is not None
    assert move == policy_move(copy, decision, rng)


def test_the_fit_solves_a_known_system():
    assert solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0]) == pytest.approx([1.0, 3.0])
    rows = [({"a": float(x), "b": float(x * x % 7)}, 2.0 * x - 0.5 * (x * x % 7)) for x in range(9)]
    fitted = ridge(rows, ["a", "b"], {"a": 0.0, "b": 0.0}, 0.0)
    assert fitted == pytest.approx({"a": 2.0, "b": -0.5})
    pulled = ridge(rows, ["a", "b"], {"a": 0.0, "b": 0.0}, 100.0)
    assert abs(pulled["a"]) < 0.5, "a strong pull keeps the weights near the prior"


def test_mars_normal_games_end_by_the_published_trigger():
    """Issue 10 with issue 9's target: two normal On Mars AIs end their game by its missions
    or colony level (MARS-GAP-31), well before the round-30 safety guard (the previous plan
    ran every game to the guard)."""
    game = new_game("mars", ["a", "b"], seed=7)
    for _ in range(4000):
        pending = game.pending()
        if not pending:
            break
        game.play(pending[0].seat, ai.choose(game, pending[0].seat, "normal"))
    view = game.view(None)
    assert game.over and view["ended_by"] in ("missions", "level"), view["ended_by"]
    assert view["round"] <= 20, view["round"]


def test_the_search_overrules_the_plan_only_with_trust_times_its_visits(monkeypatch):
    """ai/mcts.py: the root plays another move than the plan's only when it has TRUST times
    the plan's visits (ai/policy.py plan_trust); On Mars sets TRUST, Algae does not."""
    assert plan_trust("mars") > 1.0 and plan_trust("algae") == 1.0
    assert plan_trust("no such game") == 1.0
    # a position where the search disagrees: pinned to On Mars rules 11, since each rules
    # version moves it (rules 4, 6 and 12 did)
    game = midgame("mars", 2, 1, 50, options={"rules": 11})
    seat = seat_to_act(game)
    budget = Budget(seconds=None, iterations=16, prior=False)
    planned = search(game, seat, Budget(seconds=None, iterations=1, prior=False), Rng(1)).move
    monkeypatch.setattr(ai.mcts, "plan_trust", lambda kind: 1.0)
    free = search(game, seat, budget, Rng(1))
    assert free.visits[free.move] == max(free.visits.values())  # ties go to the better mean
    assert free.move != planned, "this position's search prefers another move by visits"
    monkeypatch.setattr(ai.mcts, "plan_trust", lambda kind: 1e9)
    assert search(game, seat, budget, Rng(1)).move == planned
