"""Rules 9 (issue 9): the published Discovery tiles (RULINGS.md MARS-GAP-10), each test naming
its ruling and checking that rules 8, which games started before the change keep, still plays
as it did.

Source: the krindale player aid, page 1, "Discovery tiles" column
(krindale/on-mars-player-aid-ko, data/paragraphs_p1.json): develop Tech twice (one tile twice
or two tiles once) at no cost; construct a Building of the shown type, or of any type, normal
cost; upgrade up to 2 Buildings, normal cost; hire a Scientist or take an Earth Contract,
normal cost; up to 2 Blueprints; up to 2 Resources or Crystals from the Warehouse; 3 Crystals;
the shown Resources; a Tech tile, normal cost. How many tiles of each kind: ours."""

from __future__ import annotations

from collections import Counter

from engine.core import new_game
from engine.mars import build
from engine.mars import data as D
from engine.mars import hexmap as H
from tests.mars.helpers import (
    P,
    as_mars,
    clear_map,
    hx,
    moves,
    new,
    play,
    refresh,
    turn,
    two_gens_to_upgrade,
)
from tests.mars.player import play_game

THERE = hx(1, 0)  # next to the starting Mine, where every Rover starts


def rover_game(rules: int = 9, n: int = 2):
    """Seat 0's Colony turn, the map empty, its Rover next to THERE."""
    g = new(n, seed=3, rules=rules)
    clear_map(g)
    turn(g, 0, "colony")
    return g


def take(g, tile: str) -> None:
    """Control Center: the Rover steps onto ``tile`` and stops there (MARS-ROVER-04)."""
    g.s["hex"][THERE]["tile"] = tile
    refresh(g)
    play(g, "control", THERE, "stop")


def ask(g) -> tuple[str, dict[str, str]]:
    d = g.pending()[0]
    assert d.seat == 0
    return d.prompt, {o.move: o.label for o in d.options}


def all_tiles(g) -> list[str]:
    on_map = [c["tile"] for c in g.s["hex"].values() if c["tile"] and c["tile"] not in D.RESEARCH]
    return on_map + g.s["disc_up"] + g.s["disc_supply"]


def test_gap10_rules9_deals_the_published_kinds() -> None:
    """MARS-GAP-10, rules 9: the 19 tiles (facts.md) are the aid's kinds, every kind there;
    no tile gives OP. Rules 8 keeps its crystal, resource and 3 OP tiles."""
    g = new(3, seed=5, rules=9)
    assert Counter(all_tiles(g)) == Counter(D.DISCOVERY_9) and len(D.DISCOVERY_9) == 19
    kinds = {t.split(":")[0] for t in D.DISCOVERY_9}
    assert kinds == {
        "dev2",
        "build",
        "buildany",
        "upgrade2",
        "scicon",
        "bp2",
        "wh2",
        "crystal3",
    } | {
        "mineral2",
        "battery2",
        "tech",
    }
    assert {f"build:{k}" for k in D.TYPES} <= set(D.DISCOVERY_9)
    assert not any(t.startswith("op") for t in D.DISCOVERY_9)
    old = new(3, seed=5, rules=8)
    assert Counter(all_tiles(old)) == Counter(D.DISCOVERY) and "op3" in all_tiles(old)


def test_gap10_rules9_develop_twice_free() -> None:
    """Rules 9: develop Tech twice at no cost; the second may be left."""
    g = rover_game()
    tid = P(g)["techs"][0]
    lvl, depot = g.s["techs"][tid]["lvl"], P(g)["depot"]
    take(g, "dev2")
    prompt, opts = ask(g)
    assert prompt == "Develop a Tech (2 left)" and list(opts) == [tid]
    play(g, tid)
    while ask(g)[0].startswith("Laboratory benefit"):
        play(g, "skip")
    prompt, opts = ask(g)
    assert prompt == "Develop a Tech (1 left)" and set(opts) == {tid, "done"}
    play(g, tid)
    assert g.s["techs"][tid]["lvl"] == lvl + 2 and P(g)["depot"] == depot


def test_gap10_rules9_construct_the_shown_type_or_skip() -> None:
    """Rules 9: construct a Building of the shown type, normal cost; only that type is
    offered, with a way to leave it (benefits are optional, GAP-10)."""
    g = rover_game()
    take(g, "build:gen")
    prompt, opts = ask(g)
    assert prompt == "Construct which Building?" and list(opts) == ["gen", "done"]
    assert opts["gen"].startswith("Generator: pay 1 mineral")
    minerals = P(g)["res"]["mineral"]
    play(g, "gen")
    spot = next(m for m in moves(g))
    play(g, spot)
    assert g.s["hex"][spot]["b"]["type"] == "gen"
    assert P(g)["res"]["mineral"] == minerals - build.cost_of(g, "gen")[1]


def test_gap10_rules9_construct_skipped_changes_nothing() -> None:
    g = rover_game()
    take(g, "build:oxy")
    before = sum(1 for c in g.s["hex"].values() if c["b"])
    res = dict(P(g)["res"])
    play(g, "done")
    assert sum(1 for c in g.s["hex"].values() if c["b"]) == before and P(g)["res"] == res
    assert ask(g)[0].startswith("Move your Bots")  # the Control Center goes on


def test_gap10_rules9_construct_any_type() -> None:
    """Rules 9: construct a Building of any type the seat can pay for and place."""
    g = rover_game()
    take(g, "buildany")
    want = [k for k in D.TYPES if build.can_pay(g, 0, k) and build.build_spots(g, 0, k)]
    assert len(want) > 1 and list(ask(g)[1]) == [*want, "done"]


def test_gap10_rules9_upgrade_up_to_two() -> None:
    """Rules 9: upgrade up to 2 Buildings, 1 Mineral each; the Upgrade Tech is not asked (it
    belongs to the Upgrade Main action, GAP-19)."""
    g = rover_game()
    spot, other = two_gens_to_upgrade(g, minerals=3)
    take(g, "upgrade2")
    prompt, opts = ask(g)
    assert prompt == "Upgrade with which Blueprint?" and "done" in opts
    assert opts["gen-1a"].startswith("1 mineral")
    play(g, "gen-1a", spot)
    assert g.s["hex"][spot]["b"]["bp"] == "gen-1a" and P(g)["res"]["mineral"] == 2
    prompt, opts = ask(g)
    assert prompt == "Upgrade with which Blueprint?" and list(opts) == ["gen-1b", "done"]
    play(g, "gen-1b", other)
    assert g.s["hex"][other]["b"]["bp"] == "gen-1b" and P(g)["res"]["mineral"] == 1
    assert ask(g)[0].startswith("Move your Bots")  # two at most: the Control Center goes on


def test_gap10_rules9_scientist_or_contract() -> None:
    """Rules 9: hire a Scientist or take an Earth Contract at its normal cost, or neither."""
    g = rover_game()
    P(g)["depot"] = 2
    g.s["sci_display"][0] = D.CONTRACTS[0][0]  # an Earth Contract on the display
    take(g, "scicon")
    prompt, opts = ask(g)
    assert prompt == "Discovery tile: hire a Scientist or take an Earth Contract?"
    assert {"contract", "done"} <= set(opts) <= {"hire", "contract", "done"}
    play(g, "contract")
    assert ask(g)[0] == "Take which Earth Contract?"
    play(g, moves(g)[0])
    assert P(g)["contracts"] and P(g)["depot"] == 2 - D.CONTRACT_COST


def test_gap10_rules9_up_to_two_blueprints() -> None:
    """Rules 9: take up to 2 Blueprints from the display (each gives its resource, GAP-18)."""
    g = rover_game()
    take(g, "bp2")
    prompt, opts = ask(g)
    assert prompt == "Take a Blueprint" and opts["done"] == "skip it"
    first = moves(g)[0]
    play(g, first)
    prompt, opts = ask(g)
    assert prompt == "Take a Blueprint" and opts["done"] == "stop"
    second = moves(g)[0]
    play(g, second)
    assert P(g)["bps"] == [first, second]
    assert not ask(g)[0].startswith("Take a Blueprint")


def test_gap10_rules9_up_to_two_warehouse_items() -> None:
    """Rules 9: up to 2 Warehouse items, the same one twice if the player likes."""
    g = rover_game()
    water = P(g)["res"]["water"]
    take(g, "wh2")
    assert ask(g)[0] == "Take from the Warehouse"
    play(g, "water")
    assert "water" in moves(g) and "done" in moves(g)
    play(g, "water")
    assert P(g)["res"]["water"] == water + 2


def test_gap10_rules9_three_crystals_and_shown_resources() -> None:
    g = rover_game()
    below = P(g)["below"]
    take(g, "crystal3")
    assert P(g)["below"] == below + 3
    g = rover_game()
    take(g, "battery2")
    assert P(g)["res"]["battery"] == 3


def test_gap10_rules9_a_tech_tile_at_its_row_cost() -> None:
    """Rules 9: take a Tech tile from the grid at its row's normal cost, or leave it."""
    g = rover_game()
    P(g)["depot"] = 0
    take(g, "tech")
    prompt, opts = ask(g)
    assert prompt == "Learn a Tech" and opts["done"] == "skip it"
    free = [t for t in opts if t != "done"]
    assert free and all(D.LEARN_ROW_COST[g.s["grid_pos"][t] // D.GRID_ROW] == 0 for t in free)
    play(g, free[0])
    assert free[0] in P(g)["techs"]


def test_gap10_rules8_tiles_still_give_what_they_show() -> None:
    """Rules 8 (games started before rules 9): the 3 OP tile gives 3 OP, no question."""
    g = rover_game(rules=8)
    op = P(g)["op"]
    take(g, "op3")
    assert P(g)["op"] == op + 3 and ask(g)[0].startswith("Move your Bots")


def test_rules9_scripted_players_finish_a_game() -> None:
    """Rules 9 end to end: the scripted player answers every tile's question."""
    texts: list[str] = []
    g = play_game(3, 25, options={"rules": 9}, texts=texts)
    assert g.s["rules"] == 9 and g.s["phase"] == "over" and g.s["final"]
    taken = [t for t in texts if "takes a Discovery tile" in t]
    assert len(taken) >= 3 and any("up to 2 Blueprints" in t or "Tech tile" in t for t in taken)


def test_new_games_get_rules_9_or_later() -> None:
    """RULINGS.md "Rules versions": new games start on rules 9 (MARS-GAP-10) or later."""
    assert D.RULES_LATEST >= 9
    assert as_mars(new_game("mars", ["a", "b"], seed=4)).s["rules"] >= 9


def test_gap10_a_tile_placed_face_up_is_known_a_dealt_one_is_not() -> None:
    """MARS-GAP-10 (rules 2+): a tile placed from the face-up ones is public: the map view and
    the Rover's step name it, and the AI's redeal leaves it in place; a tile dealt face down at
    setup is named only as face down, and the redeal may change it."""
    from engine.core import Rng
    from engine.mars.frames import push

    g = rover_game()
    g.s["disc_up"] = ["tech", "wh2"]
    g.s["disc_supply"] = ["dev2"] * 6 + ["bp2"] * 6
    push(g, 0, "disc")
    g.invalidate()
    assert ask(g)[0].startswith("Place a Discovery tile")
    spot = moves(g)[0]
    play(g, spot, "tile 1")
    assert g.s["hex"][spot]["tile"] == "tech" and g.s["disc_up"] == ["wh2", "bp2"]
    rover = next(h for h in H.NEIGHBOURS[spot] if g.s["hex"][h]["b"] is None)
    down = next(
        h for h in H.NEIGHBOURS[rover] if h != spot and not g.s["hex"][h]["b"] and h in H.INDEX
    )
    g.s["hex"][down]["tile"] = "crystal3"  # as dealt at setup
    P(g)["rover"] = rover
    refresh(g)
    cells = {c["id"]: c for c in g.view(1)["map"]["hexes"]}
    assert cells[spot]["tile_text"] == "a Tech tile" and cells[down]["tile_text"] is None
    assert cells[spot]["tile"] == cells[down]["tile"] == "discovery"
    play(g, "control")
    labels = ask(g)[1]
    assert labels[spot] == f"step to {spot} (Discovery tile: a Tech tile)"
    assert labels[down] == f"step to {down} (Discovery tile, face down)"
    seen = {g.determinize(1, Rng(k)).s["hex"][down]["tile"] for k in range(12)}
    kept = {g.determinize(1, Rng(k)).s["hex"][spot]["tile"] for k in range(12)}
    assert kept == {"tech"} and len(seen) > 1
