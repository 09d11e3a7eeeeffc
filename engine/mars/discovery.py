"""Rules 9: what a published Discovery tile does when the Rover takes it (MARS-GAP-10).

The kinds are the krindale player aid's "Discovery tiles" column; each benefit is optional
(RULINGS.md GAP-10) and pays its normal cost where the aid says so, through the same questions
the Main and Executive actions ask.
"""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars.colony import hireable, takeable
from engine.mars.frames import applies, decision, push
from engine.mars.rules import gain_code

SKIP = "skip it"


def take(g: Any, seat: int, tile: str) -> None:
    """Give the tile's benefit now, or push the question it asks."""
    if tile == "dev2":  # develop one Tech twice or two once, no cost
        push(g, seat, "dev1", free=True, left=2)
    elif tile.startswith("build:"):
        push(g, seat, "ctype", kinds=[tile[6:]], opt=SKIP)
    elif tile == "buildany":
        push(g, seat, "ctype", opt=SKIP)
    elif tile == "upgrade2":  # 1 Mineral each, no Upgrade Tech (not the Main action)
        push(g, seat, "ubp", extra=2, first=False, action=False)
    elif tile == "scicon":
        push(g, seat, "scicon")
    elif tile == "bp2":
        push(g, seat, "takebp", free=False, n=0, upto=2, opt=SKIP)
    elif tile == "wh2":
        push(g, seat, "whouse", left=2, taken=[], any=True)
    elif tile == "tech":  # the Tech Grid row's cost, as Learn Tech
        push(g, seat, "learn", n=0, opt=SKIP)
    else:  # crystals or Resources
        gain_code(g, seat, tile, "Discovery tile")


@decision("scicon", "Discovery tile: hire a Scientist or take an Earth Contract?")
def scicon_options(g: Any, f: dict) -> list:
    out = []
    if hireable(g, f["seat"]):
        out.append(("hire", "hire a Scientist (its cost)"))
    if takeable(g, f["seat"]):
        out.append(("contract", f"take an Earth Contract ({D.CONTRACT_COST} crystal)"))
    return [*out, ("done", SKIP)] if out else []


@applies("scicon")
def scicon_apply(g: Any, f: dict, move: str) -> None:
    if move == "hire":
        push(g, f["seat"], "hire")
    elif move == "contract":
        push(g, f["seat"], "takect")
