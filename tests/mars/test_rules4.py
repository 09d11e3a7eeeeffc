"""Rules 4 (issue 9): what changed from rules 3, each test naming its ruling (RULINGS.md) and
checking that rules 3, which games started before the change keep, still plays as it did."""

from __future__ import annotations

from engine.core import new_game
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars.build import lss_up
from tests.mars.helpers import P, as_mars, clear_map, hx, moves, new, play, put, refresh, turn

WATER = hx(-2, 0)  # the starting Water Extractor (paid with batteries, MARS-GAP-12)
BOT = hx(-3, -1)  # a Bot whose zone holds hexes exactly 2 from it (MARS-BUILD-03)


def colony_turn(rules: int, **res: int):
    g = new(rules=rules)
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [BOT]
    P(g)["res"].update(res)
    refresh(g)
    return g


def build_water(g) -> str:
    """Construct a Water Extractor 2 hexes from the starting one; returns the log's payment."""
    play(g, "construct", "water")
    spot = next(m for m in moves(g) if m in H.HEXES and H.dist(m, WATER) == 2)
    events = g.play(0, spot)
    return next(e.text for e in events if "builds a Water Extractor" in e.text)


def test_gap23_rules4_a_mineral_stands_in_for_a_missing_resource() -> None:
    """MARS-GAP-23, rules 4 (the rulebook, "Minerals": they "can also be used instead of any
    other Resource (not Crystals)"): with no battery, a Mineral pays for a Water Extractor."""
    g = colony_turn(4, battery=0, mineral=1)
    play(g, "construct")
    assert any(
        o.move == "water" and "1 mineral (for 1 battery)" in o.label for o in g.pending()[0].options
    )
    g = colony_turn(4, battery=0, mineral=1)
    assert "(paid 1 mineral (for 1 battery))" in build_water(g)
    assert P(g)["res"]["mineral"] == 0 and P(g)["res"]["battery"] == 0


def test_gap23_rules4_the_named_resource_is_paid_first() -> None:
    """MARS-GAP-23, rules 4 (ours): the engine takes the named Resource before any Mineral."""
    g = colony_turn(4, battery=1, mineral=1)
    assert "(paid 1 battery)" in build_water(g)
    assert P(g)["res"]["mineral"] == 1 and P(g)["res"]["battery"] == 0


def test_gap23_rules3_minerals_do_not_stand_in() -> None:
    """MARS-GAP-23, rules 3 (games started before rules 4): no battery, no Water Extractor."""
    g = colony_turn(3, battery=0, mineral=1)
    play(g, "construct")
    assert "water" not in moves(g)


def test_gap23_rules4_scientists_ships_and_research_tiles_take_minerals() -> None:
    """MARS-GAP-23, rules 4: every Resource cost may be met with Minerals (the Hydrologist's
    2 batteries, a Ship's plant and water), not only a Building's."""
    g = colony_turn(4, battery=1, mineral=1)
    play(g, "hire")
    assert "hydrologist" in moves(g)
    g = colony_turn(3, battery=1, mineral=1)
    play(g, "hire")
    assert "hydrologist" not in moves(g)
    g = colony_turn(4, plant=0, water=1, mineral=1)
    g.s["level"] = 2  # a first Ship may come at level 2 (Ships stay below the level)
    refresh(g)
    assert "ship" in moves(g)
    play(g, "ship", "col2")
    assert P(g)["res"]["mineral"] == 0 and P(g)["res"]["water"] == 0 and P(g)["hangar"] == 1


def test_contract08_rules4_minerals_still_never_go_on_a_delivery() -> None:
    """MARS-CONTRACT-08 on rules 4 (the rulebook's exception: "completing an Earth Contract"):
    a Delivery Contract still takes only the depicted items."""
    g = colony_turn(4, mineral=5, battery=0)
    P(g)["contracts"] = [{"id": "d-bat", "items": {"mineral": 2}}]
    refresh(g)
    assert "deliver 1 mineral" not in moves(g) and "deliver 1 battery" not in moves(g)


def test_setup_rules4_one_crystal_and_the_shelter_tech_in_column_2() -> None:
    """MARS-GAP-05/07 setup, rules 4 (the rulebook's player setup: "1 Crystal, placed in the
    Depot"; the Shelter Tech "on the middle space of the 2nd column in your Laboratory"); rules
    3 games keep 2 crystals and a level-1 Shelter Tech."""
    for rules, crystals, level in ((4, 1, 2), (3, 2, 1)):
        g = as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": rules}))
        for seat, p in enumerate(g.s["players"]):
            assert p["depot"] == crystals
            assert g.s["techs"][f"shelter{seat}"]["lvl"] == level


def test_rules_4_and_rules_3_stay_playable() -> None:
    """RULINGS.md "Rules versions": games started on rules 3 and 4 keep them (rules 5 is the
    latest since the fourth issue-9 pass, tests/mars/test_rules5.py)."""
    for rules in (3, 4):
        g = as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": rules}))
        assert g.s["rules"] == rules


def level_after_two_of_each(n: int, rules: int) -> int:
    """The Colony level once every LSS type has 2 Buildings on Mars (1 at the start each)."""
    g = new(n, rules=rules)
    clear_map(g)
    for h, kind in zip((hx(-4, 1), hx(-4, 2), hx(-4, 3), hx(-4, 4)), D.LSS_TYPES, strict=True):
        put(g, h, kind)
    for kind in D.LSS_TYPES[:-1]:
        g.s["lss"][kind] = 2
    lss_up(g, 0, D.LSS_TYPES[-1])
    return g.s["level"]


def test_gap06_rules4_levels_2_and_3_come_together_with_3_or_4_players() -> None:
    """MARS-GAP-06, rules 4 (ours, data.LEVEL_LINE_4, set with the issue-9 sweep): with 3-4
    players 2 Buildings of each LSS type take the Colony to level 3 at once (the 2-player lines);
    rules 3 stops at level 2."""
    assert level_after_two_of_each(3, 4) == 3
    assert level_after_two_of_each(4, 4) == 3
    assert level_after_two_of_each(3, 3) == 2
    assert level_after_two_of_each(4, 3) == 2
