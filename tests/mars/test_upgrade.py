"""Upgrading with Blueprints and Advanced Buildings (MARS-UPGRADE-*, MARS-EXEC-07, MARS-EXEC-08,
MARS-EXEC-09, MARS-EXEC-10, MARS-EXEC-11, MARS-EXEC-12, MARS-EXEC-13)."""

from __future__ import annotations

from engine.mars import data as D
from engine.mars.flow import produce
from tests.mars.helpers import P, clear_map, hx, moves, new, play, put, refresh, turn

GEN = hx(2, 0)


def upg(n: int = 1, bps: tuple[str, ...] = ("gen-1a",)):
    g = new(n)
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(3, -1)]
    P(g)["bps"] = list(bps)
    P(g)["res"]["mineral"] = 3
    refresh(g)
    return g


def test_upgrade01_to_04_11_level1_blueprint_any_building_of_type() -> None:
    """MARS-UPGRADE-01: a Blueprint and a matching Building in a Bot zone; MARS-UPGRADE-02:
    1 Mineral; MARS-UPGRADE-03, MARS-UPGRADE-11: the marker moves onto it and it is an Advanced
    Building;
    MARS-UPGRADE-04: level 1 upgrades any Building of its type."""
    g = upg()
    play(g, "upgrade", "gen-1a")
    assert moves(g) == [GEN]
    play(g, GEN)
    b = g.s["hex"][GEN]["b"]
    assert b["adv"] == 0 and b["bp"] == "gen-1a"
    assert P(g)["res"]["mineral"] == 2 and P(g)["bps"] == [] and P(g)["built"] == ["gen-1a"]


def test_upgrade02_needs_a_mineral() -> None:
    """MARS-UPGRADE-02: without a Mineral there is no upgrade."""
    g = upg()
    P(g)["res"]["mineral"] = 0
    refresh(g)
    assert "upgrade" not in moves(g)


def test_upgrade05_level3_needs_complex_of_three() -> None:
    """MARS-UPGRADE-05: a level-3 Blueprint only on a Building in a Complex of 3+."""
    g = upg(bps=("gen-3a",))
    assert "upgrade" not in moves(g)
    put(g, hx(3, 0), "gen")
    refresh(g)
    assert "upgrade" not in moves(g)  # a Complex of 2 is not enough
    put(g, hx(3, -1), "gen")
    P(g)["bots"] = [hx(4, -1)]
    refresh(g)
    play(g, "upgrade", "gen-3a")
    assert set(moves(g)) == {hx(3, 0), hx(3, -1)}  # GEN is out of the zone


def test_upgrade06_07_each_building_and_blueprint_once() -> None:
    """MARS-UPGRADE-06: an upgraded Building cannot be upgraded again; MARS-UPGRADE-07: a
    used Blueprint is gone."""
    g = upg(bps=("gen-1a", "gen-1b"))
    play(g, "upgrade", "gen-1a", GEN, "end")
    assert "gen-1a" not in P(g)["bps"]
    turn(g, 0, "colony")
    assert "upgrade" not in moves(g)


def test_upgrade08_not_another_players_shelter() -> None:
    """MARS-UPGRADE-08: you can't upgrade another player's Shelter."""
    g = upg(n=2, bps=("shelter-1a",))
    put(g, hx(3, 0), "shelter", owner=1)
    refresh(g)
    assert "upgrade" not in moves(g)
    put(g, hx(3, 0), "shelter", owner=0)
    refresh(g)
    play(g, "upgrade", "shelter-1a")
    assert moves(g) == [hx(3, 0)]


def test_upgrade09_colonist_on_mine_returns() -> None:
    """MARS-UPGRADE-09: the Colonist on an upgraded Mine returns to its owner."""
    g = upg(n=2, bps=("mine-1a",))
    put(g, hx(3, 0), "mine", col=1)
    lq = P(g, 1)["lq"]
    refresh(g)
    play(g, "upgrade", "mine-1a", hx(3, 0))
    assert P(g, 1)["lq"] == lq + 1 and g.s["hex"][hx(3, 0)]["b"]["col"] is None


def test_upgrade10_upgrade_tech_extra_upgrades_and_mission07() -> None:
    """MARS-UPGRADE-10: with the Upgrade Tech, as many extra upgrades as its level;
    MARS-MISSION-07: the boosted action contributes once per item."""
    g = upg(bps=("gen-1a", "gen-1b", "mine-1a"))
    put(g, hx(3, 0), "gen")
    put(g, hx(4, -1), "mine")
    g.s["techs"]["upgrade1"].update(owner=0, lvl=1)
    P(g)["techs"].append("upgrade1")
    g.s["missions"] = {"advanced": {"left": 5, "done": False}}
    refresh(g)
    play(g, "upgrade", "gen-1a", GEN, "upgrade1", "gen-1b", hx(3, 0))
    assert len(P(g)["built"]) == 2 and "end" in moves(g)  # level 1: one extra only
    assert g.s["missions"]["advanced"]["left"] == 3 and P(g)["below"] == 2


def test_upgrade12_produces_when_travelling_to_orbit() -> None:
    """MARS-UPGRADE-12: Advanced Buildings produce on travel to Orbit (GAP-20)."""
    g = upg(bps=())
    put(g, GEN, "gen", adv=0, bp="gen-3b")
    bat = P(g)["res"]["battery"]
    produce(g, 0)
    assert P(g)["res"]["battery"] == bat + D.BP_PRODUCE[3]


def test_upgrade13_exec07_08_09_10_advanced_action_and_scientists() -> None:
    """MARS-UPGRADE-13: its action is an Executive action (2 crystals); MARS-EXEC-07: another
    player's needs your Scientist of its type moved onto it; MARS-EXEC-08, MARS-EXEC-09: then
    both use it
    free; MARS-EXEC-10: it stays until it works in another building of its type."""
    g = upg(n=2, bps=())
    put(g, GEN, "gen", adv=1, bp="gen-1a")
    other = hx(-2, 2)
    put(g, other, "gen", adv=1, bp="gen-3a")
    P(g)["depot"] = 3
    refresh(g)
    assert f"x adv {GEN}" not in moves(g)
    P(g)["scientists"] = ["rnd"]  # the R&D Engineer works in Generators (rules 2)
    refresh(g)
    bat = P(g)["res"]["battery"]
    play(g, f"x adv {GEN}")
    assert P(g)["depot"] == 3 and P(g)["res"]["battery"] == bat + 2
    assert g.s["sci_where"]["rnd"] == GEN
    turn(g, 1, "colony")
    P(g, 1)["depot"] = 0
    refresh(g)
    assert f"x adv {GEN}" in moves(g) and f"x adv {other}" not in moves(g)
    P(g, 1)["depot"] = 2
    refresh(g)
    play(g, f"x adv {other}")
    assert P(g, 1)["depot"] == 0
    turn(g, 0, "colony")
    P(g)["depot"] = 0
    refresh(g)
    play(g, f"x adv {other}")
    assert g.s["sci_where"]["rnd"] == other


def test_exec11_12_13_teal_boost_with_colonists() -> None:
    """MARS-EXEC-11: the teal action; MARS-EXEC-12: each Colonist sent adds 1 to the Tech level;
    MARS-EXEC-13: only a Tech already in play (not one on the grid)."""
    g = upg(bps=())
    put(g, GEN, "gen", adv=0, bp="gen-3b")
    P(g)["depot"] = 2
    g.s["grid"].remove("gen1")
    g.s["techs"]["gen1"]["owner"] = 0
    P(g)["techs"].append("gen1")
    refresh(g)
    play(g, f"x adv {GEN}")
    techs = moves(g)  # MARS-TECH-01: only a Tech matching the Generator (rules 2)
    assert techs == ["gen1"]
    play(g, "gen1")
    assert moves(g) == [str(i) for i in range(P(g)["lq"] + 1)]
    bat = P(g)["res"]["battery"]
    play(g, "2")
    assert P(g)["res"]["battery"] == bat + 1 + 2 and P(g)["wa"] == 2
