"""The questions of building: which Building to construct and where (MARS-BUILD-*), and which
Blueprint upgrades which Building (MARS-UPGRADE-*). The Construct and Upgrade Main actions ask
them, and so do the Executive upgrade, Discovery tiles (rules 9) and Blueprint cards (rules 10).
"""

from __future__ import annotations

from typing import Any

from engine.mars import build, order, paying
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import names as N
from engine.mars.actions import bp_text
from engine.mars.frames import applies, decision, push
from engine.mars.rules import tech_label, tech_offers, usable_techs, use_tech


# ------------------------------------------------------------------ construct
@decision("ctype", "Construct which Building?")
def ctype_options(g: Any, f: dict) -> list:
    """The Building types the seat can pay for and place; rules 9: a Discovery tile may name
    the type (``kinds``) and may be left (``opt``)."""
    out: list[tuple[str, str]] = []
    for k in f.get("kinds") or D.TYPES:
        if build.can_pay(g, f["seat"], k) and build.build_spots(g, f["seat"], k, f.get("plus", 0)):
            what, n = build.cost_of(g, k)
            pay = (
                f"{n} {what}" if what == "colonist" else paying.offer_text(g, f["seat"], {what: n})
            )
            out.append((k, f"{D.TYPE_TITLE[k]}: pay {pay}, gain {D.PRODUCES[k]} = Complex size"))
    return [*out, order.skip(f)] if out and f.get("opt") else out


@applies("ctype")
def ctype_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    push(g, f["seat"], "chex", kind=move, plus=f.get("plus", 0))


@decision("chex", lambda g, f: f"Where does the {D.TYPE_TITLE[f['kind']]} go?")
def chex_options(g: Any, f: dict) -> list:
    out = []
    plus = f.get("plus", 0)
    for h, need in build.build_spots(g, f["seat"], f["kind"], plus):
        lab = f"{h}: " + (f"joins {need}, needs Tech level {need}" if need else "no Tech needed")
        if need and plus:
            lab += f" (your Colonists add {plus})"
        out.append((h, lab, H.region(h)))
    return out


@applies("chex")
def chex_apply(g: Any, f: dict, move: str) -> None:
    need = build.placement(g, f["seat"], f["kind"], move)
    if need:
        push(g, f["seat"], "ctech", kind=f["kind"], hex=move, need=need, plus=f.get("plus", 0))
    else:
        build.construct(g, f["seat"], f["kind"], move, None)


@decision("ctech", lambda g, f: f"Which Tech joins {f['need']} Building(s)?")
def ctech_options(g: Any, f: dict) -> list:
    return [
        (tid, tech_label(g, f["seat"], tid))
        for tid in usable_techs(g, f["seat"], f["kind"], max(1, f["need"] - f.get("plus", 0)))
    ]


@applies("ctech")
def ctech_apply(g: Any, f: dict, move: str) -> None:
    build.construct(g, f["seat"], f["kind"], f["hex"], move)


# -------------------------------------------------------------------- upgrade
@decision("ubp", "Upgrade with which Blueprint?")
def ubp_options(g: Any, f: dict) -> list:
    free = f.get("free", False)
    out: list[tuple[str, ...]] = [
        (
            bp,
            f"{'free' if free else '1 mineral'}: {N.blueprint_name(bp, g)}",
            "",
            bp_text(g, bp, named=False),
        )
        for bp in build.upgradable(g, f["seat"], free, f.get("anywhere", False))
    ]
    if out and not f["first"]:
        out.append(("done", "no more upgrades"))
    if not f["first"] and f["extra"] <= 0:
        return []
    return out


@applies("ubp")
def ubp_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    push(
        g,
        f["seat"],
        "uhex",
        bp=move,
        first=f["first"],
        extra=f["extra"],
        action=f.get("action", True),
        free=f.get("free", False),
        anywhere=f.get("anywhere", False),
    )


@decision("uhex", lambda g, f: f"Upgrade which Building with {N.blueprint_name(f['bp'], g)}?")
def uhex_options(g: Any, f: dict) -> list:
    return [
        (h, f"{h}: {D.TYPE_TITLE[g.s['hex'][h]['b']['type']]}", H.region(h))
        for h in build.upgrade_targets(g, f["seat"], f["bp"], f.get("anywhere", False))
    ]


@applies("uhex")
def uhex_apply(g: Any, f: dict, move: str) -> None:
    seat = f["seat"]
    free = f.get("free", False)
    build.upgrade(g, seat, f["bp"], move, free)
    if free and f["first"]:  # a Private Goal's "upgrade up to 2 (free)"
        push(g, seat, "ubp", extra=1, first=False, free=True)
    elif f["first"] and f["action"] and usable_techs(g, seat, "upgrade"):
        push(g, seat, "utech")
    elif not f["first"] and f["extra"] > 1:
        push(g, seat, "ubp", extra=f["extra"] - 1, first=False, anywhere=f.get("anywhere", False))


@decision("utech", "Use an Upgrade Tech for extra upgrades?")
def utech_options(g: Any, f: dict) -> list:
    if not build.upgradable(g, f["seat"]):
        return []
    more = "up to {} more (1 mineral each)".format
    return tech_offers(g, f["seat"], "upgrade", "no extra upgrades", more)


@applies("utech")
def utech_apply(g: Any, f: dict, move: str) -> None:
    if move != "no":  # MARS-UPGRADE-10
        push(g, f["seat"], "ubp", extra=use_tech(g, f["seat"], move), first=False)
