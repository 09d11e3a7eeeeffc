"""Rule checks that fail when their rule is broken (issue 11), reached by real moves.

ALG-TEAM-01 (one task without the upgrade), the printed grid-cell bonuses (ALG-GRID-01..10 by
real science placements), ALG-MON-21 (the side-board income bonus), ALG-EXPORT-14 (ruling:
no good is worth 0) and the random playouts' department coverage.
"""

from __future__ import annotations

import pytest

from engine.algae import data as D
from tests.algae.helpers import at_work, moves, play, player, top


def _turn(g):
    seat = g.s["turn"]
    return seat, player(g, seat)


def test_operators_without_upgrade_do_one_task_only():
    """ALG-TEAM-01, ALG-OPER-01: activating operators without the team upgrade is one task:
    after taking algae the turn goes on with no export (and after exporting, no algae)."""
    g = at_work(["cosmetics", "food"], seed=2)
    seat, p = _turn(g)
    mine = next(iter(D.DEPARTMENTS[p["dept"]]["values"]))
    p["cells"][mine] = 1  # a good to export, so both tasks are offered
    play(g, seat, "spot 1d", "team operators")  # strip 1 side 0 spot d: operators
    assert set(moves(g, seat)) == {"algae", "export"}
    play(g, seat, "algae", "take green", "done")
    assert top(g, seat) is None and g.s["turn"] == 1 - seat  # no export followed
    assert p["cells"][mine] == 1
    other, q = _turn(g)
    good = next(iter(D.DEPARTMENTS[q["dept"]]["values"]))
    q["cells"][good] = 1
    play(g, other, "spot 1d", "team operators", "export", "export bordeaux", f"add {good}")
    play(g, other, "deliver")
    assert top(g, other) is None and g.s["turn"] == seat  # no algae followed


def test_operators_with_upgrade_do_both_in_order():
    """ALG-TEAM-02: with the upgrade, take algae first, then export, in one activation."""
    g = at_work(["cosmetics", "food"], seed=2)
    seat, p = _turn(g)
    p["upg"]["operators"] = True
    good = next(iter(D.DEPARTMENTS[p["dept"]]["values"]))
    p["cells"][good] = 1
    play(g, seat, "spot 1d", "team operators")
    assert top(g, seat) == "take_algae"
    play(g, seat, "take green", "done")
    assert top(g, seat) == "export"
    play(g, seat, "export bordeaux", f"add {good}", "deliver")
    assert p["cities"] == ["bordeaux"]


GRID_GAIN = {
    "energy1": ("energy", 1),
    "energy2": ("energy", 2),
    "choice": ("choice", 1),
    "wild": ("wild", 1),
}


@pytest.mark.parametrize("cell", sorted(D.GRID_BONUS))
def test_each_grid_cell_gives_its_printed_bonus(cell: str):
    """ALG-SCI-10, ALG-GRID-01..10 (ruling ALG-GAP-05): a science tile placed by a real
    scientist activation on ``cell`` gives the bonus printed there, and only that one."""
    g = at_work(["cosmetics", "food"], seed=2)
    seat, p = _turn(g)
    p["science"] = 10
    p["staff"]["scientists"] = 1
    for item, (cells, _) in D.GRID_ITEMS.items():
        if cell in cells:
            p["grid_items"][item] = []  # an engineer took the tile that lay there
    before = {k: p[k] for k in ("energy", "choice", "wild", "money", "science", "freelance")}
    vp = dict(p["vp"])
    play(g, seat, "spot 1a", "team scientists", "tiles", "tile converter", f"at {cell}")
    bonus = D.GRID_BONUS[cell]
    cost = D.ZONE_SCI["abcd".index(cell[0])]
    after = {k: p[k] for k in before}
    expect = dict(before, science=before["science"] - cost)
    if bonus in GRID_GAIN:
        key, n = GRID_GAIN[bonus]
        expect[key] += n
    elif bonus == "sci_inc":
        expect["science"] = min(10, expect["science"] + p["staff"]["scientists"])
    elif bonus.startswith("byp"):
        assert top(g, seat) == "byp_plus" and g.s["stacks"][seat][-1]["n"] == int(bonus[3:])
    elif bonus == "oper_inc":
        n = p["staff"]["operators"]
        assert g.s["stacks"][seat][-1] == {"t": "take_algae", "n": n, "why": "operator income"}
    elif bonus == "eng_inc":
        n = p["staff"]["engineers"]
        assert top(g, seat) == "free_moves" and g.s["stacks"][seat][-1]["n"] == n
    elif bonus == "vp_inc":
        assert p["vp"] == vp  # no VP icon revealed yet: nothing
    if not bonus.startswith("byp"):
        assert after == expect, bonus
    assert p["grid_placed"] == {cell: "converter"}


def test_grid_income_now_pays_the_side_board_bonus_with_its_plus_two():
    """ALG-MON-21, ALG-GRID-08 (ruling ALG-GAP-13): removing the operators' income tile adds
    +2 to the side-board income bonus the grid's "operator income now" pays; reached by real
    scientist activations (inc_ops placed first, then a tile onto b4)."""
    g = at_work(["cosmetics", "food"], seed=2)
    seat, p = _turn(g)
    p["science"] = 10
    p["staff"]["scientists"] = 2
    p["staff"]["operators"] = 2
    play(g, seat, "spot 1a", "team scientists", "tiles", "tile inc_ops", "at a3h")
    play(g, seat, "tile converter", "at b4")
    frame = g.s["stacks"][seat][-1]
    assert frame["t"] == "take_algae" and frame["n"] == 2 + 2, frame


def test_export_14_every_finished_good_has_its_printed_value():
    """ALG-EXPORT-14 (ruling, issue 11): no good is worth 0 in these components (a cube a
    belt adds into the line is a full good once in the dispatch), so "+1 even to a 0-value
    cube" is the plain +1 per token; every dispatch storage prints a value of 1 or more."""
    for dept, spec in D.DEPARTMENTS.items():
        assert all(v >= 1 for v, _ in spec["values"].values()), dept
