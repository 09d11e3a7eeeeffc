"""AI tournament, run by hand: ``python3 -m ai.tournament [--games N] [--jobs J] ...``.

Two-player games of each kind for each pairing (``strong:easy`` and so on), the seats
swapped every other game, each game from its own seed. Prints the win-rate table (ties count
half), the average final score of each side's winners and the decision-time medians and p95s
of every level. ``run_pairing`` is the function to call from other code (for example to
measure balance with strong players).

The strong level's budget here defaults to fewer iterations than in play (``--strong``), so a
tournament of 100 games a pairing fits in an hour on two shared cores; say which when quoting.
"""

from __future__ import annotations

import argparse
import itertools
import json
import signal
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import engine  # noqa: F401  (registers the games)
from ai import ALL_LEVELS, choose
from ai.mcts import Budget
from engine.core import Game, new_game

MAX_MOVES = 5000


@dataclass
class GameResult:
    kind: str
    levels: tuple[str, ...]  # level of each seat
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    times: dict[str, list[float]] = field(default_factory=dict)
    ending: str = ""  # how it ended: the public view's ``ended_by`` if the game names it
    seed: int = 0

    def key(self) -> tuple[str, tuple[str, ...], int]:
        return (self.kind, tuple(self.levels), self.seed)


def play_game(
    kind: str, levels: tuple[str, ...], seed: int, budgets: dict[str, Budget]
) -> GameResult:
    """One game with an AI of the given level in each seat, to its end."""
    game = new_game(kind, [f"{lv}{i + 1}" for i, lv in enumerate(levels)], seed=seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for _ in range(MAX_MOVES):
        pending = game.pending()
        if not pending:
            break
        d = pending[0]
        level = levels[d.seat]
        start = time.perf_counter()
        move = choose(game, d.seat, level, budgets.get(level))
        if len(d.options) > 1:
            times[level].append(time.perf_counter() - start)
        game.play(d.seat, move)
    lines = sorted(game.scores(), key=lambda line: line.seat)
    result = GameResult(
        kind,
        levels,
        tuple(x.vp for x in lines),
        tuple(x.rank for x in lines),
        times,
        seed=seed,
    )
    result.ending = ending_of(game)
    return result


def ending_of(game: Game) -> str:
    """``unfinished`` past MAX_MOVES, else what the public view calls the ending (``ended_by``,
    for example On Mars's ``missions``, ``level`` or ``cap``), else ``end``."""
    if game.pending():
        return "unfinished"
    view = game.view(None)
    found = view.get("ended_by") if isinstance(view, dict) else None
    return str(found or "end")


def _job(args: tuple[str, tuple[str, ...], int, dict[str, Budget]]) -> GameResult:
    return play_game(*args)


@dataclass
class PairingStats:
    kind: str
    a: str
    b: str
    games: int = 0
    a_points: float = 0.0  # a win is 1, a tie 0.5
    a_winner_vp: list[int] = field(default_factory=list)
    b_winner_vp: list[int] = field(default_factory=list)
    vp: dict[str, list[int]] = field(default_factory=dict)
    endings: dict[str, int] = field(default_factory=dict)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.endings[r.ending] = self.endings.get(r.ending, 0) + 1
        ia, ib = r.levels.index(self.a), len(r.levels) - 1 - r.levels[::-1].index(self.b)
        for i, lv in ((ia, self.a), (ib, self.b)):
            self.vp.setdefault(lv, []).append(r.scores[i])
        if r.ranks[ia] < r.ranks[ib]:
            self.a_points += 1
            self.a_winner_vp.append(r.scores[ia])
        elif r.ranks[ia] == r.ranks[ib]:
            self.a_points += 0.5
        else:
            self.b_winner_vp.append(r.scores[ib])

    @property
    def a_rate(self) -> float:
        return self.a_points / self.games if self.games else 0.0

    def wilson(self, z: float = 1.96) -> tuple[float, float]:
        """The 95 % Wilson score interval of ``a_rate`` (ties counted half)."""
        n, p = self.games, self.a_rate
        if not n:
            return (0.0, 1.0)
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / (1 + z * z / n)
        return (max(0.0, mid - half), min(1.0, mid + half))


def run_pairing(  # noqa: PLR0913  (the keyword options of a by-hand tool)
    kind: str,
    a: str,
    b: str,
    games: int,
    budgets: dict[str, Budget],
    *,
    jobs: int = 1,
    first_seed: int = 1000,
    times: dict[tuple[str, str], list[float]] | None = None,
    progress: bool = False,
    into: PairingStats | None = None,
    out: Path | None = None,
) -> PairingStats:
    """``games`` two-player games of level ``a`` against ``b`` (seats swapped each game),
    counted ``into`` the given stats when there are some (so an interrupted run keeps the
    games it finished); with ``out`` each game is appended to that JSON-lines file as it
    ends, and games already there (same kind, seats and seed) are read, not played again."""
    saved = load(out)
    tasks, done = [], []
    for k in range(games):
        levels = (a, b) if k % 2 == 0 else (b, a)
        task = (kind, levels, first_seed + k // 2, budgets)
        if task[:3] in saved:
            done.append(saved[task[:3]])
        else:
            tasks.append(task)
    stats = into if into is not None else PairingStats(kind, a, b)
    played = ((r, True) for r in _map(tasks, jobs))
    for r, new in itertools.chain(((r, False) for r in done), played):
        if out is not None and new:
            with out.open("a") as f:
                f.write(json.dumps(asdict(r)) + "\n")
        stats.add(r)
        if progress:
            seats = ", ".join(f"{lv} {vp}" for lv, vp in zip(r.levels, r.scores, strict=True))
            print(f"    {kind} game {stats.games}: {seats} ({r.ending})", flush=True)
        if times is not None:
            for lv, ts in r.times.items():
                times.setdefault((kind, lv), []).extend(ts)
    return stats


def _map(tasks: list, jobs: int) -> Iterator[GameResult]:
    if jobs <= 1:
        yield from map(_job, tasks)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from pool.map(_job, tasks)
    finally:  # interrupted: the games not started yet are not played
        pool.shutdown(wait=False, cancel_futures=True)


def load(path: Path | None) -> dict[tuple[str, tuple[str, ...], int], GameResult]:
    """The games saved in a ``--out`` file, by kind, seat levels and seed."""
    if path is None or not path.exists():
        return {}
    games = []
    for line in path.read_text().splitlines():
        if line.strip():
            raw = json.loads(line)
            for name in ("levels", "scores", "ranks"):
                raw[name] = tuple(raw[name])
            games.append(GameResult(**raw))
    return {g.key(): g for g in games}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(results: list[PairingStats], times: dict[tuple[str, str], list[float]]) -> str:
    out = ["", "Win rates (2-player games; ties count half)"]
    out.append(f"{'game':6} {'pairing':16} {'games':>5} {'A wins':>7} {'95% CI':>11} "
               f"{'A winner VP':>11} {'B winner VP':>11} {'A avg VP':>8} {'B avg VP':>8} "
               f"endings")  # fmt: skip
    for s in results:
        avg_a = _mean(s.vp.get(s.a, []))
        avg_b = _mean(s.vp.get(s.b, []))
        lo, hi = s.wilson()
        ends = ", ".join(f"{k} {v}" for k, v in sorted(s.endings.items()))
        out.append(
            f"{s.kind:6} {s.a + ' vs ' + s.b:16} {s.games:5d} {100 * s.a_rate:6.1f}% "
            f"{100 * lo:5.1f}-{100 * hi:4.1f}% "
            f"{_mean(s.a_winner_vp):11.1f} {_mean(s.b_winner_vp):11.1f} {avg_a:8.1f} {avg_b:8.1f} "
            f"{ends}"
        )
    out += ["", "Decision times (decisions with a real choice)"]
    out.append(f"{'game':6} {'level':8} {'decisions':>9} {'median ms':>10} {'p95 ms':>8}")
    for (kind, lv), ts in sorted(times.items()):
        out.append(
            f"{kind:6} {lv:8} {len(ts):9d} {1000 * statistics.median(ts):10.1f} "
            f"{1000 * percentile(ts, 0.95):8.1f}"
        )
    return "\n".join(out)


def _mean(xs: list[int]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m ai.tournament", description=__doc__)
    ap.add_argument("--games", type=int, default=100, help="games per pairing per game kind")
    ap.add_argument("--kinds", default="algae,mars")
    ap.add_argument("--pairings", default="strong:easy,normal:random")
    ap.add_argument("--strong", type=int, default=200, help="strong: iterations a decision")
    ap.add_argument(
        "--horizon", type=int, help="strong: turns a rollout plays (default: the game's own)"
    )
    ap.add_argument("--normal", type=int, default=60, help="normal without a plan: iterations")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--progress", action="store_true", help="print every game's result")
    ap.add_argument("--out", type=Path, help="JSON-lines file: append each game, resume")
    ap.add_argument(
        "--first-seed", type=int, default=1000, help="seed of the first game (runs in batches)"
    )
    args = ap.parse_args(argv)
    budgets = {
        "strong": Budget(seconds=None, iterations=args.strong, horizon=args.horizon),
        "normal": Budget(seconds=None, iterations=args.normal),
    }
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    for a, b in pairings:
        if a not in ALL_LEVELS or b not in ALL_LEVELS:
            ap.error(f"unknown level in pairing {a}:{b}")
    horizon = "the game's own number of" if args.horizon is None else str(args.horizon)
    print(
        f"AI tournament: {args.games} games a pairing, strong {args.strong} iterations a "
        f"decision (rollouts of {horizon} turns), {args.jobs} worker(s)",
        flush=True,
    )
    results: list[PairingStats] = []
    times: dict[tuple[str, str], list[float]] = {}
    started = time.perf_counter()
    signal.signal(signal.SIGTERM, _interrupt)  # `timeout` ends a run: report what it played
    try:
        for kind in args.kinds.split(","):
            for a, b in pairings:
                stats = PairingStats(kind, a, b)
                results.append(stats)
                run_pairing(
                    kind, a, b, args.games, budgets, jobs=args.jobs, times=times,
                    progress=args.progress, into=stats, out=args.out,
                    first_seed=args.first_seed,
                )  # fmt: skip
                print(
                    f"  {kind} {a} vs {b}: {100 * stats.a_rate:.1f}% for {a} "
                    f"({time.perf_counter() - started:.0f} s so far)",
                    flush=True,
                )
    except KeyboardInterrupt:
        print("  interrupted: the table counts the games finished so far", flush=True)
    print(report([s for s in results if s.games], times))
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    sys.exit(main())
