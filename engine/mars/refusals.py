"""Why a move asked for at the On Mars turn menu is refused, in the rules' words.

The engine's own refusal names the legal moves ("try: ..."); a player who typed ``learn`` after
taking the Main action, or ``x rover`` with two crystals, deserves the reason. ``refusal`` is
asked only after a move was found illegal, so a move it explains is never a legal one. The Red
Colonist's cost (red.py) and the Tech Grid's rows (tech_grid.py) keep their own reasons."""

from __future__ import annotations

from typing import Any

from engine.mars import actions as A
from engine.mars import colony, red
from engine.mars import data as D
from engine.mars import tech_grid as TG
from engine.mars.rules import P, at_turn_menu, bp_room, capacity, crystals, v13


def refusal(g: Any, seat: int, move: str) -> str | None:
    """The reason for ``move`` at ``seat``'s turn menu, or None to keep the engine's text."""
    if not at_turn_menu(g, seat):
        return None
    why = red.refusal(g, seat, move) or TG.refusal(g, seat, move)
    if why:
        return why
    words = move.strip().lower().split()
    if not words:
        return None
    if words[0] in A.ORBIT + A.COLONY and len(words) == 1:
        return main_refusal(g, seat, words[0])
    if words[0] == "x" and len(words) == 2:
        return exec_refusal(g, seat, words[1])
    if words[0] in ("discard", "goal") and len(words) == 2:
        return goal_refusal(g, seat, words[1])
    if words == ["end"]:
        return "take your Main action first: a turn has exactly one"
    return None


def main_refusal(g: Any, seat: int, a: str) -> str | None:
    """MARS-GAP-01: one Main action a turn, on the side of the player's marker."""
    side = P(g, seat)["side"]
    if g.s["turn"]["main"]:
        return "you have already taken your Main action this turn"
    if (a in A.ORBIT) != (side == "orbit"):
        where = "Orbit" if a in A.ORBIT else "Colony"
        article = "an" if where == "Orbit" else "a"
        return f"{A.title(g, a)} is {article} {where} action and you are on the {side.title()} side"
    return why_not_main(g, seat, a)


# The Main actions whose refusal needs no figure: what the action needs that is missing.
LACKS = {
    "upgrade": "no Building in your Bots' zones fits a Blueprint you hold, with 1 Mineral to pay",
    "construct": "no Building you can pay for has a legal hex in your Bots' zones",
    "hire": "no Scientist on display is one you can hire and pay for",
    "contract": "no Earth Contract on display is one you can take and pay for",
    "rnd": "none of your Techs can be developed",
    "resupply": "the Warehouse is empty",
}


def why_not_main(g: Any, seat: int, a: str) -> str | None:
    """What the rules ask that the player lacks for the Main action ``a`` (None if unknown)."""
    if a == "blueprint":
        return blueprint_lacks(g, seat)
    if a == "ship":
        return ship_lacks(g, seat)
    return LACKS.get(a)


def blueprint_lacks(g: Any, seat: int) -> str | None:
    if not g.s["bp_display"]:
        return "no Blueprint is left on display until the colony's next level"
    if v13(g) and not bp_room(g, seat):
        return f"all {D.ADV_MARKERS} of your Advanced Building markers are in use"
    return None


def ship_lacks(g: Any, seat: int) -> str | None:
    """facts.md, Welcome a Ship: 1 plant + 1 water; Ships welcomed stay below the colony level."""
    p = P(g, seat)
    welcomed = D.SHIPS - p["ships"]
    if not p["ships"]:
        return "you have welcomed all your Ships"
    if welcomed >= g.s["level"]:
        return (
            f"Ships welcomed must stay below the colony level: you have welcomed {welcomed} "
            f"at level {g.s['level']}"
        )
    if p["gained"] >= D.COLONISTS and not p["bots_left"]:
        return "a Ship would bring nothing: no Colonists or Bots are left for you to gain"
    if not colony.ship_ok(g, seat):
        return "a Ship costs 1 plant + 1 water (a Mineral may stand in)"
    return None


def exec_refusal(g: Any, seat: int, action: str) -> str | None:
    """MARS-EXEC-01..06: one Executive action a turn, from an open Depot slot, paid in
    crystals that are already in the Depot."""
    p = P(g, seat)
    if g.s["turn"]["exec"]:
        return "you have already taken an Executive action this turn"
    layout = {a: (slot, cost) for slot, a, cost in D.exec_layout(g.s.get("rules", 1))}
    if action not in layout:
        return None
    slot, cost = layout[action]
    if slot > capacity(p):
        ships = slot - D.OPEN_SLOTS
        return f"that Executive action's Depot space opens once you have welcomed {ships} Ship(s)"
    if crystals(p) < cost:
        coming = f" ({p['below']} more arrive next turn)" if p["below"] else ""
        return f"it costs {cost} crystals and you have {crystals(p)} to spend{coming}"
    if action == "blueprint":
        return blueprint_lacks(g, seat)
    return EXEC_LACKS.get(action)


# The Executive actions that may have nothing to act on (turn.exec_ok): what is missing.
EXEC_LACKS = {
    "warehouse": "the Warehouse is empty",
    "bots": "you have no Bot on Mars",
    "upgrade": LACKS["upgrade"],
    "develop": LACKS["rnd"],
}


def goal_refusal(g: Any, seat: int, which: str) -> str | None:
    held = len(P(g, seat)["goals"])
    if not (which.isascii() and which.isdigit()) or 1 <= int(which) <= held:
        return None
    return f"you hold {held} private goal(s), numbered 1 to {held}" if held else "you hold none"
