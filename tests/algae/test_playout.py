"""The shared random-playout check (DESIGN.md §5) on Algae, Inc.: 200+ games, 1-4 players,
every department, with and without chosen departments."""

from __future__ import annotations

import json

import pytest

import engine  # noqa: F401  (registers algae)
from engine.algae import data as D
from tests.playout import play_out, sweep_seeds

DEPTS = list(D.DEPT_NAMES)
PLAYOUT_SEEDS = sweep_seeds(52, stride=6)  # locally every sixth seed, in CI all 52


def _options(players: int, seed: int) -> dict | None:
    if seed % 2:
        return None  # departments drawn from the seed
    rot = seed // 2 % len(DEPTS)
    return {"departments": [DEPTS[(rot + i) % len(DEPTS)] for i in range(players)]}


@pytest.mark.playout
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", PLAYOUT_SEEDS)
def test_random_playout_algae(players: int, seed: int) -> None:
    """Every game ends, refuses illegal moves unchanged, round-trips and replays."""
    game = play_out(
        "algae",
        players,
        seed,
        options=_options(players, seed),
        roundtrip_every=7 if seed < 4 else 97,
    )
    assert game.over
    view = game.view(None)
    assert view["final"] and len(view["scores"]) == players
    json.dumps(view)
    for decision_free_seat in range(players):
        assert game.default_move(decision_free_seat) is None


def test_playouts_cover_every_department() -> None:
    """The games the playout above really starts (same players, seeds and options) seat
    every department at every player count, both among the games that choose departments
    (which must be honoured) and among those that draw them from the seed (when the sweep
    starts any: locally every sixth seed is even, so only chosen departments)."""
    from engine.algae.game import AlgaeGame
    from engine.core import new_game

    seen: dict[tuple[int, bool], set[str]] = {}
    for players in (1, 2, 3, 4):
        for seed in PLAYOUT_SEEDS:
            opts = _options(players, seed)
            game = new_game("algae", [f"p{i}" for i in range(players)], seed=seed, options=opts)
            assert isinstance(game, AlgaeGame)
            depts = [p["dept"] for p in game.s["players"]]
            if opts:
                assert depts == opts["departments"]
            seen.setdefault((players, opts is None), set()).update(depts)
    assert all((n, False) in seen for n in (1, 2, 3, 4)), seen  # drawn ones: CI's full sweep
    assert all(got == set(DEPTS) for got in seen.values()), seen


def _invariants(game) -> None:
    s = game.s
    for p in s["players"]:
        for key in ("money", "energy", "freelance", "choice", "wild", "value", "disks", "markers"):
            assert p[key] >= 0, key
        assert 0 <= p["science"] <= D.SCIENCE_MAX
        assert all(n >= 0 for n in p["cells"].values())
    for tank in s["tanks"].values():
        assert 0 <= tank["n"] <= tank["cap"] <= D.TANK_MAX
    assert all(0 <= n <= D.BYP_CAPACITY for n in s["byp"].values())


@pytest.mark.parametrize("seed", range(12))
def test_invariants_hold_at_every_step(seed: int) -> None:
    """Money, energy, tokens, cubes never negative; science 0..10; tanks within capacity."""
    import random

    from engine.core import new_game

    rnd = random.Random(seed)
    game = new_game("algae", [f"p{i}" for i in range(1 + seed % 4)], seed=seed)
    while game.pending():
        _invariants(game)
        for d in game.pending():
            assert game.default_move(d.seat) in {o.move for o in d.options}
        d = rnd.choice(game.pending())
        events = game.play(d.seat, rnd.choice(d.options).move)
        assert events and all(e.text for e in events)
    _invariants(game)
