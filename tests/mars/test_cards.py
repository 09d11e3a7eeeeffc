"""Scientists, Earth Contracts, Missions and using Tech (MARS-SCI/CONTRACT/MISSION/TECH)."""

from __future__ import annotations

from engine.mars import data as D
from engine.mars.rules import contribute
from engine.mars.scoring import breakdown
from tests.mars.helpers import P, clear_map, hx, moves, new, play, put, refresh, turn


def test_sci01_six_scientists_at_the_start() -> None:
    """MARS-SCI-01: the display starts with the 6 Scientists."""
    g = new()
    assert g.s["sci_display"] == [x[0] for x in D.SCIENTISTS] and len(D.SCIENTISTS) == 6


def test_sci02_03_04_05_hire_costs_marker_and_contract_fill() -> None:
    """MARS-SCI-02: each costs its space; MARS-SCI-03: the Geologist sends 2 Colonists to the
    Working Area; MARS-SCI-04: card and marker taken; MARS-SCI-05: at the end of the turn the
    space takes any Contract the player chooses."""
    g = new()
    turn(g, 0, "colony")
    P(g)["res"]["mineral"] = 1
    refresh(g)
    play(g, "hire")
    assert "rnd" not in moves(g) and "geologist" in moves(g)
    play(g, "geologist")
    assert P(g)["lq"] == 1 and P(g)["wa"] == 2 and P(g)["scientists"] == ["geologist"]
    assert g.s["sci_display"][0] is None
    play(g, "end")
    assert len(moves(g)) == 12
    play(g, "d-cry")
    assert g.s["sci_display"][0] == "d-cry" and "d-cry" not in g.s["contract_deck"]


def test_sci06_three_op_per_advanced_building_of_its_type_anyones() -> None:
    """MARS-SCI-06: 3 OP per Advanced Building of the Scientist's type on Mars, anyone's."""
    g = new(2)
    P(g)["scientists"] = ["geologist"]
    put(g, hx(2, 0), "gen", adv=1, bp="gen-1a")
    put(g, hx(3, 0), "gen", adv=0, bp="gen-1b")
    put(g, hx(4, 0), "gen")
    assert breakdown(g, 0)["scientists"] == 6


def test_contract01_costs_a_crystal() -> None:
    """MARS-CONTRACT-01: taking an Earth Contract costs 1 Crystal."""
    g = new()
    turn(g, 0, "colony")
    g.s["sci_display"][0] = "u-gen"
    P(g)["depot"] = 1
    refresh(g)
    play(g, "contract", "u-gen")
    assert P(g)["depot"] == 0 and P(g)["contracts"] == [{"id": "u-gen", "items": {}, "done": False}]


def test_contract02_03_04_07_08_delivery_scoring() -> None:
    """MARS-CONTRACT-02, MARS-CONTRACT-03: gain OP if completed, lose them if not;
    MARS-CONTRACT-04: done when
    the items are on the card; MARS-CONTRACT-07: items never come back; MARS-CONTRACT-08:
    Minerals do not stand in for other resources."""
    g = new()
    turn(g, 0, "colony")
    P(g)["contracts"] = [{"id": "d-bat", "items": {}}]
    P(g)["res"].update(mineral=5, battery=0)
    refresh(g)
    assert "deliver 1 mineral" in moves(g) and "deliver 1 battery" not in moves(g)
    play(g, "deliver 1 mineral", "deliver 1 mineral")
    assert "deliver 1 mineral" not in moves(g)  # no more than depicted; no stand-ins
    assert P(g)["res"]["mineral"] == 3
    assert breakdown(g, 0)["contracts"] == -4
    P(g)["res"]["battery"] = 3
    refresh(g)
    play(g, "deliver 1 battery", "deliver 1 battery", "deliver 1 battery")
    assert breakdown(g, 0)["contracts"] == 9
    assert not any(m.startswith("deliver") for m in moves(g))


def test_contract05_06_any_time_even_straight_from_below_depot() -> None:
    """MARS-CONTRACT-05: delivering is offered at any point of the turn (before the Main action
    too); MARS-CONTRACT-06: crystals straight from below the Depot."""
    g = new()
    turn(g, 0, "orbit")
    P(g)["contracts"] = [{"id": "d-cry", "items": {}}]
    P(g)["depot"] = 0
    P(g)["below"] = 1
    refresh(g)
    play(g, "deliver 1 crystal")
    assert P(g)["below"] == 0 and P(g)["contracts"][0]["items"] == {"crystal": 1}


def test_contract09_upgrade_contract_needs_complex_of_four() -> None:
    """MARS-CONTRACT-09: an Advanced marker on a Building of the type in a Complex of 4+."""
    g = new()
    P(g)["contracts"] = [{"id": "u-gen", "items": {}}]
    clear_map(g)
    put(g, hx(2, 0), "gen", adv=0, bp="gen-1a")
    put(g, hx(3, 0), "gen")
    put(g, hx(4, 0), "gen")
    assert breakdown(g, 0)["contracts"] == -6
    put(g, hx(3, -1), "gen")
    assert breakdown(g, 0)["contracts"] == 12


def test_mission01_to_06_contributions_and_completion() -> None:
    """MARS-MISSION-01: three Missions; MARS-MISSION-02: each contribution gives its crystals;
    MARS-MISSION-03: the cube moves down one; MARS-MISSION-04, MARS-MISSION-05: at the
    checkmark the card is
    complete and removed; MARS-MISSION-06: the Remaining Missions marker moves right."""
    g = new()
    assert len(g.s["missions"]) == 3
    g.s["missions"] = {"bot": {"left": 2, "done": False}}
    contribute(g, 0, "bot")
    assert g.s["missions"]["bot"]["left"] == 1 and P(g)["below"] == 2
    contribute(g, 0, "bot")
    assert g.s["missions"]["bot"]["done"] and g.s["marker"] == 1 and P(g)["below"] == 4
    contribute(g, 0, "bot")
    assert P(g)["below"] == 4
    v = g.view(None)
    assert v["missions"][0]["done"]


def test_mission02_hiring_contributes() -> None:
    """MARS-MISSION-02: hiring a Scientist contributes to the Scientists mission."""
    g = new()
    g.s["missions"] = {"scientist": {"left": 4, "done": False}}
    turn(g, 0, "colony")
    play(g, "hire", "geologist")
    assert g.s["missions"]["scientist"]["left"] == 3 and P(g)["below"] == 2


def _gen_tech_game():
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(3, -1)]
    P(g)["res"]["mineral"] = 5
    g.s["techs"]["gen1"].update(owner=1, lvl=1)
    P(g, 1)["techs"].append("gen1")
    refresh(g)
    return g


def test_tech01_02_04_05_06_another_players_tech() -> None:
    """MARS-TECH-01, MARS-TECH-02: a matching Tech, own or another's, may be used;
    MARS-TECH-04: its owner
    takes 1 Oxygen; MARS-TECH-05: at the end of the turn the owner develops it (returning the
    Oxygen) or keeps the Oxygen; MARS-TECH-06: each use counts separately."""
    g = _gen_tech_game()
    oxy = P(g, 1)["res"]["oxygen"]
    play(g, "construct", "gen", hx(3, 0), "gen1", "mineral")
    assert P(g, 1)["res"]["oxygen"] == oxy + 1
    play(g, "end")
    d = g.pending()[0]
    assert d.seat == 1 and {o.move for o in d.options} == {"develop", "keep"}
    play(g, "develop")
    assert g.s["techs"]["gen1"]["lvl"] == 2 and P(g, 1)["res"]["oxygen"] == oxy
    g = _gen_tech_game()
    g.s["techs"]["rover1"].update(owner=1, lvl=1)
    P(g)["ships"] = 2  # slot 6 (Rover) open
    P(g)["depot"] = 4
    refresh(g)
    play(g, "construct", "gen", hx(3, 0), "gen1", "mineral", "x rover", "rover1", "e6", "stop")
    assert P(g, 1)["res"]["oxygen"] == oxy + 2
    play(g, "end")
    play(g, "keep", "keep")
    assert P(g, 1)["res"]["oxygen"] == oxy + 2


def test_tech03_never_another_players_shelter_tech() -> None:
    """MARS-TECH-03: another player's Shelter Tech is never offered."""
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["bots"] = [hx(4, -2)]
    P(g)["res"]["oxygen"] = 1
    g.s["techs"]["shelter1"]["lvl"] = 4
    refresh(g)
    play(g, "construct", "shelter", hx(3, -2))
    assert moves(g) == ["shelter0"]
    play(g, "shelter0")
    assert g.s["hex"][hx(3, -2)]["b"]["owner"] == 0
