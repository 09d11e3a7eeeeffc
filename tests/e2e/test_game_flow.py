"""Lobby -> start -> several turns -> abort, through menus and /play."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, open_game, open_menu, pick

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]


async def test_lobby_turns_and_abort(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    assert "Tally" in first.content
    assert first.pngs(), "the turn post carries the board picture"
    assert first.allowed_mentions is not None
    assert first.allowed_mentions["parse"] == []
    assert {int(u) for u in first.allowed_mentions["users"]} == {alice.id, bob.id}
    assert alice.mention in first.content and bob.mention in first.content

    # stake step: simultaneous; alice through the menu, bob by typing
    menu = await open_menu(standin, alice, first)
    assert menu.ephemeral and menu.original.labels == ["Stake 1", "Stake 2", "Stake 3"]
    done = await pick(standin, alice, menu.original, "Stake 2")
    assert done.response_type == 6 and done.original.edits  # deferred, then the menu edited
    post2 = await standin.wait_for_message(standin.games, is_turn_post, after=first)
    assert "alice chose a stake" in post2.content
    assert bob.mention in post2.content and alice.mention not in post2.content
    ix = await standin.slash(bob, standin.games, "play", move="stake 1")
    assert ix.ephemeral and "bob chose a stake" in ix.text
    post3 = await standin.wait_for_message(standin.games, is_turn_post, after=post2)
    assert alice.mention in post3.content  # alice draws now

    # alice draws twice: the menu is edited in place, no public post in between
    menu = await open_menu(standin, alice, post3)
    step = await pick(standin, alice, menu.original, menu.original.labels[0])  # Draw
    await step.wait_text("drew")
    posts_before = len(standin.posts(standin.games))
    assert "Stop drawing" in menu.original.labels
    step = await pick(standin, alice, menu.original, "Stop drawing")
    await step.wait_text("stops")
    # aiming has 30 options: a group select first
    groups = [c for c in menu.original.components if c.get("type") == 3]
    assert groups and [o["label"] for o in groups[0]["options"]] == ["Row A", "Row B", "Row C"]
    assert len(standin.posts(standin.games)) == posts_before  # still alice's turn
    ix = await standin.click(alice, menu.original, groups[0]["custom_id"], values=["1"])
    await ix.wait_text("Row B")
    ix = await pick(standin, alice, menu.original, "Target B3")
    await ix.wait_text("Your turn is done")
    post4 = await standin.wait_for_message(standin.games, is_turn_post, after=post3)
    assert "alice aimed at b3" in post4.content and bob.mention in post4.content

    # abort: confirmed with a button, by the host; spectators are told too (issue 12)
    lounge = standin.channel("lounge")
    await standin.slash(alice, standin.games, "spectate add", channel=lounge)
    ix = await standin.slash(alice, standin.games, "game abort")
    assert ix.original is not None
    assert ix.ephemeral and "Abort the game" in ix.original.labels
    confirm = await standin.click(alice, ix.original, label="Abort the game")
    await confirm.wait_text("Aborted")
    notice = await standin.wait_for_message(standin.games, lambda m: "was aborted" in m.content)
    assert "alice" in notice.content
    mirrored = await standin.wait_for_message(lounge, lambda m: "was aborted" in m.content)
    assert "alice" in mirrored.content
    ix = await standin.slash(bob, standin.games, "status")  # the channel's last game
    assert "aborted" in ix.text.lower() and "no game" not in ix.text.lower()
    late = await standin.click(bob, post4, label="Play")
    assert "aborted" in (await late.wait_text()).lower()
