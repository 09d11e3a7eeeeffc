"""Refusals at the On Mars turn menu say why (MARS-GAP-01 one Main action a turn on the side of
the player's marker; MARS-EXEC-01..06 one Executive action from an open Depot space, paid with
Depot crystals; MARS-GAP-28 Ships below the colony level; MARS-GAP-18 rules 13's 8 Advanced
Building markers), and leave the game exactly as it was."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalMove
from engine.mars import data as D
from engine.mars.game import MarsGame
from tests.mars.helpers import P, moves, new, play, refresh, turn


def refused(g: MarsGame, move: str) -> str:
    """The reason ``move`` is refused for seat 0; the state must not change."""
    before = json.dumps(g.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as why:
        g.play(0, move)
    assert json.dumps(g.to_json(), sort_keys=True) == before
    return why.value.reason


def orbit(rules: int = 13, **player: object) -> MarsGame:
    g = new(2, seed=5, rules=rules)
    turn(g, 0, "orbit")
    P(g).update(player)
    refresh(g)
    return g


def test_gap01_a_second_main_action_is_refused_with_the_reason() -> None:
    """MARS-GAP-01: after the Main action, another one is refused as such, not as an unknown
    move."""
    g = orbit(depot=0, below=0)
    play(g, "pod")  # the Landing Pod: the turn's Main action
    while not g.pending()[0].prompt.startswith("Round "):
        play(g, moves(g)[0])
    assert refused(g, "resupply") == "you have already taken your Main action this turn"


def test_gap01_the_other_sides_action_is_refused_with_the_reason() -> None:
    """ORBIT-01/COLONY-01: an Orbit player asking for a Colony action is told which side each
    is on."""
    why = refused(orbit(), "construct")
    assert why == "Construct a Building is a Colony action and you are on the Orbit side"


def test_gap01_end_before_the_main_action_says_a_turn_has_one() -> None:
    assert "Main action first" in refused(orbit(), "end")


def test_exec_cost_and_closed_depot_space_are_refused_with_the_reason() -> None:
    """MARS-EXEC-03..06: an Executive action in a Depot space no Ship has opened, or one the
    Depot's crystals cannot pay (crystals arriving next turn do not count), says so."""
    g = orbit(depot=1, below=2)
    assert refused(g, "x warehouse") == (
        "it costs 2 crystals and you have 1 to spend (2 more arrive next turn)"
    )
    slot = next(s for s, a, _ in D.exec_layout(13) if a == "rover")
    assert refused(orbit(depot=8), "x rover") == (
        "that Executive action's Depot space opens once you have welcomed "
        f"{slot - D.OPEN_SLOTS} Ship(s)"
    )


def test_exec_a_second_executive_action_is_refused_with_the_reason() -> None:
    g = orbit(depot=8)
    play(g, "x warehouse")
    while not g.pending()[0].prompt.startswith("Round "):
        play(g, moves(g)[0])
    assert refused(g, "x bots") == "you have already taken an Executive action this turn"


def test_goal_numbers_out_of_the_hand_are_refused_with_the_count() -> None:
    held = len(P(orbit())["goals"])
    assert refused(orbit(), f"discard {held + 1}") == (
        f"you hold {held} private goal(s), numbered 1 to {held}"
    )


def test_gap28_a_ship_at_the_colony_level_is_refused_with_the_reason() -> None:
    """facts.md, Welcome a Ship: Ships welcomed stay below the colony level."""
    g = new(2, seed=5, rules=13)
    turn(g, 0, "colony")
    P(g).update(ships=D.SHIPS - 1, res={**P(g)["res"], "plant": 2, "water": 2})
    refresh(g)
    assert g.s["level"] == 1 and "ship" not in moves(g)
    assert refused(g, "ship") == (
        "Ships welcomed must stay below the colony level: you have welcomed 1 at level 1"
    )


def test_gap18_rules13_no_marker_left_is_the_reason_a_blueprint_is_refused() -> None:
    g = orbit()
    cards = [g.s["bp_deck"].pop() for _ in range(D.ADV_MARKERS)]
    P(g).update(bps=cards[:5], built=cards[5:])
    refresh(g)
    assert refused(g, "blueprint") == "all 8 of your Advanced Building markers are in use"


def test_an_unknown_move_keeps_the_engines_text_with_the_legal_moves() -> None:
    why = refused(orbit(), "fly to jupiter")
    assert "not a legal move" in why


def test_exec_with_nothing_to_act_on_says_what_is_missing() -> None:
    """MARS-EXEC-*: an Executive action that could be paid but has nothing to act on says
    what is missing: the Blueprint with all 8 markers in use (rules 13), an empty Warehouse."""
    g = orbit(depot=8)
    cards = [g.s["bp_deck"].pop() for _ in range(D.ADV_MARKERS)]
    P(g).update(bps=cards[:5], built=cards[5:])
    g.s["warehouse"] = {k: 0 for k in g.s["warehouse"]}
    refresh(g)
    assert refused(g, "x blueprint") == "all 8 of your Advanced Building markers are in use"
    assert refused(g, "x warehouse") == "the Warehouse is empty"


def test_the_other_side_reads_an_orbit_action() -> None:
    g = new(2, seed=5, rules=13)
    turn(g, 0, "colony")
    assert "is an Orbit action and you are on the Colony side" in refused(g, "resupply")
