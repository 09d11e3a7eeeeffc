"""Undo my turn in the private menu (issue 12 item 8): mid-turn the menu offers it; a click
takes back the caller's moves of this turn at once (no post, no ping) and asks again."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import open_menu, pick, stakes_in

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]


async def test_undo_my_turn_from_the_menu(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    games = standin.games
    post = await stakes_in(standin, alice, bob)
    menu = await open_menu(standin, alice, post)
    assert "Undo my turn" not in menu.original.labels, "nothing of this turn to take back yet"
    step = await pick(standin, alice, menu.original, "Stop drawing")
    await step.wait_text("stops")
    assert "Undo my turn" in menu.original.labels
    posts = len(standin.posts(games))
    undo = await standin.click(alice, menu.original, label="Undo my turn")
    await undo.wait_text("Taken back")
    assert undo.response_type == 6, "answered at once (deferred), then the menu is edited in place"
    assert "Draw or stop" in menu.original.content and "Stop drawing" in menu.original.labels
    assert len(standin.posts(games)) == posts, "no public post for a private step"
    log = await standin.slash(bob, games, "log")
    assert "alice took back 1 move" in await log.wait_text("page 1/")
