"""Setup picks, rounds of the Colonization phase, the Shuttle phase and the end (GAP-01/04/31).

``settle`` drops finished frames and moves the game on when nobody has a question left; it is
the only place the phase changes.
"""

from __future__ import annotations

from typing import Any

from engine.frames import Asked
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import order
from engine.mars.frames import applies, decision, push
from engine.mars.rules import P, gain, gain_code, move_up


def settle(g: Any) -> Asked:
    """Run until some seat has a question to answer, or the game is over."""
    return g.frames.settle(g, advance, limit=10_000)


def advance(g: Any) -> None:
    s = g.s
    if s["phase"] == "setup":
        s["phase"] = "picks"
        for seat in reversed(range(len(g.players))):  # facts.md: in seat order
            push(g, seat, "space")
    elif s["phase"] == "picks":
        if order.v7(g) and not s.get("shuttle_placed"):  # rules 7 (RULINGS.md GAP-04)
            s["shuttle_placed"] = True
            push(g, order.highest_seat(g), "shuttle")
            return
        start_round(g)
    elif s["phase"] == "colonize":
        if s["end"] == "now":
            game_over(g)
            return
        s["idx"] += 1
        if s["idx"] < len(s["order"]):
            start_turn(g, s["order"][s["idx"]])
        else:
            round_over(g)
    elif s["phase"] == "shuttle":
        s["shuttle"] = "colony" if s["shuttle"] == "orbit" else "orbit"
        start_round(g)


def start_round(g: Any) -> None:
    s = g.s
    s["phase"] = "colonize"
    s["round"] += 1
    s["order"] = sorted(range(len(g.players)), key=lambda i: P(g, i)["space"])
    s["idx"] = 0
    g.log(
        None,
        f"Round {s['round']}"
        + (" (the last)" if s["end"] == "final" else "")
        + ": "
        + ", ".join(g.name(i) for i in s["order"]),
    )
    start_turn(g, s["order"][0])


def start_turn(g: Any, seat: int) -> None:
    g.s["turn"] = {
        "seat": seat,
        "main": False,
        "exec": False,
        "techuse": [],
        "fill": 0,
        "ended": False,
    }
    push(g, seat, "turn")
    move_up(g, seat)  # MARS-CRYSTAL-02 (rules 2 may ask about crystals that do not fit)


def round_over(g: Any) -> None:
    s = g.s
    if s["end"] == "final":
        game_over(g)
        return
    cap = D.last_round(s.get("rules", 1))
    if s["end"] is None and s["round"] >= cap:
        s["end"] = "trigger"
        s["ended_by"] = "cap"
        g.log(None, f"Round {cap} is over: the end of the game is triggered")
    if s["end"] == "trigger":  # one more round, without a Shuttle phase
        s["end"] = "final"
        start_round(g)
        return
    s["phase"] = "shuttle"
    g.log(None, f"Shuttle phase: the shuttle leaves {s['shuttle'].title()}")
    for seat in reversed(s["order"]):
        push(g, seat, "travel")


def game_over(g: Any) -> None:
    """The end: rules 12 brings every player's Colonists home (Working Area, Orbit slots)
    before the Living Quarters score (RULINGS.md GAP-31); then the final scores."""
    from engine.mars.scoring import final_scores

    s = g.s
    s["phase"] = "over"
    s["turn"] = None
    s["stack"] = []
    if s.get("rules", 1) >= 12:
        for seat in range(len(s["players"])):
            recover(g, seat)
    s["final"] = final_scores(g)
    g.log(
        None,
        "The game is over: " + ", ".join(f"{g.name(r['seat'])} {r['vp']} OP" for r in s["final"]),
    )


# ----------------------------------------------------------------- turn order spaces
@decision(
    "space",
    lambda g, f: (
        "Take a turn-order space" + (f" on the {f['side'].title()} side" if "side" in f else "")
    ),  # rules 6 arrivals
)
def space_options(g: Any, f: dict) -> list:
    if order.v6(g):  # rules 6: the published spaces and their benefits (RULINGS.md GAP-30)
        return order.space_options(g, f)
    out = []
    for i, who in enumerate(g.s["spaces"]):
        if who is None:
            bonus = D.TURN_BONUS[i]
            out.append(
                (
                    f"space {i + 1}",
                    f"space {i + 1}: "
                    + (
                        f"gain {D.TILE_TEXT.get(bonus, f'1 {bonus}').lower()}"
                        if bonus
                        else "no bonus"
                    ),
                )
            )
    return out


@applies("space")
def space_apply(g: Any, f: dict, move: str) -> None:
    i = int(move.split()[1]) - 1
    g.s["spaces"][i] = f["seat"]
    P(g, f["seat"])["space"] = i
    if order.v6(g):
        order.take_space(g, f, i)
        return
    g.log(f["seat"], f"{g.name(f['seat'])} takes turn-order space {i + 1}")
    if bonus := D.TURN_BONUS[i]:
        gain_code(g, f["seat"], bonus, "turn order")


# --------------------------------------------------------------------- the shuttle
@decision("shuttle", "Place the shuttle: which side does it leave first?")
def shuttle_options(g: Any, f: dict) -> list:
    return order.shuttle_options(g, f)


@applies("shuttle")
def shuttle_apply(g: Any, f: dict, move: str) -> None:
    order.place_shuttle(g, f, move)


@decision("travel", lambda g, f: f"The shuttle leaves {g.s['shuttle'].title()}: travel?")
def travel_options(g: Any, f: dict) -> list:
    p = P(g, f["seat"])
    dest = "colony" if p["side"] == "orbit" else "orbit"
    out = [("stay", f"stay in {p['side'].title()}")]
    if p["side"] == g.s["shuttle"]:
        out.append(("travel", f"travel to {dest.title()} (free)"))
    elif p["hangar"] > 0:
        out.append(("travel", f"travel to {dest.title()} (give up a Ship: -3 OP at the end)"))
    return out


@applies("travel")
def travel_apply(g: Any, f: dict, move: str) -> None:
    seat = f["seat"]
    p = P(g, seat)
    if move == "stay":
        g.log(seat, f"{g.name(seat)} stays in {p['side'].title()}")
        return
    if p["side"] != g.s["shuttle"]:
        p["hangar"] -= 1
        g.log(seat, f"{g.name(seat)} gives up a Ship to travel")
    travel_steps(g, seat)


def travel_steps(g: Any, seat: int) -> None:
    """GAP-04: switch sides and take the travel steps of the side arrived at."""
    p = P(g, seat)
    p["side"] = "colony" if p["side"] == "orbit" else "orbit"
    g.log(seat, f"{g.name(seat)} travels to {p['side'].title()}")
    arrive(g, seat, discovery=True)


def arrive(g: Any, seat: int, discovery: bool) -> None:
    """The travel steps: a new turn-order space, Colonists recovered; in Orbit production, in
    the Colony a Discovery tile 3 hexes from the Rover (not for the Landing Pod, rules 2)."""
    p = P(g, seat)
    if p["space"] is not None:
        g.s["spaces"][p["space"]] = None
    if order.v6(g):  # rules 6: a space on the side arrived at (RULINGS.md GAP-30)
        push(g, seat, "space", side=p["side"])
    else:
        push(g, seat, "space")
    recover(g, seat)
    if p["side"] == "orbit":
        produce(g, seat)
    elif discovery and disc_left(g) and disc_spots(g, seat):
        push(g, seat, "disc")


def disc_left(g: Any) -> bool:
    return bool(g.s["disc_supply"] or g.s.get("disc_up"))


def recover(g: Any, seat: int) -> None:
    """GAP-17: Colonists in the Working Area and on Orbit slots return to Living Quarters."""
    p = P(g, seat)
    back = p["wa"]
    p["wa"] = 0
    for slot in g.s["orbit_slots"].values():
        while seat in slot:
            slot.remove(seat)
            back += 1
    p["lq"] += back
    if back:
        g.log(seat, f"{g.name(seat)} recovers {back} Colonist(s)")


def produce(g: Any, seat: int) -> None:
    """MARS-UPGRADE-12, GAP-20: Advanced Buildings and Mines with your Colonist produce."""
    for h in H.HEXES:
        b = g.s["hex"][h]["b"]
        if not b:
            continue
        if b["adv"] == seat:
            lvl = int(b["bp"].split("-")[1][0])
            gain(g, seat, D.PRODUCES[b["type"]], D.BP_PRODUCE[lvl], f"Advanced Building on {h}")
        elif b["col"] == seat:
            gain(g, seat, "mineral", 1, f"Mine on {h}")


def disc_spots(g: Any, seat: int) -> list[str]:
    rover = P(g, seat)["rover"]
    return [
        h
        for h in H.ring(rover, 3)
        if g.s["hex"][h]["b"] is None and not g.s["hex"][h]["tile"] and not g.s["hex"][h]["cry"]
    ]


@decision("disc", "Place a Discovery tile exactly 3 hexes from your Rover")
def disc_options(g: Any, f: dict) -> list:
    if not disc_left(g):
        return []
    return [(h, f"place it on {h}", H.region(h)) for h in disc_spots(g, f["seat"])]


@applies("disc")
def disc_apply(g: Any, f: dict, move: str) -> None:
    up = g.s.get("disc_up") or []
    if up:  # rules 2: choose one of the face-up tiles beside the map
        push(g, f["seat"], "discup", hex=move)
        return
    g.s["hex"][move]["tile"] = g.s["disc_supply"].pop()
    g.log(f["seat"], f"{g.name(f['seat'])} places a Discovery tile on {move}")


def face_up_options(g: Any) -> list:
    """The face-up Discovery tiles beside the map, each kind once (``tile <k>`` moves)."""
    up = g.s.get("disc_up") or []
    return [(f"tile {i + 1}", D.TILE_TEXT[t]) for i, t in enumerate(up) if t not in up[:i]]


def pop_face_up(g: Any, move: str) -> str:
    """Take the face-up tile a ``tile <k>`` move names (then ``turn_up_next``)."""
    return g.s["disc_up"].pop(int(move.split()[1]) - 1)


def turn_up_next(g: Any) -> None:
    """The next face-down tile is turned up beside the map (a reveal: no free undo past it)."""
    if g.s["disc_supply"]:
        g.s["disc_up"].append(g.s["disc_supply"].pop())
        g.mark_reveal()
        g.log(None, f"A new Discovery tile is turned face up: {D.TILE_TEXT[g.s['disc_up'][-1]]}")


@decision("discup", lambda g, f: f"Which face-up Discovery tile goes on {f['hex']}?")
def discup_options(g: Any, f: dict) -> list:
    return face_up_options(g)


@applies("discup")
def discup_apply(g: Any, f: dict, move: str) -> None:
    tile = pop_face_up(g, move)
    g.s["hex"][f["hex"]]["tile"] = tile
    g.s.setdefault("disc_known", {})[f["hex"]] = tile  # it was face up: everyone knows it
    g.log(f["seat"], f"{g.name(f['seat'])} places Discovery tile {D.TILE_TEXT[tile]} on {f['hex']}")
    turn_up_next(g)
