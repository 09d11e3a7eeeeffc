"""Paying Resource costs, with Minerals standing in for other Resources from rules 4.

The rulebook ("Minerals"): Minerals "can also be used instead of any other Resource (not
Crystals). The exception to this is completing an Earth Contract". Rules 1-3 never let a Mineral
stand in (RULINGS.md MARS-GAP-23). The engine takes the named Resource first and Minerals only
for what is missing (ours: the rulebook leaves the choice to the player; keeping the named
Resource first spends the wildcard last), so a cost is one choice, not one per Resource.
"""

from __future__ import annotations

from typing import Any

Cost = dict[str, int]


def minerals_stand_in(g: Any) -> bool:
    return g.s.get("rules", 1) >= 4


def paid_with(g: Any, seat: int, cost: Cost) -> Cost | None:
    """What paying ``cost`` takes from the player's Storage, or None if they cannot pay it."""
    res = g.s["players"][seat]["res"]
    out: Cost = {}
    short = 0
    for item, n in cost.items():
        if n <= 0:
            continue
        if item == "mineral":
            out["mineral"] = out.get("mineral", 0) + n
            continue
        own = min(n, res[item])
        if own:
            out[item] = own
        short += n - own
    if short and not minerals_stand_in(g):
        return None
    if short:
        out["mineral"] = out.get("mineral", 0) + short
    if out.get("mineral", 0) > res["mineral"]:
        return None
    return out


def can_pay(g: Any, seat: int, cost: Cost) -> bool:
    return paid_with(g, seat, cost) is not None


def pay(g: Any, seat: int, cost: Cost) -> str:
    """Take ``cost`` (the caller checked ``can_pay``); returns what was paid, in words."""
    taken = paid_with(g, seat, cost)
    assert taken is not None, "pay() after can_pay() said no"
    res = g.s["players"][seat]["res"]
    for item, n in taken.items():
        res[item] -= n
    return text(cost, taken)


def text(cost: Cost, taken: Cost | None = None) -> str:
    """``1 battery``, or ``1 mineral (for battery)`` when a Mineral stands in."""
    taken = cost if taken is None else taken
    named = ", ".join(f"{n} {i}" for i, n in cost.items() if n > 0)
    if taken == {i: n for i, n in cost.items() if n > 0}:
        return named
    return ", ".join(f"{n} {i}" for i, n in taken.items()) + f" (for {named})"


def offer_text(g: Any, seat: int, cost: Cost) -> str:
    """The cost as a control shows it: what this player would pay now."""
    taken = paid_with(g, seat, cost)
    return text(cost, taken) if taken is not None else text(cost)
