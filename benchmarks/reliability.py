"""The reliability suite's full form: ``python3 bot.py --bench reliability [--channels N]``.

The real bot subprocess against the Discord stand-in: N channels (default 40) of Algae
and On Mars played at once by Play menus and /play, double clicks, two SIGKILLs,
injected faults (500/503/429 with a long retry_after on posts, interaction callbacks and
webhooks; gateway close, TCP drop, op 7, op 9), at least 2,000 hostile commands, then
every move log replayed to its snapshot. Prints the report table (tests/reliability).
Timings on a shared machine: say how loaded it was when you quote them.
"""

from __future__ import annotations

import argparse
import os

from benchmarks.kit import Row


async def run(argv: list[str] | None = None) -> list[Row]:
    from devkit.reliability.suite import Config, format_report, rows
    from devkit.reliability.suite import run as run_suite

    parser = argparse.ArgumentParser(prog="bot.py --bench reliability")
    parser.add_argument("--channels", type=int, default=40)
    parser.add_argument("--moves", type=int, default=24, help="moves per table under load")
    parser.add_argument("--hostile", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=None, help="render processes")
    args = parser.parse_args(argv or [])
    config = Config(
        channels=args.channels, moves=args.moves, hostile=args.hostile, workers=args.workers
    )
    report = await run_suite(config)
    print(format_report(report))
    print(f"(load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return [
        Row("reliability", what, 0, float("nan"), float("nan"), target, value)
        for what, value, target in rows(report)
    ]
