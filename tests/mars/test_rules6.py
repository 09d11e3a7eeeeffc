"""Rules 6 (issue 9): the turn-order spaces as the published game has them (RULINGS.md
MARS-GAP-30, MARS-CRYSTAL-05), each test naming its ruling and checking that rules 5, which games
started before the change keep, still plays as it did.

Sources: the rulebook (XPRTZ/boardgameassistant, On Mars English rulebook: setup "may immediately
receive the benefit of that space"; turn order "starting with the leftmost space on the Orbit
side (1) ... ending at the rightmost space on the Colony side (8)"); the krindale player aid
(Shuttle phase: a space on the side arrived at, and its bonus); KDC-Solo app/src/engine/turn.ts
(the benefit icons); ludopedia.com.br/topico/37366 (space 4 in Orbit: the fourth Colonist)."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove, new_game
from engine.mars import data as D
from engine.mars.flow import settle, travel_steps
from tests.mars.helpers import P, as_mars, refresh, turn


def start(rules: int = 6, n: int = 2, seed: int = 4):
    return new_game("mars", [f"p{i + 1}" for i in range(n)], seed=seed, options={"rules": rules})


def ask(g):
    d = g.pending()[0]
    return d.seat, d.prompt, {o.move: o.label for o in d.options}


def test_gap30_space_4_gives_a_colonist_at_setup() -> None:
    """MARS-GAP-30, rules 6 (ludopedia 37366: "I took space 4 in orbit and started the game
    with the fourth Colonist"): space 4 lies in Orbit and gives 1 Colonist, with no question."""
    g = start()
    seat, _, opts = ask(g)
    assert opts["space 4"] == "space 4 (start in Orbit): gain 1 Colonist"
    g.play(seat, "space 4")
    p = P(g, seat)
    assert p["lq"] == D.START_COLONISTS + 1 and p["gained"] == D.START_COLONISTS + 1
    assert p["side"] == "orbit" and g.s["spaces"][3] == seat
    assert ask(g)[1] == "Take a turn-order space"  # the next seat's pick, nothing else asked


def test_gap30_a_colony_space_at_setup_starts_the_player_in_the_colony() -> None:
    """MARS-GAP-30 / GAP-01, rules 6 (the rulebook: spaces 5-8 lie on the Colony side and a
    player acts on the side of their marker): a player who picks space 5-8 at setup starts in
    the Colony, and the round's order runs from space 1 to 8."""
    g = start()
    g.play(0, "space 5")
    while ask(g)[1] != "Take a turn-order space":  # space 5's Bot steps: stop at once
        g.play(0, "done")
    g.play(1, "space 1")
    assert P(g, 0)["side"] == "colony" and P(g, 1)["side"] == "orbit"
    assert g.s["order"] == [1, 0]
    assert ask(g)[1].startswith("Round 1, p2 in Orbit")


def test_gap30_rules5_spaces_give_resources_and_everyone_starts_in_orbit() -> None:
    """MARS-GAP-30, rules 5 (games started before rules 6): space 4 gives 1 battery, space 5
    keeps the player in Orbit."""
    g = start(rules=5)
    _, _, opts = ask(g)
    assert opts["space 4"] == "space 4: gain 1 battery"
    g.play(0, "space 5")
    g.play(1, "space 4")
    assert P(g, 0)["side"] == P(g, 1)["side"] == "orbit"
    assert P(g, 1)["res"]["battery"] == D.START_RES["battery"] + 1
    assert P(g, 1)["lq"] == D.START_COLONISTS


def test_gap30_travel_takes_a_space_on_the_side_arrived_at() -> None:
    """MARS-GAP-04/30, rules 6 (the krindale aid, Shuttle phase step 3: "move your Player
    marker to an empty Turn Order space on the Colony side and receive its bonus"): arriving in
    the Colony offers spaces 5-8 only; rules 5 offers every empty space."""
    for rules, offered in ((6, {"space 5", "space 6", "space 7", "space 8"}), (5, None)):
        g = start(rules=rules)
        g.play(0, "space 1")
        g.play(1, "space 2")
        while ask(g)[1] != "Round 1, p1 in Orbit: Main and Executive action left":
            s, _, opts = ask(g)
            g.play(s, next(iter(opts)))
        turn(g, 0, "orbit")
        g.s["stack"] = []
        g.s["disc_supply"], g.s["disc_up"] = [], []  # no Discovery tile to place
        travel_steps(g, 0)
        refresh(g)
        settle(g)
        _, prompt, opts = ask(g)
        assert prompt == "Take a turn-order space" + (" on the Colony side" if offered else "")
        if offered:
            assert set(opts) == offered
            assert opts["space 6"] == "space 6: take a Blueprint"
            with pytest.raises(IllegalMove, match="try: space"):  # an Orbit space: refused
                g.play(0, "space 3")
        else:
            assert "space 3" in opts and "space 8" in opts


def test_gap30_tech_benefit_learns_a_tile_or_is_skipped() -> None:
    """MARS-GAP-30, rules 6 (KDC-Solo turn.ts: "Tech: as his Learn Tech action"; the rulebook:
    the benefit is optional): space 3 asks for a grid Tech at its row's price, with a skip;
    the learned tile counts for the Tech mission."""
    g = start()
    g.play(0, "space 3")
    seat, prompt, opts = ask(g)
    assert seat == 0 and prompt == "Learn a Tech"
    assert opts["done"] == "skip the turn-order benefit"
    free = next(t for t in g.s["grid"] if g.s["grid_pos"][t] < D.GRID_ROW)
    assert free in opts
    g.play(0, free)
    assert free in P(g, 0)["techs"] and g.s["techs"][free]["owner"] == 0
    g2 = start()
    g2.play(0, "space 3")
    g2.play(0, "done")
    assert len(P(g2, 0)["techs"]) == 1 and ask(g2)[1] == "Take a turn-order space"


def test_gap30_blueprint_and_warehouse_benefits() -> None:
    """MARS-GAP-30, rules 6: space 6 takes a Blueprint from the display (its resource too,
    GAP-18) or skips; space 2 takes 1 Warehouse item (KDC-Solo turn.ts: the Resources icon
    is taken from the Warehouse)."""
    g = start()
    g.play(0, "space 6")
    _, prompt, opts = ask(g)
    assert prompt == "Take a Blueprint" and "done" in opts
    bp = g.s["bp_display"][0]
    g.play(0, bp)
    assert P(g, 0)["bps"] == [bp] and bp not in g.s["bp_display"]
    before = dict(g.s["warehouse"])
    g.play(1, "space 2")
    _, prompt, opts = ask(g)
    assert prompt == "Take from the Warehouse" and "done" not in opts
    g.play(1, "water")
    assert g.s["warehouse"]["water"] == before["water"] - 1
    assert P(g, 1)["res"]["water"] == D.START_RES["water"] + 1


def test_gap30_bots_and_discovery_benefits() -> None:
    """MARS-GAP-30, rules 6 (KDC-Solo turn.ts: "Bot x2", "Discovery"): space 5 moves the
    player's Bots up to 2 steps; space 7 places a Discovery tile 3 hexes from the Rover."""
    g = start()
    g.play(0, "space 5")
    _, prompt, opts = ask(g)
    assert prompt.startswith("Move your Bots: 2 steps") and "done" in opts
    g.play(0, "done")
    g.play(1, "space 7")
    _, prompt, _ = ask(g)
    assert prompt == "Place a Discovery tile exactly 3 hexes from your Rover"


def test_rules_6_and_rules_5_stay_playable() -> None:
    """RULINGS.md "Rules versions": rules 6 and rules 5 still start and play."""
    assert D.RULES_LATEST >= 6
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 6})).s["rules"] == 6
    assert as_mars(new_game("mars", ["a", "b"], seed=4, options={"rules": 5})).s["rules"] == 5


def test_gap30_the_scripted_player_takes_a_benefit_at_setup() -> None:
    """MARS-GAP-30, the On Mars player (ai/mars_spaces.py): a space with a benefit is worth
    more than playing first with none; space 4's Colonist beats space 1's nothing."""
    import random

    from ai.mars_player import Player

    for seed in range(5):
        g = start(seed=seed)
        d = g.pending()[0]
        assert Player(0, random.Random(seed)).choose(g, d) != "space 1"
