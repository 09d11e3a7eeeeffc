"""Fixtures: a stand-in per test and the bot as a subprocess connected to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import running


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    server = StandIn()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture
async def bot(standin: StandIn, tmp_path: Path, request) -> AsyncIterator[BotProcess]:
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
    async with running(proc, request):
        yield proc


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
