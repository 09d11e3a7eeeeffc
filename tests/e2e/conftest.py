"""Fixtures: a stand-in per test, the bot as a subprocess connected to it, and the table
layer on the bot's database (for reading what the bot wrote).

A test marked ``shared_bot`` gets the worker's one stand-in and bot instead, with a guild
of its own (``tests/e2e/shared.py`` says which tests may). Every test here runs in the
worker's one event loop (``loop_scope="session"``, set in ``tests/conftest.py``), which the
shared stand-in and bot live in.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from devkit.standin import BotProcess, StandIn
from storage.sqlite import open_store
from tables import Tables
from tests.e2e.clocked import Clock
from tests.e2e.helpers import print_log_if_failed, running
from tests.e2e.shared import MARK, SharedBot


@pytest.fixture
def clock(tmp_path: Path) -> Clock:
    """The clock file of a bot made by ``tests.e2e.clocked.clocked_bot``, at ``T0``."""
    return Clock(tmp_path / "clock.txt")


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared(tmp_path_factory) -> AsyncIterator[SharedBot]:
    """The worker's shared stand-in and bot (started by the first test that asks)."""
    holder = SharedBot(tmp_path_factory.mktemp("shared-bot"))
    try:
        yield holder
    finally:
        await holder.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def standin(request, shared: SharedBot) -> AsyncIterator[StandIn]:
    if request.node.get_closest_marker(MARK):
        yield await shared.view()  # the shared StandIn, seen from a guild of its own
        return
    server = StandIn()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


@pytest_asyncio.fixture(loop_scope="session")
async def bot(
    standin: StandIn, tmp_path: Path, request, shared: SharedBot
) -> AsyncIterator[BotProcess]:
    if request.node.get_closest_marker(MARK):
        assert shared.bot is not None
        yield shared.bot
        print_log_if_failed(shared.bot, request)
        assert shared.bot.alive(), f"the shared bot died during the test:\n{shared.bot.tail()}"
        return
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "bot.log")
    async with running(proc, request):
        yield proc


@pytest_asyncio.fixture(loop_scope="session")
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
