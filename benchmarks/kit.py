"""Timing helpers shared by the benchmark areas: medians and p95s in milliseconds."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """One line of the benchmark table."""

    area: str
    what: str
    n: int
    median_ms: float
    p95_ms: float
    target: str = ""
    note: str = ""


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def row(area: str, what: str, samples_s: list[float], target: str = "", note: str = "") -> Row:
    """Summarise samples given in seconds."""
    ms = [s * 1000 for s in samples_s]
    return Row(area, what, len(ms), statistics.median(ms), percentile(ms, 0.95), target, note)


def measure(fn: Callable[[], object], n: int, warmup: int = 3) -> list[float]:
    """Call ``fn`` n times (after a warm-up) and return each duration in seconds."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


async def measure_async(
    fn: Callable[[], Awaitable[object]], n: int, warmup: int = 3
) -> list[float]:
    for _ in range(warmup):
        await fn()
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        await fn()
        samples.append(time.perf_counter() - start)
    return samples


def format_table(rows: list[Row]) -> str:
    header = ("area", "what", "n", "median ms", "p95 ms", "target", "note")
    lines = [
        (r.area, r.what, str(r.n), _ms(r.median_ms), _ms(r.p95_ms), r.target, r.note) for r in rows
    ]
    widths = [max(len(str(c)) for c in col) for col in zip(header, *lines, strict=True)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [fmt.format(*header), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*line) for line in lines]
    return "\n".join(out)


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.3f}"
