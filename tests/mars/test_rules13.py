"""Rules 13 (issue 9): Welcome a Ship is boosted with Colonists (RULINGS.md MARS-GAP-28) and each
player has 8 Advanced Building markers for Blueprints held and Advanced Buildings (MARS-GAP-18),
checked against rules 12, which games started before the change keep.

Sources: the rulebook (XPRTZ/boardgameassistant, Obtain Blueprint: "place one of your unused
Advanced Building markers on the card. If you do not have any Advanced Building markers
remaining, you cannot take the Blueprint"; Player setup: "8 Advanced Building markers"); the
Serbian rules guide stored in the tool library, Welcome a Ship (rulebook page 17): move a
Colonist to the Working Area for each additional Ship, each paying 1 Plant and 1 Water, and
Colonists just gained cannot be used."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalMove
from engine.mars import data as D
from engine.mars import hexmap as H
from tests.mars.helpers import P, hx, moves, new, play, refresh, turn
from tests.mars.player import play_game


def docked(rules: int, lq: int = 3, plant: int = 3, water: int = 3, level: int = 3):
    """Seat 0's Colony turn at colony ``level`` with no Ship welcomed yet, ``lq`` Colonists home
    and no Minerals (so only Plants and Water pay for Ships)."""
    g = new(2, seed=8, rules=rules)
    turn(g, 0, "colony")
    g.s["level"] = level
    P(g).update(lq=lq, wa=0, res={**P(g)["res"], "plant": plant, "water": water, "mineral": 0})
    refresh(g)
    return g


def test_gap28_rules13_each_colonist_sent_welcomes_one_more_ship() -> None:
    """Rules 13: at level 3 with 3 Plants and 3 Water, Welcome a Ship first asks how many
    Colonists boost it (none, 1 or 2: three Ships in all), costs first; sending 2 welcomes three
    Ships, each paid and each bringing its Colonists."""
    g = docked(13)
    play(g, "ship")
    d = g.pending()[0]
    assert d.prompt.startswith("Boost Welcome a Ship")
    assert [o.move for o in d.options] == ["0", "1", "2"]
    assert d.options[2].label.startswith("send 2 Colonists + 2 plant + 2 water")
    play(g, "2")
    assert P(g)["wa"] == 2 and P(g)["lq"] == 1
    for _ in range(3):
        assert g.pending()[0].prompt.startswith("Welcome a Ship: what")
        play(g, "col2")
    p = P(g)
    assert p["hangar"] == 3 and p["ships"] == D.SHIPS - 3
    assert p["res"]["plant"] == 0 and p["res"]["water"] == 0
    assert p["lq"] == 1 + 3 * 2


def test_gap28_rules12_asks_no_boost() -> None:
    """Rules 12 (games started before the change): one Ship, no question about Colonists."""
    g = docked(12)
    play(g, "ship")
    assert g.pending()[0].prompt.startswith("Welcome a Ship: what")


def test_gap28_rules13_only_colonists_at_home_boost() -> None:
    """The Ships' own Colonists come after the choice, so they cannot boost it: with 1 Colonist
    home the boost stops at 1, and with none there is no question."""
    g = docked(13, lq=1)
    play(g, "ship")
    assert moves(g) == ["0", "1"]
    g = docked(13, lq=0)
    play(g, "ship")
    assert g.pending()[0].prompt.startswith("Welcome a Ship: what")


def test_gap28_rules13_the_boost_stops_at_what_can_be_welcomed_and_paid() -> None:
    """No Colonist is offered for a Ship that could not come: at level 2 (two Ships at most)
    the boost stops at 1; with 2 Plants and 1 Water only one Ship is paid for, so no question."""
    g = docked(13, level=2)
    play(g, "ship")
    assert moves(g) == ["0", "1"]
    g = docked(13, plant=2, water=1)
    play(g, "ship")
    assert g.pending()[0].prompt.startswith("Welcome a Ship: what")


def markers(rules: int, held: int, built: int):
    """Seat 0's Orbit turn with ``held`` Blueprints in hand and ``built`` Advanced Buildings,
    3 Colonists home and crystals for any Executive action."""
    g = new(2, seed=9, rules=rules)
    turn(g, 0, "orbit")
    cards = [g.s["bp_deck"].pop() for _ in range(held + built)]  # none from the display
    P(g).update(bps=cards[:held], built=cards[held:], lq=3, wa=0, depot=8)
    refresh(g)
    return g


def test_gap18_rules13_no_blueprint_without_an_advanced_marker() -> None:
    """Rules 13: with all 8 markers out (5 Blueprints held, 3 Advanced Buildings), neither the
    Main action nor the Executive action offers a Blueprint; rules 12 still does."""
    g = markers(13, 5, 3)
    assert "blueprint" not in moves(g) and "x blueprint" not in moves(g)
    g = markers(12, 5, 3)
    assert "blueprint" in moves(g) and "x blueprint" in moves(g)


def test_gap18_rules13_the_last_marker_takes_one_blueprint_only() -> None:
    """Rules 13: with one marker left the Main action takes one Blueprint and offers no second
    one for a Colonist (rules 5's boost), so no Colonist is sent for a card it could not
    take."""
    g = markers(13, 4, 3)
    play(g, "blueprint")
    play(g, moves(g)[0])
    assert len(P(g)["bps"]) == 5 and P(g)["wa"] == 0
    assert g.pending()[0].prompt.startswith("Round ")
    g = markers(12, 4, 3)
    play(g, "blueprint")
    play(g, moves(g)[0])
    assert g.pending()[0].prompt == "Take a Blueprint"  # rules 12: a second for a Colonist


def test_gap28_rules13_scripted_games_boost_ships_and_end() -> None:
    """Rules 13 end to end: scripted games end by the published trigger, some Ship is welcomed
    with a boost, and no player ever uses more than 8 Advanced Building markers."""
    boosted = 0
    for n, seed in ((2, 41), (3, 42), (4, 43)):
        texts: list[str] = []
        g = play_game(n, seed, texts=texts)
        assert g.s["rules"] == 13 and g.s["phase"] == "over" and g.s["ended_by"] != "cap"
        assert all(len(p["bps"]) + len(p["built"]) <= D.ADV_MARKERS for p in g.s["players"])
        boosted += sum("to boost Welcome a Ship" in t for t in texts)
    assert boosted > 0


def lab(rules: int, held: str, grid: list[str]):
    """Seat 0's Orbit turn holding Tech ``held`` (level 2), the Tech Grid holding only
    ``grid`` (each on a free bottom space), Resources and crystals for anything."""
    g = new(3, seed=10, rules=rules)
    turn(g, 0, "orbit")
    s = g.s
    for tid in list(s["grid"]):
        s["grid"].remove(tid)
        s["grid_pos"].pop(tid, None)
    for tid in [held, *grid]:
        s["reserve"] = [t for t in s["reserve"] if t != tid]
    s["techs"][held].update(owner=0, lvl=2)
    P(g)["techs"].append(held)
    for i, tid in enumerate(grid):
        s["grid"].append(tid)
        s["grid_pos"][tid] = i  # spaces 0-1: the free bottom row
    P(g).update(lq=4, wa=0, depot=5, res={k: 3 for k in D.RESOURCES})
    refresh(g)
    return g


def test_tech01_rules13_one_tech_of_each_type() -> None:
    """Rules 13 (the rulebook, Learn New Technology: "Each player may only have 1 Tech tile of
    each type"): holding a Ship Tech, the other Ship Tech is not offered; asked for, Learn says
    why. Rules 12 offered it (a player could hold two Techs of one type)."""
    g = lab(13, "ship1", ["ship2"])
    assert "learn" not in moves(g)
    with pytest.raises(IllegalMove) as why:
        g.play(0, "learn")
    assert "only one of each type" in str(why.value)
    g = lab(12, "ship1", ["ship2"])
    play(g, "learn")
    assert "ship2" in moves(g)


def test_tech01_rules13_a_boosted_learn_takes_two_types() -> None:
    """Rules 13: with two Upgrade Techs and a Rover Tech face up, after the first Upgrade Tech
    the boost's second tile is the Rover Tech only."""
    g = lab(13, "ship1", ["upgrade1", "upgrade2"])
    g.s["grid"].append("rover1")
    g.s["grid_pos"]["rover1"] = 2
    refresh(g)
    play(g, "learn", "upgrade1")
    while g.pending()[0].prompt.startswith("Laboratory"):
        play(g, moves(g)[-1])
    second = [m for m in moves(g) if m != "done"]
    assert second and all(m.startswith("rover1") for m in second)


def test_two_techs_of_one_type_at_one_price_say_where_they_lie() -> None:
    """Options a player cannot tell apart are no choice: two face-up Ship Techs on the free
    bottom row each name their space."""
    g = lab(13, "rover1", ["ship1", "ship2"])
    play(g, "learn")
    labels = {o.move: o.label for o in g.pending()[0].options}
    assert labels["ship1"] == "Ship Tech (bottom row, 1st)"
    assert labels["ship2"] == "Ship Tech (bottom row, 2nd)"


def test_boosted_second_tiles_alike_keep_their_names_on_the_button() -> None:
    """A boosted second tile's option is the longest Learn label (the Colonist, a top-row price
    and the Tech); two alike still read apart within a button's 80 characters."""
    g = lab(13, "rover1", ["oxy1", "oxy2", "ship1"])
    for tid, pos in (("oxy1", 5), ("oxy2", 6), ("ship1", 0)):
        g.s["grid_pos"][tid] = pos  # two Oxygen Condenser Techs on the top row
    refresh(g)
    play(g, "learn", "ship1")
    while g.pending()[0].prompt.startswith("Laboratory"):
        play(g, moves(g)[-1])
    labels = [o.label for o in g.pending()[0].options if o.move.startswith("oxy")]
    assert labels and len(set(labels)) == len(labels)
    assert all(len(x) <= 80 and "Oxygen Condenser Tech (top row, " in x for x in labels)


def test_tech01_rules13_learn_refused_names_the_type_held() -> None:
    """Rules 13: a free bottom-row Tech of a type the player has and a middle-row one it cannot
    pay: the refusal gives both reasons, not that the free spaces are empty (review h4)."""
    g = lab(13, "rover1", ["rover2", "ship1"])
    g.s["grid_pos"]["ship1"] = 3  # the middle row: 1 battery
    P(g).update(res={k: 0 for k in D.RESOURCES})
    refresh(g)
    with pytest.raises(IllegalMove) as why:
        g.play(0, "learn")
    text = str(why.value)
    assert "you already have a Rover Tech (one of each type)" in text
    assert "0 battery and 0 mineral" in text and "empty" not in text


def test_gap28_rules13_a_boosted_ship_comes_when_nothing_is_left_to_bring() -> None:
    """Rules 13: the first Ship's two Colonists use up what is left to gain; the Ship the sent
    Colonist paid for still comes (3 OP at the end), bringing nothing, so the Colonist is not
    lost for nothing (review h4: it was dropped, the Colonist left in the Working Area)."""
    g = docked(13, plant=2, water=2, level=5)
    P(g).update(gained=10, bots_left=0, ships=2, hangar=3)
    refresh(g)
    play(g, "ship", "1", "col2")
    d = g.pending()[0]
    assert d.prompt.startswith("Welcome a Ship: what") and moves(g) == ["none"]
    play(g, "none")
    p = P(g)
    assert p["hangar"] == 5 and p["gained"] == 12 and p["res"]["plant"] == 0


def test_gap18_rules13_the_private_ships_boost_loses_no_colonist() -> None:
    """Rules 13, the Private Ship card (rules 10): its first Ship's 3 Colonists use up what is
    left; the boosted second Ship still comes with nothing (it was dropped, the Colonist lost)."""
    from tests.mars.test_rules10 import card_game, use

    g, h = card_game("water-1a", rules=13)
    g.s["level"] = 3
    P(g).update(gained=9, bots_left=0, res={**P(g)["res"], "plant": 2, "water": 2, "mineral": 0})
    refresh(g)
    use(g, h, boost="1")
    play(g, "col2")
    assert moves(g) == ["none"]
    play(g, "none")
    assert P(g)["hangar"] == 2 and P(g)["gained"] == 12


def bot_on_tile(rules: int, tile: str):
    """Seat 0's Bot ends on a face-down Discovery tile ``tile`` (placed there at setup, so no
    one has seen it); the rest of the face-down tiles as dealt."""
    from engine.mars.rules import known_tile

    g = new(2, seed=12, rules=rules)
    turn(g, 0, "colony")
    bot, spot = hx(0, 2), hx(1, 2)
    P(g).update(bots=[bot], rover=hx(-1, -1))  # a Rover alone on its hex may stay
    cell = g.s["hex"][spot]
    g.s["disc_supply"].remove(tile)  # the same tiles in play, one of them put on the spot
    cell.update(b=None, tile=tile, cry=0)
    g.s.get("disc_known", {}).pop(spot, None)
    assert not known_tile(g.s, spot)
    refresh(g)
    play(g, "control", "stop", "bot 1", spot, "stop")
    assert g.s["hex"][spot]["tile"] is None
    return g


def test_hidden_rules13_a_tile_lost_unseen_is_no_secret_of_the_ais() -> None:
    """Rules 13: a face-down Discovery tile a Bot destroys is unseen by everyone, so two games
    that differ only in which tile it was give the AI the same copy (rules 12's copy kept the
    true set of tiles left, telling the AI which one went: review h2)."""
    from engine.core import Rng

    one, other = sorted(set(new(2, seed=12, rules=13).s["disc_supply"]))[:2]
    a, b = bot_on_tile(13, one), bot_on_tile(13, other)
    for k in range(3):
        ca, cb = a.determinize(0, Rng(k)), b.determinize(0, Rng(k))
        assert json.dumps(ca.to_json()["state"], sort_keys=True) == json.dumps(
            cb.to_json()["state"], sort_keys=True
        )
    a, b = bot_on_tile(12, one), bot_on_tile(12, other)
    assert a.determinize(0, Rng(1)).s["disc_supply"] != b.determinize(0, Rng(1)).s["disc_supply"]


def test_build11_13_rules13_the_tiles_arrows_are_in_the_log() -> None:
    """Rules 13 (MARS-BUILD-11..13: the tile lies face down for all to see): the build says where
    its arrows point, so which tile left the stack is public; rules 12 named only the crystals."""
    for rules, said in ((13, True), (12, False)):
        g = new(2, seed=8, rules=rules)
        turn(g, 0, "colony")
        bot = P(g)["bots"][0]
        spot = next(h for h in H.NEIGHBOURS[bot] if g.s["hex"][h]["b"] is None)
        g.s["stacks"]["gen"] = [[0, 3], []]
        P(g).update(res={**P(g)["res"], "mineral": 3})
        refresh(g)
        play(g, "construct", "gen", spot)
        text = " ".join(g.s["last"]["text"])
        assert ("its tile's arrows point east and west" in text) is said
