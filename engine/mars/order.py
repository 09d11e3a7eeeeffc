"""Rules 6 (RULINGS.md MARS-GAP-30): the turn-order spaces as the published board has them.

Spaces 1-4 lie on the Orbit side and 5-8 on the Colony side (the rulebook). At setup each player,
in seat order, takes any empty space and starts on its side; a player who travels (or takes the
Landing Pod) takes an empty space on the side they arrive at (the krindale player aid, Shuttle
phase step 3). Every time a player takes a space they may take its benefit at once
(``data.TURN_BENEFIT_6``): a Warehouse item, a Tech from the grid at its row's price, a Colonist,
2 Bot steps, a Blueprint, or a Discovery tile placed 3 hexes from their Rover.

Rules 7 (RULINGS.md GAP-04): once every player has a space, the player on the highest-numbered
one places the shuttle on either side's first Travel space (the rulebook's player setup); it
leaves that side in the first Shuttle phase. Rules 1-6 start it in Orbit.
"""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars.frames import push
from engine.mars.rules import P, gain_colonist

SKIP = ("done", "skip the turn-order benefit")


def skip(f: dict) -> tuple[str, str]:
    """The way out of an optional benefit: ``opt`` is True (a turn-order space) or its label."""
    return ("done", f["opt"]) if isinstance(f.get("opt"), str) else SKIP


def v6(g: Any) -> bool:
    """Rules 6: the published turn-order spaces (RULINGS.md GAP-30)."""
    return g.s.get("rules", 1) >= 6


def v7(g: Any) -> bool:
    """Rules 7: the player on the highest space places the shuttle (RULINGS.md GAP-04)."""
    return g.s.get("rules", 1) >= 7


def highest_seat(g: Any) -> int:
    """The seat whose marker is on the highest-numbered turn-order space."""
    return max(range(len(g.players)), key=lambda i: P(g, i)["space"])


def shuttle_options(g: Any, f: dict) -> list:
    """Rules 7: either side's first Travel space; the shuttle leaves that side first."""
    out = []
    for side in ("orbit", "colony"):
        who = [g.name(i) for i in range(len(g.players)) if P(g, i)["side"] == side]
        free = f"{', '.join(who)} may travel free" if who else "nobody is there"
        out.append((side, f"{side.title()} side: it leaves {side.title()} first ({free})"))
    return out


def place_shuttle(g: Any, f: dict, side: str) -> None:
    g.s["shuttle"] = side
    g.log(f["seat"], f"{g.name(f['seat'])} places the shuttle on the {side.title()} side")


def side_of(i: int) -> str:
    """The side of the board turn-order space ``i`` (0-based) lies on."""
    return "orbit" if i < D.ORBIT_SPACES else "colony"


def benefit_text(i: int) -> str:
    code = D.TURN_BENEFIT_6[i]
    return D.TURN_BENEFIT_TEXT[code] if code else "no benefit"


def space_options(g: Any, f: dict) -> list:
    """The empty spaces: any at setup (the space sets the side the player starts on), else
    those on the side the player arrives at."""
    out = []
    for i, who in enumerate(g.s["spaces"]):
        side = side_of(i)
        if who is not None or f.get("side", side) != side:
            continue
        where = "" if "side" in f else f" (start in {side.title()})"
        out.append((f"space {i + 1}", f"space {i + 1}{where}: {benefit_text(i)}"))
    return out


def take_space(g: Any, f: dict, i: int) -> None:
    """The player's marker goes on space ``i``; at setup it sets their side; then the
    space's benefit (each optional, the rulebook: "may immediately receive the benefit")."""
    seat, p = f["seat"], P(g, f["seat"])
    if "side" not in f:
        p["side"] = side_of(i)
    g.log(seat, f"{g.name(seat)} takes turn-order space {i + 1} ({side_of(i).title()} side)")
    benefit(g, seat, D.TURN_BENEFIT_6[i])


def benefit(g: Any, seat: int, code: str | None) -> None:
    """Push the question the benefit asks, or give it when there is nothing to choose."""
    if code == "colonist":
        gain_colonist(g, seat, "turn order")
    elif code == "warehouse":
        push(g, seat, "whouse", left=1, taken=[])
    elif code == "tech":
        push(g, seat, "learn", n=0, opt=True)
    elif code == "blueprint":
        push(g, seat, "takebp", free=False, n=0, opt=True)
    elif code == "bots":
        push(g, seat, "bots", left=D.TURN_BOTS)
    elif code == "discovery":
        from engine.mars.flow import disc_left, disc_spots

        if disc_left(g) and disc_spots(g, seat):
            push(g, seat, "disc")


def space_view(g: Any) -> dict[str, list]:
    """What each turn-order space gives and the side it lies on, by the game's rules (the
    pictures draw these, never the current table: a rules-5 game keeps its resources)."""
    n = len(g.s["spaces"])
    if not v6(g):
        bonus = [D.TURN_BONUS[i] if i < len(D.TURN_BONUS) else None for i in range(n)]
        return {
            "turn_space_bonus": bonus,
            "turn_space_text": [_bonus_text(b) for b in bonus],
            "turn_space_side": [None] * n,
        }
    return {
        "turn_space_bonus": [D.TURN_BENEFIT_6[i] for i in range(n)],
        "turn_space_text": [benefit_text(i) for i in range(n)],
        "turn_space_side": [side_of(i) for i in range(n)],
    }


def _bonus_text(code: str | None) -> str:
    """Rules 1-5: "crystal2" -> "2 crystal"."""
    if not code:
        return "no benefit"
    base = code.rstrip("0123456789")
    return f"{code[len(base) :] or 1} {base}"
