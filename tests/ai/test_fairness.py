"""AI fairness: an AI decides only from what its own seat sees (issue 10).

The same visible position with other hidden things (other seats' private goals, face-down
tiles, deck order) and other future draws (the random generator) must give the same
determinised copy and the same decision, at every level, for both games. A variant that
really differs is built by dealing the hidden things of the real game differently; the tests
first check that the variant looks the same to the seat and is not the same game.
"""

from __future__ import annotations

import json

import pytest

import ai
from ai.mcts import Budget
from engine.core import Game, Rng
from engine.mars import data as MD
from engine.mars.game import MarsGame
from engine.mars.rules import known_tile
from tests.ai.helpers import midgame, seat_to_act

SMALL = Budget(seconds=None, iterations=40)


def hidden_variant(game: Game, seat: int, salt: int) -> Game:
    """The same game as ``seat`` sees it, with everything it cannot see dealt differently."""
    other = Game.from_json(game.to_json())
    other.rng = Rng(0xC0FFEE + salt)  # different future draws
    if other.kind == "mars":
        assert isinstance(other, MarsGame)
        s = other.s
        rng = Rng(salt)
        me = s["players"][seat]
        seen = set(me["goals"]) | set(me.get("goals_gone", []))
        seen |= {p["goal_done"] for p in s["players"] if p["goal_done"]}
        pool = [g for g in (MD.GOALS if s["rules"] < 2 else MD.GOALS_2) if g not in seen]
        rng.shuffle(pool)
        for i, p in enumerate(s["players"]):
            if i != seat:
                n = len(p["goals"])
                p["goals"], pool = pool[:n], pool[n:]
        spots = [  # the face-down ones: a tile placed from the face-up ones is public
            h
            for h, c in s["hex"].items()
            if c["tile"] and c["tile"] not in MD.RESEARCH and not known_tile(s, h)
        ]
        tiles = [s["hex"][h]["tile"] for h in spots] + s["disc_supply"]
        rng.shuffle(tiles)
        for h in spots:
            s["hex"][h]["tile"] = tiles.pop()
        s["disc_supply"] = tiles
        for kind in s["stacks"]:
            rng.shuffle(s["stacks"][kind])
        s["bp_deck"] = list(reversed(s["bp_deck"]))
        s["reserve"] = list(reversed(s["reserve"]))  # face down (3-4 players)
    other._pending_cache = None
    return other


def _json(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


CASES = [("mars", 2, 11, 60), ("mars", 3, 12, 120), ("algae", 2, 13, 40), ("algae", 3, 14, 90)]


@pytest.mark.parametrize(("kind", "players", "seed", "steps"), CASES)
def test_same_view_gives_same_determinisation(kind: str, players: int, seed: int, steps: int):
    game = midgame(kind, players, seed, steps)
    seat = seat_to_act(game)
    variant = hidden_variant(game, seat, salt=seed)
    assert variant.view(seat) == game.view(seat), "the variant must look the same to the seat"
    assert _json(variant) != _json(game), "the variant must hide something else"
    a = game.determinize(seat, Rng(5))
    b = variant.determinize(seat, Rng(5))
    assert _json(a) == _json(b)
    assert a.view(seat) == game.view(seat), "a determinised copy shows the seat what it saw"


@pytest.mark.parametrize(("kind", "players", "seed", "steps"), CASES)
@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
def test_same_view_gives_same_decision(kind, players, seed, steps, level):
    game = midgame(kind, players, seed, steps)
    seat = seat_to_act(game)
    variants = [hidden_variant(game, seat, salt=seed + k) for k in range(3)]
    budget = SMALL if level in ("normal", "strong") else None
    moves = {ai.choose(g, seat, level, budget) for g in [game, *variants]}
    assert len(moves) == 1, f"{level} AI decided differently on hidden things: {moves}"


def test_mars_hidden_things_are_dealt_again_consistently():
    """The copy deals every hidden thing anew from the AI's generator, never a goal the seat
    holds, has discarded or has seen completed, and keeps each group's size."""
    game = midgame("mars", 3, 21, 12)
    assert isinstance(game, MarsGame)
    seat = seat_to_act(game)
    me = game.s["players"][seat]
    mine = set(me["goals"]) | set(me.get("goals_gone", []))
    assert any(p["goals"] for i, p in enumerate(game.s["players"]) if i != seat)
    assert len(game.s["reserve"]) > 1
    dealt_differently = reserve_dealt = False
    for k in range(12):
        copy = game.determinize(seat, Rng(k))
        assert isinstance(copy, MarsGame)
        s = copy.s
        hands = [p["goals"] for i, p in enumerate(s["players"]) if i != seat]
        flat = [g for hand in hands for g in hand]
        assert len(flat) == len(set(flat)), "a goal dealt twice"
        assert not set(flat) & mine, "another seat got a goal this seat holds or discarded"
        assert [len(p["goals"]) for p in s["players"]] == [
            len(p["goals"]) for p in game.s["players"]
        ]
        assert s["players"][seat]["goals"] == me["goals"]
        assert set(flat) <= set(MD.GOALS_2), "goals from a deck this game does not use"
        assert sorted(s["reserve"]) == sorted(game.s["reserve"])
        reserve_dealt |= s["reserve"] != game.s["reserve"]
        assert len(s["disc_supply"]) == len(game.s["disc_supply"])
        assert sorted(len(v) for v in s["stacks"].values()) == sorted(
            len(v) for v in game.s["stacks"].values()
        )
        dealt_differently |= hands != [
            p["goals"] for i, p in enumerate(game.s["players"]) if i != seat
        ]
        assert copy.rng.state != game.rng.state
    assert dealt_differently, "the other seats' goals were never dealt again"
    assert reserve_dealt, "the face-down Tech reserve was never dealt again"


def test_a_discarded_goal_is_remembered_by_its_owner_only():
    game = midgame("mars", 2, 31, 40)
    assert isinstance(game, MarsGame)
    seat = seat_to_act(game)
    while (mine := game.decision_for(seat)) is None or not any(
        o.move == "discard 1" for o in mine.options
    ):
        d = game.pending()[0]
        game.play(d.seat, ai.choose(game, d.seat, "random"))
        if game.over:
            pytest.skip("no discard came up")
    gone = game.s["players"][seat]["goals"][0]
    game.play(seat, "discard 1")
    assert game.s["players"][seat]["goals_gone"][-1] == gone
    assert "goals_gone" not in json.dumps(game.view(1 - seat))
    for k in range(10):
        copy = game.determinize(seat, Rng(k))
        assert isinstance(copy, MarsGame)
        other = copy.s["players"][1 - seat]["goals"]
        assert gone not in other
