"""Strong play: information-set Monte Carlo tree search over determinised copies.

Each iteration deals a fresh copy of the game as the AI's seat may imagine it
(``Game.determinize``: other seats' private cards, face-down tiles, deck order and the random
generator drawn anew, consistently with what the seat has seen), then walks one tree shared
by all copies (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): at each node
the moves legal in *this* copy compete by UCB1, counted against how often each was
available. The walk adds one node, plays ``rollout`` random moves, and is cut short there
by the game's evaluation hook (``ai/evaluate.py``), whose per-seat rewards are backed up to
the seat that chose each move. The root starts from the easy player's look-ahead values
(progressive bias), and the mover's turn is finished at random before each evaluation.
Forced moves (a single option) are played through without a node. The answer is the root
move visited most.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ai.evaluate import MARGIN_SCALE, logistic, rewards
from ai.greedy import option_values
from engine.core import Game, Rng

UCB_C = 0.7
PRIOR_VISITS = 3
TURN_STEPS = 12  # random moves at most to finish the mover's turn before evaluating


@dataclass(frozen=True)
class Budget:
    """How long one decision may think: ``seconds`` of wall time and/or ``iterations``."""

    seconds: float | None = 1.5
    iterations: int | None = None
    rollout: int = 0
    prior: bool = True  # start the root from the easy player's look-ahead (ai/greedy.py)

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds or iterations")


@dataclass
class Node:
    children: dict[str, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    avail: int = 0


@dataclass
class SearchResult:
    move: str
    iterations: int
    visits: dict[str, int]


def search(game: Game, seat: int, budget: Budget, rng: Rng) -> SearchResult:
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    root_moves = [o.move for o in decision.options]
    root = Node()
    if budget.prior:
        _seed_root(root, option_values(game, seat, rng))
    snapshot = game.to_json()  # from_json copies it: one snapshot serves every iteration
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    done = 0
    while True:
        if budget.iterations is not None and done >= budget.iterations:
            break
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        copy = type(game).from_json(snapshot)
        copy.redeal(seat, rng)
        _iterate(copy, seat, root, root_moves, budget.rollout, rng)
        done += 1
    visits = {m: child.visits for m, child in root.children.items()}
    best = max(root_moves, key=lambda m: (visits.get(m, 0), _mean(root.children.get(m))))
    return SearchResult(best, done, visits)


def _iterate(d: Game, seat: int, root: Node, root_moves: list[str], rollout: int, rng: Rng) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    actor, moves = seat, root_moves
    while True:
        for m in moves:
            if m in node.children:
                node.children[m].avail += 1
        untried = [m for m in moves if m not in node.children]
        if untried:
            move = untried[rng.below(len(untried))]
            child = node.children[move] = Node(avail=1)
        else:
            move = _ucb(node, moves)
            child = node.children[move]
        d.play(actor, move)
        path.append((child, actor))
        node = child
        _play_forced(d)
        if untried or d.over:
            break
        first = d.pending()[0]
        actor, moves = first.seat, [o.move for o in first.options]
    _finish_turn(d, actor, rng)
    for _ in range(rollout):
        pending = d.pending()
        if not pending:
            break
        dec = pending[0]
        d.play(dec.seat, dec.options[rng.below(len(dec.options))].move)
    reward = rewards(d)
    root.visits += 1
    for n, who in path:
        n.visits += 1
        n.reward += reward[who]


def _finish_turn(d: Game, seat: int, rng: Rng) -> None:
    """Complete the mover's chain of sub-choices at random (a started export, a machine's
    moves ...) so the evaluation sees what the chain leads to, not a half-made action."""
    key = d.turn_key()
    for _ in range(TURN_STEPS):
        decision = d.decision_for(seat)
        if decision is None or d.turn_key() != key:
            return
        options = decision.options
        d.play(seat, options[rng.below(len(options))].move)


def _seed_root(root: Node, values: dict[str, float]) -> None:
    """Progressive bias: each option the look-ahead tried starts with ``PRIOR_VISITS``
    virtual visits at the reward its margin is worth, so the search starts where the easy
    player would and spends its iterations on proving it wrong."""
    for move, margin in values.items():
        reward = logistic(margin / MARGIN_SCALE)
        root.children[move] = Node(visits=PRIOR_VISITS, reward=PRIOR_VISITS * reward, avail=1)


def _play_forced(d: Game) -> None:
    while True:
        pending = d.pending()
        if not pending or len(pending[0].options) != 1:
            return
        d.play(pending[0].seat, pending[0].options[0].move)


def _ucb(node: Node, moves: list[str]) -> str:
    best, best_score = moves[0], -1.0
    for m in moves:
        c = node.children[m]
        score = c.reward / c.visits + UCB_C * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
        if score > best_score:
            best, best_score = m, score
    return best


def _mean(node: Node | None) -> float:
    return node.reward / node.visits if node and node.visits else 0.0
