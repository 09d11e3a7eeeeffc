"""The benchmark's engine, menus, render (with its encode and post-path rows) and storage areas
(``python3 bot.py --bench <area>``) run in small: each area still produces every row it
prints, with real timings. Nothing ran them before, so one could break unseen, as the e2e area
once did (tests/e2e/test_bench_e2e.py); the timings themselves are not judged here."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator

import pytest

from benchmarks import encode, menus, post_path, render, storage
from benchmarks import engine as bench_engine
from benchmarks.__main__ import run_area
from benchmarks.kit import Row


def timed(rows: list[Row], area: str) -> list[Row]:
    """The rows of ``area`` that time something (a size row has no time columns)."""
    mine = [r for r in rows if r.area == area]
    assert mine, f"no {area} rows"
    return [r for r in mine if r.n > 1 or not math.isnan(r.median_ms)]


def test_engine_area(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_engine, "GAMES_PER_KIND", 1)
    rows = run_area("engine")
    whats = {r.what for r in rows}
    for kind in ("algae", "mars"):
        assert {f"{kind} play()", f"{kind} random 4-player game"} <= whats
        assert any(r.what == f"{kind} largest snapshot" and "KB" in r.note for r in rows)
    assert all(r.median_ms > 0 for r in timed(rows, "engine"))


def test_menus_area(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menus, "MOVES_PER_GAME", 15)
    monkeypatch.setattr(menus, "GAMES", 1)
    rows = timed(run_area("menus"), "menus")
    assert {r.what for r in rows} >= {
        "algae lookahead steps (one menu)",
        "mars lookahead steps (one menu)",
    }
    assert all(r.n > 0 and r.median_ms >= 0 for r in rows)


def test_render_area_with_its_encode_and_post_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (render, encode, post_path):
        monkeypatch.setattr(module, "N", 2)
    rows = run_area("render")
    pictures = timed(rows, "render")
    assert len(pictures) == 10  # 5 pictures of each game
    assert all(r.median_ms > 0 and "KiB" in r.note for r in pictures)
    assert timed(rows, "encode") and timed(rows, "posts")


def test_storage_area_on_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    @contextlib.contextmanager
    def no_postgres() -> Iterator[str | None]:
        yield None

    monkeypatch.setattr(storage, "GAMES", 50)
    monkeypatch.setattr(storage, "N", 10)
    monkeypatch.setattr(storage, "postgres", no_postgres)
    rows = run_area("storage")
    sqlite = [r for r in rows if r.what.startswith("sqlite:")]
    assert len(sqlite) == 5 and all(r.n == 10 and r.median_ms > 0 for r in sqlite)
    assert any("no PostgreSQL" in r.what for r in rows)
