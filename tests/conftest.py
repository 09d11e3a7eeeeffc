"""Shared test set-up: the test-only game is registered here, never in the product."""

from __future__ import annotations

from devkit.toygame import register_toy

register_toy()


def pytest_sessionfinish(session, exitstatus) -> None:
    """Stop the throwaway PostgreSQL server if a test started one."""
    from tests import pgserver

    pgserver.stop()
