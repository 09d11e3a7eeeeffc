"""Rules 11 (issue 9): the rulebook's Tech Grid costs (RULINGS.md MARS-GAP-05), each test naming
its ruling and checking that rules 10, which games started before the change keep, still plays
as it did.

Source: the rulebook, "Learn New Technology": "Taking a tile from one of the bottom spaces is
free, taking a tile from one of the middle spaces costs 1 Battery, and taking a tile from one of
the top three spaces costs 1 Battery and 1 Resource of your choice"; setup: one set of Tech
tiles is placed "at random face up on each of the spaces in the Tech Grid". Which of the other
five spaces are bottom (2) and middle (3) is ours."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import IllegalMove, new_game
from engine.mars import data as D
from engine.mars import tech_grid as TG
from imaging.mars.model import read_game
from imaging.mars.orbit import grid_groups
from tests.mars.helpers import P, as_mars, moves, new, play, refresh, turn
from tests.mars.player import play_game

NONE = {"mineral": 0, "battery": 0, "water": 0, "plant": 0, "oxygen": 0}


def orbit(rules: int = 11, **res: int):
    """Seat 0's Orbit turn with only ``res`` in Storage and 3 crystals."""
    g = new(2, seed=4, rules=rules)
    turn(g, 0, "orbit")
    P(g)["lq"], P(g)["depot"], P(g)["wa"] = 4, 3, 0
    P(g)["res"] = {**NONE, **res}
    refresh(g)
    return g


def by_row(g) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for t in g.s["grid"]:
        out.setdefault(TG.row(g, t), []).append(t)
    return out


def learn_labels(g) -> dict[str, str]:
    play(g, "learn")
    return {o.move: o.label for o in g.pending()[0].options}


def test_gap05_rules11_grid_has_two_free_three_battery_three_top_spaces() -> None:
    """MARS-GAP-05, rules 11: 2 bottom, 3 middle and 3 top spaces, priced as the rulebook says;
    the view and the picture say what each costs."""
    g = new_game("mars", ["a", "b", "c"], seed=5, options={"rules": 11})  # before the picks
    cost = g.view(None)["tech_grid_cost"]
    assert Counter(cost.values()) == {"free": 2, "1 battery": 3, "1 battery + 1 Resource": 3}
    groups = dict(grid_groups(read_game(g.view(None))))
    assert [len(groups[c]) for c in ("free", "1 battery", "1 battery + 1 any")] == [2, 3, 3]
    old = new_game("mars", ["a", "b", "c"], seed=5, options={"rules": 10})
    assert Counter(old.view(None)["tech_grid_cost"].values()) == {"free": 4, "1 crystal": 4}


def test_gap05_rules11_grid_is_placed_at_random() -> None:
    """Rules 11: the set lies on the grid at random (which Techs are free differs by seed);
    rules 10 keeps its fixed order, so its games replay."""
    free = {frozenset(by_row(new(3, seed=s, rules=11))[0]) for s in range(8)}
    assert len(free) > 1
    assert len({tuple(new(3, seed=s, rules=10).s["grid"]) for s in range(8)}) == 1


def test_gap05_rules11_bottom_row_is_free() -> None:
    """Rules 11: a bottom-row tile costs nothing, not even with an empty Storage."""
    g = orbit()
    free = by_row(g)[0][0]
    labels = learn_labels(g)
    assert labels[free].endswith(", level 1") and ":" not in labels[free]
    play(g, free)
    assert free in P(g)["techs"] and P(g)["res"] == NONE and P(g)["depot"] == 3


def test_gap05_rules11_middle_row_costs_a_battery() -> None:
    """Rules 11: a middle-row tile costs 1 Battery; a Mineral may stand in (the rulebook's
    Minerals); without either it is not offered, and forcing it changes nothing."""
    g = orbit(battery=1, water=2)
    mid = by_row(g)[1][0]
    assert learn_labels(g)[mid].startswith("1 battery: ")
    play(g, mid)
    assert mid in P(g)["techs"] and P(g)["res"] == {**NONE, "water": 2}

    g = orbit(mineral=1)
    mid = by_row(g)[1][0]
    assert learn_labels(g)[mid].startswith("1 mineral: ")  # what is paid, plainly
    play(g, mid)
    assert P(g)["res"] == NONE

    g = orbit(water=2)
    mid = by_row(g)[1][0]
    assert mid not in learn_labels(g)
    before = (list(g.s["grid"]), dict(P(g)["res"]))
    with pytest.raises(IllegalMove):
        g.play(0, mid)
    assert (list(g.s["grid"]), dict(P(g)["res"])) == before


def test_gap05_rules11_top_row_costs_a_battery_and_a_resource_of_choice() -> None:
    """Rules 11: a top-row tile costs 1 Battery and 1 Resource the player picks among what
    they hold: one option per Resource, price first, so the choice is the same click (and the
    Laboratory space's benefit, which comes after, never pays it); with a Battery alone the
    tile is not offered, and a Resource not held cannot be forced."""
    g = orbit(battery=1, water=1, oxygen=2)
    top = by_row(g)[2][0]
    labels = learn_labels(g)
    assert top not in labels
    mine = {m: lab for m, lab in labels.items() if m.startswith(f"{top}@")}
    assert set(mine) == {f"{top}@water", f"{top}@oxygen"}
    assert mine[f"{top}@oxygen"].startswith("1 battery + 1 oxygen: ")
    before = (list(g.s["grid"]), dict(P(g)["res"]))
    for forged in (f"{top}@plant", top, f"{top}@battery"):
        with pytest.raises(IllegalMove):
            g.play(0, forged)
        assert (list(g.s["grid"]), dict(P(g)["res"])) == before
    play(g, f"{top}@oxygen")
    assert P(g)["res"] == {**NONE, "water": 1, "oxygen": 1} and top in P(g)["techs"]
    assert g.pending()[0].prompt.startswith("Laboratory")  # the space's benefit comes after

    g = orbit(mineral=1, water=1)  # a Mineral stands in for the Battery
    top = by_row(g)[2][0]
    assert learn_labels(g)[f"{top}@water"].startswith("1 mineral + 1 water: ")

    g = orbit(battery=1)
    assert not [m for m in learn_labels(g) if m.startswith(by_row(g)[2][0])]


def test_gap05_rules11_learn_is_not_offered_when_no_space_can_be_paid() -> None:
    """Rules 11: with the free spaces taken and nothing to pay a Battery with, Learn Tech is
    not a Main action to choose."""
    g = orbit(water=1)
    for t in by_row(g)[0]:
        g.s["grid"].remove(t)
        g.s["grid_pos"].pop(t)
    refresh(g)
    assert "learn" not in moves(g)
    P(g)["res"]["battery"] = 1
    refresh(g)
    assert "learn" in moves(g)


def test_gap05_rules10_keeps_the_crystal_row() -> None:
    """Rules 10 (games started before the change): the top row is free, a bottom-row tile
    costs 1 crystal and no Resource."""
    g = orbit(rules=10, battery=1)
    paid = by_row(g)[1][0]
    assert learn_labels(g)[paid].startswith("1 crystal: ")
    events = g.play(0, paid)
    assert P(g)["depot"] == 2 and P(g)["res"] == {**NONE, "battery": 1}
    # its log line is as before, so a rules-10 snapshot replays to the same state
    learned = [e.text for e in events if "learns the" in e.text]
    assert len(learned) == 1 and "(paid" not in learned[0]


def test_new_games_get_rules_11_or_later() -> None:
    """RULINGS.md "Rules versions": new games start on rules 11 or later (MARS-GAP-05)."""
    assert as_mars(new_game("mars", ["a", "b"], seed=4)).s["rules"] == D.RULES_LATEST >= 11


def test_gap05_rules11_scripted_games_learn_from_every_row() -> None:
    """Rules 11 end to end: the scripted player pays the middle and top rows and games end by
    the published trigger."""
    texts: list[str] = []
    g = play_game(3, 29, texts=texts)
    assert g.s["rules"] >= 11 and g.s["phase"] == "over" and g.s["ended_by"] != "cap"
    assert any("learns the" in t and "(paid 1 battery)" in t for t in texts)
    assert any("learns the" in t and "(paid 1 battery + 1 " in t for t in texts)


def test_gap05_rules11_options_come_cheapest_first() -> None:
    """Rules 11: the Learn options list the free tiles first, then the middle, then the top
    row, whatever order the grid was filled in (a refill appends to the list)."""
    g = orbit(battery=2, water=2)
    g.s["grid"].reverse()  # as if the free spaces had been refilled last
    refresh(g)
    rows = [TG.row(g, TG.tile_of(m)) for m in learn_labels(g)]
    assert rows == sorted(rows) and rows[0] == 0


def test_gap05_rules11_a_learn_nothing_pays_for_says_why() -> None:
    """Rules 11: asking for Learn a Tech when no face-up tile can be paid gets the reason (the
    rows' costs and what the player holds), not "not a legal move"; the state is unchanged."""
    g = orbit(water=1)
    for t in by_row(g)[0]:
        g.s["grid"].remove(t)
        g.s["grid_pos"].pop(t)
    refresh(g)
    before = dict(P(g)["res"])
    with pytest.raises(IllegalMove) as why:
        g.play(0, "learn")
    assert "1 battery" in str(why.value) and "0 battery and 0 mineral" in str(why.value)
    assert P(g)["res"] == before and not g.s["turn"]["main"]


def test_gap18_rules11_oxygen_tank_boosts_only_tiles_that_can_be_paid() -> None:
    """Rules 11 (GAP-18's Oxygen Tank): Colonists sent for more Tech tiles are offered only for
    tiles the player can pay one after another; with an empty Storage and one free tile left,
    no boost is offered, so no Colonist is lost for nothing."""
    from tests.mars.test_rules10 import card_game, use

    g, h = card_game("oxy-1a", lq=4, rules=11)
    P(g)["res"] = dict(NONE)
    free = by_row(g)[0][0]
    g.s["grid"] = [free, *by_row(g)[2]]
    refresh(g)
    use(g, h)  # no boost question: straight to the Tech
    d = g.pending()[0]
    assert d.prompt == "Learn a Tech" and d.options[0].move == free
    assert P(g)["lq"] == 4 and P(g)["wa"] == 0
    g, h = card_game("oxy-1a", lq=4, rules=11)
    P(g)["res"] = {**NONE, "battery": 2}
    g.s["grid"] = [free, *by_row(g)[1]]
    refresh(g)
    play(g, f"x adv {h}")
    assert [o.move for o in g.pending()[0].options] == ["0", "1", "2"]  # 3 tiles payable
