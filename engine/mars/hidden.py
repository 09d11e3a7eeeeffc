"""What a seat cannot see in On Mars, dealt again for the AI players (``Game.determinize``).

Hidden from ``seat``: the other seats' private goals (their number is public; a completed
goal is public; a discarded one is known only to its owner), the face-down Discovery tiles on
the map (not those placed from the face-up ones) and in the supply, the order of the
building-tile stacks, of the blueprint deck (level 1 on top of level 3) and, from rules 2, of the
Tech reserve (rules 1 refilled it in a fixed order everyone could know). From rules 13 the
face-down Discovery tiles that left the map unseen (a Bot or a Building on them) join the
pool too, and a build names its tile's arrows, so the building stacks' remaining sets are
public. Each group is
collected, sorted (so the copy does not depend on how the real game arranged it), shuffled
with the AI's generator and dealt back to the same places. Research tiles are face up (their
colour and letter are public) and stay.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.mars import data as D
from engine.mars.rules import known_tile


def redeal(g: Any, seat: int, rng: Rng) -> None:
    s = g.s
    _goals(s, seat, rng)
    _discovery(s, rng)
    for kind in sorted(s["stacks"]):
        stack = sorted(s["stacks"][kind])
        rng.shuffle(stack)
        s["stacks"][kind] = stack
    _blueprints(s, rng)
    if s.get("rules", 1) >= 2:
        reserve = sorted(s["reserve"])
        rng.shuffle(reserve)
        s["reserve"] = reserve


def _goals(s: dict[str, Any], seat: int, rng: Rng) -> None:
    """Other seats' hands come from every goal this seat has not seen leave the pool."""
    players = s["players"]
    seen = set(players[seat]["goals"]) | set(players[seat].get("goals_gone", []))
    seen |= {p["goal_done"] for p in players if p["goal_done"]}
    deck = D.GOALS if s.get("rules", 1) < 2 else D.GOALS_2  # the deck the game dealt from
    pool = sorted(gid for gid in deck if gid not in seen)
    rng.shuffle(pool)
    for other, p in enumerate(players):
        if other != seat:
            n = len(p["goals"])
            p["goals"], pool = pool[:n], pool[n:]
            p["goals_gone"] = []


def _discovery(s: dict[str, Any], rng: Rng) -> None:
    """Face-down Discovery tiles on the map and in the supply share one pool."""
    spots = sorted(
        h
        for h, cell in s["hex"].items()
        if cell["tile"] and cell["tile"] not in D.RESEARCH and not known_tile(s, h)
    )
    gone = list(s.get("disc_gone", []))  # rules 13: left the map unseen
    pool = sorted([s["hex"][h]["tile"] for h in spots] + list(s["disc_supply"]) + gone)
    rng.shuffle(pool)
    for h in spots:
        s["hex"][h]["tile"] = pool.pop()
    if "disc_gone" in s:
        s["disc_gone"] = [pool.pop() for _ in gone]
    s["disc_supply"] = pool


def _blueprints(s: dict[str, Any], rng: Rng) -> None:
    deck = s["bp_deck"]
    level1 = sorted(b for b in deck if b.split("-")[1][0] == "1")
    level3 = sorted(b for b in deck if b.split("-")[1][0] != "1")
    rng.shuffle(level1)
    rng.shuffle(level3)
    s["bp_deck"] = level1 + level3
