"""Orbit and Colony Main actions and their sub-choices (MARS-GAP-02, GAP-08)."""

from __future__ import annotations

from typing import Any

from engine.mars import blueprints, boosts, build, order, red
from engine.mars import data as D
from engine.mars import names as N
from engine.mars import tech_grid as TG
from engine.mars.colony import contract_text, hireable, ship_ok, start_ship, takeable
from engine.mars.frames import applies, decision, push
from engine.mars.rules import (
    P,
    bp_room,
    contribute,
    crystals,
    develop,
    developable,
    gain,
    gain_code,
    pay_crystals,
    tech_offers,
    usable_techs,
    use_tech,
    v2,
    v5,
)

ORBIT = ("pod", "blueprint", "learn", "rnd", "resupply")
COLONY = ("construct", "upgrade", "hire", "contract", "control", "ship")
RED = ("blueprint", "learn", "rnd", "resupply")  # MARS-ORBIT-02: show a red Colonist
TITLE = {
    "pod": "Landing Pod: go to the Colony now",
    "blueprint": "Obtain a Blueprint",
    "learn": "Learn a Tech from the Tech Grid",
    "rnd": "R&D: develop your Techs twice",
    "resupply": "Resupply: 2 different Warehouse items",
    "resupply5": "Resupply: 1 Warehouse item",
    "construct": "Construct a Building",
    "upgrade": "Upgrade a Building (1 mineral)",
    "hire": "Hire a Scientist",
    "contract": f"Take an Earth Contract ({D.CONTRACT_COST} crystal)",
    "control": "Control Center: Rover up to 2, then Bots up to 2",
    "ship": "Welcome a Ship (1 plant + 1 water)",
}


def placement_cost(g: Any, action: str, seat: int) -> int:
    """MARS-ORBIT-03, GAP-03: 1 crystal per Colonist already on the action's slots; rules 3
    with 3-4 players: 1 per other player's colour there (the rulebook, red Colonist)."""
    slots = g.s["orbit_slots"][action]
    if g.s.get("rules", 1) >= 3 and len(g.s["players"]) >= 3:
        return len(set(slots) - {seat})
    return len(slots)


# main_ok and start_main: flat dispatches over the 11 main actions, one line each.
def main_ok(g: Any, seat: int, a: str) -> bool:  # noqa: C901, PLR0911
    s = g.s
    if a in RED and not red.red_ways(g, seat, a):
        return False
    if a == "pod":
        return True
    if a == "blueprint":
        return bp_room(g, seat) > 0
    if a == "learn":
        return learn_ok(g, seat)
    if a == "rnd":
        return bool(developable(g, seat))
    if a == "resupply":
        return any(s["warehouse"].values())
    if a == "construct":
        return any(build.can_pay(g, seat, k) and build.build_spots(g, seat, k) for k in D.TYPES)
    if a == "upgrade":
        return bool(build.upgradable(g, seat))
    if a == "hire":
        return bool(hireable(g, seat))
    if a == "contract":
        return bool(takeable(g, seat))
    if a == "control":
        return True
    if a == "ship":
        return ship_ok(g, seat)
    return False


def title(g: Any, a: str) -> str:
    return TITLE["resupply5" if a == "resupply" and v5(g) else a]


def main_label(g: Any, a: str, seat: int) -> str:
    lab = title(g, a)
    if a in RED:
        c = placement_cost(g, a, seat)
        ways = red.red_ways(g, seat, a)
        if len(ways) > 1:  # rules 8 (MARS-GAP-03): asked next
            lab += f" (place a Colonist, pay {c} crystal{'s' if c > 1 else ''} or "
            lab += f"{'1 Colonist' if c == 1 else 'Colonists'})"
        elif ways and ways[0]:  # rules 8: the Colonists go to the Working Area
            paid = f"pay {c - ways[0]} crystal + " if c > ways[0] else ""
            lab += f" (place a Colonist, {paid}{ways[0]} more to the Working Area)"
        else:
            lab += f" (place a Colonist{f', pay {c} crystal' if c else ''})"
    return lab


def start_main(g: Any, seat: int, a: str) -> None:  # noqa: C901
    ask = red.place_red(g, seat, a) if a in RED else None
    if a == "pod":
        landing_pod(g, seat)
    elif a == "blueprint":
        push(g, seat, "takebp", free=False, cw=v5(g), n=0)
    elif a == "learn":
        push(g, seat, "learn", cw=v5(g), n=0)
    elif a == "rnd":  # rules 5: boosted with Colonists (cw), not crystals (cb)
        push(g, seat, "dev1", free=False, left=2, cb=v2(g) and not v5(g), cw=v5(g), paid=0)
    elif a == "resupply":
        n, cb = (1, False) if v5(g) else (2, v2(g))
        push(g, seat, "whouse", left=n, taken=[], cb=cb, cw=v5(g), paid=0)
    elif a == "construct":
        push(g, seat, "ctype")
    elif a == "upgrade":
        push(g, seat, "ubp", extra=0, first=True)
    elif a == "hire":
        push(g, seat, "hire")
    elif a == "contract":
        push(g, seat, "takect")
    elif a == "control":
        push(g, seat, "bots", left=2)
        rover_move(g, seat, 2)
    elif a == "ship":
        start_ship(g, seat)
    if ask is not None:  # on top of the action: asked first
        push(g, seat, "redpay", a=a, c=ask)


def rover_move(g: Any, seat: int, steps: int) -> None:
    """The Rover moves up to ``steps``; a Rover Tech may add its level (MARS-TECH-01);
    rules 2: crystals may add steps too (the crystal-icon boost)."""
    push(g, seat, "mv", piece="rover", left=steps, moved=0, cb=v2(g), paid=0)
    if usable_techs(g, seat, "rover"):
        push(g, seat, "rtech")


def boost_cap(g: Any, f: dict) -> int:
    """How many crystals a ``cb`` frame may spend: data.CBOOST_MAX (rules 2); rules 3 lets the
    Rover take a step for every crystal the player has (MARS-GAP-25, the rulebook's Control
    Center: each Depot crystal may buy 1 more Movement point)."""
    if f.get("piece") == "rover" and g.s.get("rules", 1) >= 3:
        return D.ROVER_BOOST_MAX_3
    return D.CBOOST_MAX


def can_boost(g: Any, f: dict) -> bool:
    """Rules 2, facts.md "crystal icon = boost by spending crystals": a frame marked ``cb`` may
    go on past its allowance, 1 crystal per extra item, at most ``boost_cap``; rules 5: one
    marked ``cw`` goes on for 1 Colonist sent to the Working Area per extra item (boosts.py)."""
    if f.get("cw"):
        return boosts.can_send(g, f["seat"])
    if not f.get("cb") or f.get("paid", 0) >= boost_cap(g, f):
        return False
    return crystals(P(g, f["seat"])) > 0


def pay_boost(g: Any, f: dict) -> None:
    if f.get("cw"):
        boosts.send(g, f["seat"])
        return
    pay_crystals(P(g, f["seat"]), 1)
    f["paid"] = f.get("paid", 0) + 1
    g.log(f["seat"], f"{g.name(f['seat'])} pays 1 crystal to boost the action")


def boost_price(f: dict) -> str:
    return boosts.PRICE if f.get("cw") else "pay 1 crystal: "


@decision("rtech", "Use a Rover Tech for extra Rover movement?")
def rtech_options(g: Any, f: dict) -> list:
    return tech_offers(g, f["seat"], "rover", "no Tech", "+{} step(s)".format)


@applies("rtech")
def rtech_apply(g: Any, f: dict, move: str) -> None:
    if move != "no":
        g.s["stack"][-1]["left"] += use_tech(g, f["seat"], move)


# ------------------------------------------------------------------ orbit choices
@decision("takebp", "Take a Blueprint")
def takebp_options(g: Any, f: dict) -> list:
    if (f.get("n", 0) and not can_boost(g, f)) or not bp_room(g, f["seat"]):
        return []
    price = boost_price(f) if f.get("n", 0) else ""
    out = [(bp, f"{price}Blueprint: {bp_text(g, bp)}") for bp in g.s["bp_display"]]
    if out and f.get("opt"):  # rules 6: a turn-order benefit may be left (RULINGS.md GAP-30)
        return [*out, order.skip(f)]
    return out + ([("done", "stop")] if out and f.get("n", 0) else [])


def bp_text(g: Any, bp: str, named: bool = True) -> str:
    """A Blueprint as its choices show it: type and level; action (rules 10: the published
    card's, blueprints.py, with its name unless the label already gives it); production; end
    OP."""
    kind, rest = bp.split("-")
    lvl = int(rest[0])
    act = D.BP_ACTIONS[lvl][0 if rest[1] == "a" else 1]
    what = {
        "res": f"gain {lvl + 1} {D.PRODUCES[kind]}",
        "bots": "move Bots up to 3",
        "boost": f"gain {D.PRODUCES[kind]} = a Tech level +1 per Colonist sent",
    }[act]
    head = f"level {lvl} {D.TYPE_TITLE[kind]}"
    if blueprints.v10(g):  # the published card (its boost: in the Executive option's detail)
        name, _, what = blueprints.card_text(bp).split("; ")[0].partition(": ")
        head = f"{name}, {head}" if named else head
    return (
        f"{head}; action: {what}; produces "
        f"{D.BP_PRODUCE[lvl]} {D.PRODUCES[kind]}; end +{D.BP_OP[lvl][0]}/{D.BP_OP[lvl][1]} OP"
    )


@applies("takebp")
def takebp_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    if f.get("n", 0):
        pay_boost(g, f)
    if f.get("cw"):  # rules 5: each Colonist sent takes one more (the rulebook)
        g.s["stack"].append({**f, "n": f.get("n", 0) + 1})
    elif f.get("upto", 1) > 1:  # rules 9: a Discovery tile's "up to 2 Blueprints"
        g.s["stack"].append({**f, "upto": f["upto"] - 1, "opt": "stop"})
    g.s["bp_display"].remove(move)
    P(g, f["seat"])["bps"].append(move)
    g.log(f["seat"], f"{g.name(f['seat'])} takes {N.blueprint_name(move, g)}")
    if v2(g):  # KDC-Solo blueprints.ts: each card gives 1 of its type's resource when taken
        gain(g, f["seat"], D.PRODUCES[move.split("-")[0]], 1, "Blueprint")
    contribute(g, f["seat"], "blueprint")


def learn_ok(g: Any, seat: int) -> bool:
    """A grid tile to learn, and on rules 2 one whose row the player can pay after placing."""
    if not v2(g):
        return bool(g.s["grid"])
    if red.v8(g):  # the placement may be paid with Colonists (MARS-GAP-03)
        return bool(red.red_ways(g, seat, "learn"))
    left = crystals(P(g, seat)) - placement_cost(g, "learn", seat)
    return any(TG.can_learn(g, seat, t, left) for t in g.s["grid"])


def landing_pod(g: Any, seat: int) -> None:
    P(g, seat)["side"] = "colony"
    g.log(seat, f"{g.name(seat)} takes the Landing Pod to the Colony")
    if v2(g):  # facts.md: the travel steps, minus the Discovery tile (RULINGS.md GAP-02)
        from engine.mars.flow import arrive

        arrive(g, seat, discovery=False)


@decision("learn", "Learn a Tech")
def learn_options(g: Any, f: dict) -> list:
    if f.get("n", 0) and not can_boost(g, f):
        return []
    seat, have = f["seat"], crystals(P(g, f["seat"]))
    out = []
    for tid in TG.in_cost_order(g, g.s["grid"]):
        for move, cost in TG.choices(g, seat, tid, have):
            price = (boost_price(f) if f.get("n", 0) else "") + (f"{cost}: " if cost else "")
            out.append((move, f"{price}{N.tech_name(g, tid)}, level 1"))
    out = told_apart(g, out)
    if out and f.get("opt"):  # rules 6: a turn-order benefit may be left (RULINGS.md GAP-30)
        return [*out, order.skip(f)]
    return out + ([("done", "stop")] if out and f.get("n", 0) else [])


def told_apart(g: Any, out: list) -> list:
    """Two face-up Techs of one type at one price read alike; each then says where it lies,
    in place of the level every learned Tech has (short enough for a button)."""
    seen = [label for _, label in out]
    return [
        (m, told(label, TG.space_words(g, TG.tile_of(m))) if seen.count(label) > 1 else label)
        for m, label in out
    ]


def told(label: str, where: str) -> str:
    return label.removesuffix(", level 1") + f" ({where})"


@applies("learn")
def learn_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    if f.get("n", 0):
        pay_boost(g, f)
    elif f.get("cw"):  # rules 5: 1 Colonist sent learns a second tile (the rulebook)
        g.s["stack"].append({**f, "n": 1})
    paid, move = TG.pay(g, f["seat"], move), TG.tile_of(move)
    if v2(g):
        g.s["grid_pos"].pop(move)
        push(g, f["seat"], "labres")
    g.s["grid"].remove(move)
    g.s["techs"][move]["owner"] = f["seat"]
    P(g, f["seat"])["techs"].append(move)
    kind = D.TECH_TITLE[g.s["techs"][move]["type"]]
    paid = f" (paid {paid})" if paid and TG.v11(g) else ""  # rules 2-10 logs stay as they were
    g.log(f["seat"], f"{g.name(f['seat'])} learns the {kind} Tech{paid}")
    contribute(g, f["seat"], "tech")


@decision("dev1", lambda g, f: f"Develop a Tech ({f.get('left', 1)} left)")
def dev1_options(g: Any, f: dict) -> list:
    left = f.get("left", 1)
    if left <= 0 and not can_boost(g, f):
        return []
    price = boost_price(f) if left <= 0 else ""
    out = []
    for tid in developable(g, f["seat"]):
        t = g.s["techs"][tid]
        out.append(
            (
                tid,
                f"{price}{N.tech_name(g, tid)}: level "
                f"{t['lvl']} to {t['lvl'] + 1} (end OP {D.LAB_OP[t['lvl']]} to "
                f"{D.LAB_OP[t['lvl'] + 1]})",
            )
        )
    if out and left <= 1 and f.get("optional"):
        out.append(("done", "stop"))
    return out


@applies("dev1")
def dev1_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    left = f.get("left", 1)
    if left <= 0:
        pay_boost(g, f)
    if left > 1 or f.get("cb") or f.get("cw"):
        g.s["stack"].append({**f, "left": max(left - 1, 0), "optional": True})
    develop(g, f["seat"], move)


@decision("labben", lambda g, f: f"Laboratory benefit: {f['code']}?")
def labben_options(g: Any, f: dict) -> list:
    return [("take", f"take {f['code']}"), ("skip", "skip it (benefits are optional)")]


@applies("labben")
def labben_apply(g: Any, f: dict, move: str) -> None:
    if move == "take":
        gain_code(g, f["seat"], f["code"], "Laboratory")


@decision("labres", "Laboratory space: gain 1 Resource of your choice?")
def labres_options(g: Any, f: dict) -> list:
    """Rules 2: a tile entering Laboratory column 1 gives its space's benefit (optional,
    MARS-ORBIT-07)."""
    return [(r, f"gain 1 {r}") for r in D.LAB_ENTRY_CHOICES] + [("skip", "skip it")]


@applies("labres")
def labres_apply(g: Any, f: dict, move: str) -> None:
    if move != "skip":
        gain(g, f["seat"], move, 1, "Laboratory")


@decision("whouse", "Take from the Warehouse")
def whouse_options(g: Any, f: dict) -> list:
    if f["left"] <= 0 and not can_boost(g, f):
        return []
    price = boost_price(f) if f["left"] <= 0 else ""
    out = [  # rules 5 (the rulebook): any item, not only different ones
        (i, f"{price}take 1 {i} ({n} there)")
        for i, n in g.s["warehouse"].items()
        if n and (f.get("cw") or f.get("any") or i not in f["taken"])
    ]
    if out and f["taken"]:
        out.append(("done", "stop"))
    return out


@applies("whouse")
def whouse_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    if f["left"] <= 0:
        pay_boost(g, f)
    g.s["warehouse"][move] -= 1
    gain(g, f["seat"], move, 1, "Warehouse")
    if f["left"] > 1 or f.get("cb") or f.get("cw"):
        g.s["stack"].append({**f, "left": max(f["left"] - 1, 0), "taken": [*f["taken"], move]})


__all__ = ["contract_text", "hireable", "ship_ok", "takeable"]
