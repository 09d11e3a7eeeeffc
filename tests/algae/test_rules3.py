"""Algae rules 3 (issue 11, balance): each change checked on rules 3 and on rules 2, whose
games keep their own boards (engine/algae/BALANCE.md, sixth pass; RULINGS.md).

- ALG-GAP-06/21: which algae storages a department has open at setup. Cosmetics opens green
  and brown (rules 2: green and red), Bioplastics red and brown (rules 2: green and brown).
  The boards are otherwise the same factories: the secondary belt and the storage tiles went
  with their species.
- ALG-GAP-01/20: a department starts with the head start (VP) that data.HEAD_START gives it
  at the game's player count; rules 2 has none.
"""

from __future__ import annotations

import pytest

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import machines
from engine.algae import rules as R
from engine.algae.game import AlgaeGame
from engine.core import new_game
from tests.algae.helpers import HELD, ask, finish_with_defaults, moves, play, player, top

OPEN = {  # department -> storages open at setup on rules 3 and rules 2
    "cosmetics": {3: ("green", "brown"), 2: ("green", "red")},
    "bioplastics": {3: ("red", "brown"), 2: ("green", "brown")},
    "food": {3: ("green", "red"), 2: ("green", "red")},
    "biofuel": {3: ("green", "brown"), 2: ("green", "brown")},
}


def game(depts: list[str], rules: int, seed: int = 4) -> AlgaeGame:
    g = new_game(
        "algae", [f"p{i + 1}" for i in range(len(depts))], seed=seed,
        options={"departments": depts, "rules": rules},
    )  # fmt: skip
    assert isinstance(g, AlgaeGame)
    g.frames = HELD
    return g


def test_rules_3_is_the_current_version():
    assert D.RULES_VERSION == 3
    g = new_game("algae", ["a"], seed=1)
    assert isinstance(g, AlgaeGame)
    assert g.s["rules"] == 3


@pytest.mark.parametrize("rules", [3, 2])
@pytest.mark.parametrize("dept", list(OPEN))
def test_open_storages_at_setup(dept: str, rules: int):
    """ALG-GAP-06, ALG-GAP-21, ALG-OPER-03: the species a department can take from the start
    are the version's open storages, each with its setup cube; the third is covered."""
    g = game([dept], rules)
    p = player(g)
    opened = OPEN[dept][rules]
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


@pytest.mark.parametrize(
    ("rules", "unlock", "expand", "sec4"),
    [(3, "store_green", "store_red", "red>s1"), (2, "store_red", "store_green", "green>s1")],
)
def test_bioplastics_tiles_went_with_their_species(rules: int, unlock: str, expand: str, sec4: str):
    """ALG-GAP-06, ALG-SCI-11: removing the unlock tile opens the covered storage; the
    belt_sec tile opens the +1 energy belt from the storage that was opened in its place."""
    p = player(game(["bioplastics"], rules))
    covered = next(sp for sp in D.SPECIES if not B.storage_open(p, sp))
    assert R.get(rules, "DEPARTMENTS")["bioplastics"]["tiles"][unlock] == (1, "unlock", covered)
    assert R.get(rules, "DEPARTMENTS")["bioplastics"]["tiles"][expand][1] == "expand"
    p["board"].remove(unlock)
    assert B.storage_open(p, covered)
    sec = {s[0]: s[1] for s in R.get(rules, "DEPARTMENTS")["bioplastics"]["secondary"]}
    assert sec["sec4"] == sec4


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_each_department_starts_with_its_head_start(n: int):
    """ALG-GAP-01 (setup), ALG-GAP-20 (scoring): every seat of an n-player game starts with
    the VP its department's head start gives at n players, counted in its score as "head
    start"; a solo game has none."""
    for rotation in range(len(D.DEPT_NAMES)):
        seated = [D.DEPT_NAMES[(i + rotation) % len(D.DEPT_NAMES)] for i in range(n)]
        g = game(seated, 3)
        want = [D.HEAD_START.get(n, {}).get(d, 0) for d in seated]
        assert [sum(p["vp"].values()) for p in g.s["players"]] == want
        assert [ln.vp for ln in g.scores()] == want
        for p, vp in zip(g.s["players"], want, strict=True):
            assert p["vp"] == ({"head start": vp} if vp else {})
    if n == 1:
        assert not D.HEAD_START.get(1)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_head_start_is_not_the_same_for_every_department(n: int):
    """Issue 11: the head start is what evens the departments out at each player count, so
    at least one department starts ahead at 2, 3 and 4 players."""
    assert len(set(D.HEAD_START[n].values())) > 1
    assert set(D.HEAD_START[n]) == set(D.DEPT_NAMES)
    assert min(D.HEAD_START[n].values()) == 0  # no VP for everyone alike


def test_rules_2_games_have_no_head_start():
    """A game begun on rules 2 keeps rules 2's setup: no head start, whatever the count."""
    assert R.get(2, "HEAD_START") == {}
    g = game(["bioplastics", "food", "cosmetics", "biofuel"], 2)
    assert all(p["vp"] == {} for p in g.s["players"])


def test_the_head_start_is_in_the_start_notes_and_the_final_score():
    """Players read it where the game starts (the start post's notes) and in the final
    breakdown; a seat without one is not named."""
    g = game(["bioplastics", "biofuel"], 3)
    (text,) = g.start_notes()
    start = D.HEAD_START[2]
    for seat, dept in enumerate(("bioplastics", "biofuel")):
        part = f"p{seat + 1} ({dept.title()}) {start[dept]} VP"
        assert (part in text) == bool(start[dept])
    finish_with_defaults(g)
    lines = {ln.seat: ln for ln in g.scores()}
    for seat, dept in enumerate(("bioplastics", "biofuel")):
        if start[dept]:
            assert lines[seat].breakdown.get("head start") == start[dept]
