"""Recruiting staff and activating a team (operators, engineers, scientists)."""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from engine.algae.export import export_choices, start_export
from engine.algae.frames import applies, decision, push
from engine.algae.gains import add_science, algae_options, gain
from engine.algae.state import add_vp
from engine.wording import count


def recruit(g: Any, seat: int, team: str) -> None:
    """ALG-RECRUIT-03..07: leftmost empty space, pay the column cost, bonus and VP."""
    p = g.s["players"][seat]
    col = p["staff"][team] - 1
    cost = D.STAFF_COST[col]
    bonus, vp = D.STAFF_ROWS[team][col]
    p["money"] -= cost
    p["staff"][team] += 1
    add_vp(p, "staff", vp)
    article = "an" if team[0] in "aeiou" else "a"
    text = f"{g.name(seat)} recruits {article} {team[:-1]} for €{cost}"
    g.log(seat, text + (f", {vp} VP" if vp else ""))

    if bonus == "upgrade":  # ruling ALG-GAP-03: the last space of a row is the team upgrade
        p["upg"][team] = True
        g.log(seat, f"{g.name(seat)}'s {team} get their team upgrade")
    elif bonus:
        gain(g, seat, bonus, "staff")


def activate(g: Any, seat: int, team: str) -> None:
    """ALG-TEAM-01/02: one task, or both in order with the team upgrade."""
    p = g.s["players"][seat]
    n = p["staff"][team]
    g.log(seat, f"{g.name(seat)} activates {n} {team if n != 1 else team[:-1]}")
    if team == "engineers":
        push(g, seat, "eng", pts=n, left=n, took=0)  # ALG-ENG-01/02
        return
    if team == "operators":
        if p["upg"]["operators"]:
            start_export(g, seat, n)
            push(g, seat, "take_algae", n=n, why="Operators")
        else:
            push(g, seat, "oper")
        return
    if p["upg"]["scientists"]:
        push(g, seat, "sci_tiles", n=n)
        science_gain(g, seat)
    else:
        push(g, seat, "sci")


def science_gain(g: Any, seat: int) -> None:
    """ALG-SCI-02..04: one per scientist, up to 10, without the income tile's +2."""
    p = g.s["players"][seat]
    got = add_science(p, p["staff"]["scientists"])
    g.log(seat, f"{g.name(seat)} gains {got} science")


# -------------------------------------------------------------------- operators
@decision("oper", "Operators: take algae or export?")
def _oper_opts(g: Any, seat: int, f: dict) -> list:
    n = g.s["players"][seat]["staff"]["operators"]
    out = []  # issue 12 item 2: a task that can do nothing now is not offered
    if algae_options(g, seat):
        out.append(("algae", f"Take algae: up to {n} cube(s)"))
    if export_choices(g, seat):
        out.append(("export", f"Export: up to {count(n, 'city')}"))
    return out


@applies("oper")
def _oper_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-OPER-01/02/05/06: one cube or one city per operator (no income bonus)."""
    n = g.s["players"][seat]["staff"]["operators"]
    if move == "algae":
        push(g, seat, "take_algae", n=n, why="Operators")
    else:
        start_export(g, seat, n)


# -------------------------------------------------------------------- scientists
@decision("sci", "Scientists: gain science or place science tiles?")
def _sci_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    n = p["staff"]["scientists"]
    return [
        ("gain", f"Gain {n} science (you have {p['science']}, at most 10)"),
        ("tiles", f"Place up to {n} science tile(s) in your grid"),
    ]


@applies("sci")
def _sci_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-SCI-01."""
    if move == "gain":
        science_gain(g, seat)
    else:
        push(g, seat, "sci_tiles", n=g.s["players"][seat]["staff"]["scientists"])
