"""Shared test set-up: the test-only game is registered here, never in the product.

The tests run longest first (``slow``, then ``e2e``, then ``playout``, then the rest in file
order), dealt round-robin to the pytest-xdist workers: the long ones start at once, on every
worker, and the many short ones fill the gaps, so no worker is left finishing a long test
alone at the end.

A ``slow`` test run on both backends plays its PostgreSQL twin only in the full sweep (CI,
``ALGAE_FULL_SWEEP=1``), as the random playouts play all their seeds only there: its SQLite
twin runs everywhere, and the PostgreSQL store's own behaviour is tested by the fast tests
of tests/storage and tests/tables on both backends.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from devkit.toygame import register_toy

register_toy()

FIRST = ("slow", "e2e", "playout")  # markers, longest first


def _rank(item: pytest.Item) -> int:
    return next((i for i, name in enumerate(FIRST) if item.get_closest_marker(name)), len(FIRST))


def _worker_count(config) -> int:
    workerinput = getattr(config, "workerinput", None)  # a pytest-xdist worker's
    return int(workerinput["workercount"]) if workerinput else 1


def _postgres_twin(item: pytest.Item) -> bool:
    """A ``slow`` test's PostgreSQL run (its parameters name the backend)."""
    callspec = getattr(item, "callspec", None)
    return bool(
        item.get_closest_marker("slow") and callspec and "postgres" in callspec.id.split("-")
    )


def pytest_collection_modifyitems(session, config, items: list[pytest.Item]) -> None:
    from tests.playout import full_sweep

    if not full_sweep():
        reason = "PostgreSQL twin of a slow test: the full sweep (CI) runs it"
        later = pytest.mark.skip(reason=reason)
        for item in items:
            if _postgres_twin(item):
                item.add_marker(later)
    items.sort(key=_rank)  # stable: file order within a rank, the same on every worker
    n = _worker_count(config)
    if n > 1:
        # worksteal first hands each worker one contiguous n-th of the list: dealt out
        # round-robin, each n-th starts with its share of the long tests (in one n-th,
        # they ran one after the other and were the run's tail)
        items[:] = [item for k in range(n) for item in items[k::n]]
    e2e = Path(__file__).parent / "e2e"
    for item in items:
        if (
            item.path.is_relative_to(e2e)
            and isinstance(item, pytest.Function)
            and inspect.iscoroutinefunction(item.obj)
        ):
            # the shared stand-in and bot live in the worker's one loop (tests/e2e/shared.py)
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


def _controller(config) -> bool:
    """True in the process that runs pytest-xdist workers (``-n``), not in a worker."""
    return bool(getattr(config.option, "numprocesses", None)) and not hasattr(config, "workerinput")


def pytest_configure(config) -> None:
    from devkit.standin import BotProcess
    from devkit.standin.zygote import Zygote

    BotProcess.zygote = Zygote()  # bots fork from a preloaded process (started on first use)
    if _controller(config):
        from tests import pgserver

        pgserver.share()  # the workers start after this and inherit the variable


def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the throwaway PostgreSQL server if a test started one."""
    from tests import pgserver

    pgserver.stop()


def pytest_unconfigure(config) -> None:
    from devkit.standin import BotProcess

    if BotProcess.zygote is not None:
        BotProcess.zygote.close()
    if _controller(config):
        from tests import pgserver

        pgserver.stop_shared()
