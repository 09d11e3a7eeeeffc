"""A live game's state holds JSON types only, so ``from_json(typed=True)`` may copy a
``to_json()`` snapshot as it is instead of normalising it (engine/core.py; the AI's search
copies the game thousands of times a decision, ai/mcts.py).

A tuple or a number key put into a state would be a list or a text key in any copy made
through JSON (and in the stored game), but stay as it is in a typed copy: the AI would then
search a game that is not the one stored. These tests fail on the first such value.
"""

from __future__ import annotations

import json
import marshal
import random
from typing import Any

import pytest

import engine  # noqa: F401  (registers the hosted games)
from engine.core import Game, new_game


def normalised(state: Any) -> bytes:
    """``state`` after a JSON round trip, in marshal's format 2 (which tells a tuple from a
    list and 1 from "1", as equality does not)."""
    return marshal.dumps(json.loads(json.dumps(state)), 2)


def check_typed(game: Game, where: str) -> None:
    state = game.to_json()["state"]
    assert marshal.dumps(state, 2) == normalised(state), f"non-JSON types in the state {where}"


GAMES = [("algae", 2, 3), ("algae", 2, 6), ("algae", 3, 7), ("algae", 4, 4), ("mars", 2, 5)]
GAMES += [("mars", 3, 9), ("mars", 4, 2)]


@pytest.mark.parametrize(("kind", "players", "seed"), GAMES)
def test_every_state_of_a_random_game_holds_json_types_only(
    kind: str, players: int, seed: int
) -> None:
    rnd = random.Random(seed)
    game = new_game(kind, [f"p{i + 1}" for i in range(players)], seed=seed)
    check_typed(game, "after the set-up")
    for _ in range(2000):
        if game.over:
            break
        decision = rnd.choice(game.pending())
        game.play(decision.seat, rnd.choice(decision.options).move)
        check_typed(game, f"after move {game.version} ({game.moves[-1]})")
    snapshot = game.to_json()
    typed, normal = Game.from_json(snapshot, typed=True), Game.from_json(snapshot)
    assert typed.fingerprint() == normal.fingerprint()
    assert typed.pending() == normal.pending()


def test_a_typed_copy_is_a_copy() -> None:
    game = new_game("algae", ["p1", "p2"], seed=1)
    snapshot = game.to_json()
    copy = Game.from_json(snapshot, typed=True)
    seat = game.pending()[0].seat
    copy.play(seat, copy.pending()[0].options[0].move)
    assert game.to_json() == snapshot and copy.version == game.version + 1


def test_foreign_data_is_still_normalised() -> None:
    """Without ``typed`` a snapshot holding a tuple loads as JSON would store it."""
    snapshot = new_game("algae", ["p1", "p2"], seed=1).to_json()
    snapshot["state"]["extra"] = (1, {2: "two"})
    loaded = Game.from_json(snapshot)
    assert isinstance(loaded, Game) and loaded.to_json()["state"]["extra"] == [1, {"2": "two"}]
