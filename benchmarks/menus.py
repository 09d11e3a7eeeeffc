"""Menu timings (issue 12): what the table layer adds to a click.

* ``lookahead steps``: the entries of one decision's menu, each option tried on a copy of
  the game to pair it with its sub-choice (tables/lookahead.py). It runs in a worker thread
  (never on the event loop) and is cached per decision, but it is on the click's path:
  target p95 <= 100 ms so a click stays well inside Discord's 3 seconds.
* ``forced moves after a move``: playing the one-option decisions that follow (usually
  none); target median <= 1 ms like play().
"""

from __future__ import annotations

import random
import time

import engine
import engine.mars  # the second game's rows
from benchmarks.kit import Row, row
from engine.core import new_game
from tables.forced import play_forced
from tables.lookahead import steps

MOVES_PER_GAME = 150
GAMES = 3


def _game(kind: str, players: int, seed: int) -> tuple[list[float], list[float]]:
    rnd = random.Random(seed)
    game = new_game(kind, [f"p{i + 1}" for i in range(players)], seed=seed)
    looks: list[float] = []
    forced: list[float] = []
    for _ in range(MOVES_PER_GAME):
        if game.over:
            break
        decision = rnd.choice(game.pending())
        start = time.perf_counter()
        entries = steps(game, decision)
        looks.append(time.perf_counter() - start)
        for move in rnd.choice(entries).moves:
            game.play(decision.seat, move)
            start = time.perf_counter()
            play_forced(game)
            forced.append(time.perf_counter() - start)
    return looks, forced


def run() -> list[Row]:
    rows: list[Row] = []
    for kind, players in (("algae", 3), ("mars", 2)):
        if kind not in engine.GAMES:
            continue
        looks: list[float] = []
        forced: list[float] = []
        for seed in range(GAMES):
            a, b = _game(kind, players, seed)
            looks += a
            forced += b
        rows.append(row("menus", f"{kind} lookahead steps (one menu)", looks, "p95 <= 100 ms"))
        rows.append(row("menus", f"{kind} forced moves after a move", forced, "median <= 1 ms"))
    return rows
