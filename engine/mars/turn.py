"""A player's turn: the Main action, one Executive action before or after it, private goals,
deliveries to contracts, and what happens at the end of the turn (MARS-GAP-01)."""

from __future__ import annotations

from typing import Any

from engine.mars import actions, build
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import names as N
from engine.mars.frames import applies, decision, push
from engine.mars.rules import (
    P,
    crystals,
    develop,
    developable,
    gain,
    gain_code,
    pay_crystals,
    tech_label,
    use_tech,
)


# ------------------------------------------------------------- executive actions
def open_slots(p: dict) -> int:
    return D.OPEN_SLOTS + (D.SHIPS - p["ships"])  # MARS-EXEC-05/06


def exec_ok(g: Any, seat: int, action: str) -> bool:
    s, p = g.s, P(g, seat)
    if action == "warehouse":
        return any(s["warehouse"].values())
    if action == "bots":
        return bool(p["bots"])
    if action == "blueprint":
        return bool(s["bp_display"])
    if action == "upgrade":
        return bool(build.upgradable(g, seat))
    if action == "develop":
        return bool(developable(g, seat))
    return True


def adv_cost(g: Any, seat: int, h: str) -> int | None:
    """MARS-EXEC-07..10: own building 2 crystals, free with a Scientist of its type on it;
    another's only with your Scientist of that type (moved there for free)."""
    b = g.s["hex"][h]["b"]
    sci = next(x[0] for x in D.SCIENTISTS if x[3] == b["type"])
    here = g.s["sci_where"].get(sci) == h
    if b["adv"] == seat:
        return 0 if here else D.ADV_EXEC_COST
    return 0 if sci in P(g, seat)["scientists"] else None


def exec_options(g: Any, seat: int) -> list:
    p = P(g, seat)
    out = []
    for slot in range(1, open_slots(p) + 1):  # MARS-EXEC-03
        if slot not in D.EXEC_SLOTS:
            continue
        action, cost = D.EXEC_SLOTS[slot]
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
        out.append(
            (
                f"x adv {h}",
                f"Executive: Advanced {D.TYPE_TITLE[b['type']]} on {h} "
                f"({actions.bp_text(b['bp']).split('; ')[1]}; {how})",
                "Executive actions",
            )
        )
    return out


def run_exec(g: Any, seat: int, move: str) -> None:
    p = P(g, seat)
    parts = move.split()
    if parts[1] == "adv":
        h = parts[2]
        b = g.s["hex"][h]["b"]
        cost = adv_cost(g, seat, h)
        assert cost is not None, "exec_options offers only affordable upgrades"
        pay_crystals(p, cost)
        if b["adv"] != seat:
            sci = next(x[0] for x in D.SCIENTISTS if x[3] == b["type"])
            g.s["sci_where"][sci] = h  # MARS-EXEC-07/10
        g.log(
            seat,
            f"{g.name(seat)} uses the Advanced {D.TYPE_TITLE[b['type']]} on {h}"
            + (f" (paid {cost} crystals)" if cost else " (free: Scientist)"),
        )
        adv_action(g, seat, b)
        return
    action = parts[1]
    cost = next(c for a, c in D.EXEC_SLOTS.values() if a == action)
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
    out = []
    for tid, t in g.s["techs"].items():
        if t["owner"] is None or (t["type"] == "shelter" and t["owner"] != f["seat"]):
            continue
        out.append((tid, tech_label(g, f["seat"], tid)))
    return out


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


# ------------------------------------------------------------------ private goals
def goal_met(g: Any, seat: int, gid: str) -> bool:
    p = P(g, seat)
    kind, n, _ = D.GOALS[gid]
    have = {
        "shelters": lambda: D.SHELTERS_PER_PLAYER - p["shelters"],
        "adv": lambda: len(p["built"]),
        "techs": lambda: sum(1 for t in p["techs"] if g.s["techs"][t]["type"] != "shelter"),
        "techlvl": lambda: max((g.s["techs"][t]["lvl"] for t in p["techs"]), default=0),
        "ships": lambda: D.SHIPS - p["ships"],
        "bots": lambda: len(p["bots"]),
        "tiles": lambda: p["tiles_taken"],
        "colonists": lambda: p["gained"],
        "scientists": lambda: len(p["scientists"]),
        "blueprints": lambda: len(p["bps"]),
        "progress": lambda: len(p["progress"]),
        "anyres": lambda: max(p["res"].values()),
        "mines": lambda: sum(
            1
            for h in H.HEXES
            if (b := g.s["hex"][h]["b"]) and b["type"] == "mine" and b["col"] == seat
        ),
        "contracts": lambda: len(p["contracts"]),
        "crystals": lambda: p["depot"],
        "op": lambda: p["op"],
    }[kind]()
    return have >= n


def reward_ok(g: Any, seat: int, code: str) -> bool:
    if code == "develop":
        return bool(developable(g, seat))
    if code == "blueprint":
        return bool(g.s["bp_display"])
    if code == "colonist":
        return P(g, seat)["gained"] < D.COLONISTS
    return True


@decision("greward", "Private Goal reward: choose one")
def greward_options(g: Any, f: dict) -> list:
    kind = D.GOALS[f["goal"]][0]
    return [(c, D.REWARD_TEXT[c]) for c in D.GOAL_REWARDS[kind] if reward_ok(g, f["seat"], c)]


@applies("greward")
def greward_apply(g: Any, f: dict, move: str) -> None:
    from engine.mars.moves import free_effect

    free_effect(g, f["seat"], move)  # MARS-COST-02: rewards with the free-cost icon


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
                out.append((a, actions.main_label(g, a), "Main actions"))
    if not t["exec"]:
        out += exec_options(g, seat)
    if p["goal_done"] is None:
        for i, gid in enumerate(p["goals"], start=1):
            if goal_met(g, seat, gid) and any(
                reward_ok(g, seat, c) for c in D.GOAL_REWARDS[D.GOALS[gid][0]]
            ):
                out.append(
                    (f"goal {i}", f"complete private goal {i}: {D.GOALS[gid][2]}", "Private goals")
                )
    for i, gid in enumerate(p["goals"], start=1):
        out.append(
            (
                f"discard {i}",
                f"discard private goal {i} ({D.GOALS[gid][2]}) to use as "
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
        g.log(seat, f"{g.name(seat)} completes private goal: {D.GOALS[gid][2]}")
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
