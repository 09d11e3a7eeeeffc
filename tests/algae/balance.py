"""Balance harness: whole Algae games with the same player in every seat, per department.

``python3 -m tests.algae.balance --games 200 --players 4 --jobs 2`` prints, for each
department: games, win rate (a shared first place counts as a share), mean VP and mean VP by
source. Four-player games seat all four departments, rotated over the seeds; two-player
games cycle over the six pairings in both seat orders, and the pairing table shows each
department's win rate against each other one.

The player is ``--player planner`` (tests/algae/planner.py, goal-directed), ``bot`` (the
simpler scripted player of tests/algae/bot.py) or ``ai:LEVEL`` (issue 10's ``ai.choose``).
Games run in worker processes (``--jobs``); run it with ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engine  # noqa: F401  (registers algae)
from engine.algae import data as D
from engine.algae.game import AlgaeGame
from engine.core import Decision, new_game

DEPTS = list(D.DEPT_NAMES)
PAIRS = [list(p) for p in itertools.permutations(DEPTS, 2)]
WATCHED = ("wknd", "byp", "refine")  # decisions whose answers the detail table counts


def chooser(kind: str) -> Callable[[AlgaeGame, Decision], str]:
    """The move picker: "bot" (the scripted player) or "ai:LEVEL" (the project's AI)."""
    if kind == "bot":
        from tests.algae.bot import choose

        return choose
    if kind == "planner":
        from tests.algae.planner import choose as plan

        return plan
    import ai  # type: ignore[import-not-found]  # issue 10's package, once merged

    level = kind.partition(":")[2] or "strong"
    return lambda g, d: ai.choose(g, d.seat, level)


def seating(players: int, index: int) -> list[str]:
    """Departments for game ``index``: every rotation of all four, or every ordered pair."""
    if players == 4:
        rot = index % 4
        return DEPTS[rot:] + DEPTS[:rot]
    return PAIRS[index % len(PAIRS)]


def play_one(args: tuple[str, int, int]) -> dict[str, Any]:
    """One whole game; returns each seat's department, VP, breakdown and share of the win."""
    kind, players, index = args
    depts = seating(players, index)
    pick = chooser(kind)
    g = new_game(
        "algae",
        [f"p{i + 1}" for i in range(players)],
        seed=10_000 + index,
        options={"departments": depts},
    )
    assert isinstance(g, AlgaeGame)
    picks: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
    while g.pending():
        d = g.pending()[0]
        move = pick(g, d)
        frame = g.s["stacks"][d.seat][-1]["t"]
        if frame in WATCHED:
            picks[d.seat][f"{frame} {move.split()[0]}"] += 1
        g.play(d.seat, move)
    lines = g.scores()
    winners = [ln.seat for ln in lines if ln.rank == 1]
    return {
        "depts": depts,
        "vp": [ln.vp for ln in lines],
        "by": [dict(ln.breakdown) for ln in lines],
        "win": [1 / len(winners) if ln.seat in winners else 0.0 for ln in lines],
        "marks": [
            {
                **{f"milestone {m}": 1 for m in p["milestones"]},
                "re-exports": p["reexports"],
                **dict(picks[i]),
            }
            for i, p in enumerate(g.s["players"])
        ],
    }


def summarize(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {
        d: {
            "n": 0,
            "wins": 0.0,
            "vp": 0,
            "by": defaultdict(int),
            "vs": defaultdict(list),
            "marks": defaultdict(int),
        }
        for d in DEPTS
    }
    for r in results:
        for seat, dept in enumerate(r["depts"]):
            row = out[dept]
            row["n"] += 1
            row["wins"] += r["win"][seat]
            row["vp"] += r["vp"][seat]
            for src, vp in r["by"][seat].items():
                row["by"][src] += vp
            for mark, n in r["marks"][seat].items():
                row["marks"][mark] += n
            if len(r["depts"]) == 2:
                row["vs"][r["depts"][1 - seat]].append(r["win"][seat])
    return out


def table(players: int, results: list[dict[str, Any]]) -> str:
    stats = summarize(results)
    sources = sorted({s for row in stats.values() for s in row["by"]})
    lines = [f"{players} players, {len(results)} games"]
    head = f"{'department':12} {'seats':>5} {'win%':>6} {'meanVP':>7}  " + " ".join(
        f"{s[:9]:>9}" for s in sources
    )
    lines.append(head)
    for dept, row in stats.items():
        n = max(1, row["n"])
        by = " ".join(f"{row['by'][s] / n:9.1f}" for s in sources)
        lines.append(
            f"{dept:12} {row['n']:5d} {100 * row['wins'] / n:6.1f} {row['vp'] / n:7.1f}  {by}"
        )
    if players == 2:
        lines.append("pairings (row's win % against column)")
        lines.append(f"{'':12} " + " ".join(f"{d[:10]:>11}" for d in DEPTS))
        for dept, row in stats.items():
            cells = []
            for other in DEPTS:
                got = row["vs"].get(other, [])
                cells.append(f"{100 * sum(got) / len(got):10.1f}%" if got else f"{'-':>11}")
            lines.append(f"{dept:12} " + " ".join(cells))
    marks = sorted({m for row in stats.values() for m in row["marks"]})
    lines.append(
        "per seat: milestones reached (share), re-exports, weekend/byproduct/refine answers"
    )
    for mark in marks:
        cells = " ".join(f"{row['marks'][mark] / max(1, row['n']):8.2f}" for row in stats.values())
        lines.append(f"  {mark:22} {cells}")
    return "\n".join(lines)


def run(kind: str, players: int, games: int, jobs: int) -> list[dict[str, Any]]:
    work = [(kind, players, i) for i in range(games)]
    if jobs <= 1:
        return [play_one(w) for w in work]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(play_one, work, chunksize=4))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=48)
    ap.add_argument("--players", type=int, choices=(2, 4), action="append")
    ap.add_argument("--player", default="planner", help="planner, bot or ai:easy|normal|strong")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for players in args.players or [4, 2]:
        start = time.monotonic()
        results = run(args.player, players, args.games, args.jobs)
        print(table(players, results))
        print(f"player: {args.player}; {time.monotonic() - start:.0f} s\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
