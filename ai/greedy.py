"""The quick players: a random legal player and the easy heuristic (a greedy look-ahead).

The easy player tries each option on a determinised copy (``Game.determinize``) and keeps the
one that leaves its seat furthest ahead by the game's evaluation hook. A multi-step action is
a chain of small decisions whose first steps change nothing yet, so while the same seat is
still to act in the same turn it looks ``CHAIN_DEPTH`` more steps down its own chain (a few
options each), and further along steps of at most ``NARROW`` options, within ``NODE_CAP``
positions in all, and tries at most ``MAX_OPTIONS`` options (a random sample of a longer
list), so one decision stays near 50 ms even on a busy machine.
"""

from __future__ import annotations

from ai.evaluate import margin
from engine.core import Game, Rng

CHAIN_DEPTH = 1
NODE_CAP = 16
NARROW = 3
MAX_OPTIONS = 12
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
    if len(decision.options) == 1:
        return decision.options[0].move
    values = option_values(game, seat, rng)
    return max((v + NOISE * rng.below(1000), m) for m, v in values.items())[1]


def option_values(game: Game, seat: int, rng: Rng) -> dict[str, float]:
    """The look-ahead margin of each option tried (all, or ``MAX_OPTIONS`` of a long list)."""
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    moves = [o.move for o in decision.options]
    if len(moves) > MAX_OPTIONS:  # a long list (hexes, cubes): a fair random sample of it
        moves = rng.sample(moves, MAX_OPTIONS)
    base = game.determinize(seat, rng)
    snapshot = base.to_json(copy=False)  # base stays as it is: its state serves every child
    budget = [NODE_CAP]
    return {m: _value_after(base, snapshot, seat, m, CHAIN_DEPTH, budget, rng) for m in moves}


def _value_after(
    game: Game, snapshot: dict, seat: int, move: str, depth: int, budget: list[int], rng: Rng
) -> float:
    """The best margin after ``move`` and the rest of the seat's chain: ``depth`` more steps
    over every option, then on along narrow steps (``NARROW`` options at most, as an export's
    "add a good" and "deliver") while the seat's turn lasts. ``snapshot`` is
    ``game.to_json(copy=False)``, rebuilt for each child (from_json copies it)."""
    child = type(game).from_json(snapshot, typed=True)
    key = child.turn_key()
    child.play(seat, move)
    budget[0] -= 1
    best = margin(child, seat)
    decision = child.decision_for(seat)
    if decision is None or budget[0] <= 0 or _others_first(child, seat):
        return best
    if child.turn_key() != key:
        return best
    options = [o.move for o in decision.options]
    if depth <= 0:
        if len(options) > NARROW:
            return best
    elif len(options) > NARROW:
        options = rng.sample(options, NARROW)
    child_snapshot = child.to_json(copy=False)  # child changes no more
    for option in options:
        if budget[0] <= 0:
            break
        value = _value_after(child, child_snapshot, seat, option, depth - 1, budget, rng)
        best = max(best, value)
    return best


def _others_first(game: Game, seat: int) -> bool:
    """True when someone else acts before this seat again (its chain has ended)."""
    pending = game.pending()
    return bool(pending) and pending[0].seat != seat and len(pending) == 1
