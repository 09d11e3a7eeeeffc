"""Rendering benchmark: the Algae and On Mars public boards, player pictures and final pictures.

The floor for a picture is the time to encode a PNG of the same size with the same settings
(rendering must end with that encode anyway); "plain" is the encode of a blank canvas of that
size. The note gives render / floor (goal ≤ 2 for the public board) and the PNG size.
"""

from __future__ import annotations

import io
import random
import time
from typing import Any

from PIL import Image

from benchmarks.kit import Row, measure, row
from imaging.kit import encode_png

N = 40


def _views(
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


def _floor(png: bytes) -> tuple[list[float], list[float], tuple[int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.load()
    blank = Image.new("RGB", image.size, (34, 44, 56))
    return measure(lambda: encode_png(image), N), measure(lambda: encode_png(blank), N), image.size


def run() -> list[Row]:
    from imaging.algae.final import render_final
    from imaging.algae.player import render_player
    from imaging.algae.public import render_public

    public, previous, mine, final, scores = _views("algae", 160)
    rows = []
    cases = [
        ("algae public board", lambda: render_public(public, previous), "p95 ≤ 250 ms"),
        ("algae player picture", lambda: render_player(mine), ""),
        ("algae final picture", lambda: render_final(final, scores), ""),
    ]
    from imaging.mars.final import render_final as mars_final
    from imaging.mars.player import render_player as mars_player
    from imaging.mars.public import render_public as mars_public

    m_public, m_previous, m_mine, m_final, m_scores = _views("mars", 260)
    cases += [
        ("mars public board", lambda: mars_public(m_public, m_previous), "p95 ≤ 250 ms"),
        ("mars player picture", lambda: mars_player(m_mine), ""),
        ("mars final picture", lambda: mars_final(m_final, m_scores), ""),
    ]
    for what, fn, target in cases:
        start = time.perf_counter()
        png = fn()  # the first call also builds the static layers
        first_ms = (time.perf_counter() - start) * 1000
        samples = measure(fn, N)
        floor, plain, size = _floor(png)
        ratio = statistics_median(samples) / statistics_median(floor)
        plain_ratio = statistics_median(samples) / statistics_median(plain)
        rows.append(
            row(
                "render",
                what,
                samples,
                target,
                f"{size[0]}x{size[1]}, {len(png) // 1024} KiB, first call {first_ms:.0f} ms, "
                f"render/floor {ratio:.2f}"
                + (" (goal ≤ 2)" if target else "")
                + f", render/plain {plain_ratio:.1f}",
            )
        )
        rows.append(
            row("render", f"  floor: PNG encode of that image ({size[0]}x{size[1]})", floor)
        )
        rows.append(row("render", "  plain: PNG encode of a blank canvas that size", plain))
    return rows


def statistics_median(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[len(ordered) // 2]
