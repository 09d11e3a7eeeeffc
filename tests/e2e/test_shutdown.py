"""SIGTERM while a post is in flight: the bot stops quietly (no traceback), and the post
it could not finish is made after the restart, once (issue 15 item 7)."""

from __future__ import annotations

import asyncio

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = pytest.mark.e2e

MESSAGES = "/channels/{channel_id}/messages"


async def test_sigterm_mid_post_is_quiet_and_the_post_comes_after_restart(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    standin.slow("POST", MESSAGES, seconds=1.5, times=1)  # in flight (the timeout is 2 s)
    ix = await standin.slash(alice, standin.games, "play", move="stake 1")
    assert "✔" in ix.text
    await standin.wait_until(lambda: len(standin.calls_to("POST", MESSAGES)) >= 2)
    code = await bot.stop()  # SIGTERM while the post is in flight
    log = bot.log_path.read_text(errors="replace")
    assert "Traceback" not in log and " ERROR " not in log, log[-3000:]
    assert code == 0
    standin.failures.clear()
    await bot.start()
    post = await standin.wait_for_message(standin.games, is_turn_post, after=first, timeout=30)
    assert "alice chose a stake" in post.content
    await asyncio.sleep(2)  # the outbox worker has had its chance to post twice
    heads = [m.content.splitlines()[0] for m in standin.posts(standin.games)]
    assert len(heads) == len(set(heads)), heads
