"""Colony actions' sub-choices: Scientists, Earth Contracts, Ships and new Bots."""

from __future__ import annotations

from typing import Any

from engine.mars import boosts, paying
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import names as N
from engine.mars.frames import applies, decision, push
from engine.mars.rules import (
    P,
    contribute,
    gain,
    tech_offers,
    usable_techs,
    use_tech,
    v2,
    v13,
)

SHIP_COST = {"plant": 1, "water": 1}  # facts.md: Welcome a Ship


# ----------------------------------------------------------- scientists, contracts
def hireable(g: Any, seat: int, free: bool = False) -> list[str]:
    p = P(g, seat)
    out = []
    for sid, _title, (what, n), _kind in D.SCIENTISTS:
        if sid not in g.s["sci_display"]:
            continue
        ok = p["lq"] >= n if what == "working" else paying.can_pay(g, seat, {what: n})
        if free or ok:
            out.append(sid)
    return out


@decision("hire", "Hire which Scientist?")
def hire_options(g: Any, f: dict) -> list:
    out = []
    for sid in hireable(g, f["seat"], f.get("free", False)):
        _, title, (what, n), kind = next(x for x in D.SCIENTISTS if x[0] == sid)
        cost = (
            f"send {n} Colonists to your Working Area"
            if what == "working"
            else paying.offer_text(g, f["seat"], {what: n})
        )
        if f.get("free"):
            cost = "free"
        out.append((sid, f"{title}: {cost}; end: 3 OP per Advanced {D.TYPE_TITLE[kind]}"))
    return out


@applies("hire")
def hire_apply(g: Any, f: dict, move: str) -> None:
    seat, p = f["seat"], P(g, f["seat"])
    _, title, (what, n), _kind = next(x for x in D.SCIENTISTS if x[0] == move)
    if f.get("free"):
        pass  # MARS-COST-02: a reward with the free-cost icon
    elif what == "working":  # MARS-SCI-03
        p["lq"] -= n
        p["wa"] += n
    else:
        paying.pay(g, seat, {what: n})
    i = g.s["sci_display"].index(move)
    g.s["sci_display"][i] = None
    g.s["turn"]["fill"] += 1
    p["scientists"].append(move)
    g.log(seat, f"{g.name(seat)} hires the {title}")
    contribute(g, seat, "scientist")


def takeable(g: Any, seat: int, free: bool = False) -> list[str]:
    p = P(g, seat)
    if (not free and p["depot"] < D.CONTRACT_COST) or len(p["contracts"]) >= D.MAX_CONTRACTS:
        return []
    ids = {c[0] for c in D.CONTRACTS}
    return [c for c in g.s["sci_display"] if c in ids]


def contract_text(cid: str) -> str:
    _, kind, need = next(c for c in D.CONTRACTS if c[0] == cid)
    plus, minus = D.CONTRACT_OP[kind]
    if kind == "upgrade":
        what = f"an Advanced {D.TYPE_TITLE[need]} of yours in a Complex of 4+"
    else:
        what = "deliver " + " + ".join(f"{n} {i}" for i, n in need.items())
    return f"{what}: +{plus} / {minus} OP"


@decision("takect", "Take which Earth Contract?")
def takect_options(g: Any, f: dict) -> list:
    cost = "free" if f.get("free") else "1 crystal"
    return [(c, f"{cost}: {contract_text(c)}") for c in takeable(g, f["seat"], bool(f.get("free")))]


@applies("takect")
def takect_apply(g: Any, f: dict, move: str) -> None:
    p = P(g, f["seat"])
    if not f.get("free"):
        p["depot"] -= D.CONTRACT_COST  # MARS-CONTRACT-01, GOAL-06: a real crystal
    i = g.s["sci_display"].index(move)
    g.s["sci_display"][i] = None
    g.s["turn"]["fill"] += 1
    paid = "free" if f.get("free") else "paid 1 crystal"
    g.log(f["seat"], f"{g.name(f['seat'])} takes {N.contract_name(move)} ({paid})")
    if v2(g):  # rules 2: the mission counts contracts completed (KDC-Solo card database)
        p["contracts"].append({"id": move, "items": {}, "done": False})
        from engine.mars.build import check_contracts

        check_contracts(g)
    else:
        p["contracts"].append({"id": move, "items": {}})
        contribute(g, f["seat"], "contract")


# ------------------------------------------------------------------------ ship
def ship_ok(g: Any, seat: int, free: bool = False, bring: bool = True) -> bool:
    """facts.md: 1 plant + 1 water; Ships welcomed must stay below the colony level; and
    (ours, unless ``bring`` is False) a Colonist or Bot left for the Ship to bring."""
    p = P(g, seat)
    welcomed = D.SHIPS - p["ships"]
    can_gain = p["gained"] < D.COLONISTS or p["bots_left"] > 0 or not bring
    paid = free or paying.can_pay(g, seat, SHIP_COST)
    return p["ships"] > 0 and welcomed < g.s["level"] and paid and can_gain


def start_ship(g: Any, seat: int) -> None:
    """The Welcome a Ship Main action; rules 13 first asks how many Colonists boost it."""
    if v13(g) and ship_boost_cap(g, seat):
        push(g, seat, "shipboost")
    else:
        push(g, seat, "ship")


def ship_boost_cap(g: Any, seat: int) -> int:
    """Rules 13 (RULINGS.md GAP-28): Colonists that could each welcome one more Ship: those in
    the Living Quarters now (the Ships' own Colonists come after the choice, so they cannot
    boost it), no more than the further Ships the player may welcome and pay for in turn. A
    boosted Ship comes even when nothing is left for it to bring (ship_options)."""
    from engine.mars.card_checks import ships_left

    return max(0, min(P(g, seat)["lq"], ships_left(g, seat) - 1))


@decision("shipboost", "Boost Welcome a Ship: send Colonists to your Working Area?")
def shipboost_options(g: Any, f: dict) -> list:
    out = [("0", "send none: 1 Ship")]
    for k in range(1, ship_boost_cap(g, f["seat"]) + 1):
        cost = f"send {k} Colonist{'s' if k > 1 else ''} + {k} plant + {k} water"
        out.append((str(k), f"{cost}: {k + 1} Ships"))
    return out


@applies("shipboost")
def shipboost_apply(g: Any, f: dict, move: str) -> None:
    """Rules 13: each Colonist sent welcomes one more Ship at the same cost and for the same
    rewards (the Serbian rules guide, Welcome a Ship: "for each additional ship")."""
    k = int(move)
    if k:
        boosts.send(g, f["seat"], k, "to boost Welcome a Ship")
    for _ in range(k):
        push(g, f["seat"], "ship", check=True)
    push(g, f["seat"], "ship")


@decision("ship", "Welcome a Ship: what does it bring?")
def ship_options(g: Any, f: dict) -> list:
    """What the Ship brings; rules 10's Private Ship (``plus``) brings 1 more Colonist, and its
    boosted Ships (``check``) come only while a Ship may still be welcomed; on rules 13 one
    comes even when nothing is left for it to bring (so a Colonist sent is never lost)."""
    p = P(g, f["seat"])
    if f.get("check") and not ship_ok(g, f["seat"], bring=not v13(g)):
        return []
    plus, left = f.get("plus", 0), D.COLONISTS - p["gained"]
    out = []
    if p["bots_left"] > 0 and left > 0:
        n = min(1 + plus, left)
        out.append(("colbot", f"{n} Colonist{'s' if n > 1 else ''} + 1 Bot"))
    elif p["bots_left"] > 0:
        out.append(("bot", "1 Bot"))
    if left > 0:
        out.append(("col2", f"{min(2 + plus, left)} Colonist(s)"))
    if not out and f.get("check"):  # rules 13: a boosted Ship comes, its Colonist not lost
        out.append(("none", "nothing: no Colonists or Bots are left for you to gain"))
    return out


@applies("ship")
def ship_apply(g: Any, f: dict, move: str) -> None:
    seat, p = f["seat"], P(g, f["seat"])
    paid = "free" if f.get("free") else "paid " + paying.pay(g, seat, SHIP_COST)
    p["ships"] -= 1
    p["hangar"] += 1
    g.log(
        seat,
        f"{g.name(seat)} welcomes a Ship (" + paid + "): Depot slot "
        f"{D.OPEN_SLOTS + D.SHIPS - p['ships']} opens",
    )
    cols = {"colbot": 1, "bot": 0, "col2": 2, "none": 0}[move]
    cols += f.get("plus", 0) if move in ("colbot", "col2") else 0
    cols = min(cols, D.COLONISTS - p["gained"])
    p["gained"] += cols
    p["lq"] += cols
    if move in ("colbot", "bot"):
        push(g, seat, "botplace")
    if usable_techs(g, seat, "ship"):
        push(g, seat, "stech")


@decision("stech", "Use a Ship Tech for crystals?")
def stech_options(g: Any, f: dict) -> list:
    return tech_offers(g, f["seat"], "ship", "no Tech", "gain {} crystal(s)".format)


@applies("stech")
def stech_apply(g: Any, f: dict, move: str) -> None:
    if move != "no":
        gain(g, f["seat"], "crystal", use_tech(g, f["seat"], move), "Ship Tech")


def bot_spots(g: Any, seat: int) -> list[str]:
    """GAP-09: a new Bot goes next to one of your Shelters, where a Bot may end."""
    from engine.mars.moves import legal_end

    mine = [
        h
        for h in H.HEXES
        if (b := g.s["hex"][h]["b"]) and b["type"] == "shelter" and b["owner"] == seat
    ]
    near = {n for h in mine for n in (h, *H.NEIGHBOURS[h])}
    spots = sorted((h for h in near if legal_end(g, h, seat, "bot")), key=H.INDEX.__getitem__)
    return spots or [h for h in H.HEXES if legal_end(g, h, seat, "bot")]


@decision("botplace", "Place your new Bot")
def botplace_options(g: Any, f: dict) -> list:
    return [(h, f"place it on {h}", H.region(h)) for h in bot_spots(g, f["seat"])]


@applies("botplace")
def botplace_apply(g: Any, f: dict, move: str) -> None:
    p = P(g, f["seat"])
    p["bots_left"] -= 1
    p["bots"].append(move)
    g.log(f["seat"], f"{g.name(f['seat'])} places a new Bot on {move}")
    contribute(g, f["seat"], "bot")
