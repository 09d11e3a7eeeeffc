"""The Red Colonist's cost of the four Orbit actions (MARS-ORBIT-02/03, ruling MARS-GAP-03):
who may pay it how, the question when there is more than one way, and the reason a player
who cannot pay it is given. Rules 8 lets Colonists moved to the Working Area pay it, alone or
with crystals (the rulebook's Red Colonist); rules 1-7 only crystals."""

from __future__ import annotations

from typing import Any

from engine.mars import actions as A
from engine.mars import boosts
from engine.mars import tech_grid as TG
from engine.mars.frames import applies, decision
from engine.mars.rules import P, at_orbit_menu, crystals, pay_crystals, v2


def v8(g: Any) -> bool:
    """Rules 8 (RULINGS.md GAP-03): a Red Colonist's cost may be paid with Colonists."""
    return g.s.get("rules", 1) >= 8


def red_ways(g: Any, seat: int, a: str, placed: bool = False, cost: int | None = None) -> list[int]:
    """MARS-GAP-03: the ways to pay the Red Colonist of ``a``, each the number of its cost's units
    paid by moving a Colonist from the Living Quarters to the Working Area (rules 8; the rulebook:
    "you must either pay 1 Crystal or move a Colonist from your Living Quarters to your Working
    Area ... you can combine paying Crystals and/or Colonists"), the rest in crystals; rules 1-7
    only crystals. Empty when it cannot be paid (the placed Colonist itself counted unless
    ``placed``; then ``cost`` is the cost worked out before placing it)."""
    c = A.placement_cost(g, a, seat) if cost is None else cost
    ways = affordable(g, seat, c, placed)
    if a == "learn" and v2(g):  # a Tech Grid row still paid for afterwards (learn_ok)
        left = crystals(P(g, seat)) - c
        ways = [k for k in ways if any(TG.can_learn(g, seat, t, left + k) for t in g.s["grid"])]
    return ways


def affordable(g: Any, seat: int, c: int, placed: bool = False) -> list[int]:
    """``red_ways`` before the Learn Tech row: what the player's crystals and Colonists allow
    for a cost ``c``."""
    p = P(g, seat)
    if not placed and p["lq"] < 1:
        return []
    spare = (p["lq"] - (0 if placed else 1)) if v8(g) else 0
    return list(range(max(0, c - crystals(p)), min(c, spare) + 1))


def pay_red(g: Any, seat: int, c: int, sent: int) -> None:
    """Pay a Red Colonist's cost ``c``: ``sent`` Colonists to the Working Area, crystals for the
    rest (the Working Area's Colonists come back when the player travels, MARS-GAP-17)."""
    pay_crystals(P(g, seat), c - sent)
    if sent:
        boosts.send(g, seat, sent, "for the Colonists already on the action")


def red_text(c: int, sent: int) -> str:
    """``1 crystal``, ``1 Colonist to the Working Area``, or both joined by ``+``."""
    paid = c - sent
    parts = [f"{paid} crystal{'s' if paid > 1 else ''}"] if paid else []
    if sent:
        parts.append(f"{sent} Colonist{'s' if sent > 1 else ''} to the Working Area")
    return " + ".join(parts)


def refusal(g: Any, seat: int, move: str) -> str | None:
    """Rules 8: why a Red Colonist action the player asks for cannot be paid, else None."""
    a = move.strip().lower()
    if not v8(g) or a not in A.RED or not at_orbit_menu(g, seat):
        return None
    p = P(g, seat)
    c = A.placement_cost(g, a, seat)
    if affordable(g, seat, c):
        return None
    if p["lq"] < 1:
        return (
            f"{A.title(g, a)} needs a Colonist from your Living Quarters, and you have none there"
        )
    return (
        f"{A.title(g, a)} costs {c} for the Colonists already there, each 1 crystal or 1 Colonist "
        f"moved to your Working Area: you have {crystals(p)} crystal(s) and "
        f"{p['lq'] - 1} Colonist(s) besides the one you place"
    )


@decision(
    "redpay",
    lambda g, f: (
        f"Pay for the Colonists already on {A.title(g, f['a'])} ({f['c']}: each 1 crystal or "
        "1 Colonist to the Working Area)"
    ),
)
def redpay_options(g: Any, f: dict) -> list:
    """Rules 8, MARS-GAP-03: asked only when there is more than one way to pay."""
    c = f["c"]
    return [
        (f"wa{k}", f"{red_text(c, k)}: {A.title(g, f['a'])}")
        for k in red_ways(g, f["seat"], f["a"], placed=True, cost=c)
    ]


@applies("redpay")
def redpay_apply(g: Any, f: dict, move: str) -> None:
    pay_red(g, f["seat"], f["c"], int(move[2:]))


def place_red(g: Any, seat: int, a: str) -> int | None:
    """MARS-ORBIT-02/03: place a Colonist on ``a``'s slots and pay its cost when there is one way
    to; with more (rules 8, MARS-GAP-03) return the cost for the player to choose how."""
    c = A.placement_cost(g, a, seat)
    ways = red_ways(g, seat, a)
    if len(ways) == 1:
        pay_red(g, seat, c, ways[0])
    P(g, seat)["lq"] -= 1
    g.s["orbit_slots"][a].append(seat)
    return c if len(ways) > 1 else None
