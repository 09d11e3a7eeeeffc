"""Strong play: information-set Monte Carlo tree search over determinised copies.

Each iteration deals a fresh copy of the game as the AI's seat may imagine it
(``Game.determinize``: other seats' private cards, face-down tiles, deck order and the random
generator drawn anew, consistently with what the seat has seen), then walks one tree shared
by all copies (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): at each node
the moves legal in *this* copy compete by UCB1, counted against how often each was
available. A node opens its moves one at a time (progressive widening: about
``1 + widen * sqrt(visits)`` of them), the game's plan's move first (ai/policy.py), so a
search with little time plays at least as the plan would and spends the rest on proving it
wrong. The walk adds one node, then plays on by the plan (a random move now and then,
``epsilon``) for ``horizon`` turns and is cut short there by the game's evaluation hook
(ai/evaluate.py), whose per-seat rewards are backed up to the seat that chose each move.
Forced moves (a single option) are played through without a node. The answer is the root
move visited most, unless the plan's move has more than 1/``TRUST`` of its visits (the game's
plan module sets ``TRUST``; ai/policy.py ``plan_trust``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ai.evaluate import rewards, rollout_turns
from ai.greedy import option_values
from ai.policy import plan_trust, policy_move
from engine.core import Decision, Game, Rng

UCB_C = 0.5
MAX_ROLLOUT = 400  # moves at most in one rollout (a horizon of many turns, a long chain)


@dataclass(frozen=True)
class Budget:
    """How long one decision may think, and how: ``seconds`` of wall time (an iteration
    starts only when one as long as the longest so far still fits) and/or ``iterations``;
    each rollout plays ``horizon`` turns by the plan before the evaluation (0: the
    evaluation right after the new node; None: the game's own, ai/evaluate.py
    ``rollout_turns``), a random move instead with probability
    ``epsilon``; ``widen`` sets how fast a node opens more moves (``root_widen`` at the
    root); ``prior`` orders the root's moves after the plan's by the easy player's
    look-ahead (ai/greedy.py)."""

    seconds: float | None = 1.5
    iterations: int | None = None
    horizon: int | None = None
    epsilon: float = 0.0
    widen: float = 1.0
    root_widen: float = 3.0
    prior: bool = True

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds or iterations")


@dataclass
class Node:
    children: dict[str, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    avail: int = 0
    order: list[str] = field(default_factory=list)  # moves in the order they are opened


@dataclass
class SearchResult:
    move: str
    iterations: int
    visits: dict[str, int]


def search(game: Game, seat: int, budget: Budget, rng: Rng) -> SearchResult:
    decision = game.decision_for(seat)
    if decision is None:
        raise ValueError(f"seat {seat} has no decision to make")
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    root_moves = [o.move for o in decision.options]
    root = Node()
    base = game.determinize(seat, rng)
    root.order = _root_order(base, decision, budget, rng)
    snapshot = game.to_json(copy=False)  # from_json copies it; the game does not change
    done = 0
    longest = 0.0  # the longest iteration so far: one more must fit before the deadline
    while True:
        if budget.iterations is not None and done >= budget.iterations:
            break
        start = time.perf_counter()
        if deadline is not None and done and start + longest >= deadline:
            break
        copy = type(game).from_json(snapshot, typed=True)
        copy.redeal(seat, rng)
        _iterate(copy, seat, root, root_moves, budget, rng, deadline)
        done += 1
        longest = max(longest, time.perf_counter() - start)
    visits = {m: child.visits for m, child in root.children.items()}
    best = max(root_moves, key=lambda m: (visits.get(m, 0), _mean(root.children.get(m))))
    first = root.order[0]  # the plan's move
    if visits.get(best, 0) < plan_trust(game.kind) * visits.get(first, 0):
        best = first
    return SearchResult(best, done, visits)


def _root_order(d: Game, decision: Decision, budget: Budget, rng: Rng) -> list[str]:
    """The plan's move first, then (with ``prior``) the rest by the look-ahead's values."""
    first = policy_move(d, decision, rng)
    rest = [o.move for o in decision.options if o.move != first]
    rng.shuffle(rest)
    if budget.prior and len(rest) > 1:
        values = option_values(d, decision.seat, rng)
        rest.sort(key=lambda m: -values.get(m, -1e9))
    return [first, *rest]


def _iterate(
    d: Game,
    seat: int,
    root: Node,
    root_moves: list[str],
    b: Budget,
    rng: Rng,
    deadline: float | None = None,
) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    actor, moves = seat, root_moves
    decision = d.decision_for(seat)
    while True:
        for m in moves:
            if m in node.children:
                node.children[m].avail += 1
        widen = b.root_widen if node is root else b.widen
        move = _next_to_open(d, node, decision, moves, widen, rng)
        opened = move is not None
        if move is None:
            move = _ucb(node, moves)
        elif move not in node.children:
            node.children[move] = Node(avail=1)
        child = node.children[move]
        d.play(actor, move)
        path.append((child, actor))
        node = child
        _play_forced(d)
        if opened or d.over:
            break
        decision = d.pending()[0]
        actor, moves = decision.seat, [o.move for o in decision.options]
    _rollout(d, b, rng, deadline)
    reward = rewards(d)
    root.visits += 1
    for n, who in path:
        n.visits += 1
        n.reward += reward[who]


def _next_to_open(
    d: Game, node: Node, decision: Decision | None, moves: list[str], widen: float, rng: Rng
) -> str | None:
    """The next move this node opens (plan's first), or None when UCB1 chooses instead."""
    opened = sum(1 for m in moves if m in node.children)
    if opened >= len(moves) or opened >= 1 + widen * math.sqrt(node.visits):
        return None
    if not node.order and decision is not None:
        first = policy_move(d, decision, rng)
        rest = [m for m in moves if m != first]
        rng.shuffle(rest)
        node.order = [first, *rest]
    known = set(node.order)
    node.order += [m for m in moves if m not in known]  # moves legal only in some copies
    legal = set(moves)
    return next(m for m in node.order if m in legal and m not in node.children)


def _rollout(d: Game, b: Budget, rng: Rng, deadline: float | None = None) -> None:
    """Play on by the plan for ``b.horizon`` turns (turn_key changes), then stop; stop
    sooner at the ``deadline`` (the evaluation then judges the position reached)."""
    key = d.turn_key()
    turns = 0
    horizon = rollout_turns(d.kind) if b.horizon is None else b.horizon
    for _ in range(MAX_ROLLOUT):
        if turns >= horizon or (deadline is not None and time.perf_counter() >= deadline):
            return
        pending = d.pending()
        if not pending:
            return
        dec = pending[0]
        if len(dec.options) == 1:
            move = dec.options[0].move
        elif b.epsilon and rng.below(1000) < 1000 * b.epsilon:
            move = rng.choice(dec.options).move
        else:
            move = policy_move(d, dec, rng)
        d.play(dec.seat, move)
        now = d.turn_key()
        if now != key:
            turns += 1
            key = now


def _play_forced(d: Game) -> None:
    while True:
        pending = d.pending()
        if not pending or len(pending[0].options) != 1:
            return
        d.play(pending[0].seat, pending[0].options[0].move)


def _ucb(node: Node, moves: list[str]) -> str:
    best, best_score = moves[0], -1.0
    for m in moves:
        c = node.children.get(m)
        if c is None or not c.visits:
            continue
        score = c.reward / c.visits + UCB_C * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
        if score > best_score:
            best, best_score = m, score
    return best


def _mean(node: Node | None) -> float:
    return node.reward / node.visits if node and node.visits else 0.0
