"""A player's turn: the Main action, one Executive action before or after it, private goals,
deliveries to contracts, and what happens at the end of the turn (MARS-GAP-01)."""

from __future__ import annotations

from typing import Any

from engine.mars import actions, blueprints, build, card_checks, goals
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import names as N
from engine.mars.frames import applies, decision, push
from engine.mars.rules import (
    P,
    bp_room,
    capacity,
    crystals,
    develop,
    developable,
    gain,
    gain_code,
    pay_crystals,
    tech_label,
    use_tech,
    v2,
)


# ------------------------------------------------------------- executive actions
def exec_ok(g: Any, seat: int, action: str) -> bool:
    s, p = g.s, P(g, seat)
    if action == "warehouse":
        return any(s["warehouse"].values())
    if action == "bots":
        return bool(p["bots"])
    if action == "blueprint":
        return bp_room(g, seat) > 0
    if action == "upgrade":
        return bool(build.upgradable(g, seat))
    if action == "develop":
        return bool(developable(g, seat))
    return True


def adv_cost(g: Any, seat: int, h: str) -> int | None:
    """MARS-EXEC-07..10: own building 2 crystals, free with a Scientist of its type on it;
    another's only with your Scientist of that type (moved there for free)."""
    b = g.s["hex"][h]["b"]
    sci = works_here(g, b["type"])
    here = g.s["sci_where"].get(sci) == h
    if b["adv"] == seat:
        return 0 if here else D.ADV_EXEC_COST
    return 0 if sci in P(g, seat)["scientists"] else None


def works_here(g: Any, kind: str) -> str:
    """The Scientist who works in Advanced Buildings of ``kind``: rules 2 the published cards
    (one type before the type it scores, KDC-Solo card database); rules 1 the scored type."""
    if v2(g):
        return next(s for s, k in D.SCI_WORKS_IN.items() if k == kind)
    return next(x[0] for x in D.SCIENTISTS if x[3] == kind)


def boost_techs(g: Any, seat: int, kind: str) -> list[str]:
    """MARS-EXEC-12/13 with MARS-TECH-01: a Tech in play for the teal boost; rules 2: it must
    match the Building's type (never another player's Shelter Tech); rules 1 took any type."""
    out = []
    for tid, t in g.s["techs"].items():
        if t["owner"] is None or (t["type"] == "shelter" and t["owner"] != seat):
            continue
        if v2(g) and t["type"] != kind:
            continue
        out.append(tid)
    return out


def exec_options(g: Any, seat: int) -> list:
    p = P(g, seat)
    out: list[tuple[str, ...]] = []  # (move, label, group[, detail])
    for slot, action, cost in D.exec_layout(g.s.get("rules", 1)):
        if slot > capacity(p):  # MARS-EXEC-03, MARS-EXEC-05/06
            continue
        if crystals(p) >= cost and exec_ok(g, seat, action):
            out.append(
                (
                    f"x {action}",
                    f"Executive: {D.EXEC_TITLE[action]} ({cost} crystals)",
                    "Executive actions",
                )
            )
    for h in H.HEXES:
        b = g.s["hex"][h]["b"]
        if not b or b["adv"] is None:
            continue
        adv = adv_cost(g, seat, h)
        if adv is None or crystals(p) < adv:
            continue
        how = f"{adv} crystals" if adv else "free: Scientist"
        if blueprints.v10(g):  # rules 10: the published cards (RULINGS.md GAP-18)
            if card_checks.usable(g, seat, b["bp"], h, adv):
                label, detail = blueprints.exec_label(g, b["bp"], h, how)
                out.append((f"x adv {h}", label, "Executive actions", detail))
            continue
        if v2(g) and b["bp"].endswith("3b") and not boost_techs(g, seat, b["type"]):
            continue  # the teal boost needs a matching Tech in play
        what = actions.bp_text(g, b["bp"]).split("; ")[1]
        out.append(
            (
                f"x adv {h}",
                f"Executive: Advanced {D.TYPE_TITLE[b['type']]} on {h} ({what}; {how})",
                "Executive actions",
            )
        )
    return out


def run_adv(g: Any, seat: int, h: str) -> None:
    """MARS-EXEC-07..10: use the Advanced Building on ``h``."""
    b = g.s["hex"][h]["b"]
    cost = adv_cost(g, seat, h)
    assert cost is not None, "exec_options offers only affordable upgrades"
    pay_crystals(P(g, seat), cost)
    if b["adv"] != seat:
        g.s["sci_where"][works_here(g, b["type"])] = h  # MARS-EXEC-07/10
    g.log(
        seat,
        f"{g.name(seat)} uses the Advanced {D.TYPE_TITLE[b['type']]} on {h}"
        + (f" (paid {cost} crystals)" if cost else " (free: Scientist)"),
    )
    if blueprints.v10(g):
        blueprints.start(g, seat, h)
    else:
        adv_action(g, seat, b)


def run_exec(g: Any, seat: int, move: str) -> None:
    p = P(g, seat)
    parts = move.split()
    if parts[1] == "adv":
        run_adv(g, seat, parts[2])
        return
    action = parts[1]
    cost = next(c for _, a, c in D.exec_layout(g.s.get("rules", 1)) if a == action)
    pay_crystals(p, cost)
    g.log(
        seat,
        f"{g.name(seat)} takes the Executive action: {D.EXEC_TITLE[action]} (paid {cost} crystals)",
    )
    if action == "warehouse":
        push(g, seat, "whouse", left=1, taken=[])
    elif action == "bots":
        push(g, seat, "bots", left=2)
    elif action == "mineral":
        gain(g, seat, "mineral", 1)
    elif action == "blueprint":
        push(g, seat, "takebp", free=False)
    elif action == "upgrade":
        push(g, seat, "ubp", extra=0, first=True, action=False)
    elif action == "rover":
        actions.rover_move(g, seat, 2)
    elif action == "develop":
        push(g, seat, "dev1", free=False)


def adv_action(g: Any, seat: int, b: dict) -> None:
    """MARS-UPGRADE-13, GAP-18: the Blueprint's action as an Executive action."""
    kind, rest = b["bp"].split("-")
    lvl = int(rest[0])
    act = D.BP_ACTIONS[lvl][0 if rest[1] == "a" else 1]
    if act == "res":
        gain(g, seat, D.PRODUCES[kind], lvl + 1, "Advanced Building")
    elif act == "bots":
        push(g, seat, "bots", left=3)
    else:
        push(g, seat, "boost", kind=kind)


@decision("boost", "Teal boost: which Tech in play sets the amount?")
def boost_options(g: Any, f: dict) -> list:
    return [(tid, tech_label(g, f["seat"], tid)) for tid in boost_techs(g, f["seat"], f["kind"])]


@applies("boost")
def boost_apply(g: Any, f: dict, move: str) -> None:
    lvl = use_tech(g, f["seat"], move)
    push(g, f["seat"], "boostn", kind=f["kind"], lvl=lvl)


@decision(
    "boostn", lambda g, f: f"Send Colonists to your Working Area (+1 each to level {f['lvl']})"
)
def boostn_options(g: Any, f: dict) -> list:
    res = D.PRODUCES[f["kind"]]
    return [
        (str(n), f"send {n}: gain {f['lvl'] + n} {res}") for n in range(P(g, f["seat"])["lq"] + 1)
    ]


@applies("boostn")
def boostn_apply(g: Any, f: dict, move: str) -> None:
    n = int(move)  # MARS-EXEC-11..13
    p = P(g, f["seat"])
    p["lq"] -= n
    p["wa"] += n
    gain(g, f["seat"], D.PRODUCES[f["kind"]], f["lvl"] + n, f"boosted with {n} Colonist(s)")


# ---------------------------------------------------------------------- deliveries
def delivery_moves(g: Any, seat: int) -> list:
    p = P(g, seat)
    out = []
    for k, c in enumerate(p["contracts"], start=1):
        _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
        if kind != "delivery":
            continue
        for item, n in need.items():  # MARS-CONTRACT-08: exactly the depicted items
            if c["items"].get(item, 0) >= n:
                continue
            have = p["depot"] + p["below"] if item == "crystal" else p["res"][item]
            if have:
                out.append(
                    (
                        f"deliver {k} {item}",
                        f"put 1 {item} on {N.contract_name(c['id'])} "
                        f"({c['items'].get(item, 0)}/{n})",
                        "Contracts",
                    )
                )
    return out


def deliver(g: Any, seat: int, k: int, item: str) -> None:
    """MARS-CONTRACT-05..07: any time on your turn, even straight from below the Depot."""
    p = P(g, seat)
    if item == "crystal":
        if p["below"]:
            p["below"] -= 1
        else:
            p["depot"] -= 1
    else:
        p["res"][item] -= 1
    c = p["contracts"][k - 1]
    c["items"][item] = c["items"].get(item, 0) + 1
    g.log(seat, f"{g.name(seat)} puts 1 {item} on {N.contract_name(c['id'])}")
    build.check_contracts(g)


@decision("overflow", lambda g, f: "Crystals that do not fit your Depot: deliver them first?")
def overflow_options(g: Any, f: dict) -> list:
    """MARS-CONTRACT-05/06 (rules 2): crystals that would be lost at move-up may go straight
    onto a Delivery Contract that still needs crystals."""
    from engine.mars.rules import crystal_contracts

    p = P(g, f["seat"])
    if not p["below"]:
        return []
    out = [
        (f"deliver {k} crystal", f"put 1 crystal on {N.contract_name(p['contracts'][k - 1]['id'])}")
        for k in crystal_contracts(p)
    ]
    out.append(("lose", f"let {p['below']} crystal(s) return to the supply"))
    return out


@applies("overflow")
def overflow_apply(g: Any, f: dict, move: str) -> None:
    p = P(g, f["seat"])
    if move == "lose":
        g.log(f["seat"], f"{g.name(f['seat'])}: {p['below']} crystal(s) lost (Depot full)")
        p["below"] = 0
        return
    deliver(g, f["seat"], int(move.split()[1]), "crystal")
    push(g, f["seat"], "overflow")


# ---------------------------------------------------------------------- the turn
@decision("turn", lambda g, f: turn_prompt(g, f))
def turn_options(g: Any, f: dict) -> list:
    seat = f["seat"]
    p = P(g, seat)
    t = g.s["turn"]
    out: list = []
    if not t["main"]:
        names = actions.ORBIT if p["side"] == "orbit" else actions.COLONY  # ORBIT-01/COLONY-01
        for a in names:
            if actions.main_ok(g, seat, a):
                out.append((a, actions.main_label(g, a, seat), "Main actions"))
    if not t["exec"]:
        out += exec_options(g, seat)
    out += goals.goal_moves(g, seat)
    for i, gid in enumerate(p["goals"], start=1):
        out.append(
            (
                f"discard {i}",
                f"discard private goal {i} ({D.goal_text(gid)}) to use as "
                "a crystal (not for contracts)",
                "Private goals",
            )
        )
    out += delivery_moves(g, seat)
    if t["main"]:
        out.append(("end", "end your turn", "End"))
    return out


def turn_prompt(g: Any, f: dict) -> str:
    t = g.s["turn"]
    p = P(g, f["seat"])
    left = [x for x, done in (("Main", t["main"]), ("Executive", t["exec"])) if not done]
    return f"Round {g.s['round']}, {g.name(f['seat'])} in {p['side'].title()}: " + (
        f"{' and '.join(left)} action left" if left else "end your turn when ready"
    )


@applies("turn")
def turn_apply(g: Any, f: dict, move: str) -> None:
    seat = f["seat"]
    p = P(g, seat)
    t = g.s["turn"]
    if move == "end":
        end_turn(g, seat)
        return
    g.s["stack"].append(f)  # the turn stays open until "end"
    if move.startswith("x "):
        t["exec"] = True  # MARS-EXEC-01
        run_exec(g, seat, move)
    elif move.startswith("goal "):
        gid = p["goals"].pop(int(move.split()[1]) - 1)
        p["goal_done"] = gid  # MARS-GOAL-04
        g.mark_reveal()
        g.log(seat, f"{g.name(seat)} completes private goal: {D.goal_text(gid)}")
        push(g, seat, "greward", goal=gid)
    elif move.startswith("discard "):
        gone = p["goals"].pop(int(move.split()[1]) - 1)
        p.setdefault("goals_gone", []).append(gone)  # only its owner knows (mars/hidden.py)
        p["gcry"] += 1
        g.log(seat, f"{g.name(seat)} discards a private goal, unseen, to use as a crystal")
    elif move.startswith("deliver "):
        _, k, item = move.split()
        deliver(g, seat, int(k), item)
    else:
        t["main"] = True
        g.log(seat, f"{g.name(seat)}: {actions.TITLE[move]}")
        actions.start_main(g, seat, move)


def end_turn(g: Any, seat: int) -> None:
    """MARS-SCI-05 (fill emptied spaces) and MARS-TECH-05 (owners of used Tech decide)."""
    t = g.s["turn"]
    g.log(seat, f"{g.name(seat)} ends the turn")
    for owner, tid in reversed(t["techuse"]):
        push(g, owner, "techback", tid=tid, user=seat)
    for _ in range(t["fill"]):
        push(g, seat, "fill")
    t["fill"] = 0
    t["techuse"] = []
    t["ended"] = True


@decision("fill", "Fill the empty Scientist space with an Earth Contract of your choice")
def fill_options(g: Any, f: dict) -> list:
    if None not in g.s["sci_display"]:
        return []
    return [(c, actions.contract_text(c)) for c in g.s["contract_deck"]]


@applies("fill")
def fill_apply(g: Any, f: dict, move: str) -> None:
    g.s["contract_deck"].remove(move)
    g.s["sci_display"][g.s["sci_display"].index(None)] = move
    g.log(f["seat"], f"{g.name(f['seat'])} puts {N.contract_name(move)} on the display")


@decision("techback", lambda g, f: f"{g.name(f['user'])} used your {N.tech_name(g, f['tid'])}")
def techback_options(g: Any, f: dict) -> list:
    t = g.s["techs"][f["tid"]]
    out = [("keep", "keep the Oxygen")]
    if t["lvl"] < D.TECH_MAX and P(g, f["seat"])["res"]["oxygen"] >= 1:
        out.insert(0, ("develop", f"develop it to level {t['lvl'] + 1}, returning the Oxygen"))
    return out


@applies("techback")
def techback_apply(g: Any, f: dict, move: str) -> None:
    if move == "develop":
        P(g, f["seat"])["res"]["oxygen"] -= 1
        develop(g, f["seat"], f["tid"])
    else:
        g.log(f["seat"], f"{g.name(f['seat'])} keeps the Oxygen")


@decision("lssben", "LSS benefit: choose one")
def lssben_options(g: Any, f: dict) -> list:
    return [(b, f"gain 1 {b}") for b in D.LSS_BENEFITS]


@applies("lssben")
def lssben_apply(g: Any, f: dict, move: str) -> None:
    gain_code(g, f["seat"], move, "LSS benefit")
