"""Undo requests end to end: one ping per new decision, one open request at a time."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from devkit.standin import BotProcess, StandIn
from devkit.standin.records import Message
from tests.e2e.helpers import open_game, running
from tests.e2e.test_days import T0, Clock

pytestmark = pytest.mark.e2e
shared = pytest.mark.shared_bot
H = 3600.0


@pytest.fixture
def clock(tmp_path: Path) -> Clock:
    return Clock(tmp_path / "clock.txt")


@pytest_asyncio.fixture(loop_scope="session")
async def dmbot(
    standin: StandIn, tmp_path: Path, clock: Clock, request
) -> AsyncIterator[BotProcess]:
    env = {"ALGAE_CLOCK_FILE": str(clock.path), "ALGAE_SCHEDULER_POLL": "0.1"}
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "bot.log", env)
    async with running(proc, request):
        yield proc


def requests(standin: StandIn) -> list[Message]:
    return [m for m in standin.posts(standin.games) if "asks to take back" in m.content]


async def test_an_undo_dms_nobody_whose_decision_it_left_alone(
    standin: StandIn, dmbot: BotProcess, clock: Clock
) -> None:
    """Bob must stake before and after alice's stake is taken back: the undo used to
    reopen his decision, so he got a second "Your turn" DM (and his clock restarted)."""
    alice, bob = standin.user("alice"), standin.user("bob")
    games = standin.games
    for user in (alice, bob):
        await standin.slash(user, games, "settings", dm=True)
    first = await open_game(standin, [alice, bob])
    await standin.wait_until(lambda: standin.dms(bob) and standin.dms(alice))
    clock.set(T0 + 2 * H)
    await standin.slash(alice, games, "play", move="stake 1")
    clock.set(T0 + 3 * H)
    await standin.slash(alice, games, "undo")
    [request] = await standin.wait_until(lambda: requests(standin))
    await standin.click(bob, request, label="Approve")
    await standin.wait_for_message(games, lambda m: "took back" in m.content, after=first)
    await asyncio.sleep(1.0)  # ten scheduler passes: a DM queued by the undo goes out
    clock.set(T0 + 4 * H)
    await standin.slash(alice, games, "play", move="stake 1")
    await standin.slash(bob, games, "play", move="stake 2")
    await standin.wait_until(lambda: len(standin.dms(alice)) == 2)  # alice: draw or stop
    assert [m.content.splitlines()[0] for m in standin.dms(bob)] == [
        "🎲 Your turn in **Tally (test game)** (game #1): Choose your stake"
    ], "one DM for bob's one stake decision"


@shared
async def test_a_second_undo_points_at_the_open_request(standin: StandIn, bot: BotProcess) -> None:
    """Three /undo in a row made three live requests, each pinging bob. Now the open one
    is the only one: asking again gets a private answer with a link to it."""
    alice, bob = standin.user("alice"), standin.user("bob")
    games = standin.games
    first = await open_game(standin, [alice, bob])
    await standin.slash(alice, games, "play", move="stake 2")  # posted: bob must agree
    await standin.wait_for_message(games, lambda m: "alice chose a stake" in m.content, after=first)
    await standin.slash(alice, games, "undo")
    [request] = await standin.wait_until(lambda: requests(standin))
    for _ in range(2):
        again = await standin.slash(alice, games, "undo")
        text = await again.wait_text("still open")
        assert again.ephemeral and "Your undo request is still open (waiting for bob)" in text
        assert f"/{games.id}/{request.id}" in text, "a link to the open request"
    assert standin.posts(games)[-1] is request, "no new request, no new ping"
    approve = await standin.click(bob, request, label="Approve")
    await approve.wait(lambda i: i.answered)
    assert "Undo approved (last by bob)" in request.content and not request.custom_ids
