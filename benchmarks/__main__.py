"""Print the benchmark table: ``python -m benchmarks [area ...]``."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import inspect
import sys

from benchmarks.kit import Row, format_table

AREAS = ["engine", "menus", "storage", "render", "e2e", "scale", "ai"]


def run_area(name: str, extra: list[str] | None = None) -> list[Row]:
    try:
        module = importlib.import_module(f"benchmarks.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"benchmarks.{name}":
            return [Row(name, "(not built yet)", 0, float("nan"), float("nan"))]
        raise
    takes_args = bool(extra) and bool(inspect.signature(module.run).parameters)
    result = module.run(extra) if takes_args else module.run()
    if inspect.iscoroutine(result):
        result = asyncio.run(result)
    return list(result)


def main(argv: list[str] | None = None) -> int:
    """``[area ...] [--option ...]``: options after the areas go to areas that take them
    (``reliability --channels 10``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    split = next((i for i, a in enumerate(argv) if a.startswith("-")), len(argv))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("areas", nargs="*", default=AREAS, help=f"any of {', '.join(AREAS)}")
    args = parser.parse_args(argv[:split])
    extra = argv[split:]
    rows: list[Row] = []
    for name in args.areas:
        print(f"... {name}", file=sys.stderr, flush=True)
        rows += run_area(name, extra)
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
