"""Setup's extra staff member and Monday Morning (steps A to E and the department step)."""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.frames import applies, auto, decision, push
from engine.algae.gains import add_science, algae_options, move_cube, move_options, take_algae
from engine.algae.state import add_vp


# ---------------------------------------------------------------- setup (ALG-RECRUIT-02)
@decision("setup_staff", "Setup: choose the team of your extra staff member")
def _setup_opts(g: Any, seat: int, f: dict) -> list:
    return [(f"staff {t}", f"Start with a second {t[:-1]}") for t in D.TEAMS]


@applies("setup_staff")
def _setup_apply(g: Any, seat: int, f: dict, move: str) -> None:
    team = move.split()[1]
    g.s["players"][seat]["staff"][team] += 1
    g.log(seat, f"{g.name(seat)} starts with a second {team[:-1]}")


# ---------------------------------------------------- taking algae (ALG-MON-03, ALG-OPER-02)
def _take_prompt(g: Any, seat: int, f: dict) -> str:
    return f"{f.get('why', 'Take algae')}: take up to {f['n']} more algae cube(s)"


@decision("take_algae", _take_prompt, chain=True)
def _take_opts(g: Any, seat: int, f: dict) -> list:
    if f["n"] <= 0:
        return []
    opts = algae_options(g, seat)
    return [*opts, ("done", "Take no more algae")] if opts else []


@applies("take_algae")
def _take_apply(g: Any, seat: int, f: dict, move: str) -> None:
    if move == "done":
        f["n"] = 0
        return
    take_algae(g, seat, move)
    f["n"] -= 1  # ALG-MON-16: one cube per operator in total, taken and bought together


# ------------------------------------------ cube moves on main belts (ALG-MON-08/09/17/18)
def _moves_prompt(g: Any, seat: int, f: dict) -> str:
    return f"{f.get('why', 'Move cubes')}: {f['n']} cube move(s) left along main belts"


@decision("free_moves", _moves_prompt, chain=True)
def _moves_opts(g: Any, seat: int, f: dict) -> list:
    if f["n"] <= 0:
        return []
    opts = move_options(g, seat, f.get("m"))
    return [*opts, ("done", "Stop moving cubes")] if opts else []


@applies("free_moves")
def _moves_apply(g: Any, seat: int, f: dict, move: str) -> None:
    if move == "done":
        f["n"] = 0
        return
    move_cube(g, seat, move)
    f["n"] -= 1


# --------------------------------------------------------------- steps B to E
def steps_b_to_e(g: Any) -> None:
    """B and C for everyone, then D, E and the department step open to all at once."""
    s = g.s
    for seat, p in enumerate(s["players"]):
        icons = B.revealed_icons(p)
        p["money"] += 2 + icons["money"]  # ALG-MON-05/06
        add_vp(p, "income", icons["vp"])  # ALG-MON-07
        gen = p["fields"]["gen"]
        if gen:
            p["energy"] += 1 if gen == "gen1" else 2
        g.log(seat, f"{g.name(seat)} takes €{2 + icons['money']} and {icons['vp']} VP income")
    s["phase"] = "mon_de"
    for seat, p in enumerate(s["players"]):
        food_first = R.on(p, "food_step_first")  # ruling ALG-GAP-23 (rules 2): before D
        if p["dept"] == "food" and not food_first:
            push(g, seat, "food_step")
        elif p["dept"] == "biofuel":
            push(g, seat, "refine")
        push(g, seat, "mon_science")
        push(g, seat, "free_moves", n=B.income(p, "engineers"), why="Monday step D")
        if p["dept"] == "food" and food_first:
            push(g, seat, "food_step")  # on top: it runs first


@auto("mon_science")
def _mon_science(g: Any, seat: int, f: dict) -> None:
    """ALG-MON-10/11/25: step E, science per scientist (+2 with the tile), up to 10."""
    p = g.s["players"][seat]
    got = add_science(p, B.income(p, "scientists"))
    g.log(seat, f"{g.name(seat)} gains {got} science")


@auto("food_step")
def _food_step(g: Any, seat: int, f: dict) -> None:
    """ALG-MON-27/28: spoil what had degraded, then degrade what is fresh (ruling GAP-23)."""
    p = g.s["players"][seat]
    cells = p["cells"]
    spoiled = degraded = 0
    fridge = B.has_effect(p, "fridge")
    for fresh, old in B.dept(p)["degrade"].items():
        if not fridge:
            spoiled += cells[old]
            cells[old] = 0
        degraded += cells[fresh]
        cells[old] += cells[fresh]
        cells[fresh] = 0
    g.log(seat, f"{g.name(seat)}'s food: {spoiled} spoiled, {degraded} degraded")


def refine_cost(p: dict) -> int:
    """The energy one refining costs Biofuel now (ruling ALG-GAP-23; the refinery tile makes it
    free)."""
    return 0 if B.has_effect(p, "refinery") else B.dept(p)["refine"][2]


@decision("refine", "Biofuel: refine one crude fuel?")
def _refine_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    src, dst, _ = B.dept(p)["refine"]
    cost = refine_cost(p)
    if p["cells"][src] <= 0 or p["energy"] < cost:
        return []
    price = f" for {cost} energy" if cost else ""
    return [
        ("refine", f"Refine a {src} cube into {dst} (value {B.value_of(p, dst)}){price}"),
        ("skip", "Do not refine this week"),
    ]


@applies("refine")
def _refine_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-MON-29: one refining on Monday."""
    if move == "skip":
        return
    p = g.s["players"][seat]
    src, dst, _ = B.dept(p)["refine"]
    p["energy"] -= refine_cost(p)
    p["cells"][src] -= 1
    p["cells"][dst] += 1
    g.log(seat, f"{g.name(seat)} refines a crude fuel")
