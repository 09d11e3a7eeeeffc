"""Fit a game's evaluation weights to how games really end, run by hand:
``python3 -m ai.fit KIND [--games N] [--every K]``.

A game whose hook (``engine/<kind>/ai_eval.py``) has ``seat_features(game, seat)`` and
``WEIGHTS`` can have its weights fitted: plan-played two-player games (ai/policy.py, one
move in twenty random so the positions vary) are sampled every ``K`` moves, and a ridge
regression, pulled towards the current weights, fits each seat's features to its final
score (the weights the rules give, the hook's ``EXACT``, stay as they are). It prints the
new ``WEIGHTS`` (to paste into the hook) and how well the old and the new ones predict the
final scores of games it did not fit on.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from typing import Any

import engine  # noqa: F401  (registers the games)
from ai.policy import policy_move
from engine.core import Rng, new_game

Row = tuple[dict[str, float], float]


def sample_games(kind: str, games: int, every: int, first_seed: int) -> list[Row]:
    hook = importlib.import_module(f"engine.{kind}.ai_eval")
    rows: list[Row] = []
    for k in range(games):
        rng = Rng(first_seed + k)
        game = new_game(kind, ["a", "b"], seed=first_seed + k)
        samples: list[tuple[int, dict[str, float]]] = []
        step = 0
        while game.pending():
            d = game.pending()[0]
            if step % every == 0:
                samples += [(seat, hook.seat_features(game, seat)) for seat in range(2)]
            noisy = len(d.options) > 1 and rng.below(20) == 0
            game.play(d.seat, rng.choice(d.options).move if noisy else policy_move(game, d, rng))
            step += 1
        final = {line.seat: float(line.vp) for line in game.scores()}
        rows += [(f, final[seat]) for seat, f in samples]
    return rows


def ridge(rows: list[Row], names: list[str], prior: dict[str, float], lam: float) -> dict:
    """Least squares pulled towards ``prior`` (lam per row): (X'X + lam n I) w = X'y + ..."""
    n = len(names)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for f, y in rows:
        x = [f.get(k, 0.0) for k in names]
        for i in range(n):
            b[i] += x[i] * y
            for j in range(n):
                a[i][j] += x[i] * x[j]
    reg = lam * len(rows)
    for i, k in enumerate(names):
        a[i][i] += reg
        b[i] += reg * prior.get(k, 0.0)
    return dict(zip(names, solve(a, b), strict=True))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, well-posed system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def _dot(f: dict[str, float], w: dict[str, float]) -> float:
    return sum(w.get(k, 0.0) * v for k, v in f.items())


def error(rows: list[Row], weights: dict[str, float]) -> tuple[float, float]:
    """Mean and standard deviation of final score minus estimate."""
    diffs = [y - _dot(f, weights) for f, y in rows]
    return statistics.mean(diffs), statistics.pstdev(diffs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m ai.fit", description=__doc__)
    ap.add_argument("kind")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--every", type=int, default=10, help="sample every K moves")
    ap.add_argument("--lam", type=float, default=0.02, help="pull towards the current weights")
    args = ap.parse_args(argv)
    hook: Any = importlib.import_module(f"engine.{args.kind}.ai_eval")
    fit_rows = sample_games(args.kind, args.games, args.every, 5000)
    test_rows = sample_games(args.kind, max(4, args.games // 4), args.every, 9000)
    exact = set(getattr(hook, "EXACT", ()))  # weights the rules give: kept as they are
    names = [k for k in hook.WEIGHTS if k not in exact]
    fixed = {k: hook.WEIGHTS[k] for k in exact}
    rest = [
        ({k: v for k, v in f.items() if k not in exact}, y - _dot(f, fixed)) for f, y in fit_rows
    ]
    fitted = {**fixed, **ridge(rest, names, hook.WEIGHTS, args.lam)}
    fitted = {k: fitted[k] for k in hook.WEIGHTS}
    for label, w in (("current", hook.WEIGHTS), ("fitted", fitted)):
        mean, sd = error(test_rows, w)
        print(f"{label}: final - estimate on held-out games: mean {mean:.2f}, sd {sd:.2f}")
    print("WEIGHTS = {")
    for k, v in fitted.items():
        print(f'    "{k}": {v:.3f},')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
