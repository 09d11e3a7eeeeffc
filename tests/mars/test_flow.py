"""Rounds, the Shuttle phase, Colony level-ups, the end and the contract hooks (GAP rulings)."""

from __future__ import annotations

import json

import pytest

from engine.core import Game, IllegalMove, replay
from engine.mars import data as D
from engine.mars.build import level_up
from engine.mars.game import MarsGame
from tests.mars.helpers import P, new, play, refresh, turn


def test_setup_picks_in_seat_order_with_bonus() -> None:
    """GAP-01 setup: in seat order each player takes a turn-order space and its bonus (rules
    1-5's bonuses; rules 6's benefits: test_rules6.py)."""
    from engine.core import new_game

    g = new_game("mars", ["a", "b", "c"], seed=3, options={"rules": 5})
    assert isinstance(g, MarsGame)
    assert [d.seat for d in g.pending()] == [0]
    g.play(0, "space 3")
    assert g.pending()[0].seat == 1 and P(g, 0)["res"]["mineral"] == D.START_RES["mineral"] + 1
    g.play(1, "space 1")
    g.play(2, "space 2")
    assert g.s["order"] == [1, 2, 0] and g.pending()[0].seat == 1


def _finish_round(g) -> None:
    r = g.s["round"]
    while g.s["round"] == r and g.s["phase"] == "colonize":
        d = g.pending()[0]
        g.play(d.seat, g.default_move(d.seat))


def test_shuttle_phase_travel_free_or_give_up_a_ship() -> None:
    """GAP-04: after the round everyone may travel; free from the shuttle's side."""
    g = new(2)
    _finish_round(g)
    assert g.s["phase"] == "shuttle"
    P(g, 0)["side"] = "orbit"
    P(g, 1)["side"] = "colony"
    P(g, 1)["hangar"] = 0
    refresh(g)
    d = g.pending()[0]
    if d.seat == 1:  # in the Colony, no Ship to give up: may only stay
        assert [o.move for o in d.options] == ["stay"]
        g.play(1, "stay")
        d = g.pending()[0]
    labels = {o.move: o.label for o in d.options}
    assert d.seat == 0 and "free" in labels["travel"]
    g.play(d.seat, "travel")
    # arriving in the Colony: a Discovery tile 3 from the Rover, then a new turn-order space
    d2 = g.pending()[0]
    assert d2.seat == 0 and d2.prompt.startswith("Place a Discovery")
    from engine.mars import hexmap as H

    h = d2.options[0].move
    assert H.dist(h, P(g)["rover"]) == 3
    g.play(0, h)
    # rules 2: the player picks one of the 2 face-up Discovery tiles beside the map
    assert g.pending()[0].prompt.startswith("Which face-up Discovery tile")
    g.play(0, "tile 1")
    assert g.s["hex"][h]["tile"] and g.pending()[0].prompt.startswith("Take a turn-order")
    assert len(g.s["disc_up"]) == 2
    assert P(g)["side"] == "colony"


def test_level_up_effects() -> None:
    """GAP-06: blueprints added, warehouse refilled, progress scored at level 2, marker at 3."""
    g = new(3)
    P(g)["progress"] = ["gen", "mine"]
    g.s["warehouse"]["crystal"] = 0
    shown = len(g.s["bp_display"])
    level_up(g)
    assert g.s["level"] == 2 and P(g)["op"] == 2
    assert len(g.s["bp_display"]) == shown + D.BP_ADD_ON_LEVEL
    assert g.s["warehouse"]["crystal"] == D.warehouse_start(3)
    level_up(g)
    assert g.s["marker"] == 1


def test_end_trigger_finishes_round_then_one_more_without_shuttle() -> None:
    """GAP-31: the marker at 3 triggers; the round ends, one more round, then scoring."""
    g = new(2)
    g.s["marker"] = 2
    g.s["missions"] = {"bot": {"left": 1, "done": False}}
    from engine.mars.rules import contribute

    contribute(g, 0, "bot")
    assert g.s["end"] == "trigger"
    r = g.s["round"]
    _finish_round(g)
    assert g.s["phase"] == "colonize" and g.s["round"] == r + 1 and g.s["end"] == "final"
    while g.pending():
        d = g.pending()[0]
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    assert g.over and g.s["final"] and g.s["round"] == r + 1


def test_level_five_ends_after_the_turn() -> None:
    """GAP-31: level 5 ends the game at once (after the current turn)."""
    g = new(2)
    g.s["level"] = 4
    level_up(g)
    assert g.s["end"] == "now"
    d = g.pending()[0]
    while g.pending() and g.pending()[0].seat == d.seat:
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    assert g.over


def test_final_breakdown_and_tiebreak() -> None:
    """GAP-31 final scoring: every source in the breakdown; ties by crystals."""
    g = new(2)
    for s in (0, 1):
        P(g, s)["op"] = 10
    P(g, 1)["depot"] = 3
    P(g, 0)["depot"] = 1
    g.s["end"] = "final"
    from engine.mars.flow import game_over

    game_over(g)
    refresh(g)
    lines = g.scores()
    assert set(lines[0].breakdown) == {
        "op track",
        "progress cubes",
        "techs",
        "ships",
        "blueprints",
        "scientists",
        "contracts",
        "living quarters",
    }
    assert lines[1].rank == 1 and lines[0].rank == 2
    assert all(sum(x.breakdown.values()) == x.vp for x in lines)


def test_hidden_goals_only_in_owner_view_and_reveal_on_completion() -> None:
    """Private goals: only in view(owner); completing one marks a reveal (undo barrier)."""
    g = new(2)
    v0, vpub = g.view(0), g.view(None)
    assert "goals" in v0["seats"][0] and "goals" not in v0["seats"][1]
    assert all("goals" not in s for s in vpub["seats"])
    assert g.s["players"][0]["goals"][0] not in json.dumps(vpub)
    turn(g, 0, "colony")
    P(g)["goals"] = ["g16"]
    P(g)["op"] = 10
    refresh(g)
    n = len(g.moves)
    play(g, "goal 1")
    assert g.undo_barrier == n + 1


def test_turn_key_default_move_and_roundtrip() -> None:
    """One post per player turn; default moves are legal; snapshots and replays round-trip."""
    g = new(3)
    keys = set()
    while not g.over:
        d = g.pending()[0]
        keys.add(g.turn_key())
        m = g.default_move(d.seat)
        assert m in {o.move for o in d.options}
        g.play(d.seat, m)
    assert len(keys) > 10
    clone = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert clone.to_json() == g.to_json()
    assert replay(g.record()).to_json() == g.to_json()
    assert g.default_move(0) is None


def test_a_seat_that_is_not_an_int_is_refused_before_any_rule() -> None:
    """A float or bool seat is refused as no seat of the game, not a TypeError from the Red
    Colonist or Tech Grid refusals that index the players by it."""
    g = new(2, seed=3)
    turn(g, 0, "orbit")
    for seat in (0.0, True):
        with pytest.raises(IllegalMove, match="no seat"):
            g.play(seat, "learn")  # type: ignore[arg-type]
