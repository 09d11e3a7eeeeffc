"""Names of On Mars pieces as players read them (issue 12 item 6): never the ids the state
keys them by ("shelter0", "rover1", "u-gen", "d-min", "shelter-1b")."""

from __future__ import annotations

from typing import Any

from engine.mars import data as D


def tech_name(g: Any, tid: str) -> str:
    """ "Shelter Tech", "Rover Tech" (a player holds at most one Tech of a kind)."""
    return f"{D.TECH_TITLE.get(g.s['techs'][tid]['type'], 'Shelter')} Tech"


def contract_name(cid: str) -> str:
    """ "the Generator upgrade contract", "the delivery contract (4 mineral)"."""
    _, kind, need = next(c for c in D.CONTRACTS if c[0] == cid)
    if kind == "upgrade":
        return f"the {D.TYPE_TITLE[need]} upgrade contract"
    return "the delivery contract (" + " + ".join(f"{n} {i}" for i, n in need.items()) + ")"


def blueprint_name(bp: str, g: Any = None) -> str:
    """ "the level 1 Shelter Blueprint (a)": type, level and which of the pair; rules 10 (the
    published cards, ``g`` given): "Casino (level 1 Shelter Blueprint)"."""
    kind, rest = bp.split("-")
    if g is not None and g.s.get("rules", 1) >= 10:
        from engine.mars.blueprints import CARDS

        return f"{CARDS[bp][0]} (level {rest[0]} {D.TYPE_TITLE[kind]} Blueprint)"
    return f"the level {rest[0]} {D.TYPE_TITLE[kind]} Blueprint ({rest[1:]})"


def hand_line(g: Any, seat: int) -> str:
    """What ``seat`` holds, for its private menu: Resources, crystals, Colonists, Blueprints
    and Contracts held (a phone cannot read the player picture's small print)."""
    p = g.s["players"][seat]
    res = " · ".join(
        f"{p['res'][k]} {k}" for k in ("mineral", "battery", "water", "plant", "oxygen")
    )
    crystals = p["depot"] + p["gcry"]
    later = f" (+{p['below']} next turn)" if p["below"] else ""
    parts = [
        f"You hold {res}",
        f"{crystals} crystal{'s' if crystals != 1 else ''}{later}",
        f"Colonists {p['lq']} home, {p['wa']} working",
    ]
    if p["bps"]:
        parts.append("Blueprints: " + ", ".join(blueprint_name(b, g) for b in p["bps"]))
    return " · ".join(parts)
