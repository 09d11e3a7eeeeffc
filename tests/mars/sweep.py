"""Measure On Mars on its current rules (data.RULES_LATEST) with the scripted player (issue 9):
``python -m tests.mars.sweep [games per count] [player counts] [rules version]``. Prints
rounds, how games ended, missions completed per card, colony levels, scores and how often each
Main and Executive action was chosen."""

from __future__ import annotations

import statistics
import sys
from collections import Counter

from engine.mars import data as D
from tests.mars.player import play_game

ORBIT = ("pod", "blueprint", "learn", "rnd", "resupply")
COLONY = ("construct", "upgrade", "hire", "contract", "control", "ship")
MAIN = (*ORBIT, *COLONY)
EXEC = (*(a for _, a, _ in D.exec_layout(D.RULES_LATEST)), "adv")


def action_of(move: str) -> str | None:
    if move in MAIN:
        return move
    if move.startswith("x adv"):
        return "x adv"
    if move.startswith("x "):
        return move
    return None


def sweep(n: int, games: int, rules: int = D.RULES_LATEST) -> dict:
    """``games`` games of ``n`` scripted players on ``rules`` (an older version compares the
    player of today on the rules older games keep)."""
    rounds: list[int] = []
    win: list[int] = []
    spread: list[int] = []
    sources: Counter[str] = Counter()  # the winners' OP by source, summed
    ends: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    drawn: Counter[str] = Counter()
    done: Counter[str] = Counter()
    chosen: list[str] = []
    offered: Counter[str] = Counter()
    turns = 0
    for seed in range(games):
        moves: list[str] = []
        menus: list[list[str]] = []
        options = None if rules == D.RULES_LATEST else {"rules": rules}
        g = play_game(n, 1000 + seed, options=options, turn_moves=moves, offered=menus)
        v = g.view(None)
        rounds.append(v["round"])
        ends[v["ended_by"] or "?"] += 1
        levels[v["level"]] += 1
        lines = g.scores()
        vps = sorted((x.vp for x in lines), reverse=True)
        win.append(vps[0])
        sources.update(max(lines, key=lambda x: x.vp).breakdown)
        spread.append(vps[0] - vps[-1])
        for m in v["missions"]:
            drawn[m["id"]] += 1
            done[m["id"]] += m["done"]
        chosen += [a for m in moves if (a := action_of(m))]
        seen: set[str] = set()  # what could have been chosen at some point of each turn
        for menu, move in zip(menus, moves, strict=True):
            seen |= {a for m in menu if (a := action_of(m))}
            if move == "end":
                offered.update(seen)
                seen = set()
        turns += sum(1 for m in moves if m == "end")
    return {
        "n": n,
        "games": games,
        "rounds": rounds,
        "ends": ends,
        "levels": levels,
        "win": win,
        "sources": sources,
        "spread": spread,
        "drawn": drawn,
        "done": done,
        "chosen": Counter(chosen),
        "offered": offered,
        "turns": turns,
    }


def q(xs: list[int]) -> str:
    xs = sorted(xs)
    return f"{xs[0]}/{statistics.median(xs):g}/{xs[-1]}"


def report(results: list[dict]) -> None:
    print(
        "| players | games | rounds min/med/max | ended by | by the published trigger | cap hits "
        "| levels | win OP min/med/max | spread med |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(r["ends"].items()))
        lv = ", ".join(f"L{k}: {v}" for k, v in sorted(r["levels"].items()))
        trigger = r["ends"]["missions"] + r["ends"]["level"]
        print(
            f"| {r['n']} | {r['games']} | {q(r['rounds'])} | {ends} "
            f"| {100 * trigger / r['games']:.0f} % | {r['ends'].get('cap', 0)} "
            f"| {lv} | {q(r['win'])} | {statistics.median(r['spread']):g} |"
        )
    print()
    kinds = sorted(
        {k for r in results for k in r["sources"]}, key=lambda k: -results[0]["sources"][k]
    )
    print("| winner's OP by source (mean) | " + " | ".join(f"{r['n']}p" for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for k in kinds:
        print(
            f"| {k} | " + " | ".join(f"{r['sources'][k] / r['games']:.1f}" for r in results) + " |"
        )
    print()
    print("| mission | " + " | ".join(f"{r['n']}p done/drawn" for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for m in D.MISSIONS:
        cells = []
        for r in results:
            d = r["drawn"][m]
            cells.append(f"{r['done'][m]}/{d} ({100 * r['done'][m] / d:.0f}%)" if d else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")
    print()
    print("| action | " + " | ".join(f"{r['n']}p % of turns (offered)" for r in results) + " |")
    print("|---|" + "---|" * len(results))
    for a in (*MAIN, *(f"x {e}" for e in EXEC)):
        cells = [
            f"{100 * r['chosen'][a] / max(r['turns'], 1):.1f} "
            f"({100 * r['offered'][a] / max(r['turns'], 1):.0f})"
            for r in results
        ]
        print(f"| {a} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    counts = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1, 2, 3, 4]
    rules = int(sys.argv[3]) if len(sys.argv) > 3 else D.RULES_LATEST
    report([sweep(n, games, rules) for n in counts])
