"""Games of the competent scripted On Mars player (ai/mars_player.py) for issue 9's sweep."""

from __future__ import annotations

import random
from typing import Any

from ai.mars_player import Player
from engine.core import new_game
from engine.mars.game import MarsGame


def play_game(
    kind_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    turn_moves: list[str] | None = None,
    offered: list[list[str]] | None = None,
    texts: list[str] | None = None,
) -> MarsGame:
    """One game of ``kind_players`` scripted players through the engine contract; the moves
    chosen at the turn menu are appended to ``turn_moves``, the moves it offered to
    ``offered``, the text of every event to ``texts``."""
    game = new_game("mars", [f"p{i + 1}" for i in range(kind_players)], seed=seed, options=options)
    assert isinstance(game, MarsGame)
    rnd = random.Random(seed * 7919 + kind_players)
    players = [Player(i, rnd) for i in range(kind_players)]
    guard = 0
    while game.pending():
        d = game.pending()[0]
        move = players[d.seat].choose(game, d)
        if d.prompt.startswith("Round "):
            if turn_moves is not None:
                turn_moves.append(move)
            if offered is not None:
                offered.append([o.move for o in d.options])
        events = game.play(d.seat, move)
        if texts is not None:
            texts += [e.text for e in events]
        guard += 1
        if guard > 200_000:  # pragma: no cover - a hang, not a result
            raise RuntimeError("the game does not end")
    return game
