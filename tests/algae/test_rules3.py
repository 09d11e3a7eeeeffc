"""Algae rules 3 (issue 11, balance): each change checked on rules 3 and on rules 2, whose
games keep their own boards (engine/algae/RULINGS.md, "Rules 3").

- ALG-GAP-06/21: which algae storage a department has open at setup. Cosmetics opens green
  and brown (rules 2: green and red), Bioplastics red and brown (rules 2: green and brown),
  so no two departments of a two-player game share both their starting tanks except
  Cosmetics and Biofuel. The boards are otherwise the same factories: the secondary belt and
  the storage tiles went with their species.
- ALG-GAP-10: a Bioplastics bag is worth 4 (rules 2: 3).
- ALG-GAP-12: the third and fourth players to reach a milestone score more than on rules 2.
"""

from __future__ import annotations

import pytest

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import machines
from engine.algae.game import AlgaeGame
from engine.core import new_game
from tests.algae.helpers import HELD, ask, moves, play, player, top

RULES3 = {  # department -> (storages open at setup, the covered one) on rules 3 and rules 2
    "cosmetics": ({3: ("green", "brown"), 2: ("green", "red")}),
    "bioplastics": ({3: ("red", "brown"), 2: ("green", "brown")}),
    "food": ({3: ("green", "red"), 2: ("green", "red")}),
    "biofuel": ({3: ("green", "brown"), 2: ("green", "brown")}),
}


def game(depts: list[str], rules: int) -> AlgaeGame:
    g = new_game(
        "algae", [f"p{i + 1}" for i in range(len(depts))], seed=4,
        options={"departments": depts, "rules": rules},
    )  # fmt: skip
    assert isinstance(g, AlgaeGame)
    g.frames = HELD
    return g


def test_rules_3_is_the_current_version():
    assert D.RULES_VERSION == 3
    assert new_game("algae", ["a"], seed=1).s["rules"] == 3


@pytest.mark.parametrize("rules", [3, 2])
@pytest.mark.parametrize("dept", list(RULES3))
def test_open_storages_at_setup(dept: str, rules: int):
    """ALG-GAP-06, ALG-GAP-21, ALG-OPER-03: the species a department can take from the start
    are the version's open storages, each with its setup cube; the third is covered."""
    g = game([dept], rules)
    p = player(g)
    opened = RULES3[dept][rules]
    assert [sp for sp in D.SPECIES if B.storage_open(p, sp)] == sorted(opened, key=D.SPECIES.index)
    assert {sp: p["cells"][sp] for sp in D.SPECIES} == {
        sp: D.START_ALGAE if sp in opened else 0 for sp in D.SPECIES
    }
    p["money"] = 5
    ask(g, 0, "take_algae", n=3, kind="oper")
    assert {m.split()[1] for m in moves(g) if m.startswith(("take ", "buy "))} == set(opened)


@pytest.mark.parametrize(("rules", "belt"), [(3, "brown"), (2, "red")])
def test_cosmetics_energy_belt_went_with_its_species(rules: int, belt: str):
    """ALG-GAP-17, ALG-MACH-08: Cosmetics' +1 energy secondary belt is on the belt from its
    second open storage to Station 1 (rules 3: brown; rules 2: red)."""
    g = game(["cosmetics"], rules)
    p = player(g)
    p["cells"].update({sp: 0 for sp in D.SPECIES})
    p["cells"][belt] = 1
    energy = p["energy"]
    ask(g, 0, "hold")
    machines.activate(g, 0, "a")
    g.invalidate()
    assert moves(g)[0] == f"move {belt}>s1"
    play(g, 0, f"move {belt}>s1")
    if top(g) == "gain":  # an optional gain asks first
        play(g, 0, moves(g)[0])
    assert p["energy"] == energy + 1


@pytest.mark.parametrize(("rules", "bag"), [(3, 4), (2, 3)])
def test_a_bag_is_worth_four(rules: int, bag: int):
    """ALG-GAP-10, ALG-EXPORT-03: the bag's market value; a cup stays at 3."""
    p = player(game(["bioplastics"], rules))
    assert B.value_of(p, "bag") == bag
    assert B.value_of(p, "cup") == 3


@pytest.mark.parametrize(
    ("rules", "before", "vp"),
    [(3, [1, 2], 4), (3, [1, 2, 3], 3), (2, [1, 2], 3), (2, [1, 2, 3], 2)],
)
def test_third_and_fourth_players_score_more_for_a_milestone(
    rules: int, before: list[int], vp: int
):
    """ALG-EXPORT-23 (ruling ALG-GAP-12): "3 cities" pays 5/4/4/3 by order of arrival on rules
    3 (rules 2: 5/4/3/2); the third city exported to, as a real export, meets it."""
    g = game(["cosmetics", "food", "biofuel", "bioplastics"], rules)
    g.s["milestones"]["m3"] = list(before)
    p = player(g)
    p["cities"] = ["paris", "rome"]
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=1)
    play(g, 0, "export bordeaux", "add cream", "deliver")
    assert "m3" in p["milestones"]
    assert p["vp"]["milestones"] == vp


def test_rules_3_milestone_table():
    """ALG-GAP-12: only the 3rd and 4th figures moved; the first two (all a two-player game
    uses) are rules 2's."""
    from engine.algae import rules as R

    new, old = D.MILESTONES, R.get(2, "MILESTONES")
    assert list(new) == list(old)
    for m in new:
        assert new[m][:3] == old[m][:3] and new[m][3][:2] == old[m][3][:2]
    assert {m: new[m][3][2:] for m in new} == {
        "m3": (4, 3), "m6": (5, 4), "m10": (7, 6), "regions": (5, 4), "big": (4, 3),
        "local": (3, 2),
    }  # fmt: skip
