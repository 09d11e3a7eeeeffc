"""What a Tech Grid space costs to learn from (MARS-ORBIT-03, GAP-05).

Rules 2-10 (ours): 2 rows of 4; a bottom-row tile costs 1 crystal, a top-row tile is free.
Rules 11 (the rulebook, "Learn New Technology"): "Taking a tile from one of the bottom spaces is
free, taking a tile from one of the middle spaces costs 1 Battery, and taking a tile from one of
the top three spaces costs 1 Battery and 1 Resource of your choice." The rulebook names the top
three; that the other five are 2 bottom and 3 middle is ours (RULINGS.md GAP-05). A Mineral may
stand in for the Battery or the Resource (the rulebook's "Minerals", engine/mars/paying.py); the
Resource of your choice is chosen with the tile: one option per Resource the player could pay
(so the Laboratory space's benefit, data.LAB_ENTRY_CHOICES, never pays it).
"""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars import paying
from engine.mars.rules import P, pay_crystals, v2


def v11(g: Any) -> bool:
    return g.s.get("rules", 1) >= 11


def row(g: Any, tid: str) -> int:
    """The tile's row, 0 = bottom; rules 2-10: 0 = the free top row, 1 = the crystal row."""
    pos = g.s["grid_pos"][tid]
    if not v11(g):
        return pos // D.GRID_ROW
    return next(i for i, end in enumerate(D.GRID_ROW_ENDS_11) if pos < end)


def crystal_cost(g: Any, tid: str) -> int:
    """Rules 2-10: the crystal the old bottom row costs; nothing on rules 1 or 11."""
    if not v2(g) or v11(g):
        return 0
    return D.LEARN_ROW_COST[row(g, tid)]


def battery_cost(g: Any, tid: str) -> int:
    return D.LEARN_ROW_RES_11[row(g, tid)][0] if v11(g) else 0


def any_cost(g: Any, tid: str) -> int:
    """The Resource of the player's choice (rules 11's top row)."""
    return D.LEARN_ROW_RES_11[row(g, tid)][1] if v11(g) else 0


def choices(g: Any, seat: int, tid: str, crystals_left: int) -> list[tuple[str, str]]:
    """The ways ``seat`` can pay the space of ``tid`` with ``crystals_left`` crystals to spare:
    (move, price in words, "" when free). A top-row tile gives one move per Resource the
    player could add to the Battery (``tid@water``), so the choice is part of the one click."""
    if crystal_cost(g, tid):
        ok = crystal_cost(g, tid) <= crystals_left
        return [(tid, f"{crystal_cost(g, tid)} crystal")] if ok else []
    if not battery_cost(g, tid):
        return [(tid, "")]
    battery = {"battery": battery_cost(g, tid)}
    taken = paying.paid_with(g, seat, battery)
    if taken is None:
        return []
    price = paying.text(battery, taken)
    if not any_cost(g, tid):
        return [(tid, price)]
    res = P(g, seat)["res"]
    return [
        (f"{tid}@{k}", f"{price} + 1 {k}")
        for k in D.RESOURCES
        if res[k] - taken.get(k, 0) >= any_cost(g, tid)
    ]


def can_learn(g: Any, seat: int, tid: str, crystals_left: int) -> bool:
    return bool(choices(g, seat, tid, crystals_left))


def tile_of(move: str) -> str:
    """The Tech of a Learn move (``tid`` or ``tid@resource``)."""
    return move.split("@")[0]


def row_text(g: Any, tid: str) -> str:
    """What the space costs anyone, for the view and the picture."""
    if crystal_cost(g, tid):
        return f"{crystal_cost(g, tid)} crystal"
    if any_cost(g, tid):
        return "1 battery + 1 Resource"
    return "1 battery" if battery_cost(g, tid) else "free"


def pay(g: Any, seat: int, move: str) -> str:
    """Pay for the Learn move ``move`` (the caller checked it is one of ``choices``); returns
    what was paid, in words, for the log ("" when nothing)."""
    tid, _, extra = move.partition("@")
    if crystal_cost(g, tid):
        pay_crystals(P(g, seat), crystal_cost(g, tid))
        return f"{crystal_cost(g, tid)} crystal"
    if not battery_cost(g, tid):
        return ""
    paid = paying.pay(g, seat, {"battery": battery_cost(g, tid)})
    if extra:
        P(g, seat)["res"][extra] -= any_cost(g, tid)
        paid += f" + {any_cost(g, tid)} {extra}"
    return paid
