"""The strong AI's moves in the balance harness's games, pinned: speed work must not change
a single one (issue 11 measures balance with these games; see ai/mcts.py).

With a fixed number of search iterations the strong level is deterministic: its dice come
from the seat's fair seed (ai/__init__.py, a digest of the seat's view), its search and its
plan read only the game. So the opening moves of game 0 of ``python3 -m tests.algae.balance
--player ai:strong --iterations 4`` have one digest, taken before the engine and AI fast
paths (on main at bb50cd3, and at 1a2a90e, whose view shows tile and field names and so
changes the fair seeds of the 2-player game) and unchanged by them; taken again for Algae
rules 3 (two boards relabelled, a head start), whose games the balance harness now plays.
A change that means to change how the AI plays (its plan, evaluation, search, or what a
view shows) updates the digests: print them with ``python3 -m tests.algae.test_strong_moves``.
A change that does not mean to, and fails here, changed the game or the AI somewhere it
should not have.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.algae.game import AlgaeGame
from engine.core import new_game
from tests.algae.balance import SEED_BASE, chooser, seating

PINNED = {  # (players, moves played): digest of the move list (Algae rules 3)
    (2, 50): "b259bca174d50824",  # through the first exports and an export/2x tile
    (4, 30): "fbe1c2d93bb5aaa9",  # through the first week's engineers
}


def opening(players: int, moves: int, index: int = 0) -> list[tuple[int, str]]:
    """The first ``moves`` moves of balance game ``index``, the strong AI in every seat."""
    pick = chooser("ai:strong", iterations=4)
    g = new_game(
        "algae",
        [f"p{i + 1}" for i in range(players)],
        seed=SEED_BASE + index,
        options={"departments": seating(players, index)},
    )
    assert isinstance(g, AlgaeGame)
    while g.pending() and g.version < moves:
        d = g.pending()[0]
        g.play(d.seat, pick(g, d))
    return g.moves


def digest(moves: list[tuple[int, str]]) -> str:
    return hashlib.sha256(json.dumps([list(m) for m in moves]).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("players", "moves"), list(PINNED))
def test_the_strong_ais_opening_moves_are_unchanged(players: int, moves: int) -> None:
    played = opening(players, moves)
    assert len(played) == moves
    assert digest(played) == PINNED[players, moves], played


if __name__ == "__main__":
    for players, moves in PINNED:
        print((players, moves), digest(opening(players, moves)))
