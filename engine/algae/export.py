"""Exports: transport, demand, disk, milestones; the contract export; re-exports."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.frames import applies, auto, decision, push
from engine.algae.gains import BONUS_TEXT, gain
from engine.algae.state import add_vp


@lru_cache(maxsize=1)
def distances() -> dict[str, dict[str, int]]:
    """Steps between every two cities along the routes."""
    links: dict[str, list[str]] = {c: [] for c in D.CITIES}
    for a, b in D.ROUTES:
        links[a].append(b)
        links[b].append(a)
    out = {}
    for start in D.CITIES:
        dist = {start: 0}
        todo = deque([start])
        while todo:
            c = todo.popleft()
            for n in links[c]:
                if n not in dist:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        out[start] = dist
    return out


@lru_cache(maxsize=1)
def links() -> dict[str, list[str]]:
    """The neighbours of every city (cached: callers copy the lists they hand on)."""
    return {c: [n for n, d in distances()[c].items() if d == 1] for c in D.CITIES}


def held_cities(s: dict) -> list[str]:
    """The cities holding a disk (anyone's): what transport distances are counted from."""
    return [c for c, v in s["cities"].items() if v["disks"]]


def transport(s: dict, p: dict, city: str) -> int | None:
    """ALG-EXPORT-07..12: € to pay, or None when the city is out of reach."""
    if s["cities"][city]["disks"]:
        return 0  # a city with a disk
    held = held_cities(s)
    if not held:
        return 0  # the very first export of the game
    dist = _nearest(tuple(held))[city]
    if dist > D.MAX_DISTANCE:
        return None
    table = D.TRANSPORT_COST_TILE if B.has_effect(p, "transport") else D.TRANSPORT_COST
    return table[dist]


def transport_costs(s: dict, p: dict) -> dict[str, int | None]:
    """``transport(s, p, city)`` of every city at once (an export's menu prices them all)."""
    held = held_cities(s)
    if not held:
        return dict.fromkeys(D.CITIES, 0)
    table = D.TRANSPORT_COST_TILE if B.has_effect(p, "transport") else D.TRANSPORT_COST
    near = _nearest(tuple(held))
    cities = s["cities"]
    return {
        c: 0 if cities[c]["disks"] else (None if d > D.MAX_DISTANCE else table[d])
        for c, d in near.items()
    }


@lru_cache(maxsize=4096)
def _nearest(held: tuple[str, ...]) -> dict[str, int]:
    """Steps from every city to the nearest of ``held`` (99: none connected); cached, as the
    held cities change only with an export and AI rollouts price cities all the time."""
    rows = distances()
    return {city: min(rows[city].get(c, 99) for c in held) for city in D.CITIES}


def delivery_value(p: dict, items: dict[str, int], tokens: int) -> int:
    """Market values + tokens (ALG-EXPORT-14) + Bioplastics pairs (ALG-EXPORT-27)."""
    total = sum(B.value_of(p, c) * n for c, n in items.items()) + tokens
    spec = B.dept(p)
    if "pair_bonus" in spec:
        pairs = min(items.get("cup", 0), items.get("bag", 0))
        bonus = spec["pair_bonus"] + (1 if B.has_effect(p, "pairing") else 0)
        total += pairs * bonus
    return total


def _types(p: dict, items: dict[str, int]) -> set[str]:
    return {B.product_type(p, c) for c, n in items.items() if n}


def goods(p: dict) -> dict[str, int]:
    return {c: p["cells"][c] for c in B.dispatch_cells(p) if p["cells"][c] > 0}


def target(f: dict) -> tuple[int, int, int]:
    """(value, cubes, types) a delivery needs."""
    if f["mode"] == "contract":
        _, v, n, k, _ = D.CONTRACTS[f["card"]]
        return v, n, k
    return D.CITIES[f["city"]][2], 1, 1


def met(p: dict, f: dict) -> bool:
    v, n, k = target(f)
    items = f["items"]
    return (
        delivery_value(p, items, f["tok"]) >= v
        and sum(items.values()) >= n
        and len(_types(p, items)) >= k
    )


def reachable(p: dict, f: dict, items: dict[str, int]) -> bool:
    """Whether adding the rest of the allowed goods (and all tokens) could meet the target."""
    full = dict(items)
    lock = _lock(p, f, items)
    for c, n in goods(p).items():
        if lock is None or B.product_type(p, c) == lock:
            full[c] = n
    probe = {**f, "items": full, "tok": p["value"]}
    return met(p, probe)


def _lock(p: dict, f: dict, items: dict[str, int]) -> str | None:
    """ALG-EXPORT-26: a Cosmetics city delivery keeps to the type of its first good."""
    if p["dept"] != "cosmetics" or f["mode"] == "contract":
        return None
    kinds = _types(p, items)
    return next(iter(kinds)) if kinds else None


def can_deliver(p: dict, f: dict) -> bool:
    if f["mode"] == "contract" or p["dept"] != "cosmetics":
        return reachable(p, f, {})
    return any(reachable(p, f, {c: 1}) for c in goods(p))


def city_reach(p: dict) -> int | None:
    """The highest demand a city delivery could meet now (None: no goods), so that
    ``can_deliver`` of a city delivery is ``reach >= demand``: every good and value token
    (a Cosmetics player's goods of one type, the best type). One sum for a whole export
    menu instead of one per demand."""
    have = goods(p)
    if not have:
        return None
    if p["dept"] != "cosmetics":
        return delivery_value(p, have, p["value"])
    by_type: dict[str, dict[str, int]] = {}
    for c, n in have.items():
        by_type.setdefault(B.product_type(p, c), {})[c] = n
    return max(delivery_value(p, part, p["value"]) for part in by_type.values())


def start_export(g: Any, seat: int, n: int) -> None:
    """An export task of up to ``n`` destinations; then the action's end (ALG-EXPORT-19)."""
    push(g, seat, "export_end")
    push(g, seat, "export", n=n)


@auto("export_end")
def _export_end(g: Any, seat: int, f: dict) -> None:
    """A +1 value token from a city is used at once: this action, or never (rules 2)."""
    p = g.s["players"][seat]
    left = p.pop("city_value", 0)
    if left:
        p["value"] -= left
        g.log(seat, f"{g.name(seat)}'s unused city value token is lost (it is used at once)")


# ------------------------------------------------------------------ choose a city
def _export_prompt(g: Any, seat: int, f: dict) -> str:
    return f"Export: up to {f['n']} more destination(s)"


def export_choices(g: Any, seat: int, again: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
    """The cities (and contract) this export may go to; ``again``: cities re-exported to
    earlier in this action, which a re-export may not pick twice (ALG-EXPORT-29/30)."""
    s = g.s
    p = s["players"][seat]
    out = []
    week_bonus = s["bonus_tiles"][s["week"] - 1]
    reach = city_reach(p)
    costs = transport_costs(s, p)
    for city, (_, _, demand, region) in D.CITIES.items():
        mine = city in p["cities"]
        if mine and (len(p["cities"]) < D.REEXPORT_AFTER or city in again):
            continue  # ALG-EXPORT-05/29/30
        if not mine and p["disks"] <= 0:
            continue
        cost = costs[city]
        if cost is None or cost > p["money"]:
            continue
        if reach is None or reach < demand:
            continue  # no delivery could meet the demand
        title = city.title()
        if mine:
            label = (
                f"Re-export to {title}: demand {demand}, transport €{cost}, {-(-demand // 2)} VP"
            )
            out.append((f"reexport {city}", label, region.title()))
            continue
        token = s["cities"][city]["token"]
        extra = f", bonus {BONUS_TEXT[token]}" if not s["cities"][city]["disks"] else ""
        extra += f", week bonus {BONUS_TEXT[week_bonus]}"
        out.append(
            (
                f"export {city}",
                f"Export to {title}: demand {demand}, transport €{cost}{extra}",
                region.title(),
            )
        )
    if not p["contract_done"] and p["disks"] > 0:  # ALG-CONTRACT-01
        probe = {"mode": "contract", "card": p["contract"], "items": {}, "tok": 0}
        if can_deliver(p, probe):
            label, *_, reward = D.CONTRACTS[p["contract"]]
            gets = ", ".join(f"{v} {k}" for k, v in reward.items())
            out.append(("contract", f"Contract export: {label}; reward {gets}", "Contract"))
    return out


@decision("export", _export_prompt, chain=True)
def _export_opts(g: Any, seat: int, f: dict) -> list:
    if f["n"] <= 0:
        return []
    again = tuple(f.get("re", ())) if R.on(g.s, "reexport_distinct") else ()
    out = export_choices(g, seat, again)
    if not out:
        return []
    out.append(("done", "Export no more", "Stop"))
    if len(out) <= 25:
        return [(m, lbl) for m, lbl, _ in out]
    return out


@applies("export")
def _export_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-EXPORT-04/06: one city per operator; transport is paid first."""
    s = g.s
    p = s["players"][seat]
    if move == "done":
        f["n"] = 0
        return
    f["n"] -= 1
    if move == "contract":
        push(g, seat, "deliver", mode="contract", card=p["contract"], items={}, tok=0)
        return
    verb, city = move.split()
    if verb == "reexport":
        f.setdefault("re", []).append(city)
    cost = transport(s, p, city) or 0
    p["money"] -= cost
    g.log(seat, f"{g.name(seat)} ships to {city.title()} (transport €{cost})")
    push(g, seat, "deliver", mode="re" if verb == "reexport" else "new", city=city, items={}, tok=0)


# ------------------------------------------------------------------ the delivery
def _deliver_prompt(g: Any, seat: int, f: dict) -> str:
    p = g.s["players"][seat]
    v, n, k = target(f)
    where = "your contract" if f["mode"] == "contract" else f["city"].title()
    have = delivery_value(p, f["items"], f["tok"])
    return (
        f"Delivery to {where}: value {have} of {v} needed"
        + (f", {n}+ goods" if n > 1 else "")
        + (f", {k} types" if k > 1 else "")
    )


@decision("deliver", _deliver_prompt, chain=True)
def _deliver_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    if f.get("closed"):
        return []
    out = []
    if met(p, f):
        out.append(("deliver", f"Deliver now (value {delivery_value(p, f['items'], f['tok'])})"))
    lock = _lock(p, f, f["items"])
    for c in B.dispatch_cells(p):
        if p["cells"][c] - f["items"].get(c, 0) <= 0:
            continue
        if lock is not None and B.product_type(p, c) != lock:
            continue
        items = {**f["items"], c: f["items"].get(c, 0) + 1}
        if reachable(p, f, items):
            out.append((f"add {c}", f"Add a {B.cell_text(p, c)} (value {B.value_of(p, c)})"))
    v, _, _ = target(f)
    if p["value"] > f["tok"] and delivery_value(p, f["items"], f["tok"]) < v:
        out.append(("token", "Add a +1 value token"))
    return out


@applies("deliver")
def _deliver_apply(g: Any, seat: int, f: dict, move: str) -> None:
    if move == "token":
        f["tok"] += 1
    elif move.startswith("add"):
        c = move.split()[1]
        f["items"][c] = f["items"].get(c, 0) + 1
    else:
        f["closed"] = True
        complete(g, seat, f)


def complete(g: Any, seat: int, f: dict) -> None:
    """ALG-EXPORT-13..25 and ALG-CONTRACT-03..08: goods out, then disk, bonus, milestones."""
    s = g.s
    p = s["players"][seat]
    for c, n in f["items"].items():
        p["cells"][c] -= n  # ALG-EXPORT-16: back to the supply (excess value is lost)
    p["value"] -= f["tok"]
    if p.get("city_value"):  # a city's token is spent first: it would be lost at the end
        p["city_value"] = max(0, p["city_value"] - f["tok"])
    value = delivery_value(p, f["items"], f["tok"])
    if f["mode"] == "contract":
        p["disks"] -= 1  # ALG-CONTRACT-06: the disk goes beside the card
        p["contract_done"] = True
        g.log(seat, f"{g.name(seat)} fulfils contract {f['card']} (value {value})")
        for k, v in D.CONTRACTS[f["card"]][4].items():
            if k == "vp":
                add_vp(p, "contract", v)
            elif k in ("money", "energy", "freelance", "choice", "wild", "value"):
                p[k] += v
        return
    city = f["city"]
    demand = D.CITIES[city][2]
    if f["mode"] == "re":
        vp = -(-demand // 2)  # ALG-EXPORT-32
        add_vp(p, "re-exports", vp)
        p["reexports"] += 1
        g.log(seat, f"{g.name(seat)} re-exports to {city.title()} (value {value}) for {vp} VP")
        return
    disks = s["cities"][city]["disks"]
    first = not disks
    disks.append(seat)  # ALG-EXPORT-17/18
    p["disks"] -= 1
    p["cities"].append(city)
    s["first_export_done"] = True
    g.log(seat, f"{g.name(seat)} exports to {city.title()} (value {value}, demand {demand})")
    if first:  # ALG-EXPORT-19/20
        token = s["cities"][city]["token"]
        s["cities"][city]["token"] = None
        p["tokens_taken"].append(token)
        gain(g, seat, token, "city bonus")
    gain(g, seat, s["bonus_tiles"][s["week"] - 1], "export bonus")  # ruling ALG-GAP-28
    check_milestones(g, seat)


def milestone_met(p: dict, mid: str) -> bool:
    _, kind, amount, _ = R.get(p, "MILESTONES")[mid]
    cities = p["cities"]
    if kind == "cities":
        return len(cities) >= amount
    regions = [D.CITIES[c][3] for c in cities]
    if kind == "regions":
        return len(set(regions)) >= amount
    if kind == "big":
        return sum(1 for c in cities if D.CITIES[c][2] >= 5) >= amount
    return any(regions.count(r) >= amount for r in set(regions))


def check_milestones(g: Any, seat: int) -> None:
    """ALG-EXPORT-21..23: every milestone now met; earlier players score more."""
    s = g.s
    p = s["players"][seat]
    for mid, (label, _, _, vps) in R.get(s, "MILESTONES").items():
        if mid in p["milestones"] or p["markers"] <= 0 or not milestone_met(p, mid):
            continue
        order = s["milestones"][mid]
        vp = vps[min(len(order), len(vps) - 1)]
        order.append(seat)
        p["milestones"].append(mid)
        p["markers"] -= 1
        add_vp(p, "milestones", vp)
        g.log(seat, f"{g.name(seat)} reaches milestone '{label}' for {vp} VP")
