"""Fixtures: a stand-in per test, the bot as a subprocess connected to it, and the table
layer on the bot's database (for reading what the bot wrote)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from devkit.standin import BotProcess, StandIn
from storage.sqlite import open_store
from tables import Tables
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


@pytest.fixture
async def tables(bot: BotProcess) -> AsyncIterator[Tables]:
    """The table layer on the bot's database, for reading what the bot wrote."""
    t = Tables(await open_store(bot.db_path))
    try:
        yield t
    finally:
        await t.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
