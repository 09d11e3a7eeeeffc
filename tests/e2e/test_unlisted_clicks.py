"""Every click on one of our custom ids gets an answer, also when the component is not on
the message the click arrives with (a forged id, a wrong component type, or a stale
client's click on a button the bot has removed since: Discord sends the message as it is
now). discord.py drops such a click before any handler sees it; the user saw "This
interaction failed". Now it gets a private "out of date" answer, and a click that a
handler answered gets no second answer."""

from __future__ import annotations

import asyncio

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, open_game, open_menu, pick

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]

OUT_OF_DATE = "out of date"
NEWEST = "out of date: use the newest post"  # the answer to a click discord.py drops


async def test_a_click_not_on_its_message_is_answered_privately(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    play = first.custom_ids[0]
    game = play.split(":")[2]
    before = (first.content, first.custom_ids)
    for custom_id, kind in (
        (f"alg:o:{game}:0:0:0", None),  # a menu option, claimed on the public post
        (play, 3),  # the post's own Play button, sent as a select
        (f"alg:keep:{game}", None),
        ("alg:zz", None),  # ours by its prefix, but no control at all
    ):
        ix = await standin.forge(alice, first, custom_id, listed=False, component_type=kind)
        text = await ix.wait_text()
        assert ix.ephemeral and NEWEST in text.lower(), (custom_id, text)
    assert (first.content, first.custom_ids) == before
    foreign = await standin.forge(alice, first, "foo:bar", listed=False)  # not ours at all
    assert foreign.ephemeral and "don't know" in (await foreign.wait_text()).lower()
    assert "Traceback" not in bot.log_path.read_text(errors="replace")


async def test_a_stale_play_click_on_an_older_post_is_answered(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    games = standin.games
    first = await open_game(standin, [alice, bob])
    play = first.custom_ids[0]
    menu = await open_menu(standin, alice, first)
    done = await pick(standin, alice, menu.original, "Stake 2")
    await done.wait_text("turn is done")
    assert not menu.original.components, "the menu was edited: its buttons are gone"
    sent = done.payload["data"]  # the click on the option, sent again by a stale client
    await standin.slash(bob, games, "play", move="stake 1")
    await standin.wait_for_message(
        games, lambda m: is_turn_post(m) and "all stakes" in m.content, after=first
    )
    await standin.wait_until(lambda: "Play" not in first.labels)
    stale = await standin.forge(bob, first, play, listed=False)  # the post as it is now
    assert NEWEST in (await stale.wait_text()).lower() and stale.ephemeral
    # alice's menu as it is now, clicked by a stale client that still shows its options
    old = await standin.forge(
        alice, menu.original, sent["custom_id"], values=sent.get("values"), listed=False
    )
    assert NEWEST in (await old.wait_text()).lower() and old.ephemeral


async def test_a_handled_click_gets_one_answer(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    menu = await open_menu(standin, alice, first)
    board = await standin.click(bob, first, label="Full board")
    await board.wait_text()
    await asyncio.sleep(0.5)  # room for a wrong second answer to arrive
    for ix in (menu, board):
        assert not ix.followup_ids and OUT_OF_DATE not in ix.text.lower(), ix.text
