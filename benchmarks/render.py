"""Rendering benchmark: every picture of both games, from the view to PNG bytes.

Goal (issue 13): every picture <= 25 ms median to bytes and <= 120 KiB. The note gives the
bytes, the CPU time (the wall clock counts waiting for a core when the machine is shared)
and the floor: the encode alone (fixed-palette quantise + PNG) of the same image: rendering
must end with it anyway. The encoders compared to choose it are in ``benchmarks.encode``;
the post path (the same at move 500 as at move 5) in ``benchmarks.post_path``.
"""

from __future__ import annotations

import io
import random
import time
from typing import Any

from PIL import Image

from benchmarks import encode, post_path
from benchmarks.kit import Row, measure, row
from imaging.kit import encode_png

N = 40
TARGET = "≤ 25 ms, ≤ 120 KiB"


def views(
    kind: str, before: int
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], Any]:
    """(public, previous public, seat 0's view, finished view, scores) of a 4-player game of
    ``kind``, taken after ``before`` random moves and at its end."""
    import engine

    rnd = random.Random(5)
    game = engine.new_game(kind, ["Ann", "Bob", "Cy", "Dee"], seed=5)

    def step() -> None:
        decision = rnd.choice(game.pending())
        game.play(decision.seat, rnd.choice(decision.options).move)

    for _ in range(before):
        if game.over:
            break
        step()
    previous = game.view(None)
    step()
    public, mine = game.view(None), game.view(0)
    while not game.over:
        step()
    return public, previous, mine, game.view(None), game.scores()


def close_up_views(kind: str, before: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """(public, previous public) of the first move from ``before`` on whose turn card
    carries a close-up of the board (an export or a supervisor moved; a hex changed)."""
    import importlib

    recipe = importlib.import_module(f"imaging.{kind}.card").RECIPE
    for at in range(before, before + 200):
        public, previous, *_ = views(kind, at)
        game = recipe.read(public)
        if recipe.touched(game, recipe.marks(game, previous, None)) is not None:
            return public, previous
    raise AssertionError(f"no close-up in {kind} moves {before}-{before + 200}")


def _cases(kind: str, before: int) -> list[tuple[str, Any]]:
    import imaging

    public, previous, mine, final, scores = views(kind, before)
    marks = imaging.changes(kind, public, previous)
    lines = ["Ann takes a turn that changed things"]
    zoomed, zoomed_before = close_up_views(kind, before)
    zoom_marks = imaging.changes(kind, zoomed, zoomed_before)
    return [
        (
            f"{kind} turn card",
            lambda: imaging.render(kind, "card", public, marks=marks, lines=lines),
        ),
        (
            f"{kind} turn card with a close-up",
            lambda: imaging.render(kind, "card", zoomed, marks=zoom_marks, lines=lines),
        ),
        (f"{kind} public board", lambda: imaging.render(kind, "public", public, marks=marks)),
        (f"{kind} player picture", lambda: imaging.render(kind, "player", mine, seat=0)),
        (f"{kind} final picture", lambda: imaging.render(kind, "final", final, scores=scores)),
    ]


def cpu_median(fn: Any, n: int) -> float:
    """Median CPU time of ``fn`` in ms: on a machine shared with other work, closer to the
    unloaded wall time than the wall clock is (the wait for a core is left out)."""
    samples = []
    for _ in range(n):
        start = time.process_time()
        fn()
        samples.append(time.process_time() - start)
    return sorted(samples)[n // 2] * 1000


def _floor(png: bytes) -> tuple[list[float], tuple[int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.load()
    return measure(lambda: encode_png(image), N), image.size


def run() -> list[Row]:
    rows = []
    for what, fn in _cases("algae", 160) + _cases("mars", 260):
        start = time.perf_counter()
        png = fn()  # the first call also builds the static layers
        first_ms = (time.perf_counter() - start) * 1000
        samples = measure(fn, N)
        cpu = cpu_median(fn, N)
        floor, size = _floor(png)
        floor_ms = sorted(floor)[len(floor) // 2] * 1000
        rows.append(
            row(
                "render",
                what,
                samples,
                TARGET,
                f"{len(png) / 1024:.0f} KiB, floor {floor_ms:.1f} ms (encode alone), "
                f"CPU {cpu:.1f} ms, {size[0]}x{size[1]}, first call {first_ms:.0f} ms",
            )
        )
    return rows + encode.run() + post_path.run()
