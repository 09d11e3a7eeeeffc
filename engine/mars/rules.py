"""Small shared rules: gaining and paying, crystals, missions, complexes, Tech use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.mars import data as D
from engine.mars import hexmap as H


def P(g: Any, seat: int) -> dict:
    return g.s["players"][seat]


def v2(g: Any) -> bool:
    """The published rules (RULINGS.md); False for games started on rules 1."""
    return g.s.get("rules", 1) >= 2


def v5(g: Any) -> bool:
    """Rules 5 (RULINGS.md GAP-25): the Orbit actions are boosted with Colonists."""
    return g.s.get("rules", 1) >= 5


def v13(g: Any) -> bool:
    """Rules 13 (RULINGS.md GAP-28, GAP-18): Welcome a Ship is boosted with Colonists, and a
    Blueprint needs one of the player's 8 Advanced Building markers."""
    return g.s.get("rules", 1) >= 13


def bp_room(g: Any, seat: int) -> int:
    """Blueprints ``seat`` may take now: the display's, and on rules 13 no more than its unused
    Advanced Building markers (the rulebook, Obtain Blueprint: "If you do not have any Advanced
    Building markers remaining, you cannot take the Blueprint")."""
    shown = len(g.s["bp_display"])
    if not v13(g):
        return shown
    p = P(g, seat)
    return max(0, min(shown, D.ADV_MARKERS - len(p["bps"]) - len(p["built"])))


def at_turn_menu(g: Any, seat: int) -> bool:
    """Whether ``seat`` stands at its own turn menu (nothing asked on top of it)."""
    stack = g.s.get("stack") or []
    return bool(stack) and stack[-1]["t"] == "turn" and stack[-1]["seat"] == seat


def at_orbit_menu(g: Any, seat: int) -> bool:
    """Whether ``seat`` stands at its own turn menu in Orbit with its Main action still to take
    (where an Orbit action asked for by name may be refused with a reason)."""
    return at_turn_menu(g, seat) and not g.s["turn"]["main"] and P(g, seat)["side"] == "orbit"


def capacity(p: dict) -> int:
    """MARS-CRYSTAL-03 / MARS-EXEC-06: open slots = 3 + Ships welcomed."""
    return D.OPEN_SLOTS + (D.SHIPS - p["ships"])


def known_tile(s: dict, h: str) -> str | None:
    """The Discovery tile on ``h`` if everyone has seen it: placed from the face-up ones beside
    the map (rules 2, GAP-10); the tiles dealt face down at setup stay unknown until taken."""
    tile = s["hex"][h]["tile"]
    return tile if tile and s.get("disc_known", {}).get(h) == tile else None


def lose_tile(g: Any, h: str) -> None:
    """A tile leaves the map unseen (a Bot ends on it, a Building goes over it). Rules 13 keeps
    a face-down Discovery tile among the unseen ones, so an AI's copy (hidden.py) deals it again
    with the others instead of knowing which one went."""
    s = g.s
    tile = s["hex"][h]["tile"]
    if v13(g) and tile and tile not in D.RESEARCH and not known_tile(s, h):
        s.setdefault("disc_gone", []).append(tile)
    s["hex"][h]["tile"] = None


def gain(g: Any, seat: int, item: str, n: int, why: str = "") -> None:
    """MARS-CRYSTAL-01: crystals go below the Depot; other resources are usable at once."""
    if n <= 0:
        return
    p = P(g, seat)
    if item == "crystal":
        p["below"] += n
    elif item == "op":
        p["op"] += n
    else:
        p["res"][item] += n
    word = "OP" if item == "op" else item
    g.log(seat, f"{g.name(seat)} gains {n} {word}" + (f" ({why})" if why else ""))


def gain_colonist(g: Any, seat: int, why: str = "") -> None:
    """One Colonist to the Living Quarters, while the player has any left to gain."""
    p = P(g, seat)
    if p["gained"] < D.COLONISTS:
        p["gained"] += 1
        p["lq"] += 1
        g.log(seat, f"{g.name(seat)} gains a Colonist{f' ({why})' if why else ''}")


def gain_code(g: Any, seat: int, code: str, why: str = "") -> None:
    """Codes like ``crystal2``, ``op4``, ``mineral3``: an item and a count."""
    item = code.rstrip("0123456789")
    n = int(code[len(item) :] or 1)
    gain(g, seat, item, n, why)


def crystals(p: dict, contract: bool = False) -> int:
    """Crystals a player may spend: the Depot, plus discarded goals (never for contracts)."""
    return p["depot"] + (0 if contract else p["gcry"])


def pay_crystals(p: dict, n: int) -> None:
    """Depot crystals first, then discarded private goals (MARS-GOAL-05)."""
    use = min(n, p["depot"])
    p["depot"] -= use
    p["gcry"] -= n - use


def move_up(g: Any, seat: int) -> None:
    """MARS-CRYSTAL-02/03, GAP-29: below-Depot crystals move up; what does not fit is lost."""
    p = P(g, seat)
    if not p["below"]:
        return
    room = capacity(p) - p["depot"]
    up = min(room, p["below"])
    lost = p["below"] - up
    p["depot"] += up
    p["below"] = 0
    if lost and v2(g) and crystal_contracts(p):
        # MARS-CONTRACT-05/06: items may go on a Delivery Contract at any time, straight from
        # where they are: the owner may deliver the crystals that do not fit before they go.
        p["below"] = lost
        from engine.mars.frames import push

        push(g, seat, "overflow")
        g.log(seat, f"{g.name(seat)}: {up} crystal(s) move up; {lost} do not fit")
        return
    g.log(
        seat,
        f"{g.name(seat)}: {up} crystal(s) move up into the Depot"
        + (f", {lost} lost (Depot full)" if lost else ""),
    )


def crystal_contracts(p: dict) -> list[int]:
    """Positions (1-based) of the player's Delivery Contracts still needing crystals."""
    out = []
    for k, c in enumerate(p["contracts"], start=1):
        _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
        if kind == "delivery" and c["items"].get("crystal", 0) < need.get("crystal", 0):
            out.append(k)
    return out


def contribute(g: Any, seat: int, mission: str, times: int = 1) -> None:
    """MARS-MISSION-02..07: each item contributes once, for that mission's crystals."""
    m = g.s["missions"].get(mission)
    for _ in range(times):
        if m is None or m["done"]:
            return
        gain(g, seat, "crystal", D.MISSIONS[mission][2], f"mission {D.MISSIONS[mission][0]}")
        m["left"] -= 1
        if m["left"] <= 0:
            m["done"] = True
            g.s["marker"] += 1
            g.log(
                None,
                f"Mission {D.MISSIONS[mission][0]} complete: Remaining Missions "
                f"marker to {g.s['marker']}",
            )
            check_end(g)


def check_end(g: Any) -> None:
    """GAP-31: marker at 3 triggers the end (finish the round, one more); level 5: at once."""
    s = g.s
    if s["level"] >= D.MAX_LEVEL:
        if s["end"] != "now":
            s["end"] = "now"
            s["ended_by"] = s.get("ended_by") or "level"
            g.log(None, "The Colony reaches the top level: the game ends after this turn")
    elif s["end"] is None and s["marker"] >= D.END_MARKER:
        s["end"] = "trigger"
        s["ended_by"] = "missions"
        g.log(None, "The end of the game is triggered: finish this round, then one more")


# ----------------------------------------------------------------- buildings
def btype_of(b: dict | None, seat: int) -> str | None:
    """MARS-BUILD-06: a Shelter's type is its owner's; others are the plain type."""
    if b is None:
        return None
    return f"shelter{b['owner']}" if b["type"] == "shelter" else b["type"]


def same_type(g: Any, h: str, kind: str, seat: int) -> bool:
    b = g.s["hex"][h]["b"]
    if b is None:
        return False
    if kind == "shelter":
        return b["type"] == "shelter" and b["owner"] == seat
    return b["type"] == kind


def complex_of(g: Any, h: str) -> list[str]:
    """The Complex containing the Building at ``h`` (same type, adjacent, connected)."""
    b = g.s["hex"][h]["b"]
    key = (b["type"], b["owner"] if b["type"] == "shelter" else None)
    seen = {h}
    todo = [h]
    while todo:
        x = todo.pop()
        for n in H.NEIGHBOURS[x]:
            nb = g.s["hex"][n]["b"]
            if n in seen or nb is None:
                continue
            if (nb["type"], nb["owner"] if nb["type"] == "shelter" else None) == key:
                seen.add(n)
                todo.append(n)
    return sorted(seen, key=H.INDEX.__getitem__)


def count_type(g: Any, kind: str) -> int:
    return sum(1 for h in H.HEXES if (b := g.s["hex"][h]["b"]) and b["type"] == kind)


# ----------------------------------------------------------------------- tech
def usable_techs(g: Any, seat: int, ttype: str, need: int = 1) -> list[str]:
    """MARS-TECH-01..03: tiles of that type in play at level >= need, own or another's,
    never another player's Shelter Tech."""
    out = []
    for tid, t in g.s["techs"].items():
        if t["owner"] is None or t["type"] != ttype or t["lvl"] < need:
            continue
        if ttype == "shelter" and t["owner"] != seat:
            continue
        out.append(tid)
    return out


def tech_label(g: Any, seat: int, tid: str) -> str:
    t = g.s["techs"][tid]
    whose = "your" if t["owner"] == seat else f"{g.name(t['owner'])}'s"
    extra = "" if t["owner"] == seat else f" ({g.name(t['owner'])} takes 1 Oxygen)"
    return f"use {whose} {D.TECH_TITLE.get(t['type'], 'Shelter')} Tech level {t['lvl']}{extra}"


def tech_offers(
    g: Any, seat: int, ttype: str, none: str, effect: Callable[[int], str]
) -> list[tuple[str, str]]:
    """A "use a Tech?" question: ``none`` first, then each usable Tech of ``ttype`` with what
    its level gives (``effect(level)``)."""
    out = [("no", none)]
    for tid in usable_techs(g, seat, ttype):
        out.append((tid, f"{tech_label(g, seat, tid)}: {effect(g.s['techs'][tid]['lvl'])}"))
    return out


def use_tech(g: Any, seat: int, tid: str) -> int:
    """MARS-TECH-04..06: another's tile: its owner takes 1 Oxygen now and decides at the end
    of this turn; each use counts separately. Returns the level used."""
    t = g.s["techs"][tid]
    if t["owner"] != seat:
        owner = t["owner"]
        P(g, owner)["res"]["oxygen"] += 1
        g.s["turn"]["techuse"].append([owner, tid])
        g.log(
            owner,
            f"{g.name(owner)} takes 1 Oxygen: {g.name(seat)} uses their "
            f"{D.TECH_TITLE[t['type']]} Tech",
        )
    return t["lvl"]


def develop(g: Any, seat: int, tid: str, lab_benefit: bool = True) -> None:
    """Develop a tile one column right (max 4); MARS-ORBIT-07 optional Laboratory benefit."""
    from engine.mars.frames import push

    t = g.s["techs"][tid]
    if t["lvl"] >= D.TECH_MAX:
        return
    t["lvl"] += 1
    g.log(
        seat,
        f"{g.name(seat)} develops {D.TECH_TITLE.get(t['type'], 'Shelter')} Tech to "
        f"level {t['lvl']}",
    )
    if lab_benefit and t["lvl"] in D.LAB_BENEFIT:
        push(g, seat, "labben", code=D.LAB_BENEFIT[t["lvl"]])


def developable(g: Any, seat: int) -> list[str]:
    return [tid for tid in P(g, seat)["techs"] if g.s["techs"][tid]["lvl"] < D.TECH_MAX]
