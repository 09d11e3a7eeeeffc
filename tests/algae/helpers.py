"""Small helpers to put an Algae game into a chosen state and ask one question at a time."""

from __future__ import annotations

from typing import Any

import engine  # noqa: F401  (registers algae)
from engine.algae import frames
from engine.algae.flow import settle
from engine.algae.game import AlgaeGame
from engine.core import new_game

# Algae's frame types plus a test-only "hold" frame that keeps a seat busy, so the game does
# not move on to its next step. The games made here use it; the production registry stays as
# it is.
HELD = frames.FRAMES.extended()
HELD.decision("hold", "hold")(lambda g, seat, f: [("hold", "hold")])
HELD.applies("hold")(lambda g, seat, f, move: None)


def new(depts: list[str] | None = None, seed: int = 1, n: int | None = None) -> AlgaeGame:
    depts = depts or ["cosmetics"]
    n = n or len(depts)
    game = new_game(
        "algae", [f"p{i + 1}" for i in range(n)], seed=seed, options={"departments": depts}
    )
    assert isinstance(game, AlgaeGame)
    game.frames = HELD
    return game


def player(g: AlgaeGame, seat: int = 0) -> dict:
    return g.s["players"][seat]


def ask(g: AlgaeGame, seat: int, t: str, hold: bool = True, **fields: Any) -> dict:
    """Clear every stack and ask ``seat`` one question (frame ``t``), with a hold below it."""
    g.s["stacks"] = [[] for _ in g.players]
    g.frames = HELD
    if hold:
        frames.push(g, seat, "hold")
    frame = frames.push(g, seat, t, **fields)
    if hold:
        settle(g)
    g.invalidate()
    return frame


def moves(g: AlgaeGame, seat: int = 0) -> list[str]:
    d = g.decision_for(seat)
    return [] if d is None else [o.move for o in d.options]


def labels(g: AlgaeGame, seat: int = 0) -> dict[str, str]:
    """What a player reads of each option: its label, then its detail when it has one."""
    d = g.decision_for(seat)
    return (
        {}
        if d is None
        else {o.move: "; ".join(filter(None, (o.label, o.detail))) for o in d.options}
    )


def play(g: AlgaeGame, seat: int, *ms: str) -> None:
    for m in ms:
        g.play(seat, m)


def top(g: AlgaeGame, seat: int = 0) -> str | None:
    stack = g.s["stacks"][seat]
    return stack[-1]["t"] if stack else None


def empty_factory(g: AlgaeGame, seat: int = 0) -> dict:
    p = player(g, seat)
    for c in p["cells"]:
        p["cells"][c] = 0
    return p


def remove_tile(g: AlgaeGame, seat: int, tile: str) -> None:
    """Take a science tile off the department board (as if placed in the grid)."""
    player(g, seat)["board"].remove(tile)


def at_work(depts: list[str] | None = None, seed: int = 1) -> AlgaeGame:
    """A game advanced with default moves to the first Work Week turn."""
    g = new(depts, seed)
    while g.s["phase"] != "work":
        d = g.pending()[0]
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    return g


def finish_with_defaults(g: AlgaeGame) -> None:
    while g.pending():
        d = g.pending()[0]
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
