"""Engine timings: play(), pending(), a whole random 4-player game, snapshot size.

Targets (issue: Algae, Inc.; the same for On Mars): play() median <= 1 ms; pending() median
<= 2 ms; one complete random 4-player game <= 3 s; a snapshot <= 64 KB of JSON. Every registered
game is measured, and On Mars (imported here) has its rows: mars play(), mars pending()
uncached, mars random 4-player game, mars largest snapshot.
"""

from __future__ import annotations

import json
import random
import time

import engine
import engine.mars
from benchmarks.kit import Row, row
from engine.core import Game, new_game

GAMES_PER_KIND = 6


NAN = float("nan")


def _random_game(kind: str, players: int, seed: int) -> tuple[list[float], list[float], int]:
    """Play one random game; time each play() and an uncached pending() at every step."""
    rnd = random.Random(seed)
    game = new_game(kind, [f"p{i + 1}" for i in range(players)], seed=seed)
    plays: list[float] = []
    pendings: list[float] = []
    biggest = 0
    step = 0
    while True:
        game.invalidate()  # measure the real work, not the cache
        start = time.perf_counter()
        pending = game.pending()
        pendings.append(time.perf_counter() - start)
        if not pending:
            break
        decision = rnd.choice(pending)
        move = rnd.choice(decision.options).move
        start = time.perf_counter()
        game.play(decision.seat, move)
        plays.append(time.perf_counter() - start)
        if step % 25 == 0:
            biggest = max(biggest, _snapshot_bytes(game))
        step += 1
    biggest = max(biggest, _snapshot_bytes(game))
    return plays, pendings, biggest


def _snapshot_bytes(game: Game) -> int:
    return len(json.dumps(game.to_json(), separators=(",", ":")))


def _whole_game(kind: str, seed: int) -> float:
    rnd = random.Random(seed)
    start = time.perf_counter()
    game = new_game(kind, ["a", "b", "c", "d"], seed=seed)
    while True:
        pending = game.pending()
        if not pending:
            break
        decision = rnd.choice(pending)
        game.play(decision.seat, rnd.choice(decision.options).move)
    return time.perf_counter() - start


def run() -> list[Row]:
    rows: list[Row] = []
    for kind in sorted(engine.GAMES):
        spec = engine.GAMES[kind]
        if spec.max_players < 4 or kind == "tally":
            continue
        plays: list[float] = []
        pendings: list[float] = []
        biggest = 0
        for seed in range(GAMES_PER_KIND):
            p, q, size = _random_game(kind, 1 + seed % 4, seed)
            plays += p
            pendings += q
            biggest = max(biggest, size)
        rows.append(row("engine", f"{kind} play()", plays, "median <= 1 ms"))
        rows.append(row("engine", f"{kind} pending() uncached", pendings, "median <= 2 ms"))
        whole = [_whole_game(kind, 100 + i) for i in range(5)]
        rows.append(row("engine", f"{kind} random 4-player game", whole, "<= 3000 ms"))
        rows.append(  # a size, not a time: the time columns stay empty
            Row(
                "engine",
                f"{kind} largest snapshot",
                1,
                NAN,
                NAN,
                "<= 64 KB",
                f"{biggest / 1024:.1f} KB of JSON",
            )
        )
    return rows
