"""Rules 10: when a Blueprint card's action could do anything, and how many Colonists could
boost it usefully (engine/mars/blueprints.py). An Advanced Building whose action would do
nothing once its own cost is paid is not offered, and a boost is offered only up to what it
can add (RULINGS.md GAP-18)."""

from __future__ import annotations

from typing import Any

from engine.mars import build, paying
from engine.mars import data as D
from engine.mars import tech_grid as TG
from engine.mars.blueprints import CARDS, action_of, producers, rover_reach
from engine.mars.rules import P, bp_room, crystals, developable


def after_paying(p: dict, spent: int) -> tuple[int, int]:
    """(Depot, all spendable) crystals left once ``spent`` is paid, Depot first (GOAL-05)."""
    depot = p["depot"] - min(spent, p["depot"])
    return depot, depot + p["gcry"] - (spent - min(spent, p["depot"]))


def usable(g: Any, seat: int, bp: str, h: str, spent: int) -> bool:
    """Whether using the card on ``h`` could do anything for ``seat`` after paying ``spent``."""
    act = action_of(bp)
    p = P(g, seat)
    if act == "radar":
        tile = g.s["hex"][h]["b"].get("radar")
        return tile_useful(g, seat, tile, spent) if tile else bool(g.s.get("disc_up"))
    if act.startswith("build:"):
        kind = act[6:]
        spare = p["lq"] - (kind == "mine")  # a Mine costs a Colonist: it boosts nothing
        return build.can_pay(g, seat, kind) and bool(build.build_spots(g, seat, kind, spare))
    if act in ("tech", "contract"):
        return tile_useful(g, seat, act, spent)
    checks = {
        "upgrade": lambda: bool(build.upgradable(g, seat)),
        "upgrade_any": lambda: bool(build.upgradable(g, seat, anywhere=True)),
        "produce": lambda: bool(producers(g, seat)),
        "ship": lambda: ships_left(g, seat) > 0,
        "warehouse": lambda: any(g.s["warehouse"].values()),
        "develop": lambda: bool(developable(g, seat)),
        "home": lambda: p["wa"] > 0,
        "slots_home": lambda: any(seat in slot for slot in g.s["orbit_slots"].values()),
        "trade": lambda: any(p["res"].values()),
        "bots_rover": lambda: bool(p["bots"]),
        "elevator": lambda: p["side"] == "colony",
        "blueprint": lambda: bp_room(g, seat) > 0,
        "rover": lambda: rover_reach(g) > 0,
    }
    return checks[act]() if act in checks else True  # crystals, op: always


def tile_useful(g: Any, seat: int, what: str, spent: int) -> bool:
    """Whether a Discovery tile's benefit (Radar), a Tech (Oxygen Tank) or a Contract (Biolab)
    could be had once ``spent`` crystals are paid."""
    from engine.mars.colony import hireable, takeable
    from engine.mars.tech_grid import can_learn

    p = P(g, seat)
    depot, spendable = after_paying(p, spent)
    if what == "tech":
        return any(can_learn(g, seat, t, spendable) for t in g.s["grid"])
    if what in ("contract", "scicon"):
        contract = depot >= D.CONTRACT_COST and bool(takeable(g, seat, free=True))
        return contract or (what == "scicon" and bool(hireable(g, seat)))
    if what == "dev2":
        return bool(developable(g, seat))
    if what.startswith("build:") or what == "buildany":
        kinds = [what[6:]] if what.startswith("build:") else list(D.TYPES)
        return any(build.can_pay(g, seat, k) and build.build_spots(g, seat, k) for k in kinds)
    if what == "upgrade2":
        return bool(build.upgradable(g, seat))
    if what == "bp2":
        return bp_room(g, seat) > 0
    if what == "wh2":
        return any(g.s["warehouse"].values())
    return True  # crystals or Resources


def ships_left(g: Any, seat: int) -> int:
    """Ships the seat may welcome now, one after another (facts.md: those welcomed stay below
    the colony level; each costs 1 plant + 1 water, a Mineral standing in from rules 4)."""
    from engine.mars.colony import ship_ok

    if not ship_ok(g, seat):
        return 0
    p = P(g, seat)
    allowed = min(g.s["level"] - (D.SHIPS - p["ships"]), p["ships"])
    plant, water, mineral = p["res"]["plant"], p["res"]["water"], p["res"]["mineral"]
    k = 0
    while k < allowed:
        short = max(0, 1 - plant) + max(0, 1 - water)
        if short and (not paying.minerals_stand_in(g) or short > mineral):
            break
        mineral -= short
        plant, water = max(0, plant - 1), max(0, water - 1)
        k += 1
    return k


def boost_cap(g: Any, seat: int, bp: str) -> int:
    """How many Colonists could boost the card usefully: no more than the Living Quarters
    hold, nor than what the extra items could be (one more Ship, Blueprint, upgrade, ...)."""
    act = action_of(bp).split(":")[0]
    p = P(g, seat)
    lq = p["lq"] - (action_of(bp) == "build:mine")  # the Mine's own Colonist
    if not CARDS[bp][2]:
        return 0
    caps = {
        "ship": lambda: ships_left(g, seat) - 1,
        "blueprint": lambda: bp_room(g, seat) - 1,
        "upgrade": lambda: p["res"]["mineral"] - 1,
        "warehouse": lambda: sum(g.s["warehouse"].values()) - 1,
        # rules 11: only tiles the player can pay in turn (rules 10 keeps its grid count)
        "tech": lambda: (
            (TG.payable_count(g, seat, crystals(p)) if TG.v11(g) else len(g.s["grid"])) - 1
        ),
    }
    return max(0, min(lq, caps[act]() if act in caps else lq))
