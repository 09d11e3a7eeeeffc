"""Rules 10 (issue 9): the published Blueprint cards' Advanced Building actions (RULINGS.md
MARS-GAP-18), each test naming its ruling and checking that rules 9, which games started before
the change keep, still plays its old actions.

Sources: the krindale player aid, page 2, "Blueprints level 1" and "level 3"
(krindale/on-mars-player-aid-ko, data/backups/p2_text_ocr_extract.json: each card's name and
"Advanced Building Action: ... For each Boost: ..."); KDC-Solo app/src/data/blueprints.ts (the
24 cards' numbers, names, levels and Building types); the seed's MARS-EXEC-11..13 (a teal
Colonist boost adds 1 per Colonist sent; a Tech boosted must be in play)."""

from __future__ import annotations

from engine.core import new_game
from engine.mars import blueprints as BP
from engine.mars import build
from engine.mars import data as D
from engine.mars import hexmap as H
from tests.mars.helpers import (
    P,
    as_mars,
    clear_map,
    moves,
    new,
    play,
    put,
    refresh,
    turn,
    two_gens_to_upgrade,
)
from tests.mars.player import play_game

KDC = {  # KDC-Solo blueprints.ts: id -> (name, level, type)
    1: ("Construction Yard", 1, "mine"),
    4: ("Wind Turbines", 1, "gen"),
    5: ("Private Ship", 1, "water"),
    11: ("Casino", 1, "shelter"),
    13: ("Mineral Mine", 3, "mine"),
    16: ("Builder Drone AI600", 3, "gen"),
    22: ("Aerial Elevator", 3, "oxy"),
    24: ("Command Center", 3, "shelter"),
}


def card_game(bp: str, lq: int = 3, depot: int = 4, side: str = "colony", rules: int = 10):
    """Seat 0's turn with its Advanced Building of ``bp`` next to its Bot; returns (game, hex)."""
    g = new(2, seed=3, rules=rules)
    clear_map(g)
    turn(g, 0, side)
    kind = bp.split("-")[0]
    bot = P(g)["bots"][0]
    h = next(x for x in H.NEIGHBOURS[bot] if g.s["hex"][x]["b"] is None)
    put(g, h, kind, owner=0 if kind == "shelter" else None, adv=0, bp=bp)
    P(g).update(depot=depot, gcry=0, lq=lq, wa=0)
    refresh(g)
    return g, h


def ask(g) -> tuple[str, dict[str, str]]:
    d = g.pending()[0]
    return d.prompt, {o.move: o.label for o in d.options}


def use(g, h: str, boost: str | None = None) -> None:
    """The Executive action on ``h``; ``boost``: the Colonists sent when asked."""
    play(g, f"x adv {h}")
    if boost is not None:
        assert ask(g)[0].startswith("Boost ")
        play(g, boost)


def test_gap18_rules10_the_24_published_cards() -> None:
    """MARS-GAP-18, rules 10: every Blueprint in the game is one of the 24 published cards, by
    KDC-Solo's names, levels and types; 17 show the teal boost ("For each Boost" in the aid)."""
    g = new(4, seed=5, rules=10)
    deck = set(g.s["bp_deck"]) | set(g.s["bp_display"])
    assert deck == set(BP.CARDS) and len(BP.CARDS) == 24
    ordered = [f"{t}-{lvl}{v}" for lvl in (1, 3) for t in D.TYPES for v in "ab"]
    for number, (name, lvl, kind) in KDC.items():
        bp = ordered[number - 1]
        assert BP.CARDS[bp][0] == name and bp.startswith(f"{kind}-{lvl}")
    boosted = {bp for bp, (_, _, b) in BP.CARDS.items() if b}
    assert len(boosted) == 17 and "mine-3a" not in boosted and "shelter-3b" in boosted


def test_gap18_rules10_the_offer_names_cost_then_card() -> None:
    g, h = card_game("shelter-1a")
    d = g.pending()[0]
    opt = next(o for o in d.options if o.move == f"x adv {h}")
    assert opt.label == f"Executive: Casino on {h} (2 crystals): gain 2 crystals"
    assert opt.detail == "each Colonist sent: 1 more crystal"


def test_gap18_casino_two_crystals_and_one_per_colonist() -> None:
    """Casino: 2 crystals; each boost 1 more (MARS-EXEC-11: Colonists to the Working Area)."""
    g, h = card_game("shelter-1a")
    prompt, opts = ask(g)[0], None
    use(g, h)
    prompt, opts = ask(g)
    assert prompt == "Boost Casino: send Colonists to your Working Area?"
    assert list(opts) == ["0", "1", "2", "3"] and opts["1"].startswith("send 1 Colonist")
    play(g, "2")
    assert P(g)["below"] == 4 and P(g)["wa"] == 2 and P(g)["lq"] == 1 and P(g)["depot"] == 2


def test_gap18_mineral_mine_scores_2_op_unboosted() -> None:
    g, h = card_game("mine-3a")
    op = P(g)["op"]
    use(g, h)
    assert P(g)["op"] == op + 2 and not ask(g)[0].startswith("Boost")


def test_gap18_metal_deposit_keeps_the_mines_colonist() -> None:
    """Metal Deposit: a Mine costs a Colonist, so the boost never takes the last one, and the
    card is not offered when only a boost by that Colonist would make the Mine placeable."""
    from engine.mars.card_checks import boost_cap

    g, _ = card_game("mine-1b", lq=2)
    assert boost_cap(g, 0, "mine-1b") == 1
    g, _ = card_game("mine-1b", lq=1)
    assert boost_cap(g, 0, "mine-1b") == 0


def test_gap18_not_offered_when_its_own_cost_leaves_nothing_to_pay_with() -> None:
    """Biolab and Oxygen Tank: the 2 crystals the Advanced Building costs come first; a Contract
    or Tech the remaining crystals cannot pay makes the card useless, so it is not offered."""
    g, h = card_game("mine-3b", depot=2)
    g.s["sci_display"][0] = D.CONTRACTS[0][0]
    refresh(g)
    assert f"x adv {h}" not in moves(g)
    g, h = card_game("oxy-1a", depot=2)
    g.s["grid"] = [t for t in g.s["grid"] if g.s["grid_pos"][t] >= D.GRID_ROW]  # 1 crystal each
    refresh(g)
    assert f"x adv {h}" not in moves(g)


def test_gap18_boost_not_asked_without_colonists() -> None:
    g, h = card_game("shelter-1a", lq=0)
    use(g, h)
    assert P(g)["below"] == 2


def test_gap18_construct_cards_colonists_add_tech_levels() -> None:
    """Wind Turbines: construct a Generator; each boost adds 1 to the level of a Tech in play
    (MARS-EXEC-12/13): a spot joining 2 Generators needs level 2, a level-1 Tech + 1 Colonist
    will do, with no Colonist it will not."""
    g, h = card_game("gen-1b")
    bot = P(g)["bots"][0]
    pair = [x for x in H.NEIGHBOURS[bot] if g.s["hex"][x]["b"] is None][:1]
    put(g, pair[0], "gen")
    tid = next(t for t, x in g.s["techs"].items() if x["type"] == "gen")
    g.s["techs"][tid].update(owner=0, lvl=1)
    g.s["grid"] = [t for t in g.s["grid"] if t != tid]
    P(g)["techs"].append(tid)
    P(g)["res"]["mineral"] = 5
    refresh(g)
    joins = {s for s, need in build.build_spots(g, 0, "gen", 1) if need == 2}
    assert joins and not {s for s, need in build.build_spots(g, 0, "gen", 0) if need == 2}
    use(g, h, "1")
    assert ask(g)[0] == "Construct which Building?"
    play(g, "gen")
    spot = next(iter(joins))
    assert ask(g)[1][spot].endswith("(your Colonists add 1)")
    play(g, spot)
    if g.pending()[0].prompt.startswith("Which Tech joins"):
        play(g, tid)
    assert g.s["hex"][spot]["b"]["type"] == "gen" and P(g)["wa"] == 1


def test_gap18_aqueduct_brings_two_home() -> None:
    g, h = card_game("water-3b")
    P(g).update(wa=3, lq=0)
    refresh(g)
    use(g, h)
    assert P(g)["wa"] == 1 and P(g)["lq"] == 2


def test_gap18_eco_resort_brings_colonists_home_from_slots() -> None:
    g, h = card_game("green-3a")
    g.s["orbit_slots"]["learn"] = [0, 1]
    g.s["orbit_slots"]["rnd"] = [0]
    lq = P(g)["lq"]
    refresh(g)
    use(g, h)
    prompt, opts = ask(g)
    assert prompt.startswith("Eco Resort") and set(opts) == {"learn", "rnd", "done"}
    play(g, "learn", "done")
    assert g.s["orbit_slots"]["learn"] == [1] and g.s["orbit_slots"]["rnd"] == [0]
    assert P(g)["lq"] == lq + 1


def test_gap18_eco_resort_not_offered_with_nothing_to_bring() -> None:
    g, h = card_game("green-3a")
    assert f"x adv {h}" not in moves(g)


def test_gap18_trade_market_spend_one_take_two_plus_boost() -> None:
    g, h = card_game("green-3b")
    res = dict(P(g)["res"])
    use(g, h, "1")
    prompt, opts = ask(g)
    assert prompt == "Trade Market: spend which Resource?" and "mineral" in opts
    play(g, "mineral", "water", "water", "plant")
    assert P(g)["res"]["mineral"] == res["mineral"] - 1
    assert P(g)["res"]["water"] == res["water"] + 2 and P(g)["res"]["plant"] == res["plant"] + 1


def test_gap18_aerial_elevator_travels_to_orbit() -> None:
    """Aerial Elevator: travel to Orbit with the travel steps; the Main action is then taken in
    Orbit. Not offered in Orbit."""
    g, h = card_game("oxy-3b")
    use(g, h)
    assert P(g)["side"] == "orbit" and ask(g)[0] == "Take a turn-order space on the Orbit side"
    g2, h2 = card_game("oxy-3b", side="orbit")
    assert f"x adv {h2}" not in moves(g2)


def test_gap18_command_center_needs_a_rover_tech_in_play() -> None:
    g, h = card_game("shelter-3b")
    assert f"x adv {h}" not in moves(g)
    tid = next(t for t, x in g.s["techs"].items() if x["type"] == "rover")
    g.s["techs"][tid].update(owner=1, lvl=2)
    refresh(g)
    use(g, h, "1")
    assert ask(g)[0] == "Move your Rover: 3 steps left"


def test_gap18_recycling_bots_move_as_rovers() -> None:
    """Recycling Bots: the Bots pick up the crystals they pass and take the tile they stop on,
    as a Rover would (MARS-ROVER-02..04), instead of destroying them (MARS-BOT-03/04)."""
    g, h = card_game("oxy-3a")
    bot = P(g)["bots"][0]
    a = next(x for x in H.NEIGHBOURS[bot] if not g.s["hex"][x]["b"])
    b = next(x for x in H.NEIGHBOURS[a] if not g.s["hex"][x]["b"] and x != bot)
    g.s["hex"][a]["cry"] = 1
    g.s["hex"][b]["tile"] = "crystal3"
    below = P(g)["below"]
    refresh(g)
    use(g, h, "0")
    play(g, "bot 1", a, b)
    if b in P(g)["bots"] and g.pending()[0].prompt.startswith("Move your Bot:"):
        play(g, "stop")
    assert P(g)["below"] == below + 1 + 3 and g.s["hex"][b]["tile"] is None
    assert P(g)["disc_taken"] == 1


def test_gap18_builder_drone_upgrades_outside_the_bots_zones() -> None:
    g, h = card_game("gen-3b")
    far = next(
        x
        for x in H.HEXES
        if g.s["hex"][x]["b"] is None and min(H.dist(x, y) for y in P(g)["bots"]) > 2
    )
    put(g, far, "water")
    P(g)["bps"] = ["water-1a"]
    P(g)["res"]["mineral"] = 1
    refresh(g)
    assert not build.upgrade_targets(g, 0, "water-1a")
    use(g, h)
    play(g, "water-1a", far)
    assert g.s["hex"][far]["b"]["adv"] == 0 and P(g)["res"]["mineral"] == 0


def test_gap18_construction_yard_boosted_upgrades_twice() -> None:
    g, h = card_game("mine-1a")
    a, b = two_gens_to_upgrade(g, minerals=2)
    refresh(g)
    use(g, h, "1")
    play(g, "gen-1a", a)
    prompt, opts = ask(g)
    assert prompt == "Upgrade with which Blueprint?" and "gen-1b" in opts
    play(g, "gen-1b", b)
    assert g.s["hex"][b]["b"]["bp"] == "gen-1b" and P(g)["res"]["mineral"] == 0


def test_gap18_radar_keeps_the_tile_it_took() -> None:
    """Radar: the first use puts a face-up Discovery tile on the card and gives its benefit;
    every later use gives the same benefit without asking."""
    g, h = card_game("gen-3a")
    g.s["disc_up"] = ["crystal3", "tech"]
    refresh(g)
    use(g, h)
    prompt, opts = ask(g)
    assert prompt.startswith("Radar") and opts == {"tile 1": "3 Crystals", "tile 2": "a Tech tile"}
    play(g, "tile 1")
    assert g.s["hex"][h]["b"]["radar"] == "crystal3" and P(g)["below"] == 3
    assert "crystal3" not in g.s["disc_up"] and len(g.s["disc_up"]) == 2
    turn(g, 0, "colony")
    use(g, h)
    assert P(g)["below"] == 6


def test_gap18_automated_production() -> None:
    g, h = card_game("gen-1a")
    mine = next(x for x in H.NEIGHBOURS[P(g)["bots"][0]] if g.s["hex"][x]["b"] is None)
    put(g, mine, "mine", col=0)
    battery, mineral = P(g)["res"]["battery"], P(g)["res"]["mineral"]
    refresh(g)
    use(g, h, "1")
    prompt, opts = ask(g)
    assert prompt.startswith("Automated Production") and set(opts) == {"battery", "mineral"}
    play(g, "battery")
    assert P(g)["res"]["battery"] == battery + 2 and P(g)["res"]["mineral"] == mineral + 1


def test_gap18_private_ship_brings_one_more_colonist() -> None:
    """Private Ship: 2 Colonists + 1 Bot or 3 Colonists; a boost is offered only for a Ship the
    colony level and the player's plants and water allow (facts.md)."""
    g, h = card_game("water-1a")
    g.s["level"] = 2
    P(g)["res"].update(plant=2, water=2, mineral=0)
    refresh(g)
    play(g, f"x adv {h}")
    assert ask(g)[0].startswith("Boost") and list(ask(g)[1]) == ["0", "1"]
    g, h = card_game("water-1a")
    g.s["level"] = 2
    P(g)["res"].update(plant=1, water=1, mineral=0)
    gained = P(g)["gained"]
    refresh(g)
    use(g, h)  # one Ship only: no boost asked
    prompt, opts = ask(g)
    assert prompt == "Welcome a Ship: what does it bring?"
    assert opts["colbot"] == "2 Colonists + 1 Bot" and opts["col2"] == "3 Colonists"
    play(g, "col2")
    assert P(g)["gained"] == gained + 3


def test_gap18_biomarket_library_oxygen_tank_research_lab_biolab() -> None:
    """The cards that ask the Orbit actions' questions: Warehouse items, Blueprints, a Tech tile,
    developing, an Earth Contract."""
    g, h = card_game("green-1a")
    use(g, h, "1")
    play(g, "water", "water")
    assert P(g)["res"]["water"] == 3
    g, h = card_game("shelter-3a")
    use(g, h, "1")
    assert ask(g)[0] == "Take a Blueprint" and ask(g)[1]["done"] == "skip it"
    g, h = card_game("oxy-1a")
    use(g, h, "0")
    assert ask(g)[0] == "Learn a Tech"
    g, h = card_game("water-3a")
    use(g, h, "0")
    assert ask(g)[0] == "Develop a Tech (2 left)"
    g, h = card_game("mine-3b", depot=3)
    g.s["sci_display"][0] = D.CONTRACTS[0][0]
    refresh(g)
    use(g, h)
    assert ask(g)[0] == "Take which Earth Contract?"


def test_gap18_rules9_keeps_the_old_actions() -> None:
    """Rules 9 (games started before rules 10): a level-1 "a" card still gains 2 of its type's
    resource, no boost question."""
    g, h = card_game("shelter-1a", rules=9)
    assert "gain 2 crystal" in ask(g)[1][f"x adv {h}"]
    use(g, h)
    assert P(g)["below"] == 2 and not ask(g)[0].startswith("Boost")


def test_rules10_scripted_players_finish_a_game() -> None:
    """Rules 10 end to end: the scripted player uses the cards and answers their questions."""
    texts: list[str] = []
    g = play_game(3, 29, options={"rules": 10}, texts=texts)
    assert g.s["rules"] == 10 and g.s["phase"] == "over" and g.s["final"]
    assert sum("uses the Advanced" in t for t in texts) >= 3
    assert any("to boost Automated Production" in t for t in texts)  # a card's boost, answered


def test_new_games_get_rules_10_or_later() -> None:
    """RULINGS.md "Rules versions": new games start on rules 10 or later (MARS-GAP-18)."""
    assert as_mars(new_game("mars", ["a", "b"], seed=4)).s["rules"] == D.RULES_LATEST >= 10


def test_gap18_players_read_the_cards_names() -> None:
    """Rules 10: a seat's Blueprints carry the published names in the view and on the player
    picture ("Casino (Shelter 1a)"); rules 9 names none (its cards have no names)."""
    from imaging.mars.player import draw_player

    g, _ = card_game("shelter-1b")
    P(g).update(bps=["shelter-1a"], built=["shelter-1b"])
    refresh(g)
    view = g.view(0)
    assert view["seats"][0]["blueprint_names"] == {"shelter-1a": "Casino", "shelter-1b": "Gym"}
    texts = [t.text for t in draw_player(view, 0).texts]
    assert any(t.startswith("Casino (Shelter 1a)") for t in texts)
    old, _ = card_game("shelter-1b", rules=9)
    assert old.view(0)["seats"][0]["blueprint_names"] == {}
