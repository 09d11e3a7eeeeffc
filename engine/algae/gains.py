"""Gaining things: bonus tokens, byproduct cubes into the tanks, algae cubes from the tanks."""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.frames import push
from engine.algae.state import add_vp

BONUS_TEXT = {
    "energy": "1 energy",
    "energy1": "1 energy",
    "energy2": "2 energy",
    "money1": "€1",
    "money2": "€2",
    "money3": "€3",
    "freelance": "a freelance engineer",
    "choice": "a choice action token",
    "wild": "a wild action token",
    "value": "a +1 value token",
    "vp1": "1 VP",
    "vp2": "2 VP",
    "science1": "1 science",
    "science2": "2 science",
    "byp1": "1 byproduct cube into a tank",
    "byp2": "2 byproduct cubes into a tank",
    "vp_inc": "your VP income now",
    "oper_inc": "your operator income now",
    "eng_inc": "your engineer income now",
    "sci_inc": "your scientist income now",
    "upgrade": "the team upgrade",
    "move2": "2 cube moves now",
    "algae2": "up to 2 algae cubes now",
    "": "nothing",
}


def add_science(p: dict, n: int) -> int:
    """ALG-SCI-03 / ALG-MON-11 (ruling ALG-GAP-07): the science held never exceeds 10."""
    before = p["science"]
    p["science"] = min(D.SCIENCE_MAX, before + n)
    return p["science"] - before


# A flat dispatch over the bonus codes, one line each: split, it would only be harder to read.
def gain(g: Any, seat: int, bonus: str, source: str = "bonus") -> None:  # noqa: C901, PLR0912
    """Take one bonus at once; bonuses that need a choice push a frame."""
    p = g.s["players"][seat]
    if bonus.startswith("energy"):
        p["energy"] += int(bonus[6:] or 1)
    elif bonus.startswith("money"):
        p["money"] += int(bonus[5:])
    elif bonus in ("freelance", "choice", "wild", "value"):
        p[bonus] += 1
        if bonus == "value" and source == "city bonus" and R.on(p, "city_value_at_once"):
            p["city_value"] = p.get("city_value", 0) + 1  # ALG-EXPORT-19/20: this action only
    elif bonus == "move2":  # ALG-EXPORT-19: used at once
        push(g, seat, "free_moves", n=2, why="City bonus")
    elif bonus == "algae2":
        push(g, seat, "take_algae", n=2, why="City bonus")
    elif bonus.startswith("vp") and bonus[2:].isdigit():
        add_vp(p, source, int(bonus[2:]))
    elif bonus.startswith("science"):
        add_science(p, int(bonus[7:]))
    elif bonus.startswith("byp"):
        byp_plus(g, seat, int(bonus[3:]))
    elif bonus == "vp_inc":  # ALG-GRID-07
        add_vp(p, "income", B.revealed_icons(p)["vp"])
    elif bonus == "oper_inc":  # ALG-GRID-08
        push(g, seat, "take_algae", n=B.income(p, "operators"), why="operator income")
    elif bonus == "eng_inc":  # ALG-GRID-09
        push(g, seat, "free_moves", n=B.income(p, "engineers"), why="engineer income")
    elif bonus == "sci_inc":  # ALG-GRID-10
        add_science(p, B.income(p, "scientists"))
    why = f" ({source})" if source != "bonus" else ""
    g.log(seat, f"{g.name(seat)} gains {BONUS_TEXT.get(bonus, bonus)}{why}")


def byp_plus(g: Any, seat: int, n: int) -> None:
    """ALG-GRID-04..06: cubes from the supply into a tank of your choice, or €1 each."""
    s = g.s
    if all(s["byp"][b] >= D.BYP_CAPACITY for b in D.BYPRODUCTS):
        s["players"][seat]["money"] += n
        return
    push(g, seat, "byp_plus", n=n)


def store_byproduct(g: Any, seat: int, kind: str) -> int:
    """ALG-BYP-06..09: fill the tank bottom up for the euros on the space; full: sell for €1."""
    s = g.s
    p = s["players"][seat]
    n = s["byp"][kind]
    if n >= D.BYP_CAPACITY:
        p["money"] += 1
        return 1
    euros = B.byp_space_value(n)
    s["byp"][kind] = n + 1
    p["money"] += euros
    return euros


def algae_options(g: Any, seat: int) -> list[tuple[str, str]]:
    """Take (tank) or buy (empty tank, €1) one cube of a species with open storage room."""
    s = g.s
    p = s["players"][seat]
    out = []
    for sp in D.SPECIES:
        if B.storage_room(p, sp) <= 0:
            continue
        if s["tanks"][sp]["n"] > 0:
            out.append(
                (f"take {sp}", f"Take a {sp} cube from the tank ({s['tanks'][sp]['n']} left)")
            )
        elif p["money"] >= 1:
            out.append((f"buy {sp}", f"Buy a {sp} cube for €1 (tank empty)"))
    return out


def take_algae(g: Any, seat: int, move: str) -> None:
    """ALG-OPER-04 / ALG-MON-15: from the matching tank, or €1 from the supply when empty."""
    verb, sp = move.split()
    p = g.s["players"][seat]
    if verb == "take":
        g.s["tanks"][sp]["n"] -= 1
    else:
        p["money"] -= 1
    p["cells"][sp] += 1
    g.log(seat, f"{g.name(seat)} {'takes' if verb == 'take' else 'buys'} a {sp} cube")


def move_cube(g: Any, seat: int, move: str) -> tuple[str, str]:
    """Move one cube along a main belt given as ``move a>b``."""
    a, b = move.split()[1].split(">")
    cells = g.s["players"][seat]["cells"]
    cells[a] -= 1
    cells[b] += 1
    p = g.s["players"][seat]
    g.log(seat, f"{g.name(seat)} moves a cube {B.cell_text(p, a)} → {B.cell_text(p, b)}")
    return a, b


def move_options(g: Any, seat: int, machine: str | None = None) -> list[tuple[str, str]]:
    p = g.s["players"][seat]
    return [
        (f"move {a}>{b}", f"Move a cube {B.edge_text(p, f'{a}>{b}')} (machine {m.upper()} belt)")
        for a, b, m in B.movable_edges(p, machine)
    ]
