"""Balance harness: whole Algae games with the same player in every seat, per department.

``python3 -m tests.algae.balance --games 200 --players 4 --jobs 2`` prints, for each
department: seats, win rate with its 95 % interval (a shared first place counts as a share),
mean VP and mean VP by source. Four-player games seat all four departments, rotated over the
seeds; two-player games cycle over the six pairings in both seat orders, and the pairing
table shows each department's win rate against each other one. Below them, per seat and
game: milestones, re-exports, machine activations, converter cubes, the weekend energy check
and Food's Monday (issue 11 asks how often each bites).

The player is ``--player planner`` (tests/algae/planner.py, goal-directed), ``bot`` (the
simpler scripted player of tests/algae/bot.py) or ``ai:LEVEL`` (issue 10's ``ai.choose``);
an AI thinks ``--iterations`` search iterations a decision (deterministic whatever the load)
or ``--seconds`` (its level's own budget when neither is given). ``--out FILE`` appends each
game to a JSON-lines file as it ends and skips the games already there, so a long run can
be stopped and resumed; ``--report FILE ...`` prints the tables of saved games.
Games run in worker processes (``--jobs``); run it with ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import engine  # noqa: F401  (registers algae)
from engine.algae import data as D
from engine.algae.game import AlgaeGame
from engine.algae.weekend import weekend_bonuses
from engine.core import Decision, Event, new_game
from tests.algae.balance_report import table

DEPTS = list(D.DEPT_NAMES)
PAIRS = [list(p) for p in itertools.permutations(DEPTS, 2)]
TRIPLES = [list(p) for p in itertools.permutations(DEPTS, 3)]
WATCHED = ("wknd", "byp", "refine")  # decisions whose answers the detail table counts
SEED_BASE = 10_000
EVENT_MARKS = (  # per seat: a log line's pattern and the marks it adds (group 1 = a count)
    (re.compile(r"activates machine ([ABC])"), "machine {} activations"),
    (re.compile(r"converter turns (\d+) cube"), "converter cubes"),
    (re.compile(r"food: (\d+) spoiled"), "food spoiled"),
    (re.compile(r"spoiled, (\d+) degraded"), "food degraded"),
)


def chooser(
    kind: str, iterations: int | None = None, seconds: float | None = None
) -> Callable[[AlgaeGame, Decision], str]:
    """The move picker: "planner", "bot" (scripted players) or "ai:LEVEL" (the project's AI)."""
    if kind == "bot":
        from tests.algae.bot import choose

        return choose
    if kind == "planner":
        from tests.algae.planner import choose as plan

        return plan
    import ai

    level = kind.partition(":")[2] or "strong"
    budget = None
    if iterations is not None or seconds is not None:
        budget = ai.Budget(seconds=seconds, iterations=iterations)
    return lambda g, d: ai.choose(g, d.seat, level, budget)


def seating(players: int, index: int) -> list[str]:
    """Departments for game ``index``: every rotation of all four, every ordered triple (the
    three-player head start, measured without a target), or every ordered pair."""
    if players == 4:
        rot = index % 4
        return DEPTS[rot:] + DEPTS[:rot]
    if players == 3:
        return TRIPLES[index % len(TRIPLES)]
    return PAIRS[index % len(PAIRS)]


def observe(g: AlgaeGame, events: Iterable[Event], marks: list[dict[str, int]]) -> None:
    """Count the log lines issue 11 asks about, per seat; at each weekend, each seat's
    energy before it chooses (with 0 energy nothing is asked: the check bites hardest)."""
    for ev in events:
        if ev.text.startswith("Weekend after week"):
            for seat, p in enumerate(g.s["players"]):
                if weekend_bonuses(g.s, seat):
                    marks[seat][f"wknd energy {min(p['energy'], 2)}{'+' * (p['energy'] >= 2)}"] += 1
                    marks[seat][f"weekend spot {D.SPOTS[g.s['sup'][seat][1]]}"] += 1  # the last one
            continue
        if ev.seat is None:
            continue
        for pattern, mark in EVENT_MARKS:
            found = pattern.search(ev.text)
            if found and "{}" in mark:
                marks[ev.seat][mark.format(found.group(1))] += 1
            elif found:
                marks[ev.seat][mark] += int(found.group(1))


def play_one(args: tuple[str, int, int, int | None, float | None]) -> dict[str, Any]:
    """One whole game; returns each seat's department, VP, breakdown and share of the win."""
    kind, players, index, iterations, seconds = args
    depts = seating(players, index)
    pick = chooser(kind, iterations, seconds)
    g = new_game(
        "algae",
        [f"p{i + 1}" for i in range(players)],
        seed=SEED_BASE + index,
        options={"departments": depts},
    )
    assert isinstance(g, AlgaeGame)
    marks: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
    start = time.process_time()
    while g.pending():
        d = g.pending()[0]
        move = pick(g, d)
        frame = g.s["stacks"][d.seat][-1]["t"]
        if frame in WATCHED:
            marks[d.seat][f"{frame} {move.split()[0]}"] += 1
        observe(g, g.play(d.seat, move), marks)
    lines = g.scores()
    winners = [ln.seat for ln in lines if ln.rank == 1]
    return {
        "index": index,
        "players": players,
        "cpu": round(time.process_time() - start, 1),
        "depts": depts,
        "vp": [ln.vp for ln in lines],
        "by": [dict(ln.breakdown) for ln in lines],
        "win": [1 / len(winners) if ln.seat in winners else 0.0 for ln in lines],
        "marks": [
            {
                **{f"milestone {m}": 1 for m in p["milestones"]},
                **{  # the order of arrival: 1st, 2nd, ... player to reach it
                    f"milestone {m} rank {g.s['milestones'][m].index(i) + 1}": 1
                    for m in p["milestones"]
                },
                "re-exports": p["reexports"],
                "cities": len(p["cities"]),
                **dict(marks[i]),
            }
            for i, p in enumerate(g.s["players"])
        ],
    }


def load(paths: Iterable[Path]) -> list[dict[str, Any]]:
    return [
        json.loads(line)
        for path in paths
        if path.exists()
        for line in path.read_text().splitlines()
        if line.strip()
    ]


def run(
    kind: str,
    players: int,
    games: int,
    jobs: int,
    budget: tuple[int | None, float | None] = (None, None),
    out: Path | None = None,
) -> list[dict[str, Any]]:
    """Play games 0..games-1 (those not already in ``out``), appending each to ``out``."""
    done = [r for r in load([out]) if r["players"] == players] if out else []
    have = {r["index"] for r in done}
    work = [(kind, players, i, *budget) for i in range(games) if i not in have]
    results = list(done)
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        for r in pool.map(play_one, work) if jobs > 1 else map(play_one, work):
            results.append(r)
            if out:
                with out.open("a") as f:
                    f.write(json.dumps(r) + "\n")
    return sorted(results, key=lambda r: r["index"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=48)
    ap.add_argument("--players", type=int, choices=(2, 3, 4), action="append")
    ap.add_argument("--player", default="planner", help="planner, bot or ai:easy|normal|strong")
    ap.add_argument("--iterations", type=int, help="AI search iterations a decision")
    ap.add_argument("--seconds", type=float, help="AI seconds a decision")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, help="JSON-lines file: append games, resume")
    ap.add_argument("--report", type=Path, nargs="+", help="print the tables of saved games")
    args = ap.parse_args(argv)
    counts = args.players or ([4, 3, 2] if args.report else [4, 2])
    if args.report:
        saved = load(args.report)
        for players in counts:
            mine = [r for r in saved if r["players"] == players]
            if mine:
                cpu = sum(r.get("cpu", 0) for r in mine)
                print(table(players, mine))
                print(f"saved games: {len(mine)}; {cpu:.0f} s CPU in all\n")
        return 0
    for players in counts:
        start = time.monotonic()
        budget = (args.iterations, args.seconds)
        results = run(args.player, players, args.games, args.jobs, budget, args.out)
        print(table(players, results))
        print(f"player: {args.player}; budget {budget}; {time.monotonic() - start:.0f} s\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
