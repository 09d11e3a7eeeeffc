"""Rules 5 (issue 9): what changed from rules 4, each test naming its ruling (RULINGS.md) and
checking that rules 4, which games started before the change keep, still plays as it did.

The rulebook's Orbit actions (XPRTZ/boardgameassistant, On Mars English rulebook): "Boosted
action: For each Colonist you move to your Working Area when taking this action, ..."."""

from __future__ import annotations

import pytest

from engine.core import new_game
from engine.mars import data as D
from tests.mars.helpers import P, as_mars, moves, new, play, refresh, turn


def orbit_turn(rules: int, lq: int = 4, depot: int = 3):
    g = new(2, rules=rules)
    turn(g, 0, "orbit")
    P(g)["lq"], P(g)["depot"], P(g)["wa"] = lq, depot, 0
    refresh(g)
    return g


def labels(g) -> dict[str, str]:
    return {o.move: o.label for o in g.pending()[0].options}


def skip_benefits(g) -> None:
    """Answer the optional Laboratory benefits a develop or a learned tile offers."""
    while g.pending()[0].prompt.startswith("Laboratory"):
        play(g, "skip")


def give_tech(g, seat: int = 0) -> str:
    """A level-1 Tech from the grid for ``seat`` (a second one to develop)."""
    tid = g.s["grid"][0]
    g.s["grid"].remove(tid)
    g.s["grid_pos"].pop(tid, None)
    g.s["techs"][tid].update(owner=seat, lvl=1)
    P(g, seat)["techs"].append(tid)
    refresh(g)
    return tid


@pytest.mark.parametrize(
    ("rules", "price", "sent", "crystals"),
    [(5, "send 1 Colonist", 1, 3), (4, "pay 1 crystal", 0, 2)],
)
def test_gap25_rnd_boost_paid_with_colonists_on_rules_5(
    rules: int, price: str, sent: int, crystals: int
) -> None:
    """MARS-GAP-25. Rules 5 (the rulebook, R&D: "For each Colonist you move to your Working
    Area when taking this action, develop any 1 Tech tile in your Laboratory once"): past its
    two develops R&D goes on for 1 Colonist each, no crystal and no cap of 2. Rules 4 (games
    started before rules 5): the extra develop costs 1 crystal."""
    g = orbit_turn(rules)
    tid = give_tech(g)
    play(g, "rnd", tid)
    skip_benefits(g)
    play(g, tid)
    skip_benefits(g)
    assert labels(g)[tid].startswith(price)
    lq = P(g)["lq"]
    play(g, tid)
    skip_benefits(g)
    assert P(g)["lq"] == lq - sent and P(g)["wa"] == sent and P(g)["depot"] == crystals
    assert g.s["techs"][tid]["lvl"] == 4


def test_gap25_rules5_resupply_takes_one_item_and_one_more_per_colonist() -> None:
    """MARS-GAP-02/25, rules 5 (the rulebook, Resupply: "take any 1 Resource or 1 Crystal from
    the Warehouse"; boosted: "For each Colonist you move to your Working Area ..., take 1
    additional Crystal or Resource"): the second item costs a Colonist and may repeat the
    first."""
    g = orbit_turn(5)
    play(g, "resupply", "water")
    assert labels(g)["water"].startswith("send 1 Colonist")
    lq = P(g)["lq"]
    play(g, "water")
    assert P(g)["lq"] == lq - 1 and P(g)["wa"] == 1 and P(g)["depot"] == 3


def test_gap25_rules4_resupply_takes_two_different_items_free() -> None:
    """MARS-GAP-02, rules 4: 2 different Warehouse items, the second free."""
    g = orbit_turn(4)
    play(g, "resupply", "water")
    assert "water" not in moves(g) and not labels(g)["plant"].startswith(("pay", "send"))


def test_gap25_rules5_each_colonist_takes_one_more_blueprint() -> None:
    """MARS-GAP-25, rules 5 (the rulebook, Obtain Blueprint: "For each Colonist you move to
    your Working Area when taking this action, you can take an additional Blueprint")."""
    g = orbit_turn(5)
    first, second = g.s["bp_display"][:2]
    play(g, "blueprint", first)
    assert labels(g)[second].startswith("send 1 Colonist") and "done" in moves(g)
    lq = P(g)["lq"]
    play(g, second)
    assert P(g)["bps"] == [first, second] and P(g)["lq"] == lq - 1 and P(g)["wa"] == 1


def test_gap25_rules4_one_blueprint_only() -> None:
    """MARS-GAP-25, rules 4: Obtain Blueprint takes one card, no boost."""
    g = orbit_turn(4)
    play(g, "blueprint", g.s["bp_display"][0])
    assert g.pending()[0].prompt.startswith("Round ") and len(P(g)["bps"]) == 1


def test_gap25_rules5_a_colonist_learns_a_second_tech() -> None:
    """MARS-GAP-25, rules 5 (the rulebook, Learn New Technology: "You may move a Colonist to
    your Working Area when performing this action to take a second Tech Tile")."""
    g = orbit_turn(5)
    first, second = g.s["grid"][:2]
    play(g, "learn", first)
    skip_benefits(g)
    assert labels(g)[second].startswith("send 1 Colonist") and "done" in moves(g)
    play(g, second)
    skip_benefits(g)
    assert {first, second} <= set(P(g)["techs"]) and P(g)["wa"] == 1
    assert g.pending()[0].prompt.startswith("Round ")  # a single second tile, no third


def test_gap25_rules4_learn_takes_one_tech() -> None:
    """MARS-GAP-25, rules 4: Learn Tech takes one tile, no boost."""
    g = orbit_turn(4)
    play(g, "learn", g.s["grid"][0])
    skip_benefits(g)
    assert g.pending()[0].prompt.startswith("Round ") and P(g)["wa"] == 0


def test_rules_5_and_rules_4_stay_playable() -> None:
    """RULINGS.md "Rules versions": rules 5 and rules 4 still start and play."""
    assert D.RULES_LATEST >= 5
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 5})).s["rules"] == 5
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 4})).s["rules"] == 4
