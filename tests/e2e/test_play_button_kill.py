"""Only the newest post shows Play, even when the bot is killed between making a post and
taking the button off the post before it (issue 15 item 6: a stale Play button above
the newest post). The start after the kill takes it off."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = pytest.mark.e2e

EDIT = "/channels/{channel_id}/messages/{message_id}"


async def test_a_kill_before_the_edit_leaves_no_stale_play_button(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    assert "Play" in first.labels
    standin.fail("PATCH", EDIT, 503, times=1000)  # the edit of the first post cannot land
    ix = await standin.slash(alice, standin.games, "play", move="stake 1")
    assert "✔" in ix.text
    second = await standin.wait_for_message(standin.games, is_turn_post, after=first, timeout=30)
    await standin.wait_until(lambda: len(standin.calls_to("PATCH", EDIT)) >= 1, timeout=30)
    await bot.stop(kill=True)  # before any retry of the edit can succeed
    assert "Play" in first.labels, "the edit was refused: the first post still shows Play"
    standin.failures.clear()
    await bot.start()
    await standin.wait_until(lambda: "Play" not in first.labels, timeout=30)
    assert "Play" in second.labels, "the newest post keeps its button"
    assert first.labels == ["Full board"], "an older post keeps its Full board button"
    ix = await standin.click(bob, first, label="Full board")  # the board as of that post
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert ix.ephemeral


async def test_an_edit_that_keeps_failing_is_retried_without_a_restart(
    standin: StandIn, bot: BotProcess
) -> None:
    """An outage longer than the edit's tries at once: the bot keeps retrying in the
    background, so the older post loses Play while the bot runs (it used to give up after
    5 tries and leave it to the next start)."""
    # the start's sweep of old buttons is over, so only this post's own edit runs
    await standin.wait_until(lambda: "start: Play buttons" in bot.log_path.read_text())
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    standin.fail("PATCH", EDIT, 503, times=5)  # 3 tries at once, then 2 background ones
    await standin.slash(alice, standin.games, "play", move="stake 1")
    second = await standin.wait_for_message(standin.games, is_turn_post, after=first, timeout=30)
    await standin.wait_until(lambda: "Play" not in first.labels, timeout=60)
    edits = standin.calls_to("PATCH", EDIT)
    assert [c.status for c in edits].count(503) == 5 and edits[-1].status == 200
    assert "Play" in second.labels, "the newest post keeps its button"
    done = "Play button taken off on background try 3"
    await standin.wait_until(lambda: done in bot.log_path.read_text())
    assert bot.log_path.read_text().count("keeps its Play button for now (retrying)") == 1
