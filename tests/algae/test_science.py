"""Engineers, scientists and the science grid (ALG-ENG-*, ALG-SCI-*, ALG-GRID-*, ALG-TEAM-*).

Grid layout (engine/algae/data.py): zones a..d cost 0..3 engineering and 2..5 science; cap1 on
a2, cap2 on b5, cap3 on c1, conv2 on c4+d4, the gen1/gen2 stack on d6, combo1 on a5.
"""

from __future__ import annotations

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import teams
from engine.algae.gains import gain
from tests.algae.helpers import ask, labels, moves, new, play, player, top


def eng(g, n: int = 1, free: int = 0):
    p = player(g)
    p["staff"]["engineers"] = n
    p["freelance"] = free
    ask(g, 0, "hold")
    teams.activate(g, 0, "engineers")
    g.invalidate()
    return p


def test_engineers_points_then_tiles():
    """ALG-ENG-01, ALG-ENG-02, ALG-ENG-03: 1 point per engineer, +1 per freelance token, spent
    before any tile is taken."""
    g = new()
    p = eng(g, 2, free=2)
    f = g.s["stacks"][0][-1]
    assert f["pts"] == 2 and f["left"] == 2
    assert "freelance" in moves(g)
    play(g, 0, "freelance")
    assert g.s["stacks"][0][-1]["pts"] == 3 and p["freelance"] == 1
    play(g, 0, "take combo1")
    assert "freelance" not in moves(g)  # one token left, but tiles are being taken now


def test_one_tile_per_engineer_and_zone_costs():
    """ALG-ENG-04, ALG-ENG-05: one tile per engineer; a tile costs its zone (c = 2 points; the
    c4+d4 tile across two zones costs 3)."""
    g = new()
    eng(g, 1, free=0)
    opts = moves(g)
    assert "take cap1" in opts and "take combo1" in opts  # zone a: 0 points
    assert "take cap2" in opts and "take conv1" in opts  # zone b: 1 point
    assert "take cap3" not in opts  # zone c: 2 points
    play(g, 0, "take combo1")
    assert top(g) == "hold"  # one engineer, one tile
    g = new()
    p = eng(g, 3, free=0)
    assert "take cap3" in moves(g) and "take conv2" in moves(g)
    play(g, 0, "take cap3", "field cap_a")  # zone c: 2 of the 3 points
    assert g.s["stacks"][0][-1]["pts"] == 1
    assert "take cap2" in moves(g) and "take gen1" not in moves(g)  # 1 point: zone b, not d
    eng(g, 3, free=0)
    p["freelance"] = 0
    g.s["stacks"][0][-1]["pts"] = 2
    g.invalidate()
    assert "take conv2" not in moves(g)  # c4+d4 costs the higher zone: 3


def test_engineering_tile_on_chosen_matching_field():
    """ALG-ENG-06, ALG-ENG-07: a capacity tile fits any of the free capacity fields; the
    player chooses; the last free field is used without asking."""
    g = new()
    p = eng(g, 2)
    play(g, 0, "take cap1")
    assert top(g) == "field"
    assert set(moves(g)) == {"field cap_a", "field cap_b", "field cap_c"}
    play(g, 0, "field cap_b")
    assert p["fields"]["cap_b"] == "cap1" and B.capacity(p, "b") == 4  # Cosmetics
    p["fields"]["cap_a"] = "cap9"
    play(g, 0, "take cap2")
    assert p["fields"]["cap_c"] == "cap2"


def test_combo_tile_goes_beside_board():
    """ALG-ENG-08: a combo tile is flipped to its science side and kept beside the board."""
    g = new()
    p = eng(g, 1)
    play(g, 0, "take combo1")
    assert p["beside"] == ["combo1"] and p["grid_items"]["combo1"] == []


def test_unspent_points_are_lost():
    """ALG-ENG-09: points left after the action are not kept for the next activation."""
    g = new()
    p = eng(g, 3, free=1)
    play(g, 0, "take combo1", "done")  # 3 points unspent, the token not spent
    assert top(g) == "hold" and p["freelance"] == 1
    ask(g, 0, "hold")
    teams.activate(g, 0, "engineers")  # the next activation starts from its engineers only
    assert g.s["stacks"][0][-1]["pts"] == 3 and p["freelance"] == 1


def test_stacked_tiles_first_level_first_second_replaces():
    """ALG-ENG-10, ALG-ENG-11, ALG-ENG-12: gen2 lies under gen1; both in one action with 2
    engineers and 6 points; gen2 replaces gen1 on the field."""
    g = new()
    p = eng(g, 2, free=4)
    play(g, 0, "freelance", "freelance", "freelance", "freelance")
    assert "take gen1" in moves(g) and "take gen2" not in moves(g)
    play(g, 0, "take gen1")
    assert p["fields"]["gen"] == "gen1"
    assert "take gen2" in moves(g)
    play(g, 0, "take gen2")
    assert p["fields"]["gen"] == "gen2"


def sci(g, n: int = 1, science: int = 10):
    p = player(g)
    p["staff"]["scientists"] = n
    p["science"] = science
    ask(g, 0, "hold")
    teams.activate(g, 0, "scientists")
    g.invalidate()
    return p


def test_scientists_gain_or_place():
    """ALG-SCI-01, ALG-SCI-02, ALG-SCI-03, ALG-SCI-04, ALG-TEAM-01: one task; gain 1 per
    scientist, never above 10, without the income tile's +2."""
    g = new()
    p = sci(g, 3, science=2)
    assert set(moves(g)) == {"gain", "tiles"}
    p["board"].remove("inc_sci")
    play(g, 0, "gain")
    assert p["science"] == 5 and top(g) == "hold"
    p = sci(g, 3, science=9)
    play(g, 0, "gain")
    assert p["science"] == 10


def test_team_upgrade_does_both_tasks_in_order():
    """ALG-TEAM-02: upgraded scientists gain first, then place tiles; upgraded operators take
    algae, then export."""
    g = new()
    p = player(g)
    p["upg"]["scientists"] = True
    p = sci(g, 2, science=0)
    assert p["science"] == 2 and top(g) == "sci_tiles"
    p["upg"]["operators"] = True
    ask(g, 0, "hold")
    teams.activate(g, 0, "operators")
    stack = [f["t"] for f in g.s["stacks"][0]]
    assert stack[-2:] == ["export", "take_algae"]


def test_place_up_to_one_tile_per_scientist_from_board_or_beside():
    """ALG-SCI-05, ALG-SCI-06: board tiles and flipped combo tiles; one per scientist."""
    g = new()
    p = player(g)
    p["beside"] = ["combo1"]
    sci(g, 1)
    play(g, 0, "tiles")
    opts = moves(g)
    assert "tile combo1" in opts and "tile transport" in opts
    play(g, 0, "tile combo1", "at a1")
    assert top(g) == "hold" and p["beside"] == []


def test_tile_goes_on_free_place_paying_zone_cost():
    """ALG-SCI-07, ALG-SCI-08, ALG-SCI-09: free cells only; zone a costs 2, d costs 5; a tile
    across zones a and b costs 3."""
    g = new()
    p = sci(g, 1, science=10)
    play(g, 0, "tiles", "tile converter")
    opts = moves(g)
    assert "at a1" in opts and "at a2" not in opts  # cap1 still lies on a2
    play(g, 0, "at d5")  # d5's bonus is energy, so the science left shows the cost
    assert p["science"] == 5 and p["grid_placed"]["d5"] == "converter"
    p = sci(g, 1, science=10)
    play(g, 0, "tiles", "tile transport")
    assert "at a1v" in moves(g) and "at a1h" not in moves(g)  # a2 is covered
    play(g, 0, "at a1v")
    assert p["science"] == 7


def test_covered_bonuses_are_taken():
    """ALG-SCI-10, ALG-GRID-01: covering a1 (1 energy) gives the energy."""
    g = new()
    p = sci(g, 1)
    energy = p["energy"]
    play(g, 0, "tiles", "tile converter")
    assert "1 energy" in labels(g)["at a1"]
    play(g, 0, "at a1")
    assert p["energy"] == energy + 1


def test_removing_tiles_unlocks_what_was_under():
    """ALG-SCI-11: storage, market value, cheaper transport, belts, income."""
    g = new()
    p = player(g)
    assert not B.storage_open(p, "red")
    assert B.value_of(p, "cream") == 3
    assert B.income(p, "operators") == 1
    assert ("s2", "serum", "c") not in B.main_edges(p)
    for tile in ("store_red", "val_cream", "inc_ops", "belt_serum"):
        p["board"].remove(tile)
    assert B.storage_open(p, "red")
    assert B.value_of(p, "cream") == 4
    assert B.income(p, "operators") == 3
    assert ("s2", "serum", "c") in B.main_edges(p)


def test_storage_tile_raises_tank_capacity_up_to_six():
    """ALG-SCI-12, ALG-SCI-13: each storage tile removed raises that tank by 1, never above 6."""
    g = new(["cosmetics", "food"])
    assert g.s["tanks"]["brown"]["cap"] == 4
    for seat in (0, 1):
        p = sci(g, 1) if seat == 0 else None
        if seat == 1:
            p = player(g, 1)
            p["staff"]["scientists"] = 1
            p["science"] = 10
            ask(g, 1, "sci")
            g.invalidate()
        play(g, seat, "tiles", "tile store_brown", "at a1" if seat == 0 else "at a3")
    assert g.s["tanks"]["brown"]["cap"] == 6
    g.s["tanks"]["brown"]["cap"] = 6
    p = sci(g, 1)
    play(g, 0, "tiles", "tile store_red", "at a4")
    assert g.s["tanks"]["red"]["cap"] == 5
    g.s["tanks"]["red"]["cap"] = 6
    player(g)["board"].append("store_red")
    player(g)["grid_placed"].clear()
    p = sci(g, 1)
    play(g, 0, "tiles", "tile store_red", "at a4")
    assert g.s["tanks"]["red"]["cap"] == D.TANK_MAX


def test_grid_token_bonuses():
    """ALG-GRID-01, ALG-GRID-02, ALG-GRID-03: energy 1 or 2, a choice token, a wild token."""
    g = new()
    p = player(g)
    ask(g, 0, "hold")
    e = p["energy"]
    for b in ("energy1", "energy2", "choice", "wild"):
        gain(g, 0, b)
    assert p["energy"] == e + 3 and p["choice"] == 1 and p["wild"] == 1


def test_grid_byproduct_bonus_into_chosen_tank():
    """ALG-GRID-04, ALG-GRID-05: 2 cubes into a tank of your choice for the euros shown; no
    burning is offered."""
    g = new()
    p = player(g)
    ask(g, 0, "hold")
    g.s["byp"] = {"lipid": 0, "fiber": 5}
    money = p["money"]
    gain(g, 0, "byp2")
    g.invalidate()
    assert set(moves(g)) == {"into lipid", "into fiber"}
    play(g, 0, "into lipid")
    assert moves(g) == ["into lipid"]  # the second cube follows into the chosen tank
    play(g, 0, "into lipid")
    assert g.s["byp"]["lipid"] == 2 and p["money"] == money + 2 * D.BYP_ROWS[0]
    assert top(g) == "hold"
    g.s["byp"] = {"lipid": D.BYP_CAPACITY - 1, "fiber": 0}
    gain(g, 0, "byp2")
    g.invalidate()
    play(g, 0, "into lipid")
    assert moves(g) == ["into fiber"]  # the chosen tank is full: the rest goes to the other


def test_grid_byproduct_bonus_both_tanks_full():
    """ALG-GRID-06: both tanks full: €1 a cube instead."""
    g = new()
    p = player(g)
    ask(g, 0, "hold")
    g.s["byp"] = {"lipid": D.BYP_CAPACITY, "fiber": D.BYP_CAPACITY}
    money = p["money"]
    gain(g, 0, "byp2")
    assert p["money"] == money + 2 and top(g) == "hold"


def test_grid_income_bonuses():
    """ALG-GRID-07, ALG-GRID-08, ALG-GRID-09, ALG-GRID-10, ALG-MON-21: income now, +2 for a team
    whose income tile is removed."""
    g = new()
    p = player(g)
    ask(g, 0, "hold")
    p["x_used"] = []
    p["disks"] = D.DISKS - 2  # x1's two covers gone: two € icons; none for VP
    p["markers"] = D.MARKERS - 1  # x2's marker: one VP icon
    gain(g, 0, "vp_inc")
    assert p["vp"].get("income") == 1 and p["money"] == D.START_MONEY  # VP only, no €
    p["board"].remove("inc_sci")
    p["science"] = 0
    gain(g, 0, "sci_inc")
    assert p["science"] == 3  # 1 scientist + 2
    p["board"].remove("inc_ops")
    gain(g, 0, "oper_inc")
    assert g.s["stacks"][0][-1] == {"t": "take_algae", "n": 3, "why": "operator income"}
    p["board"].remove("inc_eng")
    gain(g, 0, "eng_inc")
    assert g.s["stacks"][0][-1]["n"] == 3 and top(g) == "free_moves"
