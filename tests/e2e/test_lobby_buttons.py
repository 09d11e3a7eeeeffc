"""The lobby has Join and Start buttons (issue 12 item 11): a click joins, only the host's
Start starts, and the started lobby's message keeps no buttons."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]


async def test_join_and_start_by_button(standin: StandIn, bot: BotProcess) -> None:
    ann, bob = standin.user("ann"), standin.user("bob")
    ix = await standin.slash(ann, standin.games, "game new", game="tally", seats=2, seed=3)
    lobby = ix.original
    assert lobby is not None
    assert lobby.labels == ["Join", "Start"], lobby.components
    joined = await standin.click(bob, lobby, label="Join")
    assert "bob joined (2/2 seats)" in await joined.wait_text("joined")
    again = await standin.click(bob, lobby, label="Join")
    assert "already" in (await again.wait_text()).lower() and again.ephemeral
    early = await standin.click(bob, lobby, label="Start")
    assert "host" in (await early.wait_text()).lower() and early.ephemeral
    go = await standin.click(ann, lobby, label="Start")
    assert go.response_type == 6  # answered at once; the lobby post loses its buttons after
    post = await standin.wait_for_message(standin.games, is_turn_post)
    assert "begins: ann, bob" in post.content
    await standin.wait_until(lambda: lobby.components == [])
