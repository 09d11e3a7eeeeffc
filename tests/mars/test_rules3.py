"""Rules 3 (issue 9): what changed from rules 2, each test naming its ruling (RULINGS.md) and
checking that rules 2, which games started before the change keep, still plays as it did."""

from __future__ import annotations

from engine.core import new_game
from engine.mars import data as D
from tests.mars.helpers import P, as_mars, clear_map, hx, new, play, refresh, turn

# A straight run east from the Colony's centre, where the Rover starts (MARS-ROVER-01).
RUN = [hx(1, 0), hx(2, -1), hx(3, -1), hx(4, -1), hx(4, -2), hx(4, -3)]


def rover_run(rules: int, depot: int) -> tuple[int, int]:
    """Control Center with ``depot`` crystals: how far east the Rover gets along ``RUN``
    (2 free steps, then as many paid ones as the rules allow) and the crystals left."""
    g = new(rules=rules)
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["depot"] = depot
    refresh(g)
    play(g, "control")
    went = 0
    for h in RUN:
        d = g.pending()[0]
        if not d.prompt.startswith("Move your Rover") or h not in [o.move for o in d.options]:
            break
        play(g, h)
        went += 1
    return went, P(g)["depot"]


def test_gap25_rules3_rover_buys_a_step_for_every_crystal() -> None:
    """MARS-GAP-25, rules 3 (the rulebook's Control Center: "Each Crystal you have in your Depot
    prior to taking this action may be spent to gain 1 additional Movement point"): past its 2
    steps the Rover goes on for 1 crystal a step until the crystals run out."""
    assert rover_run(3, 5) == (6, 1)  # 2 free steps and 4 paid ones: every step of the run
    assert rover_run(3, 2) == (4, 0)  # the crystals, not a cap, end it


def test_gap25_rules2_keeps_the_cap_of_two_paid_steps() -> None:
    """MARS-GAP-25, rules 2 (games started before rules 3): at most data.CBOOST_MAX paid."""
    assert rover_run(2, 5) == (2 + D.CBOOST_MAX, 5 - D.CBOOST_MAX)


def test_old_versions_stay_playable() -> None:
    """RULINGS.md "Rules versions": games started on rules 1 and 2 keep them."""
    for rules in (1, 2):
        g = as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": rules}))
        assert g.s["rules"] == rules


def blueprint_label(rules: int, players: int, slots: list[int]) -> str:
    """Seat 0's Obtain Blueprint choice with ``slots`` (seats) already on the action."""
    g = new(players, rules=rules)
    turn(g, 0, "orbit")
    g.s["orbit_slots"]["blueprint"] = list(slots)
    P(g)["depot"] = 3
    refresh(g)
    return next(o.label for o in g.pending()[0].options if o.move == "blueprint")


def test_gap03_rules3_three_or_four_players_pay_per_other_colour() -> None:
    """MARS-GAP-03, rules 3 (the rulebook, red Colonist: "for each other player color of
    Colonists already present, you must either pay 1 Crystal ... The number of Colonists of
    each color does not matter"): seat 0's own Colonist is free, two of seat 1's cost 1."""
    assert blueprint_label(3, 3, [0, 1, 1]).endswith("(place a Colonist, pay 1 crystal)")
    assert blueprint_label(3, 3, [0]).endswith("(place a Colonist)")
    assert blueprint_label(3, 4, [1, 2, 3]).endswith("pay 3 crystal)")


def test_gap03_two_players_and_rules2_pay_per_colonist() -> None:
    """MARS-GAP-03: with 2 players every Colonist there costs 1 (the rulebook's 2-player rule,
    both versions); rules 2 counted every Colonist with 3-4 players too."""
    assert blueprint_label(3, 2, [0, 1, 1]).endswith("pay 3 crystal)")
    assert blueprint_label(2, 3, [0, 1, 1]).endswith("pay 3 crystal)")


def test_gap03_rules3_pays_what_the_label_says() -> None:
    """MARS-GAP-03, rules 3: taking the action costs the crystals shown and no more."""
    g = new(3, rules=3)
    turn(g, 0, "orbit")
    g.s["orbit_slots"]["blueprint"] = [1, 1, 2]
    P(g)["depot"] = 3
    refresh(g)
    play(g, "blueprint")
    assert P(g)["depot"] == 1 and g.s["orbit_slots"]["blueprint"] == [1, 1, 2, 0]
