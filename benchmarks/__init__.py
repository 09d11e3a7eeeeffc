"""Benchmarks run by hand (`python bot.py --bench`, or `.venv/bin/python -m benchmarks`).

Timings live here, never in pass/fail tests. Each area module (engine, storage, render, e2e)
has ``run() -> list[Row]``; ``benchmarks.__main__`` prints them as one table.
"""
