"""The quick players: a random legal player and the easy heuristic (a greedy look-ahead).

The easy player tries each option on a determinised copy (``Game.determinize``) and keeps the
one that leaves its seat furthest ahead by the game's evaluation hook. A multi-step action is
a chain of small decisions whose first steps change nothing yet, so while the same seat is
still to act it looks ``CHAIN_DEPTH`` more steps down its own chain, within ``NODE_CAP``
positions in all, so one decision stays well under 50 ms.
"""

from __future__ import annotations

from ai.evaluate import margin
from engine.core import Game, Rng

CHAIN_DEPTH = 2
NODE_CAP = 48
NOISE = 1e-6  # breaks ties between equal options at random (from the fair seed)


def random_move(game: Game, seat: int, rng: Rng) -> str:
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    return rng.choice(decision.options).move


def greedy_move(game: Game, seat: int, rng: Rng) -> str:
    """The best option by a short look-ahead on one determinised copy of the game."""
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    moves = [o.move for o in decision.options]
    if len(moves) == 1:
        return moves[0]
    base = game.determinize(seat, rng)
    budget = [NODE_CAP]
    scored = []
    for move in moves:
        value = _value_after(base, seat, move, CHAIN_DEPTH, budget)
        scored.append((value + NOISE * rng.below(1000), move))
    return max(scored)[1]


def _value_after(game: Game, seat: int, move: str, depth: int, budget: list[int]) -> float:
    child = type(game).from_json(game.to_json())
    child.play(seat, move)
    budget[0] -= 1
    best = margin(child, seat)
    decision = child.decision_for(seat)
    if depth <= 0 or decision is None or budget[0] <= 0 or _others_first(child, seat):
        return best
    for option in decision.options:
        if budget[0] <= 0:
            break
        best = max(best, _value_after(child, seat, option.move, depth - 1, budget))
    return best


def _others_first(game: Game, seat: int) -> bool:
    """True when someone else acts before this seat again (its chain has ended)."""
    pending = game.pending()
    return bool(pending) and pending[0].seat != seat and len(pending) == 1
