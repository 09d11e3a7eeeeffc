"""Bots and the Rover: step-by-step movement (MARS-MOVE-*, MARS-BOT-03/04, MARS-ROVER-*)."""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars import discovery, paying
from engine.mars import hexmap as H
from engine.mars.frames import applies, decision, push
from engine.mars.rules import (
    P,
    bp_room,
    contribute,
    developable,
    gain,
    gain_code,
    gain_colonist,
    known_tile,
    lose_tile,
    v2,
)


def piece_at(g: Any, f: dict) -> str:
    p = P(g, f["seat"])
    return p["rover"] if f["piece"] == "rover" else p["bots"][f["bi"]]


def legal_end(g: Any, h: str, seat: int, piece: str, bi: int = -1) -> bool:
    """MARS-MOVE-02..05: no Advanced Building, Colonist, other Bot or other Rover there."""
    b = g.s["hex"][h]["b"]
    if b and (b["adv"] is not None or b["col"] is not None):
        return False
    for s2, p in enumerate(g.s["players"]):
        for i, bh in enumerate(p["bots"]):
            if bh == h and not (piece == "bot" and s2 == seat and i == bi):
                return False
        if p["rover"] == h and not (piece == "rover" and s2 == seat):
            return False
    return True


def _reachable(g: Any, start: str, left: int, f: dict) -> bool:
    """Some legal end within ``left`` steps from ``start`` (MARS-MOVE-01: pass through)."""
    frontier = {start}
    seen = {start}
    for k in range(left + 1):
        if any(legal_end(g, h, f["seat"], f["piece"], f.get("bi", -1)) for h in frontier):
            return True
        if k == left:
            break
        frontier = {n for h in frontier for n in H.NEIGHBOURS[h]} - seen
        seen |= frontier
    return False


def _idle(g: Any, f: dict) -> bool:
    """A Bot just picked from the Bots' question and not moved yet: stopping would do
    nothing (issue 12 item 2); not moving is "stop moving Bots" there. Rules 2 only, so
    logs of rules-1 games replay."""
    return f["piece"] == "bot" and f["moved"] == 0 and v2(g)


@decision("mv", lambda g, f: f"Move your {f['piece'].title()}: {f['left']} step(s) left")
def mv_options(g: Any, f: dict) -> list:
    from engine.mars.actions import boost_cap, can_boost

    here = piece_at(g, f)
    out = []
    if legal_end(g, here, f["seat"], f["piece"], f.get("bi", -1)) and not _idle(g, f):
        out.append(("stop", f"stop on {here}"))  # MARS-MOVE-06: up to
    boosts = 0
    if can_boost(g, f):  # rules 2: 1 crystal per extra Rover step
        have = P(g, f["seat"])["depot"] + P(g, f["seat"])["gcry"]
        boosts = min(boost_cap(g, f) - f.get("paid", 0), have)
    if f["left"] > 0 or boosts:
        price = "" if f["left"] > 0 else "pay 1 crystal: "
        for n in H.NEIGHBOURS[here]:
            if _reachable(g, n, f["left"] + boosts - 1, f):
                cell = g.s["hex"][n]
                extra = []
                if cell["cry"]:
                    up = f["piece"] == "rover" or f.get("as_rover")
                    extra.append("crystal" + (": picked up" if up else ""))
                if cell["tile"]:
                    extra.append(tile_word(g, n))
                lab = f"{price}step to {n}" + (f" ({', '.join(extra)})" if extra else "")
                out.append((n, lab))
    return out


def tile_word(g: Any, h: str) -> str:
    """A step's label names the tile there as far as everyone knows it (GAP-10)."""
    tile = g.s["hex"][h]["tile"]
    if tile in D.RESEARCH:
        colour, letter = D.RESEARCH[tile][:2]
        return f"Research tile {colour} {letter.upper()}"
    known = known_tile(g.s, h)
    return f"Discovery tile: {D.TILE_TEXT[known]}" if known else "Discovery tile, face down"


@applies("mv")
def mv_apply(g: Any, f: dict, move: str) -> None:
    seat = f["seat"]
    p = P(g, seat)
    if move == "stop":
        finish_move(g, f)
        return
    from engine.mars.actions import can_boost, pay_boost

    if f["left"] <= 0:
        pay_boost(g, f)
    else:
        f["left"] -= 1
    if f["piece"] == "rover":
        p["rover"] = move
    else:
        p["bots"][f["bi"]] = move
    if (f["piece"] == "rover" or f.get("as_rover")) and g.s["hex"][move]["cry"]:
        g.s["hex"][move]["cry"] = 0  # MARS-ROVER-02/03
        gain(g, seat, "crystal", 1, f"{f['piece'].title()} picks up the crystal on {move}")
    f["moved"] += 1
    g.log(seat, f"{g.name(seat)}'s {f['piece'].title()} moves to {move}")
    if f["left"] == 0 and not can_boost(g, f):
        finish_move(g, f)
    else:
        g.s["stack"].append(f)


def finish_move(g: Any, f: dict) -> None:
    seat = f["seat"]
    here = piece_at(g, f)
    cell = g.s["hex"][here]
    stack = g.s["stack"]
    bots_frame = stack and stack[-1]["t"] == "bots" and stack[-1]["seat"] == seat
    if bots_frame and (f["piece"] == "bot" or not v2(g)):  # rules 1 also took the Rover's
        stack[-1]["left"] -= f["moved"]  # steps off the Bots' allowance (issue 9)
    if f["piece"] == "bot" and f.get("as_rover"):  # rules 10: a Recycling Bot takes tiles
        if cell["tile"]:
            rover_tile(g, seat, here, "Bot")
        return
    if f["piece"] == "bot":
        if cell["tile"]:  # MARS-BOT-03
            lose_tile(g, here)
            g.log(seat, f"{g.name(seat)}'s Bot destroys the tile on {here}")
        if cell["cry"]:  # MARS-BOT-04
            cell["cry"] = 0
            g.log(seat, f"{g.name(seat)}'s Bot returns the crystal on {here} to the supply")
        return
    if cell["tile"]:
        rover_tile(g, seat, here)


def tile_blocked(g: Any, seat: int, tile: str) -> str | None:
    """Why the Rover cannot take this tile (MARS-ROVER-05..07), or None."""
    p = P(g, seat)
    if tile not in D.RESEARCH:
        return None
    colour, letter, cost, effect = D.RESEARCH[tile]
    if any(D.RESEARCH[r][:2] == (colour, letter) for r in p["research"]):
        return "you already have a Research tile of that colour and letter"
    if not paying.can_pay(g, seat, cost):
        return "you cannot pay its cost"
    if effect == "colonist" and p["gained"] >= D.COLONISTS:
        return "you could not use it"
    if effect == "develop" and not developable(g, seat):
        return "you could not use it"
    if effect == "blueprint" and not bp_room(g, seat):
        return "you could not use it"
    return None


def rover_tile(g: Any, seat: int, h: str, piece: str = "Rover") -> None:
    """MARS-ROVER-04: take the tile and resolve it at once; GAP-10: else it stays (``piece``:
    "Bot" for rules 10's Recycling Bots, which take tiles as if Rovers)."""
    p = P(g, seat)
    cell = g.s["hex"][h]
    tile = cell["tile"]
    why = tile_blocked(g, seat, tile)
    if why:
        g.log(seat, f"{g.name(seat)}'s {piece} leaves the tile on {h}: {why}")
        return
    cell["tile"] = None
    p["tiles_taken"] += 1
    if tile in D.RESEARCH:
        colour, letter, cost, effect = D.RESEARCH[tile]
        paying.pay(g, seat, cost)
        p["research"].append(tile)
        g.log(
            seat,
            f"{g.name(seat)}'s {piece} takes Research tile {colour} {letter.upper()} "
            f"on {h} (paid {', '.join(f'{n} {r}' for r, n in cost.items())}): "
            f"{D.TILE_TEXT[effect]}",
        )
        contribute(g, seat, "research")
        free_effect(g, seat, effect)
    else:
        g.mark_reveal()  # a face-down Discovery tile is turned up
        g.log(seat, f"{g.name(seat)}'s {piece} takes a Discovery tile on {h}: {D.TILE_TEXT[tile]}")
        p["disc_taken"] = p.get("disc_taken", 0) + 1
        contribute(g, seat, "discovery")
        if g.s.get("rules", 1) >= 9:  # the published tiles (RULINGS.md GAP-10)
            discovery.take(g, seat, tile)
        else:
            gain_code(g, seat, tile, "Discovery tile")


def free_effect(g: Any, seat: int, effect: str) -> None:
    """MARS-COST-01/02: effects with the free-cost icon skip their normal cost."""
    if effect == "colonist":
        gain_colonist(g, seat)
    elif effect == "develop":
        if developable(g, seat):
            push(g, seat, "dev1", free=True)
    elif effect == "blueprint":
        if bp_room(g, seat):
            push(g, seat, "takebp", free=True)
    else:
        gain_code(g, seat, effect)


@decision("bots", lambda g, f: f"Move your Bots: {f['left']} step(s) left in all")
def bots_options(g: Any, f: dict) -> list:
    if f["left"] <= 0:
        return []
    out = []
    for i, h in enumerate(P(g, f["seat"])["bots"]):
        probe = {"seat": f["seat"], "piece": "bot", "bi": i, "left": f["left"], "moved": 0}
        if any(move != "stop" for move, *_ in mv_options(g, probe)):  # it can step
            out.append((f"bot {i + 1}", f"move the Bot on {h}"))
    if out:
        out.append(("done", "stop moving Bots"))
    return out


@applies("bots")
def bots_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    g.s["stack"].append(f)
    bi = int(move.split()[1]) - 1
    push(g, f["seat"], "mv", piece="bot", bi=bi, left=f["left"], moved=0, **rover_like(f))


def rover_like(f: dict) -> dict:
    """Rules 10's Recycling Bots: the Bots move as if they were Rovers (``as_rover``)."""
    return {"as_rover": True} if f.get("as_rover") else {}


# -------------------------------------------------------- displacement (MARS-DISP-03)
@decision(
    "disp",
    lambda g, f: (
        f"A Building goes on {f['hex']}: where does your "
        f"{'Rover' if f['piece'] == 'rover' else 'Bot'} go?"
    ),
)
def disp_options(g: Any, f: dict) -> list:
    from engine.mars.build import closest_free

    p = P(g, f["seat"])
    here = p["rover"] if f["piece"] == "rover" else p["bots"][f["bi"]]
    if here != f["hex"]:
        return []
    return [(h, f"move it to {h}", H.region(h)) for h in closest_free(g, f["hex"])]


@applies("disp")
def disp_apply(g: Any, f: dict, move: str) -> None:
    seat, p = f["seat"], P(g, f["seat"])
    if f["piece"] == "rover":
        p["rover"] = move
    else:
        p["bots"][f["bi"]] = move
    what = "Rover" if f["piece"] == "rover" else "Bot"
    g.log(seat, f"{g.name(seat)}'s {what} moves from {f['hex']} to {move} (displaced)")
