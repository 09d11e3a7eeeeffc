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
from engine.mars.rules import P, at_orbit_menu, crystals, pay_crystals, v2, v13


def v11(g: Any) -> bool:
    return g.s.get("rules", 1) >= 11


def row(g: Any, tid: str) -> int:
    """The tile's row, 0 = bottom; rules 2-10: 0 = the free top row, 1 = the crystal row."""
    pos = g.s["grid_pos"][tid]
    if not v11(g):
        return pos // D.GRID_ROW
    return next(i for i, end in enumerate(D.GRID_ROW_ENDS_11) if pos < end)


ORDINAL = ("1st", "2nd", "3rd", "4th")


def space_words(g: Any, tid: str) -> str:
    """Where ``tid`` lies on the grid, in words ("middle row, 2nd"): it tells apart two
    face-up Techs of one type at one price (from rules 11: rows bottom, middle, top)."""
    pos = g.s["grid_pos"].get(tid)
    if pos is None:
        return "on the grid"
    if not v11(g):
        return f"row {pos // D.GRID_ROW + 1}, {ORDINAL[pos % D.GRID_ROW]}"
    r = row(g, tid)
    start = D.GRID_ROW_ENDS_11[r - 1] if r else 0
    return f"{('bottom', 'middle', 'top')[r]} row, {ORDINAL[pos - start]}"


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


def column_one_room(g: Any, seat: int) -> int:
    """Rules 12 (the rulebook, Learn New Technology: a learned tile goes on "an empty space of
    the leftmost column in your Laboratory. If both of these spaces already have a tile on them,
    you may not take this action"): how many of its 2 spaces are free; rules 1-11 no limit."""
    if g.s.get("rules", 1) < 12:
        return 99
    p = g.s["players"][seat]
    return max(0, LAB_COLUMN_ONE - sum(1 for t in p["techs"] if g.s["techs"][t]["lvl"] == 1))


LAB_COLUMN_ONE = 2  # spaces in the Laboratory's leftmost column


def choices(g: Any, seat: int, tid: str, crystals_left: int) -> list[tuple[str, str]]:
    """The ways ``seat`` can pay the space of ``tid`` with ``crystals_left`` crystals to spare:
    (move, price in words, "" when free). A top-row tile gives one move per Resource the
    player could add to the Battery (``tid@water``), so the choice is part of the one click.
    None while the Laboratory's first column is full (rules 12), or for a type the player
    already has (rules 13)."""
    if not column_one_room(g, seat) or type_held(g, seat, tid):
        return []
    if crystal_cost(g, tid):
        ok = crystal_cost(g, tid) <= crystals_left
        return [(tid, f"{crystal_cost(g, tid)} crystal")] if ok else []
    if not battery_cost(g, tid):
        return [(tid, "")]
    battery = {"battery": battery_cost(g, tid)}
    taken = paying.paid_with(g, seat, battery)
    if taken is None:
        return []
    if not any_cost(g, tid):
        return [(tid, paid_text(taken))]
    res, n = P(g, seat)["res"], any_cost(g, tid)
    return [
        (f"{tid}@{k}", paid_text({**taken, k: taken.get(k, 0) + n}))
        for k in D.RESOURCES
        if res[k] - taken.get(k, 0) >= n
    ]


def type_held(g: Any, seat: int, tid: str) -> bool:
    """Rules 13 (the rulebook, Learn New Technology: "Each player may only have 1 Tech tile of
    each type"): ``seat`` already has a Tech of ``tid``'s type. Rules 1-12 did not check."""
    if not v13(g):
        return False
    techs = g.s["techs"]
    return any(techs[t]["type"] == techs[tid]["type"] for t in P(g, seat)["techs"])


def paid_text(paid: dict[str, int]) -> str:
    """What the player hands over, plainly ("1 mineral + 1 water", "2 battery"): a Mineral
    standing in for the Battery shows as the Mineral it is, to keep the option short."""
    return " + ".join(f"{n} {k}" for k, n in paid.items() if n)


def can_learn(g: Any, seat: int, tid: str, crystals_left: int) -> bool:
    return bool(choices(g, seat, tid, crystals_left))


def payable_count(g: Any, seat: int, crystals_left: int) -> int:
    """How many face-up tiles ``seat`` could pay for one after another, cheapest first (a
    boost's cap: a Colonist sent for a tile that cannot be paid would be lost). The
    Laboratory benefits that might pay later tiles are not counted."""
    res = dict(P(g, seat)["res"])
    count, room = 0, column_one_room(g, seat)
    kinds: set[str] = set()  # rules 13: one tile of a type, even in one boosted Learn
    for tid in sorted(g.s["grid"], key=lambda t: (crystal_cost(g, t), row(g, t) if v2(g) else 0)):
        if count >= room:  # rules 12: the Laboratory's first column holds only so many
            break
        kind = g.s["techs"][tid]["type"]
        if type_held(g, seat, tid) or (v13(g) and kind in kinds):  # rules 13: one of each type
            continue
        crystal = crystal_cost(g, tid)
        need = [("battery", battery_cost(g, tid)), ("any", any_cost(g, tid))]
        if crystal > crystals_left:
            break
        for item, n in need:
            for _ in range(n):
                pick = item if item != "any" else max(res, key=lambda k: (res[k], k != "mineral"))
                if res.get(pick, 0) < 1:
                    pick = "mineral"  # a Mineral stands in (paying.py)
                if res[pick] < 1:
                    return count
                res[pick] -= 1
        crystals_left -= crystal
        count += 1
        kinds.add(kind)
    return count


def tile_of(move: str) -> str:
    """The Tech of a Learn move (``tid`` or ``tid@resource``)."""
    return move.split("@")[0]


def price(g: Any, tid: str) -> dict[str, int]:
    """What the space of ``tid`` costs anyone: crystals, Batteries and Resources of choice."""
    return {
        "crystal": crystal_cost(g, tid),
        "battery": battery_cost(g, tid),
        "any": any_cost(g, tid),
    }


def row_text(g: Any, tid: str) -> str:
    """What the space costs anyone, in words ("free", "1 battery + 1 Resource")."""
    cost = price(g, tid)
    parts = [f"{cost['crystal']} crystal"] if cost["crystal"] else []
    parts += [f"{cost['battery']} battery"] if cost["battery"] else []
    parts += [f"{cost['any']} Resource"] if cost["any"] else []
    return " + ".join(parts) or "free"


def in_cost_order(g: Any, tids: list[str]) -> list[str]:
    """Rules 11: the tiles cheapest row first (a refill may have put a free one last)."""
    return sorted(tids, key=lambda t: row(g, t)) if v11(g) else list(tids)


def pay(g: Any, seat: int, move: str) -> str:
    """Pay for the Learn move ``move`` (the caller checked it is one of ``choices``); returns
    what was paid, in words, for the log ("" when nothing)."""
    tid, _, extra = move.partition("@")
    if crystal_cost(g, tid):
        pay_crystals(P(g, seat), crystal_cost(g, tid))
        return f"{crystal_cost(g, tid)} crystal"
    if not battery_cost(g, tid):
        return ""
    taken = paying.paid_with(g, seat, {"battery": battery_cost(g, tid)})
    assert taken is not None, "pay() of a Learn move choices() did not offer"
    paying.pay(g, seat, {"battery": battery_cost(g, tid)})
    if extra:
        P(g, seat)["res"][extra] -= any_cost(g, tid)
        taken = {**taken, extra: taken.get(extra, 0) + any_cost(g, tid)}
    return paid_text(taken)


def refusal(g: Any, seat: int, move: str) -> str | None:
    """Rules 11: why Learn a Tech, asked for at the turn menu, is not offered when the reason
    is the Tech Grid (nothing face up, or nothing this player can pay) or, rules 12, a full
    first Laboratory column; else None."""
    if not v11(g) or move.strip().lower() != "learn" or not at_orbit_menu(g, seat):
        return None
    d = g.decision_for(seat)
    if d is None or any(o.move == "learn" for o in d.options):
        return None
    if not g.s["grid"]:
        return (
            "Learn a Tech: the Tech Grid is empty (it is refilled at a level-up, never with 1-2 "
            "players)"
        )
    if not column_one_room(g, seat):
        return (
            "Learn a Tech: both spaces of your Laboratory's first column hold a Tech; develop one "
            "of them first (R&D) to make room"
        )
    if any(can_learn(g, seat, t, crystals(P(g, seat))) for t in g.s["grid"]):
        return None  # the grid is not the reason (the Red Colonist is: red.refusal)
    if all(type_held(g, seat, t) for t in g.s["grid"]):
        return (
            "Learn a Tech: you already have a Tech of every type on the Tech Grid, and each "
            "player may have only one of each type"
        )
    res = P(g, seat)["res"]
    held = [t for t in g.s["grid"] if type_held(g, seat, t)]
    why = (
        "Learn a Tech: no face-up Tech is one you can take and pay for: a bottom space is free, "
        "a middle one costs 1 battery and a top one 1 battery + 1 Resource (a Mineral may stand "
        f"in for either), and you have {res['battery']} battery and {res['mineral']} mineral"
    )
    if held:  # rules 13: those of a type the player has are not for them
        types = sorted({D.TECH_TITLE[g.s["techs"][t]["type"]] for t in held})
        why += f"; you already have a {' and a '.join(types)} Tech (one of each type)"
    return why
