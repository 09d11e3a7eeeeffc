"""The tables of the balance harness (tests/algae/balance.py): per department, per pairing,
and how often the rules issue 11 asked about bite, from the saved results of whole games.

Win rates come with a 95 % Wilson interval over the seats played (a shared first place
counts as a share of a win), so a table says how far its sample can be trusted.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from engine.algae import data as D

DEPTS = list(D.DEPT_NAMES)
Z95 = 1.96


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, as fractions (0, 1) for no games."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = Z95 * Z95
    mid = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def summarize(results: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per department: seats, wins, VP, VP by source, results against each rival, marks."""
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


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}"


def dept_lines(stats: dict[str, dict[str, Any]]) -> list[str]:
    sources = sorted({s for row in stats.values() for s in row["by"]})
    head = f"{'department':12} {'seats':>5} {'win%':>6} {'95% CI':>13} {'meanVP':>7}  "
    lines = [head + " ".join(f"{s[:9]:>9}" for s in sources)]
    for dept, row in stats.items():
        n = max(1, row["n"])
        lo, hi = wilson(row["wins"], row["n"])
        by = " ".join(f"{row['by'][s] / n:9.1f}" for s in sources)
        lines.append(
            f"{dept:12} {row['n']:5d} {100 * row['wins'] / n:6.1f} "
            f"{_pct(lo)}-{_pct(hi)}  {row['vp'] / n:7.1f}  {by}"
        )
    return lines


def pairing_lines(stats: dict[str, dict[str, Any]]) -> list[str]:
    lines = ["pairings: the row's win % against the column (games, 95% CI)"]
    lines.append(f"{'':12} " + " ".join(f"{d[:10]:>21}" for d in DEPTS))
    for dept, row in stats.items():
        cells = []
        for other in DEPTS:
            got = row["vs"].get(other, [])
            if not got:
                cells.append(f"{'-':>21}")
                continue
            lo, hi = wilson(sum(got), len(got))
            cells.append(f"{100 * sum(got) / len(got):5.1f}% {len(got):3d} {_pct(lo)}-{_pct(hi)}")
        lines.append(f"{dept:12} " + " ".join(cells))
    return lines


def mark_lines(stats: dict[str, dict[str, Any]]) -> list[str]:
    marks = sorted({m for row in stats.values() for m in row["marks"]})
    lines = [
        "per seat and game (columns as above): milestones reached (share), re-exports,"
        " machine activations, converter cubes, weekend energy and answers, Food's Monday"
    ]
    lines.append(f"  {'':26} " + " ".join(f"{d[:8]:>8}" for d in stats))
    for mark in marks:
        cells = " ".join(f"{row['marks'][mark] / max(1, row['n']):8.2f}" for row in stats.values())
        lines.append(f"  {mark:26} {cells}")
    return lines


def table(players: int, results: list[dict[str, Any]]) -> str:
    stats = summarize(results)
    lines = [f"{players} players, {len(results)} games", *dept_lines(stats)]
    if players == 2:
        lines += pairing_lines(stats)
    lines += mark_lines(stats)
    return "\n".join(lines)
