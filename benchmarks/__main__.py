"""Print the benchmark table: ``python -m benchmarks [area ...]``."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import inspect
import sys

from benchmarks.kit import Row, format_table

AREAS = ["engine", "storage", "render", "e2e", "scale", "ai"]


def run_area(name: str) -> list[Row]:
    try:
        module = importlib.import_module(f"benchmarks.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"benchmarks.{name}":
            return [Row(name, "(not built yet)", 0, float("nan"), float("nan"))]
        raise
    result = module.run()
    if inspect.iscoroutine(result):
        result = asyncio.run(result)
    return list(result)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("areas", nargs="*", default=AREAS, help=f"any of {', '.join(AREAS)}")
    args = parser.parse_args(argv)
    rows: list[Row] = []
    for name in args.areas:
        print(f"... {name}", file=sys.stderr, flush=True)
        rows += run_area(name)
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
