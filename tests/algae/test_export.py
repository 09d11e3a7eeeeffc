"""Exports, re-exports and the contract export (ALG-EXPORT-*, ALG-CONTRACT-*).

Distances used below follow engine/algae/data.py ROUTES: Lyon's neighbours are Bordeaux,
Marseille, Paris and Zurich; London is 2 steps away (via Paris), Amsterdam 3 (via Paris and
Brussels or London) and Hamburg 4.
"""

from __future__ import annotations

import pytest

from engine.algae import data as D
from engine.algae.board import unlocked_tiles
from engine.algae.export import delivery_value, transport
from tests.algae.helpers import ask, empty_factory, moves, new, play, player, top


def game(depts: list[str] | None = None, money: int = 20):
    g = new(depts or ["cosmetics"])
    for p in g.s["players"]:
        empty_factory(g, g.s["players"].index(p))
        p["money"] = money
    g.s["bonus_tiles"] = ["energy"] * 4  # a week bonus that touches neither € nor VP
    for c in g.s["cities"].values():
        c["token"] = "energy1"
    return g


def disk(g, city: str, seat: int = 0) -> None:
    g.s["cities"][city]["disks"].append(seat)


def test_transport_costs_by_distance_standard():
    """ALG-EXPORT-09, ALG-EXPORT-10, ALG-EXPORT-12: €1/€3/€6 at 1/2/3 steps from the nearest
    disk; 4 steps is refused."""
    g = game()
    p = player(g)
    p["cells"]["cream"] = 3
    disk(g, "lyon", 0)
    p["cities"] = ["lyon"]
    ask(g, 0, "export", n=1)
    opts = moves(g)
    assert "export paris" in opts and "export london" in opts and "export amsterdam" in opts
    assert "export hamburg" not in opts  # 4 steps
    assert transport(g.s, p, "paris") == 1
    assert transport(g.s, p, "london") == 3
    assert transport(g.s, p, "amsterdam") == 6
    assert transport(g.s, p, "hamburg") is None
    play(g, 0, "export london")
    assert p["money"] == 17


def test_transport_costs_with_transport_tile():
    """ALG-EXPORT-11, ALG-EXPORT-12: after the transport science tile €0/€1/€3, still no
    further than 3 steps."""
    g = game()
    p = player(g)
    p["board"].remove("transport")
    disk(g, "lyon", 0)
    assert [transport(g.s, p, c) for c in ("paris", "london", "amsterdam")] == [0, 1, 3]
    assert transport(g.s, p, "hamburg") is None


def test_transport_from_nearest_disk_of_any_player():
    """ALG-EXPORT-09: distance counts from the nearest disk, whoever owns it."""
    g = game(["cosmetics", "food"])
    disk(g, "lyon", 0)
    disk(g, "hamburg", 1)
    assert transport(g.s, player(g, 0), "amsterdam") == 1  # Hamburg is next door


def test_free_transport_to_city_with_a_disk_and_very_first_export():
    """ALG-EXPORT-07, ALG-EXPORT-08: free to a city holding any disk; the first export of the
    game is free wherever it goes."""
    g = game(["cosmetics", "food"])
    p = player(g)
    assert transport(g.s, p, "athens") == 0  # no disk anywhere yet
    p["cells"]["serum"] = 1
    ask(g, 0, "export", n=1)
    play(g, 0, "export athens")
    assert p["money"] == 20
    disk(g, "lyon", 1)
    assert transport(g.s, p, "lyon") == 0
    assert transport(g.s, p, "paris") == 1


def test_export_through_operators_with_one_city_per_operator():
    """ALG-EXPORT-01, ALG-EXPORT-04, ALG-OPER-06: operators choose export, then at most one
    city per operator."""
    g = game()
    p = player(g)
    p["staff"]["operators"] = 2
    p["cells"]["cream"] = 5
    ask(g, 0, "oper")
    play(g, 0, "export")
    assert top(g) == "export"
    play(g, 0, "export bordeaux", "add cream", "deliver")
    play(g, 0, "export paris", "add cream", "add cream", "deliver")
    assert top(g) == "hold"  # two operators: two cities, then the export ends
    assert p["cities"] == ["bordeaux", "paris"]


def test_only_dispatch_cubes_are_goods_at_printed_value():
    """ALG-EXPORT-02, ALG-EXPORT-03: cubes at stations are not goods; a good is worth the value
    printed beside its storage (cream 3, soap 2)."""
    g = game()
    p = player(g)
    p["cells"]["s2"] = 5
    ask(g, 0, "export", n=1)
    assert moves(g) == ["hold"]  # nothing in dispatch: nothing to export
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=1)
    assert "export bordeaux" in moves(g)  # a dispatch cube is a good
    p["cells"]["soap"] = 1
    play(g, 0, "export bordeaux")
    assert set(moves(g)) == {"add cream", "add soap"}
    assert delivery_value(p, {"cream": 1}, 0) == 3
    assert delivery_value(p, {"soap": 1}, 0) == 2


def test_city_only_once_and_steps_in_order():
    """ALG-EXPORT-05, ALG-EXPORT-06, ALG-EXPORT-29: a city already exported to is not offered
    again; transport is paid when the city is chosen, before the goods are handed over."""
    g = game()
    p = player(g)
    p["cells"]["cream"] = 4
    disk(g, "lyon", 0)
    p["cities"] = ["lyon"]
    ask(g, 0, "export", n=2)
    assert not any(m.split()[-1] == "lyon" for m in moves(g))  # nor as a re-export (< 10)
    play(g, 0, "export paris")
    assert p["money"] == 19 and p["cells"]["cream"] == 4  # step 1 done, step 2 not yet
    play(g, 0, "add cream", "add cream", "deliver")
    assert p["cells"]["cream"] == 2 and g.s["cities"]["paris"]["disks"] == [0]


def test_demand_must_be_met():
    """ALG-EXPORT-13: the delivery must reach the city's demand (London 6)."""
    g = game()
    p = player(g)
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=1)
    assert "export london" not in moves(g)  # 3 < 6
    assert "export madrid" not in moves(g)  # 3 < 4: one short is still short
    assert "export lyon" not in moves(g) and "export barcelona" in moves(g)  # 4 no, 3 yes
    p["cells"]["cream"] = 2
    g.invalidate()
    play(g, 0, "export london", "add cream")
    assert "deliver" not in moves(g)
    play(g, 0, "add cream")
    assert "deliver" in moves(g)


def test_token_adds_one_value():
    """ALG-EXPORT-14: a value token adds +1 to the delivery."""
    g = game()
    p = player(g)
    p["cells"]["soap"] = 1
    p["value"] = 1
    ask(g, 0, "export", n=1)
    play(g, 0, "export marseille", "add soap")  # demand 3, soap 2
    assert "deliver" not in moves(g)
    play(g, 0, "token", "deliver")
    assert p["value"] == 0 and "marseille" in p["cities"]
    assert delivery_value(p, {}, 1) == 1  # +1 even with no value in cubes


def test_excess_value_is_lost_and_cubes_return():
    """ALG-EXPORT-15, ALG-EXPORT-16: over-delivering gains nothing more; cubes leave."""
    results = []
    for cell in ("soap", "serum"):  # 2 or 5 delivered to Bordeaux (demand 2)
        g = game()
        p = player(g)
        p["cells"][cell] = 1
        ask(g, 0, "export", n=1)
        play(g, 0, "export bordeaux", f"add {cell}", "deliver")
        assert p["cells"][cell] == 0
        results.append((p["money"], dict(p["vp"]), p["energy"], p["value"]))
    assert results[0] == results[1]


def test_disks_stack_and_first_takes_token():
    """ALG-EXPORT-17, ALG-EXPORT-18, ALG-EXPORT-19: the top disk of the side board goes on the
    city, on top of others; only the first disk takes the bonus token."""
    g = game(["cosmetics", "food"])
    g.s["cities"]["lyon"]["token"] = "money3"
    p0, p1 = player(g, 0), player(g, 1)
    p0["cells"]["cream"] = 2
    p1["cells"]["meal"] = 2
    ask(g, 0, "export", n=1)
    play(g, 0, "export lyon", "add cream", "add cream", "deliver")
    assert p0["disks"] == D.DISKS - 1 and p0["money"] == 23
    assert g.s["cities"]["lyon"]["token"] is None
    ask(g, 1, "export", n=1)
    play(g, 1, "export lyon", "add meal", "add meal", "deliver")
    assert g.s["cities"]["lyon"]["disks"] == [0, 1]
    assert p1["money"] == 20


def test_city_token_usable_in_next_export_of_same_action():
    """ALG-EXPORT-20: a value token won in the first city helps the second delivery."""
    g = game()
    p = player(g)
    g.s["cities"]["bordeaux"]["token"] = "value"
    p["cells"]["soap"] = 2
    ask(g, 0, "export", n=2)
    play(g, 0, "export bordeaux", "add soap", "deliver")
    assert p["value"] == 1
    # Madrid (demand 4, next to Bordeaux): soap 2 + token 1 = 3 < 4 would fail, so use Lisbon
    # style demand 3: Barcelona (demand 3, next to Bordeaux)
    play(g, 0, "export barcelona", "add soap", "token", "deliver")
    assert p["cities"] == ["bordeaux", "barcelona"] and p["value"] == 0


def test_every_milestone_met_is_scored_with_markers():
    """ALG-EXPORT-21, ALG-EXPORT-22, ALG-EXPORT-23: one export can meet several milestones;
    each takes the top marker and scores its first-player VP."""
    g = game()
    p = player(g)
    p["cities"] = ["lisbon", "madrid"]  # both in the west
    for c in p["cities"]:
        disk(g, c, 0)
    p["disks"] -= 2
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=1)
    play(g, 0, "export barcelona", "add cream", "deliver")
    assert set(p["milestones"]) == {"m3", "local"}
    assert p["markers"] == D.MARKERS - 2
    assert p["vp"]["milestones"] == D.MILESTONES["m3"][3][0] + D.MILESTONES["local"][3][0]


def test_later_players_score_less_for_a_milestone():
    """ALG-EXPORT-23 (ruling ALG-GAP-12): the second player to reach a milestone scores the
    second figure."""
    g = game(["cosmetics", "food"])
    g.s["milestones"]["m3"] = [1]
    p = player(g)
    p["cities"] = ["paris", "rome"]
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=1)
    play(g, 0, "export bordeaux", "add cream", "deliver")
    assert p["vp"]["milestones"] == D.MILESTONES["m3"][3][1]


def test_disks_leaving_unlock_export_2x_tile_same_turn():
    """ALG-EXPORT-24, ALG-EXPORT-25, ALG-TOKEN-05: the second disk leaving uncovers tile x1,
    which can be used in the same turn."""
    g = game()
    p = player(g)
    p["cells"]["cream"] = 4
    p["staff"]["operators"] = 2
    g.s["x_turn"] = False
    g.s["stacks"] = [[{"t": "hold"}, {"t": "after"}, {"t": "export", "n": 2}]]
    g.invalidate()
    play(g, 0, "export bordeaux", "add cream", "deliver")
    assert "x1" not in unlocked_tiles(p)
    play(g, 0, "export paris", "add cream", "add cream", "deliver")
    assert top(g) == "after"
    assert "2x x1" in moves(g)


def test_cosmetics_never_mixes_product_types():
    """ALG-EXPORT-26: a cream and a soap together would reach Paris (5) but may not mix."""
    g = game()
    p = player(g)
    p["cells"]["cream"] = 1
    p["cells"]["soap"] = 1
    ask(g, 0, "export", n=1)
    assert "export paris" not in moves(g)
    play(g, 0, "export bordeaux", "add soap")
    assert "add cream" not in moves(g)


def test_bioplastics_cup_and_bag_pair_gains_value():
    """ALG-EXPORT-27: cup 3 + bag 3 + pair bonus 2 = 8, enough for London (6); two cups or a
    lone pair member get no bonus."""
    g = game(["bioplastics"])
    p = player(g)
    assert delivery_value(p, {"cup": 1, "bag": 1}, 0) == 8
    assert delivery_value(p, {"cup": 2}, 0) == 6
    assert delivery_value(p, {"cup": 2, "bag": 1}, 0) == 11  # one pair only
    p["cells"]["cup"] = 1
    p["cells"]["bag"] = 1
    ask(g, 0, "export", n=1)
    assert "export london" in moves(g)


def test_food_degraded_loses_value():
    """ALG-EXPORT-28: degraded meal is worth 1 less than fresh meal."""
    g = game(["food"])
    p = player(g)
    assert delivery_value(p, {"meal": 1}, 0) == 3
    assert delivery_value(p, {"meal_old": 1}, 0) == 2
    p["board"].remove("val_meal")  # a market-value tile counts for degraded meal too
    assert delivery_value(p, {"meal_old": 1}, 0) == 3


def _ten_cities(g, seat: int = 0) -> list[str]:
    cities = ["lisbon", "madrid", "barcelona", "bordeaux", "marseille", "lyon", "paris",
              "london", "dublin", "brussels"]  # fmt: skip
    p = player(g, seat)
    for c in cities:
        disk(g, c, seat)
    p["cities"] = list(cities)
    p["disks"] -= 10
    return cities


def test_reexport_only_after_ten_cities():
    """ALG-EXPORT-29, ALG-EXPORT-30: cities already held are offered again only from 10."""
    g = game()
    p = player(g)
    cities = _ten_cities(g)
    p["cells"]["serum"] = 2
    p["cities"] = cities[:9]
    ask(g, 0, "export", n=1)
    assert not any(m.startswith("reexport") for m in moves(g))
    p["cities"] = cities
    g.invalidate()
    assert "reexport paris" in moves(g)


def test_reexport_meets_demand_and_scores_half_rounded_up():
    """ALG-EXPORT-31, ALG-EXPORT-32 (ruling ALG-GAP-16): Paris demand 5 -> 3 VP; no disk."""
    g = game()
    p = player(g)
    _ten_cities(g)
    p["cells"]["cream"] = 2
    disks = p["disks"]
    ask(g, 0, "export", n=1)
    play(g, 0, "reexport paris", "add cream")
    assert "deliver" not in moves(g)  # 3 < 5
    play(g, 0, "add cream", "deliver")
    assert p["vp"]["re-exports"] == 3 and p["disks"] == disks
    # London demand 6 -> 3 VP, Bordeaux demand 2 -> 1 VP
    assert -(-D.CITIES["london"][2] // 2) == 3


def test_contract_export_once_no_transport_no_milestones():
    """ALG-CONTRACT-01, ALG-CONTRACT-02, ALG-CONTRACT-03, ALG-CONTRACT-04, ALG-CONTRACT-05,
    ALG-CONTRACT-06, ALG-CONTRACT-07, ALG-CONTRACT-08: once a game, as one export of the action,
    to the player's own card, no transport, the card's condition, disk beside the card, reward,
    no milestone."""
    g = game()
    p = player(g)
    p["contract"] = "bulk"  # 3 or more goods -> 5 VP
    p["cities"] = ["lisbon", "madrid"]
    disk(g, "rome", 0)  # far away: transport would cost if it were a city
    p["cells"]["soap"] = 2
    p["cells"]["cream"] = 1
    ask(g, 0, "export", n=2)
    assert "contract" in moves(g)
    play(g, 0, "contract", "add soap", "add soap")
    assert "deliver" not in moves(g)  # 2 goods < 3
    play(g, 0, "add cream", "deliver")  # types may mix: a contract is not a city
    assert p["money"] == 20
    assert p["vp"] == {"contract": 5}
    assert p["disks"] == D.DISKS - 1 and p["contract_done"]
    assert p["milestones"] == [] and len(p["cities"]) == 2
    assert top(g) == "hold"  # no goods left
    p["cells"]["cream"] = 5
    ask(g, 0, "export", n=1)
    assert "contract" not in moves(g)


def test_contract_takes_an_operator_and_never_counts_for_milestones():
    """ALG-CONTRACT-02, ALG-CONTRACT-03, ALG-CONTRACT-08: the contract is one of the action's
    exports (one operator: nothing else after it), delivered to the player's own card (here
    "sample", value 4+: two creams do it); a city export after it does not count the contract
    (2 cities + contract is not "3 cities")."""
    g = game()
    p = player(g)
    p["contract"] = "sample"  # value 4 or more
    p["cells"]["cream"] = 4
    ask(g, 0, "export", n=1)
    play(g, 0, "contract", "add cream")
    assert g.decision_for(0).prompt == "Delivery to your contract: value 3 of 4 needed"
    play(g, 0, "add cream", "deliver")
    assert p["contract_done"] and top(g) == "hold"  # goods left, but the operator is used
    p["cities"] = ["lisbon"]
    disk(g, "lisbon", 0)
    ask(g, 0, "export", n=1)
    play(g, 0, "export madrid", "add cream", "add cream", "deliver")
    assert len(p["cities"]) == 2 and p["milestones"] == [] and "milestones" not in p["vp"]


@pytest.mark.parametrize("card", list(D.CONTRACTS))
def test_every_contract_condition_is_checked(card: str):
    """ALG-CONTRACT-05: the card's condition, not a demand, decides."""
    g = game()
    p = player(g)
    p["contract"] = card
    _, v, n, k, _ = D.CONTRACTS[card]
    ask(g, 0, "export", n=1)
    p["cells"]["soap"] = 1  # one good of value 2, one type
    g.invalidate()
    offered = "contract" in moves(g)
    assert offered == (v <= 2 and n <= 1 and k <= 1)
