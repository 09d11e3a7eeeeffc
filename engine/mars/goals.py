"""Private Goals (MARS-GOAL-*, GAP-26): what each card needs and the rewards it gives.

Rules 1 keeps the first engine's 16 invented cards (data.GOALS). Rules 2 has the 16 published
cards (data.GOALS_2, KDC-Solo card database): the reward is "develop twice at no cost" or the
card's alternative, each with the free-cost icon (MARS-COST-02).
"""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars.frames import applies, decision, push
from engine.mars.rules import P, bp_room, complex_of, developable, gain, v2


def _mines(g: Any, seat: int, with_adv: bool) -> int:
    return sum(
        1
        for h in H.HEXES
        if (b := g.s["hex"][h]["b"])
        and b["type"] == "mine"
        and (b["col"] == seat or (with_adv and b["adv"] == seat))
    )


def _adv_complexes(g: Any, seat: int, size: int) -> int:
    """How many different Complexes of ``size``+ hold one of your Advanced markers."""
    seen: set[tuple[str, ...]] = set()
    for h in H.HEXES:
        b = g.s["hex"][h]["b"]
        if b and b["adv"] == seat:
            c = tuple(complex_of(g, h))
            if len(c) >= size:
                seen.add(c)
    return len(seen)


def _have_1(g: Any, seat: int, kind: str) -> int:
    p = P(g, seat)
    return {
        "shelters": lambda: D.SHELTERS_PER_PLAYER - p["shelters"],
        "adv": lambda: len(p["built"]),
        # rules 1 card "have 2 Techs": the starting Shelter Tech does not count (RULINGS.md)
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
        "mines": lambda: _mines(g, seat, False),
        "contracts": lambda: len(p["contracts"]),
        "crystals": lambda: p["depot"],
        "op": lambda: p["op"],
    }[kind]()


def _have_2(g: Any, seat: int, kind: str) -> int:
    p = P(g, seat)
    techs = [g.s["techs"][t] for t in p["techs"]]
    return {
        "bps_all": lambda: len(p["bps"]) + len(p["built"]),
        "adv": lambda: len(p["built"]),
        "mines_adv": lambda: _mines(g, seat, True),
        "disc": lambda: p.get("disc_taken", 0),
        "adv_c4": lambda: _adv_complexes(g, seat, 4),
        "samres": lambda: max(n for r, n in p["res"].items() if r != "mineral"),
        "shelters_on": lambda: D.SHELTERS_PER_PLAYER - p["shelters"],
        "level": lambda: g.s["level"],
        "lq": lambda: p["lq"],
        "techs_all": lambda: len(techs),  # the card: the initial Shelter Tech counts
        "hangar": lambda: p["hangar"],
        "research": lambda: len(p["research"]),
        "sci_ct": lambda: min(
            len(p["scientists"]), sum(1 for c in p["contracts"] if c.get("done"))
        ),
        "lab3": lambda: sum(1 for t in techs if t["lvl"] >= 3),
        "progress": lambda: len(p["progress"]),
        "adv_2c3": lambda: _adv_complexes(g, seat, 3),
    }[kind]()


def card(gid: str) -> tuple:
    return D.GOALS.get(gid) or D.GOALS_2[gid]


def goal_met(g: Any, seat: int, gid: str) -> bool:
    kind, n = card(gid)[:2]
    have = _have_2(g, seat, kind) if gid in D.GOALS_2 else _have_1(g, seat, kind)
    return have >= n


def rewards(gid: str) -> tuple[str, ...]:
    if gid in D.GOALS_2:
        return (D.GOAL_FIRST_2, D.GOALS_2[gid][3])
    return D.GOAL_REWARDS[D.GOALS[gid][0]]


def reward_text(code: str) -> str:
    return D.REWARD_TEXT.get(code) or D.REWARD_TEXT_2[code]


# reward_ok and reward_2: flat dispatches over the reward codes, one line each.
def reward_ok(g: Any, seat: int, code: str) -> bool:  # noqa: PLR0911
    """A reward is offered only when the player can use at least part of it."""
    from engine.mars import build, colony, turn

    p = P(g, seat)
    if code in ("develop", "develop2"):
        return bool(developable(g, seat))
    if code == "blueprint":
        return bp_room(g, seat) > 0
    if code == "colonist" or code == "colonist2":
        return p["gained"] < D.COLONISTS
    if code == "upgrade2":
        return bool(build.upgradable(g, seat, free=True))
    if code == "contract":
        return bool(colony.takeable(g, seat, free=True))
    if code == "ship":
        return colony.ship_ok(g, seat, free=True)
    if code == "retrieve2":
        return p["wa"] > 0 or any(seat in v for v in g.s["orbit_slots"].values())
    if code == "travel":
        return True
    if code == "scientist":
        return bool(colony.hireable(g, seat, free=True))
    _ = turn
    return True


def goal_moves(g: Any, seat: int) -> list:
    p = P(g, seat)
    out = []
    if p["goal_done"] is None:
        for i, gid in enumerate(p["goals"], start=1):
            if goal_met(g, seat, gid) and any(reward_ok(g, seat, c) for c in rewards(gid)):
                out.append(
                    (f"goal {i}", f"complete private goal {i}: {card(gid)[2]}", "Private goals")
                )
    return out


@decision("greward", "Private Goal reward: choose one")
def greward_options(g: Any, f: dict) -> list:
    return [(c, reward_text(c)) for c in rewards(f["goal"]) if reward_ok(g, f["seat"], c)]


@applies("greward")
def greward_apply(g: Any, f: dict, move: str) -> None:
    from engine.mars.moves import free_effect

    if v2(g):
        reward_2(g, f["seat"], move)
    else:
        free_effect(g, f["seat"], move)  # MARS-COST-02: rewards with the free-cost icon


def reward_2(g: Any, seat: int, code: str) -> None:  # noqa: C901
    """The published rewards, each with the free-cost icon (MARS-COST-02)."""
    from engine.mars import actions
    from engine.mars.flow import travel_steps

    p = P(g, seat)
    if code == "develop2":
        push(g, seat, "dev1", free=True, left=2)
    elif code == "upgrade2":
        push(g, seat, "ubp", extra=1, first=True, action=False, free=True)
    elif code == "res3":
        push(g, seat, "gainres", left=3)
    elif code == "mineral3":
        gain(g, seat, "mineral", 3, "Private Goal")
    elif code == "crystal3":
        gain(g, seat, "crystal", 3, "Private Goal")
    elif code == "rover5":
        actions.rover_move(g, seat, 5)
    elif code == "colonist2":
        n = min(2, D.COLONISTS - p["gained"])
        p["gained"] += n
        p["lq"] += n
        g.log(seat, f"{g.name(seat)} takes {n} Colonist(s) into the Living Quarters")
    elif code == "contract":
        push(g, seat, "takect", free=True)
    elif code == "ship":
        push(g, seat, "ship", free=True)
    elif code == "retrieve2":
        retrieve(g, seat, 2)
    elif code == "travel":
        travel_steps(g, seat)
    elif code == "scientist":
        push(g, seat, "hire", free=True)


def retrieve(g: Any, seat: int, n: int) -> None:
    """Bring up to ``n`` Colonists home: the Working Area first, then Orbit slots."""
    p = P(g, seat)
    back = min(n, p["wa"])
    p["wa"] -= back
    for slot in g.s["orbit_slots"].values():
        while back < n and seat in slot:
            slot.remove(seat)
            back += 1
    p["lq"] += back
    g.log(seat, f"{g.name(seat)} brings {back} Colonist(s) back to the Living Quarters")


@decision("gainres", lambda g, f: f"Gain a Resource of your choice ({f['left']} left)")
def gainres_options(g: Any, f: dict) -> list:
    return [(r, f"gain 1 {r}") for r in D.LAB_ENTRY_CHOICES] if f["left"] > 0 else []


@applies("gainres")
def gainres_apply(g: Any, f: dict, move: str) -> None:
    """One Resource of the player's choice; ``why`` names what gave it (a Private Goal's reward
    unless said otherwise, rules 10's Trade Market)."""
    why = f.get("why", "Private Goal")
    gain(g, f["seat"], move, 1, why)
    if f["left"] > 1:
        push(g, f["seat"], "gainres", left=f["left"] - 1, **({"why": why} if "why" in f else {}))
