"""Constructing, displacement, LSS and the Bot's Building Zone."""

from __future__ import annotations

from engine.mars import data as D
from engine.mars import hexmap as H
from tests.mars.helpers import P, clear_map, hx, moves, new, play, put, refresh, turn

GEN = hx(2, 0)  # the starting Generator


def setup_gen(n: int = 1, tech: int | None = 1):
    g = new(n)
    clear_map(g)
    turn(g, 0, "colony")
    p = P(g)
    p["bots"] = [hx(3, -1)]
    p["res"]["mineral"] = 5
    if tech:
        g.s["techs"]["gen1"].update(owner=0, lvl=tech)
        p["techs"].append("gen1")
        g.s["grid"].remove("gen1")
    refresh(g)
    return g


def shelter_ready():
    """Seat 0's Colony turn, its Bot at (3, -2) and 1 Oxygen: a Shelter can go on (3, -1)."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(3, -2)]
    P(g)["res"]["oxygen"] = 1
    refresh(g)
    return g


def spots(g) -> dict[str, str]:
    play(g, "construct", "gen")
    return {o.move: o.label for o in g.pending()[0].options}


def test_bot01_02_build_only_in_a_bot_zone() -> None:
    """MARS-BOT-01, MARS-BOT-02: the Bot's hex and its 6 neighbours are the only places to build."""
    g = setup_gen()
    s = spots(g)
    zone = {hx(3, -1), *H.NEIGHBOURS[hx(3, -1)]}
    assert s and set(s) <= zone
    assert hx(3, -2) in s  # 2 away from the Generator, inside the zone
    assert hx(1, 1) not in s  # next to the Generator but outside the zone


def test_build01_02_next_to_same_type_needs_tech_level() -> None:
    """MARS-BUILD-01, MARS-BUILD-02: joining a Complex needs a Tech of the type at level >=
    joined size."""
    g = setup_gen(tech=1)
    s = spots(g)
    assert "needs Tech level 1" in s[hx(3, 0)]
    play(g, hx(3, 0), "gen1")
    assert g.s["hex"][hx(3, 0)]["b"]["type"] == "gen"
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(4, -1)]
    refresh(g)
    s = spots(g)
    assert hx(4, 0) not in s  # would join 2 Buildings: level 1 is too low
    g.s["techs"]["gen1"]["lvl"] = 2
    refresh(g)
    assert hx(4, 0) in {o.move for o in g.pending()[0].options}


def test_build03_04_05_exactly_two_away_needs_no_tech() -> None:
    """MARS-BUILD-03, MARS-BUILD-05: 2 hexes away needs no Tech; MARS-BUILD-04: not if next to
    one."""
    g = setup_gen(tech=None)
    s = spots(g)
    assert "no Tech needed" in s[hx(3, -2)] and "no Tech needed" in s[hx(4, -1)]
    assert hx(3, 0) not in s and hx(2, -1) not in s  # adjacent, no Tech available
    play(g, hx(3, -2))
    assert g.s["hex"][hx(3, -2)]["b"]["type"] == "gen"


def test_build03_three_hexes_away_is_not_allowed() -> None:
    """MARS-BUILD-03: exactly 2 hexes away, not 3."""
    g = setup_gen(tech=None)
    P(g)["bots"] = [hx(4, -3)]
    refresh(g)
    s = spots(g)
    assert H.dist(hx(4, -3), GEN) == 3 and hx(4, -3) not in s
    assert hx(4, -2) in s


def test_build06_shelters_of_other_players_are_another_type() -> None:
    """MARS-BUILD-06: another player's Shelter next to the hex does not make it a join."""
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    own = hx(3, -3)
    target = hx(3, -1)  # 2 from own Shelter
    put(g, hx(4, -1), "shelter", owner=1)  # next to the target
    P(g)["bots"] = [hx(3, -2)]
    P(g)["res"]["oxygen"] = 1
    refresh(g)
    play(g, "construct", "shelter")
    labels = {o.move: o.label for o in g.pending()[0].options}
    assert H.dist(own, target) == 2 and "no Tech needed" in labels[target]
    put(g, hx(4, -1), "shelter", owner=0)
    refresh(g)
    labels = {o.move: o.label for o in g.pending()[0].options}
    assert "needs Tech level 1" in labels[target]


def test_build07_08_09_13_steps_in_order_shelter() -> None:
    """MARS-BUILD-07: steps in order (pay, tile, gain); MARS-BUILD-08, MARS-BUILD-09: a Shelter
    costs 1
    Oxygen; MARS-BUILD-16: it gives crystals (below the Depot)."""
    g = shelter_ready()
    play(g, "construct", "shelter", hx(3, -1))
    p = P(g)
    assert p["res"]["oxygen"] == 0 and p["below"] == 1 and p["shelters"] == 3
    text = g.s["last"]["text"]
    assert text.index(next(t for t in text if "builds" in t)) < text.index(
        next(t for t in text if "gains" in t)
    )


def test_build10_mine_costs_a_colonist_placed_on_it() -> None:
    """MARS-BUILD-10: a Mine takes a Colonist from the Living Quarters onto it."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(1, -2)]
    lq = P(g)["lq"]
    refresh(g)
    play(g, "construct", "mine", hx(2, -2))  # 2 from the starting Mine
    assert P(g)["lq"] == lq - 1 and g.s["hex"][hx(2, -2)]["b"]["col"] == 0
    assert P(g)["res"]["mineral"] == D.START_RES["mineral"] + 1


def test_build11_12_13_arrows_put_crystals_on_empty_hexes() -> None:
    """MARS-BUILD-11, MARS-BUILD-12, MARS-BUILD-13: the tile's arrows put 1 Crystal on each
    empty hex they point to."""
    g = setup_gen(tech=None)
    g.s["stacks"]["gen"] = [[0, 3]]  # east and west
    east, west = hx(4, -2), hx(2, -2)
    g.s["hex"][west]["tile"] = "op3"  # not empty: no crystal
    refresh(g)
    play(g, "construct", "gen", hx(3, -2))
    assert g.s["hex"][east]["cry"] == 1 and g.s["hex"][west]["cry"] == 0
    assert g.s["stacks"]["gen"] == []


def test_build11_13_the_face_down_tile_is_a_reveal() -> None:
    """MARS-BUILD-11/13: the tile comes face down from a hidden stack and its arrows show where
    the crystals land (or that none do), so a build is a reveal: it cannot be taken back freely,
    nor looked past by the two-click menu. A Shelter draws no tile and stays undoable."""
    g = setup_gen(tech=None)
    play(g, "construct", "gen", hx(3, -2))
    assert g.undo_barrier == len(g.moves)
    g = shelter_ready()
    before = g.undo_barrier
    play(g, "construct", "shelter", hx(3, -1))
    assert g.undo_barrier == before


def test_build14_15_gain_equals_complex_size() -> None:
    """MARS-BUILD-14: resources = new Complex size; MARS-BUILD-15: alone counts 1."""
    g = setup_gen(tech=1)
    bat = P(g)["res"]["battery"]
    play(g, "construct", "gen", hx(3, -2))
    assert P(g)["res"]["battery"] == bat + 1
    turn(g, 0, "colony")
    play(g, "construct", "gen", hx(3, 0), "gen1")
    assert P(g)["res"]["battery"] == bat + 1 + 2


def test_build17_18_progress_cube_first_complex_not_shelters() -> None:
    """MARS-BUILD-17: first Complex of a type moves its Progress cube (once);
    MARS-BUILD-18: never for Shelters."""
    g = setup_gen(tech=1)
    play(g, "construct", "gen", hx(3, -2))
    assert P(g)["progress"] == []  # alone: not a Complex
    turn(g, 0, "colony")
    play(g, "construct", "gen", hx(3, 0), "gen1")
    assert P(g)["progress"] == ["gen"]
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(3, -3)]
    P(g)["res"]["oxygen"] = 1
    refresh(g)
    play(g, "construct", "shelter", hx(4, -3), "shelter0")
    assert P(g)["progress"] == ["gen"]


def test_build19_20_lss_marker_and_reward() -> None:
    """MARS-BUILD-19: an LSS Building moves its marker up; MARS-BUILD-20: passing the level
    line gives the column's reward and a benefit."""
    g = setup_gen(tech=None)
    g.s["lss_rewards"]["gen"] = "lq"
    op = P(g)["op"]
    play(g, "construct", "gen", hx(3, -2))
    assert g.s["lss"]["gen"] == 2
    assert P(g)["op"] == op + P(g)["lq"]
    assert g.pending()[0].prompt.startswith("LSS benefit")
    play(g, "mineral")
    assert P(g)["res"]["mineral"] == 5 - 1 + 1


def test_disp01_02_03_displacement() -> None:
    """MARS-DISP-01: a crystal under a new Building returns to the supply (not the builder);
    MARS-DISP-02: a tile there leaves the game; MARS-DISP-03: a Bot there moves to the closest
    free hex."""
    g = setup_gen(tech=None, n=2)
    target = hx(3, -2)
    g.s["hex"][target]["cry"] = 1
    refresh(g)
    play(g, "construct", "gen", target)
    assert g.s["hex"][target]["cry"] == 0 and P(g)["below"] == 0
    turn(g, 0, "colony")
    target2 = hx(4, -1)
    g.s["hex"][target2]["tile"] = "op3"
    P(g, 1)["bots"] = [target2]
    refresh(g)
    from engine.mars.build import construct

    construct(g, 0, "water", target2, None)
    refresh(g)
    assert g.s["hex"][target2]["tile"] is None
    # the owner (seat 1) chooses among the closest free hexes (rules 2)
    if g.pending()[0].prompt.startswith("LSS benefit"):
        g.play(0, "crystal")
    d = g.pending()[0]
    assert d.seat == 1 and d.prompt.startswith("A Building goes on")
    choices = [o.move for o in d.options]
    assert choices and all(H.dist(h, target2) == 1 for h in choices)
    g.play(1, choices[-1])
    assert P(g, 1)["bots"][0] == choices[-1]


def test_build_cost_paid_with_previous_resource() -> None:
    """MARS-BUILD-08: a Generator is paid with Minerals from the Building display."""
    g = setup_gen(tech=None)
    play(g, "construct", "gen", hx(3, -2))
    assert P(g)["res"]["mineral"] == 5 - D.build_cost("gen", 1) + 0
    turn(g, 0, "colony")
    P(g)["res"]["mineral"] = 0
    refresh(g)
    play(g, "construct")
    assert "gen" not in moves(g) and "mine" in moves(g)
