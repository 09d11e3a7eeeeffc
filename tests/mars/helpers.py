"""Put an On Mars game into a chosen state and look at one decision at a time."""

from __future__ import annotations

from typing import Any

import engine.mars  # noqa: F401  (registers mars)
from engine.core import Game, new_game
from engine.mars import hexmap as H
from engine.mars.flow import settle
from engine.mars.frames import push
from engine.mars.game import MarsGame


def new(n: int = 1, seed: int = 1, rules: int = 2) -> MarsGame:
    """A game after the turn-order picks (each seat takes the first free space); ``rules`` 1
    is the first engine's rules (games started before issue 9)."""
    g = new_game("mars", [f"p{i + 1}" for i in range(n)], seed=seed, options={"rules": rules})
    assert isinstance(g, MarsGame)
    while g.s["phase"] == "picks":
        d = g.pending()[0]
        g.play(d.seat, d.options[0].move)
    return g


def as_mars(g: Game) -> MarsGame:
    """``g`` typed as the On Mars game it is (new_game and replay return a plain Game)."""
    assert isinstance(g, MarsGame)
    return g


def hx(q: int, r: int) -> str:
    return H.name((q, r))


def P(g: MarsGame, seat: int = 0) -> dict:
    return g.s["players"][seat]


def clear_map(g: MarsGame) -> None:
    for cell in g.s["hex"].values():
        cell["cry"] = 0
        cell["tile"] = None


def turn(g: MarsGame, seat: int = 0, side: str = "colony", **turn: Any) -> None:
    """Make it ``seat``'s turn on ``side`` with nothing else pending."""
    g.s["stack"] = []
    g.s["phase"] = "colonize"
    g.s["order"] = list(range(len(g.players)))
    g.s["idx"] = seat
    P(g, seat)["side"] = side
    g.s["turn"] = {
        "seat": seat,
        "main": False,
        "exec": False,
        "techuse": [],
        "fill": 0,
        "ended": False,
        **turn,
    }
    push(g, seat, "turn")
    g.invalidate()


def ask(g: MarsGame, seat: int, t: str, **fields: Any) -> None:
    """Ask ``seat`` one question (frame ``t``) on top of a turn."""
    if not g.s["stack"]:
        turn(g, seat)
    push(g, seat, t, **fields)
    g.invalidate()
    settle(g)


def put(
    g: MarsGame,
    h: str,
    kind: str,
    owner: int | None = None,
    adv: int | None = None,
    bp: str | None = None,
    col: int | None = None,
) -> None:
    g.s["hex"][h]["b"] = {"type": kind, "owner": owner, "adv": adv, "bp": bp, "col": col}
    g.invalidate()


def moves(g: MarsGame) -> list[str]:
    return [o.move for o in g.pending()[0].options]


def play(g: MarsGame, *ms: str) -> None:
    for m in ms:
        d = g.pending()[0]
        g.play(d.seat, m)


def refresh(g: MarsGame) -> None:
    g.invalidate()


def two_gens_to_upgrade(g: MarsGame, minerals: int) -> tuple[str, str]:
    """Two Generators on empty hexes next to seat 0's first Bot, seat 0 holding both level-1
    Generator Blueprints and ``minerals`` Minerals; returns the two hexes."""
    bot = P(g)["bots"][0]
    a, b = [h for h in H.NEIGHBOURS[bot] if g.s["hex"][h]["b"] is None][:2]
    put(g, a, "gen")
    put(g, b, "gen")
    P(g)["bps"] = ["gen-1a", "gen-1b"]
    P(g)["res"]["mineral"] = minerals
    return a, b
