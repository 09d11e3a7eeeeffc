"""Every AI level plays legal moves, and AI seats play whole games to their end (issue 10)."""

from __future__ import annotations

import json

import pytest

import ai
from ai.evaluate import ROLLOUT_TURNS, rollout_turns
from ai.mcts import Budget, _rollout, search
from ai.policy import policy_move
from engine.algae import ai_eval as algae_eval
from engine.core import Game, Rng, new_game
from tests.ai.helpers import midgame, seat_to_act

TINY = Budget(seconds=None, iterations=15)


@pytest.mark.parametrize("kind", ["algae", "mars"])
@pytest.mark.parametrize("level", ai.ALL_LEVELS)
def test_every_level_picks_a_listed_option(kind: str, level: str):
    game = midgame(kind, 2, 3, 30)
    seat = seat_to_act(game)
    before = game.to_json()
    move = ai.choose(game, seat, level, TINY if level in ("normal", "strong") else None)
    decision = game.decision_for(seat)
    assert decision is not None
    assert move in {o.move for o in decision.options}
    assert game.to_json() == before, "choosing must not touch the real game"


@pytest.mark.parametrize("kind", ["algae"])  # On Mars: tests/ai/test_playout_ai.py
def test_ai_seats_play_a_game_to_its_end(kind: str):
    game = new_game(kind, ["easy", "rand"], seed=8)
    levels = ["easy", "random"]
    for _ in range(3000):
        pending = game.pending()
        if not pending:
            break
        d = pending[0]
        game.play(d.seat, ai.choose(game, d.seat, levels[d.seat]))
    assert game.over
    assert len(game.scores()) == 2


def test_search_counts_its_iterations_and_visits_only_legal_moves():
    game = midgame("algae", 2, 4, 20)
    seat = seat_to_act(game)
    result = search(game, seat, Budget(seconds=None, iterations=30, prior=False), Rng(1))
    decision = game.decision_for(seat)
    assert decision is not None
    legal = {o.move for o in decision.options}
    assert result.iterations == 30
    assert set(result.visits) <= legal and result.move in legal
    assert sum(result.visits.values()) == 30


def test_search_opens_the_plans_move_first_and_widens_slowly():
    """Progressive widening: one iteration tries the plan's move only; a node opens about
    1 + widen * sqrt(visits) moves."""
    game = midgame("algae", 2, 4, 20)
    seat = seat_to_act(game)
    decision = game.decision_for(seat)
    assert decision is not None
    planned = policy_move(game.determinize(seat, Rng(9)), decision, Rng(9))
    one = search(game, seat, Budget(seconds=None, iterations=1, prior=False), Rng(1))
    assert one.visits == {planned: 1} and one.move == planned
    few = search(game, seat, Budget(seconds=None, iterations=4, root_widen=0.5), Rng(1))
    assert len(few.visits) <= 1 + 0.5 * 2


def _turns_played(game: Game, budget: Budget) -> int:
    """How many times the turn changes in one rollout of ``budget`` from ``game``."""
    copy = type(game).from_json(game.to_json())
    keys = [copy.turn_key()]
    play = copy.play

    def recording(seat: int, move: str):
        events = play(seat, move)
        if copy.turn_key() != keys[-1]:
            keys.append(copy.turn_key())
        return events

    copy.play = recording  # type: ignore[method-assign]
    _rollout(copy, budget, Rng(3))
    return len(keys) - 1


def test_rollouts_play_the_games_own_number_of_turns():
    """A budget without a horizon plays the game's ROLLOUT_TURNS (Algae's evaluation wants
    5, engine/algae/ai_eval.py); a game that sets none gets ai/evaluate.py's."""
    assert rollout_turns("algae") == algae_eval.ROLLOUT_TURNS != ROLLOUT_TURNS
    assert rollout_turns("no-such-game") == ROLLOUT_TURNS
    game = midgame("algae", 2, 4, 20)
    assert _turns_played(game, Budget(seconds=None, iterations=1)) == algae_eval.ROLLOUT_TURNS
    assert _turns_played(game, Budget(seconds=None, iterations=1, horizon=1)) == 1


def test_levels_and_budgets_are_checked():
    assert ai.check_level(None) == ai.DEFAULT_LEVEL
    assert ai.check_level(" Strong ") == "strong"
    with pytest.raises(ValueError, match="unknown AI level"):
        ai.check_level("grandmaster")
    with pytest.raises(ValueError, match="seconds or iterations"):
        Budget(seconds=None, iterations=None)


def test_a_seat_without_a_decision_is_refused():
    game = new_game("mars", ["a", "b"], seed=2)
    idle = next(s for s in range(2) if game.decision_for(s) is None)
    with pytest.raises(ValueError, match="no decision"):
        ai.choose(game, idle, "easy")


@pytest.mark.parametrize("kind", ["algae", "mars"])
def test_a_game_rebuilt_from_a_snapshot_shares_nothing_with_it(kind: str):
    """The search rebuilds many copies from one ``to_json`` snapshot: playing on a copy must
    leave the snapshot (and so every later copy) as it was."""
    game = midgame(kind, 2, 6, 25)
    snapshot = game.to_json()
    before = json.dumps(snapshot, sort_keys=True)
    copy = type(game).from_json(snapshot)
    for _ in range(20):
        pending = copy.pending()
        if not pending:
            break
        copy.play(pending[0].seat, pending[0].options[-1].move)
    assert json.dumps(snapshot, sort_keys=True) == before
