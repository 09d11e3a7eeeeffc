"""The Weekend (bonus, strips, tanks, first player) and the End of the Month."""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.frames import applies, decision, push
from engine.algae.gains import BONUS_TEXT, gain


def end_of_week(g: Any) -> None:
    """ALG-WEEK-08 / ALG-WKND-01: a Weekend after weeks 1-3, the End of the Month after 4."""
    s = g.s
    s["turn"] = None
    if s["week"] >= D.WEEKS:
        from engine.algae.scoring import end_of_month

        end_of_month(g)
        return
    g.log(None, f"Weekend after week {s['week']}")
    if R.on(s, "weekend_spends_energy"):
        s["phase"] = "weekend"  # ruling ALG-GAP-27 (rules 2): each bonus costs 1 energy
        for seat, p in enumerate(s["players"]):
            if weekend_bonuses(s, seat) and p["energy"] > 0:
                push(g, seat, "wknd")
        return  # flow.advance finishes the weekend once everyone has chosen
    weekend_bonus(g)
    finish_weekend(g)


def finish_weekend(g: Any) -> None:
    """ALG-WKND-02: after the bonuses, steps B, C and D, then the next Monday."""
    s = g.s
    update_strips(g)
    refill_tanks(s)
    balance_byproducts(s)
    s["first"] = (s["first"] + 1) % len(g.players)  # ALG-WKND-15
    s["week"] += 1
    from engine.algae.flow import start_monday

    start_monday(g)  # ALG-WKND-16


def weekend_bonuses(s: dict, seat: int) -> list[str]:
    """ALG-WKND-03 (ruling ALG-GAP-27): the two bonuses the last spot touches."""
    if s["weekend_side"] == 1 or s["sup"][seat] is None:
        return []
    spot = s["sup"][seat][1]
    return [D.WEEKEND_STRIP[spot], D.WEEKEND_STRIP[spot + 1]]


@decision("wknd", "Weekend bonus: each bonus you take costs 1 energy")
def _wknd_opts(g: Any, seat: int, f: dict) -> list:
    """ALG-WKND-03 (ruling ALG-GAP-27, rules 2): spend energy on one, both or none."""
    p = g.s["players"][seat]
    left, right = (BONUS_TEXT[b] for b in weekend_bonuses(g.s, seat))
    e = p["energy"]
    out = []
    if e >= 2:
        out.append(("both", f"2 energy: take {left} and {right}"))
    out += [("left", f"1 energy: take {left}"), ("right", f"1 energy: take {right}")]
    return [*out, ("none", f"Keep your {e} energy")]


@applies("wknd")
def _wknd_apply(g: Any, seat: int, f: dict, move: str) -> None:
    s = g.s
    p = s["players"][seat]
    touched = weekend_bonuses(s, seat)
    take = {"both": touched, "left": touched[:1], "right": touched[1:], "none": []}[move]
    p["energy"] -= len(take)
    if not take:
        g.log(seat, f"{g.name(seat)} keeps their energy and takes no weekend bonus")
    for bonus in take:
        gain(g, seat, bonus, "weekend")


def weekend_bonus(g: Any) -> None:
    """Rules 1: 2+ energy takes both bonuses, 1 energy the left one, 0 none (not spent)."""
    s = g.s
    for seat, p in enumerate(s["players"]):
        touched = weekend_bonuses(s, seat)
        keep = touched[: min(2, p["energy"])]
        for bonus in keep:
            gain(g, seat, bonus, "weekend")


def update_strips(g: Any) -> None:
    """ALG-WKND-04..08."""
    s = g.s
    s["sup"] = [None] * len(g.players)
    week = s["week"]
    s["strip_side"][week] ^= 1  # the marker moves up to round space week+1; that strip flips
    if week == D.WEEKS - 1:
        s["weekend_side"] = 1


def refill_tanks(s: dict) -> None:
    """ALG-WKND-09..11."""
    for tank in s["tanks"].values():
        tank["n"] = tank["cap"]


def balance_byproducts(s: dict) -> None:
    """ALG-WKND-12..14: full loses one, empty gains one, then even out the rows."""
    byp = s["byp"]
    for kind in D.BYPRODUCTS:
        if byp[kind] >= D.BYP_CAPACITY:
            byp[kind] -= 1
        elif byp[kind] == 0:
            byp[kind] += 1
    a, b = D.BYPRODUCTS
    while abs(B.byp_rows(byp[a]) - B.byp_rows(byp[b])) >= 2:
        hi, lo = (a, b) if byp[a] > byp[b] else (b, a)
        byp[hi] -= 1
        byp[lo] += 1
