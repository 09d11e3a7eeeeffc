"""Machines, secondary belts, the byproduct converter and machine upgrades
(ALG-MACH-*, ALG-BYP-*, ALG-UPG-*). Layouts are those of engine/algae/data.py DEPARTMENTS."""

from __future__ import annotations

import pytest

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import machines
from engine.algae.workweek import machine_options
from tests.algae.helpers import ask, empty_factory, moves, new, play, player, top


def start(depts: list[str], machine: str, **cells: int):
    g = new(depts)
    p = empty_factory(g)
    p["cells"].update(cells)
    p["money"] = 10
    ask(g, 0, "hold")
    machines.activate(g, 0, machine)
    g.invalidate()
    return g, p


def test_capacity_two_moves_two_cubes_or_one_cube_two_steps():
    """ALG-MACH-01, ALG-MACH-02, ALG-MACH-06: capacity 2 at the start counts moves."""
    g, p = start(["cosmetics"], "a", green=3)
    assert B.capacity(p, "a") == D.CAPACITY_BASE == 2
    play(g, 0, "move green>s1", "move green>s1")
    assert p["cells"]["green"] == 1 and top(g) != "mach"
    g, p = start(["cosmetics"], "b", s1=2)
    play(g, 0, "move s1>mix", "move mix>s2")  # one cube, two steps: both moves used
    assert p["cells"]["s2"] == 1 and p["cells"]["mix"] == 0 and p["cells"]["s1"] == 1
    if top(g) == "gain":  # the "add" belt on mix>s2 (optional)
        play(g, 0, "skip")
    assert top(g) == "hold"  # capacity spent although a cube could still move


def test_machine_belts_from_storage_to_dispatch():
    """ALG-MACH-11, ALG-MACH-12, ALG-MACH-14, ALG-MACH-15: A storage->Station 1, B Station 1->
    Station 2, C Station 2->dispatch, where cubes are finished goods."""
    g, p = start(["bioplastics"], "a", brown=1)
    assert moves(g) == ["move brown>s1"]
    g, p = start(["bioplastics"], "b", s1=1)
    assert moves(g) == ["move s1>s2"]
    g, p = start(["bioplastics"], "c", s2=1)
    assert set(moves(g)) == {"move s2>press", "move s2>bag"}
    play(g, 0, "move s2>bag")
    assert p["cells"]["bag"] == 1
    assert "bag" in B.dispatch_cells(p)


def test_machine_needs_a_cube_at_its_left_station():
    """ALG-MACH-04, ALG-MACH-05: a cube on the belt after Station 1 cannot start machine B."""
    g = new(["cosmetics"])
    p = empty_factory(g)
    p["cells"]["mix"] = 1  # could move mix>s2, but Station 1 is empty
    assert not B.machine_ready(p, "b")
    assert machine_options(g, 0, ("b",), "") == []
    p["cells"]["s1"] = 1
    assert B.machine_ready(p, "b")
    p["cells"]["green"] = 0
    assert not B.machine_ready(p, "a")


def test_secondary_belt_once_per_activation_unless_infinite():
    """ALG-MACH-03, ALG-MACH-07, ALG-MACH-08: the zone's secondary belts switch on; a plain
    one works once, an ∞ one every time."""
    g, p = start(["cosmetics"], "c", s2=2)
    p["board"].remove("belt_sec")  # opens the ∞ energy belt on s2>soap
    g.invalidate()
    play(g, 0, "move s2>soap")
    assert top(g) == "gain"
    play(g, 0, "gain", "move s2>soap")
    assert top(g) == "gain"  # ∞: again
    play(g, 0, "gain")
    assert p["energy"] == D.START_ENERGY + 2
    g, p = start(["cosmetics"], "b", s1=2)
    p["board"].append("x")  # nothing
    machines_cap = B.capacity(p, "b")
    assert machines_cap == 2
    p["fields"]["cap_b"] = "cap1"  # capacity 4 for Cosmetics: two cubes through mix>s2
    g.s["stacks"][0][-1]["left"] = B.capacity(p, "b")
    g.invalidate()
    play(g, 0, "move s1>mix", "move mix>s2")
    assert top(g) == "gain"  # the "add" belt, first time
    play(g, 0, "skip", "move s1>mix", "move mix>s2")
    assert top(g) != "gain"  # once per activation


def test_secondary_loss_is_mandatory_gain_optional():
    """ALG-MACH-09, ALG-MACH-10: Food's green → Station 1 belt takes €1 without asking; the
    energy belt on Bioplastics' press>cup asks and may be skipped."""
    g, p = start(["food"], "a", green=2)
    play(g, 0, "move green>s1")
    assert p["money"] == 9 and top(g) == "mach"
    g, p = start(["bioplastics"], "c", press=1)
    play(g, 0, "move press>cup")
    assert set(moves(g)) == {"gain", "skip"}
    play(g, 0, "skip")
    assert p["energy"] == D.START_ENERGY


def test_machine_b_adds_other_byproduct_into_line():
    """ALG-MACH-13, ALG-BYP-11: Bioplastics (fiber) adds a lipid cube into Station 2; from an
    empty tank it is bought for €1."""
    g, p = start(["bioplastics"], "b", s1=2)
    before = g.s["byp"]["lipid"]
    play(g, 0, "move s1>s2", "gain")
    assert g.s["byp"]["lipid"] == before - 1 and p["cells"]["s2"] == 2
    g, p = start(["bioplastics"], "b", s1=1)
    g.s["byp"]["lipid"] = 0
    play(g, 0, "move s1>s2")
    assert "€1" in g.decision_for(0).options[0].label
    play(g, 0, "gain")
    assert p["money"] == 9 and p["cells"]["s2"] == 2


@pytest.mark.parametrize(("moved", "byproduct"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_converter_table(moved: int, byproduct: int):
    """ALG-BYP-01, ALG-BYP-02, ALG-BYP-03: 1 cube for 2-3 moved, 2 for 4 or more."""
    assert machines.converter_output(moved) == byproduct
    g, p = start(["cosmetics"], "a", green=3, brown=3)
    p["fields"]["cap_a"] = "cap1"
    p["upg"]["engineers"] = True  # capacity 5
    g.s["stacks"][0][-1]["left"] = B.capacity(p, "a")
    g.invalidate()
    for i in range(moved):
        play(g, 0, "move green>s1" if i < 3 else "move brown>s1")
        if top(g) == "gain":
            play(g, 0, "skip")
    if moved < 5:
        play(g, 0, "done")
    assert p["cells"]["s1"] == moved - byproduct  # converted cubes leave the line
    if byproduct:
        assert top(g) == "byp" and g.s["stacks"][0][-1]["n"] == byproduct
    else:
        assert top(g) == "hold"


def test_burn_or_store_each_byproduct_cube():
    """ALG-BYP-04, ALG-BYP-05, ALG-BYP-06, ALG-BYP-07, ALG-BYP-08, ALG-BYP-09: burn for 1 energy;
    store bottom up for the row's euros; sell a cube for
    €1 when the tank is full."""
    g, p = start(["cosmetics"], "a", green=2)
    g.s["byp"]["lipid"] = 0
    play(g, 0, "move green>s1", "move green>s1")
    assert set(moves(g)) == {"burn", "store"}
    play(g, 0, "store")
    assert g.s["byp"]["lipid"] == 1 and p["money"] == 10 + D.BYP_ROWS[0]
    g, p = start(["cosmetics"], "a", green=2)
    g.s["byp"]["lipid"] = 2  # second row
    play(g, 0, "move green>s1", "move green>s1", "store")
    assert p["money"] == 10 + D.BYP_ROWS[1]
    g, p = start(["cosmetics"], "a", green=2)
    play(g, 0, "move green>s1", "move green>s1", "burn")
    assert p["energy"] == D.START_ENERGY + 1 and g.s["byp"]["lipid"] == D.BYP_START
    g, p = start(["cosmetics"], "a", green=2)
    g.s["byp"]["lipid"] = D.BYP_CAPACITY
    play(g, 0, "move green>s1", "move green>s1")
    assert "€1" in g.decision_for(0).options[1].label
    play(g, 0, "store")
    assert p["money"] == 11 and g.s["byp"]["lipid"] == D.BYP_CAPACITY


def test_converter_tile_gives_energy_and_stores():
    """ALG-BYP-10: with the converter tile removed, each byproduct is burnt and stored."""
    g, p = start(["cosmetics"], "a", green=2)
    p["board"].remove("converter")
    g.s["byp"]["lipid"] = 0
    play(g, 0, "move green>s1", "move green>s1")
    assert top(g) == "hold"
    assert p["energy"] == D.START_ENERGY + 1 and g.s["byp"]["lipid"] == 1
    assert p["money"] == 10 + D.BYP_ROWS[0]


def test_capacity_tiles_and_engineer_upgrade():
    """ALG-UPG-01, ALG-UPG-02, ALG-UPG-03, ALG-UPG-04, ALG-UPG-05: capacity tile 3 (Cosmetics 4);
    the engineer upgrade flips them to 4
    (Cosmetics 5), including tiles still in the grid when they are placed later."""
    for dept, tile, flipped in (("food", 3, 4), ("cosmetics", 4, 5)):
        g = new([dept])
        p = player(g)
        p["fields"]["cap_c"] = "cap1"
        assert B.capacity(p, "c") == tile == D.CAPACITY_TILE + (dept == "cosmetics")
        p["upg"]["engineers"] = True
        assert B.capacity(p, "c") == flipped
        assert B.capacity(p, "a") == 2  # no tile there: nothing to flip
        p["fields"]["cap_a"] = "cap2"  # taken from the grid after the upgrade
        assert B.capacity(p, "a") == flipped


def test_conveyor_gives_two_free_main_belt_moves_in_next_machine():
    """ALG-UPG-06, ALG-UPG-07, ALG-UPG-08, ALG-UPG-09, ALG-UPG-10: a conveyor tile on A or B; after
    the activation 2 free moves in the next
    machine, main belts only, no secondary belt, not an activation (no converter, no "done"
    requirement)."""
    assert set(D.FIELDS) >= {"conv_a", "conv_b"} and "conv_c" not in D.FIELDS
    g, p = start(["bioplastics"], "a", brown=1, s1=2, s2=1)
    p["fields"]["conv_a"] = "conv1"
    ask(g, 0, "hold")
    machines.activate(g, 0, "a")
    g.invalidate()
    play(g, 0, "move brown>s1")  # brown is empty now: machine A stops by itself
    assert top(g) == "free_moves"
    assert set(moves(g)) == {"move s1>s2", "done"}  # machine B's main belt only
    play(g, 0, "move s1>s2")
    assert top(g) == "free_moves"  # B's "add" secondary belt did not switch on
    play(g, 0, "move s1>s2")
    assert top(g) == "hold" and p["cells"]["s2"] == 3


def test_machine_a_prompt_tells_the_converter_count():
    """ALG-BYP-01, ALG-BYP-02: the player sees, while moving, how many cubes the converter
    will take out of Station 1."""
    g, p = start(["cosmetics"], "a", green=3)
    assert g.decision_for(0).prompt.endswith(
        "0 cubes into Station 1 so far, the converter "
        "turns 0 of them into byproduct (2-3 cubes: 1, 4+: 2)"
    )
    play(g, 0, "move green>s1", "move green>s1")
    assert top(g) == "byp" and p["cells"]["s1"] == 1
