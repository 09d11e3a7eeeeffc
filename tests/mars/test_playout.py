"""The shared random-playout check (DESIGN.md §5) on On Mars: 208 games, 1-4 players."""

from __future__ import annotations

import json
import random

import pytest

import engine.mars  # noqa: F401  (registers mars)
from engine.core import new_game
from tests.playout import play_out, sweep_seeds


@pytest.mark.playout
@pytest.mark.parametrize("players", [1, 2, 3, 4])
# An On Mars playout costs four Algae ones (at every third seed the sweep was a third of the
# whole suite's CPU): locally every 26th seed (0 and 26, at every player count), in CI all 52.
@pytest.mark.parametrize("seed", sweep_seeds(52, stride=26))
def test_random_playout_mars(players: int, seed: int) -> None:
    """Every game ends, refuses illegal moves unchanged, round-trips and replays."""
    game = play_out("mars", players, seed, roundtrip_every=7 if seed < 3 else 97)
    assert game.over
    view = game.view(None)
    assert view["final"] and len(view["scores"]) == players
    json.dumps(view)
    for line in game.scores():
        assert sum(line.breakdown.values()) == line.vp


def _invariants(game) -> None:
    s = game.s
    for p in s["players"]:
        assert all(n >= 0 for n in p["res"].values())
        assert p["depot"] >= 0 and p["below"] >= 0 and p["gcry"] >= 0
        assert p["depot"] <= 3 + 5 - p["ships"]
        assert p["lq"] >= 0 and p["wa"] >= 0 and p["gained"] <= 12
        assert len(p["bots"]) + p["bots_left"] <= 4
    if s["stack"] and s["stack"][-1]["t"] == "mv":
        return  # a piece may be passing through mid-move (MARS-MOVE-01)
    if any(f["t"] == "disp" for f in s["stack"]):
        return  # a displaced piece waits for its owner's choice (MARS-DISP-03)
    pieces = [h for p in s["players"] for h in p["bots"]]
    assert len(pieces) == len(set(pieces)), "two Bots never end on one hex"
    for h, cell in s["hex"].items():
        b = cell["b"]
        if b and (b["adv"] is not None or b["col"] is not None):
            assert h not in pieces


@pytest.mark.parametrize("seed", range(12))
def test_invariants_hold_at_every_step(seed: int) -> None:
    """Resources never negative, the Depot within its open slots, pieces on legal hexes."""
    rnd = random.Random(seed)
    game = new_game("mars", [f"p{i}" for i in range(1 + seed % 4)], seed=seed)
    while game.pending():
        _invariants(game)
        for d in game.pending():
            assert game.default_move(d.seat) in {o.move for o in d.options}
        d = rnd.choice(game.pending())
        events = game.play(d.seat, rnd.choice(d.options).move)
        assert events and all(e.text for e in events)
    _invariants(game)
