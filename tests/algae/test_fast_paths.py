"""The shortcuts the AI's rollouts run on give the answers of the rules they stand for.

``city_reach`` (one sum for a whole export menu) must say what ``can_deliver`` says for
every demand (ALG-EXPORT-13/14/26), and ``transport_costs`` (every city priced at once,
distances cached per set of held cities) what ``transport`` and the routes say
(ALG-EXPORT-07..12), in the positions real games reach: whole games of the goal-directed
plan (ai/plan_algae.py) with every department, checked after every move.
"""

from __future__ import annotations

import itertools

import pytest

from ai.plan_algae import plan
from engine.algae import data as D
from engine.algae.export import can_deliver, city_reach, distances, transport, transport_costs
from engine.algae.game import AlgaeGame
from engine.core import Rng, new_game

DEMANDS = sorted({demand for _, _, demand, _ in D.CITIES.values()})
A_CITY = {demand: next(c for c, v in D.CITIES.items() if v[2] == demand) for demand in DEMANDS}


def plan_positions(players: int, seed: int):
    """Every position of a whole game the plan plays in every seat."""
    depts = list(D.DEPT_NAMES)[:players] if players < 4 else list(D.DEPT_NAMES)
    g = new_game(
        "algae", [f"p{i}" for i in range(players)], seed=seed, options={"departments": depts}
    )
    assert isinstance(g, AlgaeGame)
    rng = Rng.from_seed(seed)
    while g.pending():
        yield g
        d = g.pending()[0]
        g.play(d.seat, plan(g, d, rng))


def expected_cost(s: dict, p: dict, city: str) -> int | None:
    """ALG-EXPORT-07..12 read off the routes: free to a city with a disk (or before any
    disk), else by the steps from the nearest disk; out of reach beyond 3 steps."""
    if s["cities"][city]["disks"]:
        return 0
    held = [c for c, v in s["cities"].items() if v["disks"]]
    if not held:
        return 0
    steps = min(distances()[city].get(c, 99) for c in held)
    if steps > D.MAX_DISTANCE:
        return None
    cheap = any(t not in p["board"] and e == "transport" for t, (_, e, _) in
                D.DEPARTMENTS[p["dept"]]["tiles"].items())  # fmt: skip
    return (D.TRANSPORT_COST_TILE if cheap else D.TRANSPORT_COST)[steps]


@pytest.mark.parametrize(("players", "seed"), [(4, 21), (2, 22)])
def test_city_reach_says_what_can_deliver_says(players: int, seed: int) -> None:
    checked = 0
    for g in plan_positions(players, seed):
        for p in g.s["players"]:
            reach = city_reach(p)
            for demand in DEMANDS:
                probe = {"mode": "new", "city": A_CITY[demand], "items": {}, "tok": 0}
                assert can_deliver(p, probe) == (reach is not None and reach >= demand), (
                    p["dept"],
                    demand,
                    p["cells"],
                )
                checked += reach is not None
    assert checked > 100  # positions with goods to deliver were reached


@pytest.mark.parametrize("dept", D.DEPT_NAMES)
def test_city_reach_for_every_mix_of_goods(dept: str) -> None:
    """Every mix of 0-2 cubes in each dispatch storage, 0-2 value tokens, with and without
    the value tiles: a Cosmetics city delivery keeps to one type (ALG-EXPORT-26)."""
    other = next(d for d in D.DEPT_NAMES if d != dept)
    g = new_game("algae", ["p1", "p2"], seed=5, options={"departments": [dept, other]})
    assert isinstance(g, AlgaeGame)
    base = g.s["players"][0]
    cells = list(D.DEPARTMENTS[dept]["values"])
    value_tiles = [t for t, (_, e, _) in D.DEPARTMENTS[dept]["tiles"].items() if e == "value"]
    for counts in itertools.product(range(3), repeat=len(cells)):
        for tokens, tiles_out in itertools.product(range(3), (False, True)):
            board = [t for t in base["board"] if not (tiles_out and t in value_tiles)]
            p = {**base, "cells": {**base["cells"], **dict(zip(cells, counts, strict=True))}}
            p.update(value=tokens, board=board)
            reach = city_reach(p)
            for demand in DEMANDS:
                probe = {"mode": "new", "city": A_CITY[demand], "items": {}, "tok": 0}
                said = can_deliver(p, probe)
                assert said == (reach is not None and reach >= demand), (counts, tokens, demand)


@pytest.mark.parametrize(("players", "seed"), [(4, 23), (2, 24)])
def test_transport_costs_are_the_routes(players: int, seed: int) -> None:
    """With the department's transport tile on its board and removed (ALG-EXPORT-11)."""
    for g in plan_positions(players, seed):
        s = g.s
        for seat in range(players):
            p = s["players"][seat]
            for board in (p["board"], [t for t in p["board"] if t != "transport"]):
                q = {**p, "board": board}
                costs = transport_costs(s, q)
                assert list(costs) == list(D.CITIES)
                for city, cost in costs.items():
                    assert cost == transport(s, q, city) == expected_cost(s, q, city), city
