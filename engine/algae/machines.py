"""Machine activations: main-belt moves, secondary belts, the converter, conveyor belts."""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.frames import applies, auto, decision, push
from engine.algae.gains import move_cube, move_options, store_byproduct

NEXT = {"a": "b", "b": "c"}
BELT_TEXT = B.SECONDARY_TEXT


def activate(g: Any, seat: int, machine: str) -> None:
    """ALG-MACH-01..03: moves up to capacity; secondary belts of the zone switch on."""
    p = g.s["players"][seat]
    cap = B.capacity(p, machine)
    g.log(seat, f"{g.name(seat)} activates machine {machine.upper()} (capacity {cap})")
    if B.has_conveyor(p, machine):
        push(g, seat, "conveyor", m=NEXT[machine])
    if machine == "a":
        push(g, seat, "convert", moved=0)
    frame = push(g, seat, "mach", m=machine, left=cap, moved=0, used=[])
    if R.on(p, "loss_on_activation"):
        for a, b, _ in B.main_edges(p, machine):
            for sid, eff, _inf in B.secondary_on(p, f"{a}>{b}"):
                if eff in LOSSES and sid not in frame["used"]:
                    frame["used"].append(sid)
                    lose(g, seat, sid)


LOSSES = ("pay1",)


def lose(g: Any, seat: int, sid: str) -> None:
    """ALG-MACH-09: a loss is mandatory (nothing is lost when there is nothing to lose).

    Since rules 2 a switched-on loss belt takes its toll when the machine is activated,
    whichever belts the cubes then take (ALG-MACH-03: the activation switches on every
    secondary belt of the zone), so routing cannot dodge it."""
    p = g.s["players"][seat]
    if p["money"] > 0:
        p["money"] -= 1
        g.log(seat, f"{g.name(seat)} loses €1 on {B.belt_name(sid)}")
    else:
        g.log(seat, f"{g.name(seat)} has no € to lose on {B.belt_name(sid)}")


def converter_output(moved: int) -> int:
    """ALG-BYP-01..03: byproduct cubes for the cubes Machine A moved."""
    for at_least, out in D.CONVERTER:
        if moved >= at_least:
            return out
    return 0


def _mach_prompt(g: Any, seat: int, f: dict) -> str:
    """Machine A's prompt warns of the converter: cubes moved into Station 1 become byproduct."""
    text = f"Machine {f['m'].upper()}: {f['left']} move(s) left"
    stack = g.s["stacks"][seat]
    if f["m"] == "a" and len(stack) >= 2 and stack[-2]["t"] == "convert":
        into = stack[-2]["moved"]
        text += (
            f"; {into} cube(s) into Station 1 so far, the converter turns "
            f"{converter_output(into)} of them into byproduct (2-3 cubes: 1, 4+: 2)"
        )
    return text


@decision("mach", _mach_prompt, chain=True)
def _mach_opts(g: Any, seat: int, f: dict) -> list:
    if f["left"] <= 0:
        return []
    p = g.s["players"][seat]
    opts = []
    for move, label in move_options(g, seat, f["m"]):
        notes = [
            BELT_TEXT[eff] + (" (∞)" if inf else "")
            for sid, eff, inf in B.secondary_on(p, move.split()[1])
            if inf or sid not in f["used"]
        ]
        opts.append((move, label + (f"; secondary belt: {', '.join(notes)}" if notes else "")))
    if not opts:
        return []
    if f["moved"] > 0:
        opts.append(("done", "Stop the machine"))
    return opts


@applies("mach")
def _mach_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-MACH-06..10: each move is one step; secondary belts once (∞: every time)."""
    if move == "done":
        f["left"] = 0
        return
    a, b = move_cube(g, seat, move)
    f["left"] -= 1
    f["moved"] += 1
    stack = g.s["stacks"][seat]
    if b == "s1" and len(stack) >= 2 and stack[-2]["t"] == "convert":
        stack[-2]["moved"] += 1  # ruling ALG-GAP-18: cubes moved into Station 1 count
    p = g.s["players"][seat]
    for sid, eff, inf in B.secondary_on(p, f"{a}>{b}"):
        if not inf and sid in f["used"]:
            continue
        f["used"].append(sid)
        if eff in LOSSES:  # ALG-MACH-09: a loss is mandatory
            lose(g, seat, sid)
        else:  # ALG-MACH-10: a gain is optional
            push(g, seat, "gain", sid=sid, eff=eff, cell=b)


def other_byproduct(p: dict) -> str:
    own = B.dept(p)["byproduct"]
    return next(b for b in D.BYPRODUCTS if b != own)


@decision("gain", lambda g, seat, f: f"{B.belt_name(f['sid']).capitalize()}: take its gain?")
def _gain_opts(g: Any, seat: int, f: dict) -> list:
    s = g.s
    p = s["players"][seat]
    if f["eff"] == "energy":
        return [("gain", "Gain 1 energy"), ("skip", "Skip")]
    kind = other_byproduct(p)
    if s["byp"][kind] > 0:
        where = B.cell_text(p, f["cell"])
        return [("gain", f"Add a {kind} cube from its tank into {where}"), ("skip", "Skip")]
    if p["money"] >= 1:  # ALG-BYP-11
        where = B.cell_text(p, f["cell"])
        return [
            ("gain", f"Buy a {kind} cube for €1 (tank empty) into {where}"),
            ("skip", "Skip"),
        ]
    return []


@applies("gain")
def _gain_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-MACH-13: Machine B's belts add byproduct of the other type into the line."""
    if move == "skip":
        return
    s = g.s
    p = s["players"][seat]
    if f["eff"] == "energy":
        p["energy"] += 1
        g.log(seat, f"{g.name(seat)} gains 1 energy from {B.belt_name(f['sid'])}")
        return
    kind = other_byproduct(p)
    if s["byp"][kind] > 0:
        s["byp"][kind] -= 1
    else:
        p["money"] -= 1
    p["cells"][f["cell"]] += 1
    g.log(seat, f"{g.name(seat)} adds a {kind} cube into {B.cell_text(p, f['cell'])}")


@auto("convert")
def _convert(g: Any, seat: int, f: dict) -> None:
    """ALG-BYP-01..10: moved cubes become byproduct; burn or store each (both with the tile)."""
    p = g.s["players"][seat]
    want = converter_output(f["moved"])
    made = 0
    for cell in ("s1", "wash"):
        while made < want and p["cells"].get(cell, 0) > 0:
            p["cells"][cell] -= 1
            made += 1
    if not made:
        return
    kind = B.dept(p)["byproduct"]
    g.log(seat, f"{g.name(seat)}'s converter turns {made} cube(s) into {kind}")
    if B.has_effect(p, "converter"):
        for _ in range(made):
            p["energy"] += 1
            store_byproduct(g, seat, kind)
        return
    push(g, seat, "byp", n=made, kind=kind)


@decision(
    "byp",
    lambda g, seat, f: f"Byproduct: {f['n']} {f['kind']} cube(s) to burn or store",
    chain=True,
)
def _byp_opts(g: Any, seat: int, f: dict) -> list:
    if f["n"] <= 0:
        return []
    n = g.s["byp"][f["kind"]]
    store = (
        f"Store it in the {f['kind']} tank for €{B.byp_space_value(n)}"
        if n < D.BYP_CAPACITY
        else f"Sell it for €1 (the {f['kind']} tank is full)"
    )
    return [("burn", "Burn it: +1 energy"), ("store", store)]


@applies("byp")
def _byp_apply(g: Any, seat: int, f: dict, move: str) -> None:
    f["n"] -= 1
    p = g.s["players"][seat]
    if move == "burn":
        p["energy"] += 1  # ALG-BYP-05
        g.log(seat, f"{g.name(seat)} burns a byproduct cube for 1 energy")
    else:
        euros = store_byproduct(g, seat, f["kind"])
        g.log(seat, f"{g.name(seat)} stores a byproduct cube for €{euros}")


@auto("conveyor")
def _conveyor(g: Any, seat: int, f: dict) -> None:
    """ALG-UPG-07..10: 2 free main-belt moves in the next machine; not an activation."""
    push(
        g,
        seat,
        "free_moves",
        n=D.CONVEYOR_MOVES,
        m=f["m"],
        why=f"Conveyor into machine {f['m'].upper()}",
    )
