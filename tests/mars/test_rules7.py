"""Rules 7 (issue 9): the shuttle's first side as the published rulebook places it (RULINGS.md
MARS-GAP-04), each test naming its ruling and checking that rules 6, which games started before
the change keep, still plays as it did.

Source: the rulebook (XPRTZ/boardgameassistant, On Mars English rulebook, player setup): "The
player whose Player marker is on the highest numbered Turn Order space places the Shuttle on one
of the Red Travel spaces (with a number 1 in it), either on the Colony or Orbit side (their
choice)."""

from __future__ import annotations

import random

import pytest

from ai.mars_player import Player
from engine.core import IllegalMove, new_game
from engine.mars import data as D
from tests.mars.helpers import P, as_mars


def start(rules: int = 7, n: int = 2, seed: int = 4):
    return new_game("mars", [f"p{i + 1}" for i in range(n)], seed=seed, options={"rules": rules})


def ask(g):
    d = g.pending()[0]
    return d.seat, d.prompt, {o.move: o.label for o in d.options}


def pick(g, seat: int, space: str) -> None:
    """Take ``space`` and stop its benefit's questions at once (skip, stop, first item)."""
    g.play(seat, space)
    while (d := g.pending()[0]).seat == seat and d.prompt != "Take a turn-order space":
        if d.prompt.startswith("Place the shuttle") or d.prompt.startswith("Round "):
            return
        moves = [o.move for o in d.options]
        g.play(seat, next((m for m in ("done", "stop") if m in moves), moves[0]))


def test_gap04_the_player_on_the_highest_space_places_the_shuttle() -> None:
    """MARS-GAP-04, rules 7 (the rulebook's player setup): once every player has a space, the
    one on the highest-numbered space chooses the shuttle's side, both sides offered by name."""
    g = start()
    pick(g, 0, "space 6")
    pick(g, 1, "space 2")
    seat, prompt, opts = ask(g)
    assert seat == 0 and prompt == "Place the shuttle: which side does it leave first?"
    assert opts == {
        "orbit": "Orbit side: it leaves Orbit first (p2 may travel free)",
        "colony": "Colony side: it leaves Colony first (p1 may travel free)",
    }
    with pytest.raises(IllegalMove, match="try: orbit"):
        g.play(0, "mars")
    g.play(0, "colony")
    assert g.s["shuttle"] == "colony" and g.s["phase"] == "colonize"
    assert ask(g)[1].startswith("Round 1, p2 in Orbit")


def test_gap04_the_shuttle_leaves_the_side_chosen_first() -> None:
    """MARS-GAP-04, rules 7: the first Shuttle phase takes the shuttle from the chosen side,
    so the players there travel free and the others would give up a Ship."""
    g = start()
    pick(g, 0, "space 5")
    pick(g, 1, "space 1")
    g.play(0, "colony")
    while not ask(g)[1].endswith("travel?"):
        s, _, opts = ask(g)
        pref = ("end", "done", "stop", "resupply", "control")
        g.play(s, next((m for m in pref if m in opts), next(iter(opts))))
    seen = {}
    while ask(g)[1].endswith("travel?"):
        s, prompt, opts = ask(g)
        seen[s] = (prompt, opts.get("travel", ""))
        g.play(s, "stay")
    assert seen[0] == ("The shuttle leaves Colony: travel?", "travel to Orbit (free)")
    assert P(g, 1)["side"] == "orbit" and "(free)" not in seen[1][1]
    assert g.s["shuttle"] == "orbit"  # it switches sides after the phase, as before


def test_gap04_solo_the_only_player_places_the_shuttle() -> None:
    """MARS-GAP-04, rules 7: alone, the only player is on the highest space and chooses."""
    g = start(n=1)
    pick(g, 0, "space 3")
    seat, prompt, opts = ask(g)
    assert seat == 0 and prompt.startswith("Place the shuttle") and set(opts) == {"orbit", "colony"}


def test_gap04_rules6_starts_the_shuttle_in_orbit_without_a_question() -> None:
    """MARS-GAP-04, rules 6 (games started before rules 7): the shuttle starts in Orbit and
    nobody is asked; the round begins after the last pick."""
    g = start(rules=6)
    pick(g, 0, "space 6")
    pick(g, 1, "space 2")
    assert g.s["shuttle"] == "orbit" and ask(g)[1].startswith("Round 1")
    assert "shuttle_placed" not in g.s


def test_gap04_the_scripted_player_places_the_shuttle_on_its_own_side() -> None:
    """MARS-GAP-04, rules 7 (ai/mars_spaces.py): the scripted player puts the shuttle where it
    is, so that it may travel free after its first turn."""
    for space, side in (("space 6", "colony"), ("space 4", "orbit")):
        g = start()
        pick(g, 0, space)
        pick(g, 1, "space 1")
        d = g.pending()[0]
        assert Player(d.seat, random.Random(1)).choose(g, d) == side == P(g, 0)["side"]


def test_gap04_a_rules6_game_finishes_on_rules_6() -> None:
    """MARS-GAP-04 / "Rules versions": a game started on rules 6 plays to its end on rules 6
    (scripted players), the shuttle never placed by a player and starting in Orbit."""
    g = start(rules=6, n=2, seed=11)
    players = [Player(i, random.Random(11 + i)) for i in range(2)]
    first_shuttle = None
    while g.pending():
        d = g.pending()[0]
        assert not d.prompt.startswith("Place the shuttle")
        if first_shuttle is None and d.prompt.endswith("travel?"):
            first_shuttle = d.prompt
        g.play(d.seat, players[d.seat].choose(g, d))
    assert g.s["rules"] == 6 and g.s["phase"] == "over" and g.s["final"]
    assert first_shuttle == "The shuttle leaves Orbit: travel?"


def test_rules_7_and_rules_6_stay_playable() -> None:
    """RULINGS.md "Rules versions": rules 7 and rules 6 still start and play."""
    assert D.RULES_LATEST >= 7
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 7})).s["rules"] == 7
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 6})).s["rules"] == 6
