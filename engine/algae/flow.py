"""The month: setup, four weeks of Monday / Work Week / Weekend, then the End of the Month.

``settle`` runs automatic frames, drops finished ones, and moves the game on to its next step
when nobody has anything left to answer. It is the only place phases change.
"""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from engine.algae.frames import push
from engine.frames import Asked


def turn_order(g: Any) -> list[int]:
    """ALG-WORK-01: from the first player, clockwise (seat order)."""
    n = len(g.players)
    return [(g.s["first"] + i) % n for i in range(n)]


def settle(g: Any) -> Asked:
    """Run until some seat has a question to answer, or the game is over."""
    return g.frames.settle(g, advance, limit=100_000)


def advance(g: Any) -> None:
    """Everyone is done with the current step: start the next one."""
    s = g.s
    phase = s["phase"]
    if phase == "setup":
        s["phase"] = "setup_staff"
        for seat in range(len(g.players)):
            push(g, seat, "setup_staff")
    elif phase == "setup_staff":
        start_monday(g)
    elif phase == "mon_a":
        order = turn_order(g)
        if len(s["moved"]) < len(order):
            seat = order[len(s["moved"])]
            s["moved"].append(seat)
            p = s["players"][seat]
            from engine.algae.board import income

            push(g, seat, "take_algae", n=income(p, "operators"), why="Monday step A")
        else:
            from engine.algae.monday import steps_b_to_e

            steps_b_to_e(g)
    elif phase == "mon_de":
        s["phase"] = "work"
        s["day"] = 1
        s["moved"] = []
        next_turn(g)
    elif phase == "work":
        next_turn(g)
    elif phase == "weekend":
        from engine.algae.weekend import finish_weekend

        finish_weekend(g)
    else:  # pragma: no cover - every phase is handled above
        raise RuntimeError(f"unknown phase {phase}")


def start_monday(g: Any) -> None:
    """ALG-MON-01/02/04: step A in turn order, one seat after another."""
    s = g.s
    s["phase"] = "mon_a"
    s["day"] = 0
    s["moved"] = []
    s["turn"] = None
    g.log(None, f"Week {s['week']}: Monday Morning")


def next_turn(g: Any) -> None:
    """ALG-WORK-01/02: five turns each, first player then clockwise; then the weekend."""
    s = g.s
    order = turn_order(g)
    if len(s["moved"]) == len(order):
        s["moved"] = []
        s["day"] += 1
        if s["day"] > D.DAYS:
            from engine.algae.weekend import end_of_week

            end_of_week(g)
            return
    seat = order[len(s["moved"])]
    s["moved"].append(seat)
    s["turn"] = seat
    s["x_turn"] = False
    push(g, seat, "after")
    push(g, seat, "action", second=False)
    push(g, seat, "spot")
