"""Rules 2, the published game (issue 9): setup, missions, economy and the end. Each test names
the ruling it checks (RULINGS.md) and fails on rules 1, the first engine's rules."""

from __future__ import annotations

import pytest

from engine.core import new_game
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars.build import level_line
from engine.mars.scoring import breakdown
from tests.mars.helpers import P, as_mars, clear_map, hx, moves, new, play, put, refresh, turn


def test_gap10_11_all_eight_research_tiles_on_their_marked_spaces() -> None:
    """MARS-GAP-10/11 (facts.md: 8 research tiles): all 8 lie on their marked spaces."""
    for seed in range(5):
        g = new(3, seed)
        spots = {H.name(a) for a in D.RESEARCH_SPOTS}
        on_map = {h for h, c in g.s["hex"].items() if c["tile"] in D.RESEARCH}
        assert on_map == spots and len(spots) == 8


def test_gap24_two_short_missions_and_one_long() -> None:
    """MARS-GAP-24, facts.md setup "2 short + 1 long"."""
    for seed in range(20):
        ms = list(new(2, seed).s["missions"])
        assert len(ms) == 3 and sum(m in D.SHORT_MISSIONS for m in ms) == 2
        assert sum(m in D.LONG_MISSIONS for m in ms) == 1


def test_gap24_contract_mission_counts_completed_contracts() -> None:
    """MARS-GAP-24 (KDC-Solo card database: "Earth Contracts completed"): taking a contract
    contributes nothing; the delivery that completes it contributes once."""
    g = new()
    g.s["missions"] = {"contract": {"left": 2, "done": False}}
    turn(g, 0, "colony")
    g.s["sci_display"][0] = "d-min"
    P(g)["depot"], P(g)["res"]["mineral"] = 1, 4
    refresh(g)
    play(g, "contract", "d-min")
    assert g.s["missions"]["contract"]["left"] == 2 and P(g)["below"] == 0
    play(g, "deliver 1 mineral", "deliver 1 mineral", "deliver 1 mineral")
    assert g.s["missions"]["contract"]["left"] == 2
    play(g, "deliver 1 mineral")
    assert g.s["missions"]["contract"]["left"] == 1 and P(g)["below"] == 1
    assert P(g)["contracts"][0]["done"]


def test_crystal_icon_boost_extra_rover_steps_cost_a_crystal_each() -> None:
    """facts.md "crystal icon = boost by spending crystals": past its 2 steps the Rover goes on
    for 1 crystal a step, at most data.CBOOST_MAX."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["depot"] = 5
    refresh(g)
    play(g, "control", hx(1, 0), hx(2, -1))
    labels = {o.move: o.label for o in g.pending()[0].options}
    assert labels[hx(3, -1)].startswith("pay 1 crystal")
    play(g, hx(3, -1), hx(4, -1))
    assert P(g)["depot"] == 3 and P(g)["rover"] == hx(4, -1)
    assert g.pending()[0].prompt.startswith("Move your Bots")  # the boost is used up


def test_blueprint_gives_its_resource_when_taken() -> None:
    """KDC-Solo blueprints.ts "gainOnObtain": 1 of the Blueprint type's resource."""
    g = new()
    turn(g, 0, "orbit")
    g.s["bp_display"][0] = "green-1a"
    water = P(g)["res"]["plant"]
    refresh(g)
    play(g, "blueprint", "green-1a")
    assert P(g)["res"]["plant"] == water + 1


def test_learn_tech_row_cost_and_laboratory_space_benefit() -> None:
    """Rules 2 (ours, RULINGS GAP-05/07): a bottom-row tile costs 1 crystal; entering the
    Laboratory offers 1 Resource (optional, MARS-ORBIT-07)."""
    g = new(3)
    turn(g, 0, "orbit")
    top, bottom = g.s["grid"][0], g.s["grid"][4]
    P(g)["depot"] = 0
    refresh(g)
    play(g, "learn")
    assert top in moves(g) and bottom not in moves(g)  # cannot pay the bottom row
    P(g)["depot"] = 1
    g.s["orbit_slots"]["learn"] = []
    turn(g, 0, "orbit")
    play(g, "learn", bottom)
    assert P(g)["depot"] == 0 and g.pending()[0].prompt.startswith("Laboratory space")
    battery = P(g)["res"]["battery"]
    play(g, "battery")
    assert P(g)["res"]["battery"] == battery + 1


def test_landing_pod_takes_the_travel_steps_but_no_discovery_tile() -> None:
    """facts.md: Landing Pod = go to the Colony without the shuttle; RULINGS GAP-02: the
    travel steps (Colonists home, a new turn-order space) without the Discovery tile."""
    g = new(2)
    turn(g, 0, "orbit")
    P(g)["wa"] = 2
    tiles = sum(1 for c in g.s["hex"].values() if c["tile"])
    refresh(g)
    play(g, "pod")
    assert P(g)["side"] == "colony" and P(g)["wa"] == 0
    assert g.pending()[0].prompt.startswith("Take a turn-order")
    play(g, moves(g)[0])
    assert sum(1 for c in g.s["hex"].values() if c["tile"]) == tiles


def test_living_quarters_score_the_highest_colonist_there() -> None:
    """facts.md "Living Quarters OP next to the highest colonist" (0/3/6/10/15/21)."""
    g = new()
    for lq, op in ((2, 0), (3, 3), (6, 6), (7, 10), (10, 15), (11, 21)):
        P(g)["lq"], P(g)["gained"] = lq, 12
        assert breakdown(g, 0)["living quarters"] == op


def test_two_discovery_tiles_face_up_beside_the_map() -> None:
    """Rules 2: 2 Discovery tiles lie face up off the map at the start (public)."""
    g = new(2)
    assert len(g.s["disc_up"]) == 2
    assert g.view(None)["discovery_face_up"] == [D.TILE_TEXT[t] for t in g.s["disc_up"]]


def test_gap06_level_line_by_player_count_and_building_cost() -> None:
    """RULINGS GAP-06/12 (ours): the next level's line depends on the player count; a
    Building costs 1 of its paying resource at every level."""
    for n in (1, 2, 3, 4):
        g = new(n)
        assert level_line(g) == D.LEVEL_LINE[n][2]
        g.s["level"] = 4
        assert level_line(g) == D.LEVEL_LINE[n][5]
        from engine.mars.build import cost_of

        assert cost_of(g, "gen") == ("mineral", 1)


def test_published_private_goals_dealt_and_rewards() -> None:
    """MARS-GOAL-01/03 with the published cards (KDC-Solo card database): 3 of the 16 dealt;
    the reward is "develop twice (free)" or the card's alternative."""
    g = new(4)
    dealt = [gid for s in range(4) for gid in P(g, s)["goals"]]
    assert len(dealt) == 12 and len(set(dealt)) == 12 and set(dealt) <= set(D.GOALS_2)
    turn(g, 0, "colony")
    P(g)["goals"] = ["pg03"]
    P(g)["res"]["mineral"] = 0
    for h in (hx(1, 1), hx(-1, -1), hx(2, -1)):
        put(g, h, "mine", col=0)
    refresh(g)
    play(g, "goal 1")
    assert set(moves(g)) == {"develop2", "mineral3"}
    play(g, "mineral3")
    assert P(g)["res"]["mineral"] == 3


def test_goal_five_techs_counts_the_starting_shelter_tech() -> None:
    """KDC-Solo card database, goal 10 "initial Shelter Tech counts" (issue 9: the rules-1
    "have 2 Techs" card ignored it without a ruling)."""
    g = new(3)
    turn(g, 0, "colony")
    P(g)["goals"] = ["pg10"]
    for tid in ("gen1", "water1", "green1"):
        g.s["techs"][tid]["owner"] = 0
        P(g)["techs"].append(tid)
    refresh(g)
    assert "goal 1" not in moves(g)  # Shelter + 3 = 4 Techs
    g.s["techs"]["oxy1"]["owner"] = 0
    P(g)["techs"].append("oxy1")
    refresh(g)
    assert "goal 1" in moves(g)  # Shelter + 4 = 5


def test_scientist_works_one_type_before_the_type_it_scores() -> None:
    """KDC-Solo card database: the Geologist works in Mines (scores Generators)."""
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    put(g, hx(1, 1), "mine", adv=1, bp="mine-1a")
    put(g, hx(2, 0), "gen", adv=1, bp="gen-1a")
    P(g)["scientists"] = ["geologist"]
    refresh(g)
    assert f"x adv {hx(1, 1)}" in moves(g) and f"x adv {hx(2, 0)}" not in moves(g)


def test_build12_no_arrow_crystal_on_a_hex_with_a_bot_or_rover() -> None:
    """MARS-BUILD-12: crystals go only on *empty* hexes: not under a Bot or a Rover."""
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    h = hx(3, 0)
    east, ne = H.toward(h, 0), H.toward(h, 1)
    g.s["stacks"]["gen"][0] = [0, 1]  # arrows east and north-east
    P(g, 1)["bots"] = [east]
    P(g, 1)["rover"] = ne
    from engine.mars.build import construct

    construct(g, 0, "gen", h, None)
    assert g.s["hex"][east]["cry"] == 0 and g.s["hex"][ne]["cry"] == 0


def test_disp03_the_owner_chooses_among_the_closest_free_hexes() -> None:
    """MARS-DISP-03: "its owner moves it": seat 1 is asked, offered only the closest hexes."""
    g = new(2)
    clear_map(g)
    turn(g, 0, "colony")
    h = hx(3, -2)
    P(g, 1)["bots"] = [h]
    from engine.mars.build import construct

    construct(g, 0, "water", h, None)
    refresh(g)
    while g.pending()[0].seat == 0:
        play(g, moves(g)[0])
    d = g.pending()[0]
    opts = [o.move for o in d.options]
    assert d.seat == 1 and len(opts) >= 2 and all(H.dist(x, h) == 1 for x in opts)
    g.play(1, opts[1])
    assert P(g, 1)["bots"] == [opts[1]]


def test_contract05_06_crystals_that_do_not_fit_may_be_delivered_first() -> None:
    """MARS-CONTRACT-05/06: any time, straight from where gained: at move-up the crystals that
    do not fit may go on a Delivery Contract instead of being lost."""
    g = new()
    P(g)["contracts"] = [{"id": "d-cry", "items": {}, "done": False}]
    P(g)["depot"], P(g)["below"] = 3, 2
    from engine.mars.flow import start_turn

    g.s["stack"] = []
    start_turn(g, 0)
    refresh(g)
    assert g.pending()[0].prompt.startswith("Crystals that do not fit")
    assert set(moves(g)) == {"deliver 1 crystal", "lose"}
    play(g, "deliver 1 crystal", "deliver 1 crystal")
    assert P(g)["contracts"][0]["items"]["crystal"] == 2 and P(g)["below"] == 0
    assert P(g)["depot"] == 3 and g.pending()[0].prompt.startswith("Round")


def test_exec12_13_teal_boost_needs_a_matching_tech() -> None:
    """MARS-EXEC-12/13 with MARS-TECH-01: the Tech the boost raises must match the action."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    put(g, hx(2, 0), "gen", adv=0, bp="gen-3b")
    P(g)["depot"] = 2
    refresh(g)
    assert f"x adv {hx(2, 0)}" not in moves(g)  # only a Shelter Tech in play: no match
    g.s["techs"]["gen1"]["owner"] = 0
    P(g)["techs"].append("gen1")
    refresh(g)
    play(g, f"x adv {hx(2, 0)}")
    assert moves(g) == ["gen1"]


def test_control_center_rover_steps_leave_the_bots_allowance() -> None:
    """facts.md "Control Center (2 movement for the Rover and 2 for Bots)": issue 9 saw the
    Rover's steps taken off the Bots' 2."""
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["depot"] = 0
    refresh(g)
    play(g, "control", hx(1, 0), hx(2, -1))
    assert g.pending()[0].prompt == "Move your Bots: 2 steps left in all"


def test_view_lists_two_bots_of_one_seat_on_one_hex() -> None:
    """view(): two Bots of a seat passing on one hex mid-move are both shown."""
    g = new()
    P(g)["bots"] = [hx(1, 0), hx(1, 0)]
    cell = next(c for c in g.view(None)["map"]["hexes"] if c["id"] == hx(1, 0))
    assert cell["bots"] == [0, 0]


def test_tech_reserve_is_shuffled_and_differs_between_seeds() -> None:
    """Hidden information: the refill stacks are face down and shuffled (issue 9)."""
    orders = {tuple(new(3, seed).s["reserve"]) for seed in range(8)}
    assert len(orders) > 1
    assert all(sorted(o) == sorted(f"{t}2" for t in D.TECH_TYPES) for o in orders)


def test_gap31_safety_cap_is_far_above_real_games_and_counted() -> None:
    """RULINGS GAP-31: rules 2 ends by its missions and colony; round 30 is only a guard, and
    a game stopped by it says so."""
    assert D.last_round(2) == 30 and D.last_round(1) == 14
    g = new(2)
    g.s["round"] = 30
    from engine.mars.flow import round_over

    g.s["stack"] = []
    round_over(g)
    assert g.s["end"] == "final" and g.s["ended_by"] == "cap"


def test_gap31_three_missions_end_the_game() -> None:
    """facts.md: the end triggers when 3 missions are complete (marker at 3)."""
    g = new(2)
    from engine.mars.rules import contribute

    g.s["missions"] = {m: {"left": 1, "done": False} for m in ("bot", "scientist", "tech")}
    turn(g, 0, "colony")
    for m in g.s["missions"]:
        contribute(g, 0, m)
    assert g.s["marker"] == 3 and g.s["end"] == "trigger" and g.s["ended_by"] == "missions"


@pytest.mark.parametrize("rules", [1, 2])
def test_rules_version_from_the_options(rules: int) -> None:
    """A game's rules version comes from its options and lives in its state (old games stay
    on rules 1); unknown versions are refused."""
    g = as_mars(new_game("mars", ["a", "b"], seed=3, options={"rules": rules}))
    assert g.s["rules"] == rules and g.view(None)["rules"] == rules
    with pytest.raises(ValueError, match="rules version"):
        new_game("mars", ["a"], seed=3, options={"rules": D.RULES_LATEST + 1})
