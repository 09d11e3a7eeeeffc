"""A turn: Main and Executive actions, Orbit and Colony sides, Depot and crystals, goals."""

from __future__ import annotations

from engine.mars import data as D
from engine.mars.rules import move_up
from tests.mars.helpers import P, ask, clear_map, moves, new, play, refresh, turn


def test_act01_main_and_executive_actions_in_orbit_and_colony() -> None:
    """MARS-ACT-01: a turn offers Main actions (Orbit or Colony) and Executive actions."""
    g = new()
    turn(g, 0, "orbit")
    groups = {o.group for o in g.pending()[0].options}
    assert {"Main actions", "Executive actions"} <= groups
    turn(g, 0, "colony")
    assert "construct" in moves(g)


def test_orbit01_colony01_actions_only_on_their_side() -> None:
    """MARS-ORBIT-01 and MARS-COLONY-01: the marker's side decides which Main actions exist."""
    g = new()
    turn(g, 0, "orbit")
    m = moves(g)
    assert "pod" in m and "learn" in m and "construct" not in m and "control" not in m
    turn(g, 0, "colony")
    m = moves(g)
    assert "control" in m and "pod" not in m and "learn" not in m


def test_orbit02_03_red_colonist_and_placement_cost() -> None:
    """MARS-ORBIT-02: a red-Colonist action needs a Colonist; MARS-ORBIT-03: 1 crystal per
    Colonist already on the slots."""
    g = new(2)
    turn(g, 0, "orbit")
    P(g)["lq"] = 0
    refresh(g)
    assert "learn" not in moves(g) and "pod" in moves(g)
    P(g)["lq"] = 2
    P(g)["depot"] = 1
    P(g)["gcry"] = 0
    g.s["orbit_slots"]["learn"] = [1]
    refresh(g)
    assert "learn" in moves(g)
    play(g, "learn")
    assert P(g)["depot"] == 0 and P(g)["lq"] == 1 and g.s["orbit_slots"]["learn"] == [1, 0]
    g.s["orbit_slots"]["rnd"] = [1, 1]
    turn(g, 0, "orbit")
    assert "rnd" not in moves(g)  # 2 crystals needed, none left


def test_orbit04_05_learn_tech_grid_not_refilled_until_level_up() -> None:
    """MARS-ORBIT-04: grid tiles refill only at a level-up; MARS-ORBIT-05: a learned Tech
    starts in column 1 (level 1)."""
    g = new(3)
    turn(g, 0, "orbit")
    before = len(g.s["grid"])
    play(g, "learn", "rover1")
    assert len(g.s["grid"]) == before - 1
    assert g.s["techs"]["rover1"] == {"type": "rover", "owner": 0, "lvl": 1}
    play(g, "skip", "end")  # the Laboratory space's benefit is optional (rules 2)
    assert len(g.s["grid"]) == before - 1
    from engine.mars.build import level_up

    level_up(g)
    assert len(g.s["grid"]) == before and "rover1" not in g.s["grid"]


def test_orbit05_06_07_develop_columns_end_op_and_optional_benefit() -> None:
    """MARS-ORBIT-05, MARS-ORBIT-06, MARS-ORBIT-07: developing moves a Tech a column right; the
    column's OP scores at
    the end; the Laboratory benefit may be skipped."""
    g = new()
    turn(g, 0, "orbit")
    P(g)["depot"] = 5
    play(g, "rnd", "shelter0")
    assert g.s["techs"]["shelter0"]["lvl"] == 2
    assert g.pending()[0].prompt.startswith("Laboratory benefit")
    below = P(g)["below"]
    play(g, "skip")
    assert P(g)["below"] == below
    play(g, "shelter0", "take")  # second develop, column 3 benefit: a mineral
    assert g.s["techs"]["shelter0"]["lvl"] == 3
    from engine.mars.scoring import breakdown

    assert breakdown(g, 0)["techs"] == D.LAB_OP[3]


def test_exec01_02_one_executive_action_before_or_after_main() -> None:
    """MARS-EXEC-01, MARS-EXEC-02: at most one Executive action, before or after the Main action."""
    g = new()
    turn(g, 0, "colony")
    P(g)["depot"] = 6
    refresh(g)
    assert "x mineral" in moves(g)
    play(g, "x mineral")
    assert not any(m.startswith("x ") for m in moves(g))
    turn(g, 0, "colony")
    play(g, "control", "stop", "done")
    assert "x mineral" in moves(g) and "end" in moves(g)
    play(g, "x mineral")
    assert not any(m.startswith("x ") for m in moves(g))


def test_exec03_04_05_06_depot_slots_costs_and_ships() -> None:
    """MARS-EXEC-03, MARS-EXEC-05: only actions by the 3 open slots; MARS-EXEC-04: crystals paid;
    MARS-EXEC-06: a welcomed Ship opens another slot."""
    g = new()
    turn(g, 0, "colony")
    P(g)["depot"] = 3
    P(g)["bps"] = []
    refresh(g)
    m = moves(g)  # rules 2 slots (RULINGS GAP-27): 1-3 hold warehouse, bots, mineral, blueprint
    assert "x warehouse" in m and "x mineral" in m and "x blueprint" in m and "x rover" not in m
    P(g)["depot"] = 4
    refresh(g)
    assert "x rover" not in moves(g) and "x develop" not in moves(g)  # slot 4 under a Ship
    P(g)["depot"] = 3
    refresh(g)
    play(g, "x mineral")
    assert P(g)["depot"] == 0 and P(g)["res"]["mineral"] == D.START_RES["mineral"] + 1
    turn(g, 0, "colony")
    P(g)["depot"] = 3
    P(g)["res"].update(plant=1, water=1)
    play(g, "ship", "col2")
    assert P(g)["ships"] == D.SHIPS - 1 and P(g)["hangar"] == 1
    play(g, "end")
    turn(g, 0, "colony")
    P(g)["depot"] = 4
    refresh(g)
    assert "x rover" in moves(g) and "x develop" in moves(g)  # slot 4 opens with the Ship


def test_crystal01_02_03_below_depot_moves_up_next_turn_capped() -> None:
    """MARS-CRYSTAL-01: gained crystals go below the Depot; MARS-CRYSTAL-02: they move up at
    the start of the next turn; MARS-CRYSTAL-03: only as many as open slots (GAP-29: the rest
    is lost)."""
    g = new()
    p = P(g)
    p["depot"] = 1
    from engine.mars.rules import gain

    gain(g, 0, "crystal", 4)
    assert p["below"] == 4 and p["depot"] == 1
    move_up(g, 0)
    assert p["depot"] == D.OPEN_SLOTS and p["below"] == 0


def test_crystal02_at_start_of_turn() -> None:
    """MARS-CRYSTAL-02: the flow moves them up when the player's turn starts."""
    g = new(2)
    d = g.pending()[0]
    other = 1 - d.seat
    P(g, other)["below"] = 1
    P(g, other)["depot"] = 0
    while g.pending()[0].seat == d.seat:
        move = g.default_move(d.seat)
        assert move is not None
        play(g, move)
    assert P(g, other)["depot"] == 1 and P(g, other)["below"] == 0


def test_crystal04_resources_usable_at_once() -> None:
    """MARS-CRYSTAL-04: a resource gained mid-turn pays for the Main action in the same turn."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["depot"] = 3
    P(g)["res"]["mineral"] = 0
    refresh(g)
    assert "upgrade" not in moves(g)
    P(g)["bps"] = ["mine-1a"]
    from tests.mars.helpers import hx

    P(g)["bots"] = [hx(1, 0)]
    refresh(g)
    assert "upgrade" not in moves(g)
    play(g, "x mineral")
    assert "upgrade" in moves(g)


def test_crystal05_crystal_sources() -> None:
    """MARS-CRYSTAL-05: Warehouse, turn order, Laboratory and LSS give crystals (below)."""
    g = new()
    turn(g, 0, "orbit")
    P(g)["depot"] = 5
    play(g, "resupply", "crystal", "done")
    assert P(g)["below"] == 1
    ask(g, 0, "space")
    g.s["spaces"] = [None] * D.TURN_SPACES
    refresh(g)
    play(g, "space 2")
    assert P(g)["below"] == 2
    ask(g, 0, "lssben")
    play(g, "crystal")
    assert P(g)["below"] == 3
    ask(g, 0, "labben", code="crystal")
    play(g, "take")
    assert P(g)["below"] == 4
    from engine.mars.flow import produce
    from tests.mars.helpers import hx, put

    put(g, hx(3, -3), "shelter", owner=0, adv=0, bp="shelter-1a")
    produce(g, 0)  # an Advanced Building on a Shelter
    assert P(g)["below"] == 5
    from engine.mars.rules import contribute

    g.s["missions"] = {"contract": {"left": 3, "done": False}}
    contribute(g, 0, "contract")  # a Mission
    assert P(g)["below"] == 6


def test_goal01_02_03_04_private_goals() -> None:
    """MARS-GOAL-01: 3 goals each; MARS-GOAL-02, MARS-GOAL-03: complete one whose requirement
    is met for
    one chosen reward; MARS-GOAL-04: only one per game."""
    g = new(2, rules=1)  # the first engine's cards (rules 2: test_published.py)
    assert all(len(P(g, s)["goals"]) == 3 for s in (0, 1))
    turn(g, 0, "colony")
    P(g)["goals"] = ["g16", "g01", "g05"]
    P(g)["op"] = 9
    refresh(g)
    assert "goal 1" not in moves(g)
    P(g)["op"] = 10
    refresh(g)
    play(g, "goal 1")
    assert set(moves(g)) == {"op3", "colonist"}
    play(g, "op3")
    assert P(g)["op"] == 13 and P(g)["goal_done"] == "g16"
    P(g)["shelters"] = 0
    refresh(g)
    assert not any(m.startswith("goal") for m in moves(g))


def test_goal05_06_discard_as_crystal_not_for_contracts() -> None:
    """MARS-GOAL-05: a discarded goal is a crystal; MARS-GOAL-06: not for Contracts."""
    g = new()
    turn(g, 0, "colony")
    P(g)["depot"] = 0
    refresh(g)
    assert "x mineral" not in moves(g)
    play(g, "discard 1", "discard 1", "discard 1")
    assert P(g)["gcry"] == 3 and P(g)["goals"] == []
    assert "x mineral" in moves(g)
    g.s["sci_display"][0] = "d-min"
    refresh(g)
    assert "contract" not in moves(g)
    P(g)["depot"] = 1
    refresh(g)
    assert "contract" in moves(g)


def test_cost01_02_free_cost_icon_on_rewards() -> None:
    """MARS-COST-01: normal costs are paid (a Blueprint from Orbit costs a Colonist);
    MARS-COST-02: a goal reward with the free-cost icon does not."""
    g = new(rules=1)  # rules 1 cards; the published rewards: test_published.py
    turn(g, 0, "orbit")
    lq = P(g)["lq"]
    play(g, "blueprint", g.s["bp_display"][0])
    assert P(g)["lq"] == lq - 1
    turn(g, 0, "colony")
    P(g)["goals"] = ["g04"]
    g.s["techs"]["shelter0"]["lvl"] = 3
    refresh(g)
    play(g, "goal 1", "blueprint", g.s["bp_display"][0])
    assert P(g)["lq"] == lq - 1 and len(P(g)["bps"]) == 2
