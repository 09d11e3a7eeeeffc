"""Shared test set-up: the test-only game is registered here, never in the product.

The tests run longest first (``slow``, then ``e2e``, then ``playout``, then the rest in file
order): spread over the pytest-xdist workers, the long ones start at once and the many
short ones fill the gaps, so no worker is left finishing a long test alone at the end.
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


def pytest_collection_modifyitems(session, config, items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: file order within a rank, the same on every worker
    e2e = Path(__file__).parent / "e2e"
    for item in items:
        if item.path.is_relative_to(e2e) and inspect.iscoroutinefunction(item.obj):
            # the shared stand-in and bot live in the worker's one loop (tests/e2e/shared.py)
            item.add_marker(pytest.mark.asyncio(loop_scope="session"), append=False)


def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the throwaway PostgreSQL server if a test started one."""
    from tests import pgserver

    pgserver.stop()
