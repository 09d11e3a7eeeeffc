"""The issue's scenarios: autocomplete, wrong clicks, stale buttons, spectators, a restart
mid-game, failing posts retried from the outbox, and simultaneous clicks."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, old_play, open_game, open_menu, pick

pytestmark = pytest.mark.e2e

MESSAGES = "/channels/{channel_id}/messages"


async def stakes_in(standin: StandIn, alice, bob, first):
    """Both players stake by typing; returns the post where alice must draw."""
    await standin.slash(alice, standin.games, "play", move="stake 1")
    post = await standin.wait_for_message(standin.games, is_turn_post, after=first)
    await standin.slash(bob, standin.games, "play", move="stake 2")
    return await standin.wait_for_message(standin.games, is_turn_post, after=post)


async def moves_in_log(standin: StandIn, user) -> str:
    ix = await standin.slash(user, standin.games, "log")
    return ix.text


@pytest.mark.shared_bot
async def test_autocomplete(standin: StandIn, bot: BotProcess) -> None:
    alice, bob, carol = standin.user("alice"), standin.user("bob"), standin.user("carol")
    games = await standin.autocomplete(alice, standin.games, "game new", "game", game="ta")
    assert [c["value"] for c in games] == ["tally"]
    await open_game(standin, [alice, bob])
    choices = await standin.autocomplete(alice, standin.games, "play", "move", move="")
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Stake 1", "stake 1"),
        ("Stake 2", "stake 2"),
        ("Stake 3", "stake 3"),
    ]
    typed = await standin.autocomplete(alice, standin.games, "play", "move", move="ake 3")
    assert [c["value"] for c in typed] == ["stake 3"]
    assert await standin.autocomplete(carol, standin.games, "play", "move", move="") == []
    topics = await standin.autocomplete(alice, standin.games, "rules", "topic", topic="week")
    assert topics and "Week" in topics[0]["name"]
    ix = await standin.slash(alice, standin.games, "rules", topic=topics[0]["value"])
    assert ix.original is not None
    assert "Monday Morning" in ix.text and len(ix.original.content) <= 2000


@pytest.mark.shared_bot
async def test_wrong_user_clicks_and_illegal_moves(standin: StandIn, bot: BotProcess) -> None:
    alice, bob, carol = standin.user("alice"), standin.user("bob"), standin.user("carol")
    first = await open_game(standin, [alice, bob])
    draw_post = await stakes_in(standin, alice, bob, first)
    ix = await standin.click(carol, draw_post, label="Play")
    assert ix.ephemeral and "not playing" in (await ix.wait_text()).lower()
    ix = await standin.click(bob, draw_post, label="Play")
    assert "not your turn" in (await ix.wait_text()).lower() and "alice" in ix.text
    menu = await open_menu(standin, alice, draw_post)
    stolen = await standin.click(bob, menu.original, label=menu.original.labels[0])
    assert "another player" in (await stolen.wait_text()).lower()
    ix = await standin.slash(alice, standin.games, "play", move="zzz")
    assert ix.ephemeral and "not legal" in ix.text.lower()
    ix = await standin.slash(bob, standin.games, "play", move="draw")
    assert "not your turn" in ix.text.lower()
    assert "drew" not in await moves_in_log(standin, alice)


@pytest.mark.shared_bot
async def test_stale_menu_and_stale_play_button(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    draw_post = await stakes_in(standin, alice, bob, first)
    menu = await open_menu(standin, alice, draw_post)
    old_menu = dict(menu.original.payload)
    await standin.slash(alice, standin.games, "play", move="draw")  # the menu is now stale
    menu.original.payload = old_menu  # the client still shows the old components
    ix = await pick(
        standin, alice, menu.original, old_menu["components"][0]["components"][0]["label"]
    )
    assert "out of date" in (await ix.wait_text()).lower()
    old = await old_play(standin, alice, first)  # the post before the stakes
    assert "out of date" in (await old.wait_text()).lower()
    log = await moves_in_log(standin, alice)
    assert log.count("drew") == 1


@pytest.mark.shared_bot
async def test_spectator_mirror(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    spectators = standin.channel("spectators")
    first = await open_game(standin, [alice, bob])
    ix = await standin.slash(bob, standin.games, "spectate add", channel=spectators)
    assert "host" in ix.text.lower()  # only the host or Manage Channels
    ix = await standin.slash(alice, standin.games, "spectate add", channel=spectators)
    assert spectators.mention in ix.text
    await standin.slash(alice, standin.games, "play", move="stake 3")
    post = await standin.wait_for_message(standin.games, is_turn_post, after=first)
    mirror = await standin.wait_for_message(
        spectators, lambda m: "alice chose a stake" in m.content
    )
    assert mirror.labels == ["Full board"] and mirror.pngs(), "no Play button for spectators"
    assert mirror.allowed_mentions is not None
    assert mirror.allowed_mentions["users"] == [] and "<@" not in mirror.content
    assert "bob" in mirror.content and post.labels == ["Play", "Full board"]
    watcher = standin.user("watcher")
    ix = await standin.click(watcher, mirror, label="Full board")
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert ix.ephemeral, "the full board comes privately, one click after the card"
    elsewhere = standin.channel("lounge")
    forged = dataclasses.replace(post, channel_id=elsewhere.id)  # the id, from another channel
    ix = await standin.click(watcher, forged, label="Full board")
    assert "another channel" in (await ix.wait_text()) and ix.ephemeral
    assert not any(m.pngs() for m in ix.replies), "no picture of a game played elsewhere"
    ix = await standin.slash(alice, standin.games, "spectate list")
    assert spectators.mention in ix.text
    await standin.slash(alice, standin.games, "spectate remove", channel=spectators)
    await standin.slash(bob, standin.games, "play", move="stake 1")
    await standin.wait_for_message(standin.games, is_turn_post, after=post)
    assert len(standin.posts(spectators)) == 1


async def test_restart_mid_game_old_button_works(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    draw_post = await stakes_in(standin, alice, bob, first)
    await bot.stop(kill=True)  # a crash, not a clean shutdown
    await bot.start()
    menu = await open_menu(standin, alice, draw_post)
    assert "Draw or stop" in menu.text
    ix = await pick(standin, alice, menu.original, menu.original.labels[0])
    assert "drew" in (await ix.wait_text()).lower()
    assert await bot.stop() == 0  # SIGTERM: a clean exit
    log = bot.log_path.read_text()
    assert "lag max" in log and "fake-token" not in log


@pytest.mark.parametrize("status", [500, 429])
async def test_failed_post_arrives_from_outbox(
    standin: StandIn, bot: BotProcess, status: int
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    await open_game(standin, [alice, bob])
    # 3 x 500: discord.py's own retries outlast the post timeout (2 s in tests), so the
    # outbox must retry; a 429 asks for 3 s, also longer than the timeout
    standin.fail("POST", MESSAGES, status, times=3 if status == 500 else 1, retry_after=3.0)
    ix = await standin.slash(alice, standin.games, "play", move="stake 2")
    assert "chose a stake" in ix.text  # the move is committed whatever the post does
    post = await standin.wait_for_message(
        standin.games, lambda m: "alice chose a stake" in m.content, timeout=20
    )
    assert post.pngs() and "Play" in post.labels
    calls = standin.calls_to("POST", MESSAGES)
    assert [c.status for c in calls].count(status) == (3 if status == 500 else 1)
    assert sum("alice chose a stake" in m.content for m in standin.posts(standin.games)) == 1
    assert (await moves_in_log(standin, alice)).count("alice chose a stake") == 1
    assert "retry in" in bot.log_path.read_text()


async def test_post_pending_at_crash_is_made_after_restart(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    standin.fail("POST", MESSAGES, 500, times=1000)
    await standin.slash(alice, standin.games, "play", move="stake 2")
    await standin.wait_until(lambda: len(standin.calls_to("POST", MESSAGES)) >= 2)
    await bot.stop(kill=True)
    standin.failures.clear()
    await bot.start()
    post = await standin.wait_for_message(standin.games, is_turn_post, after=first, timeout=20)
    assert "alice chose a stake" in post.content
    assert (await moves_in_log(standin, alice)).count("alice chose a stake") == 1


@pytest.mark.shared_bot
async def test_simultaneous_clicks(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    # two players in the same simultaneous step, at the same moment: both count
    menu_a = await open_menu(standin, alice, first)
    menu_b = await open_menu(standin, bob, first)
    a, b = await asyncio.gather(
        pick(standin, alice, menu_a.original, "Stake 1"),
        pick(standin, bob, menu_b.original, "Stake 3"),
    )
    await a.wait_text("done")
    await b.wait_text("done")
    draw_post = await standin.wait_for_message(
        standin.games, lambda m: is_turn_post(m) and "Draw or stop" in m.content
    )
    # one player double-clicking the same option: exactly one lands
    menu = await open_menu(standin, alice, draw_post)
    label = menu.original.labels[0]
    first_click, second_click = await asyncio.gather(
        standin.click(alice, menu.original, label=label),
        standin.click(alice, menu.original, label=label),
    )
    texts = [await first_click.wait_text(), await second_click.wait_text()]
    assert sum("drew" in t for t in texts) == 1, texts
    assert sum("out of date" in t.lower() for t in texts) == 1, texts
    log = await moves_in_log(standin, alice)
    assert log.count("chose a stake") == 2 and log.count("drew") == 1
    assert standin.nonce_repeats == 0


@pytest.mark.shared_bot
async def test_hostile_names_are_escaped(standin: StandIn, bot: BotProcess) -> None:
    evil = standin.user("@everyone **x** <@&123>")
    bob = standin.user("bob")
    first = await open_game(standin, [evil, bob])
    for message in standin.posts(standin.games):
        assert "@everyone" not in message.content, message.content
        assert "<@&123>" not in message.content
        assert message.allowed_mentions is not None
        assert message.allowed_mentions.get("parse") == []
    assert "\\*\\*x\\*\\*" in first.content


@pytest.mark.shared_bot
async def test_game_to_its_end_final_post_and_late_clicks(
    standin: StandIn, bot: BotProcess
) -> None:
    solo = standin.user("solo")
    first = await open_game(standin, [solo])
    final = None
    for _ in range(40):
        choices = await standin.autocomplete(solo, standin.games, "play", "move", move="")
        if not choices:
            break
        moves = [c["value"] for c in choices]
        move = "done" if "done" in moves else moves[0]
        await standin.slash(solo, standin.games, "play", move=move)
    final = await standin.wait_for_message(
        standin.games, lambda m: "game is over" in m.content, after=first
    )
    assert final.components == [] and final.pngs()
    assert "solo:" in final.content and "VP" in final.content
    late = await old_play(standin, solo, first)
    assert "finished" in (await late.wait_text()).lower()
    ix = await standin.slash(solo, standin.games, "game new", game="tally")
    assert "lobby" in ix.text  # the channel is free again


@pytest.mark.shared_bot
async def test_play_button_of_the_latest_post_follows_a_private_chain(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    draw_post = await stakes_in(standin, alice, bob, first)
    await standin.slash(alice, standin.games, "play", move="draw")  # no post: still alice
    assert standin.posts(standin.games)[-1].id == draw_post.id
    menu = await open_menu(standin, alice, draw_post)  # the menu closed; Play again
    assert "Draw or stop" in menu.text and "out of date" not in menu.text


async def test_a_mirror_into_a_vanished_channel_is_given_up(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    lounge = standin.channel("lounge")
    first = await open_game(standin, [alice, bob])
    ix = await standin.slash(alice, standin.games, "spectate add", channel=lounge)
    assert lounge.mention in ix.text
    await standin.delete_channel(lounge)
    await standin.slash(alice, standin.games, "play", move="stake 1")
    post = await standin.wait_for_message(standin.games, is_turn_post, after=first)
    assert "alice chose a stake" in post.content
    await standin.wait_until(lambda: "gave up" in bot.log_path.read_text())
    lounge_route = f"/api/v10/channels/{lounge.id}/messages"
    assert [c.status for c in standin.calls if c.path == lounge_route] == [404]


async def test_a_post_whose_answer_is_lost_is_not_duplicated(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    # the stand-in creates the message but answers after the bot's 2 s post timeout
    standin.slow("POST", MESSAGES, seconds=3.0)
    await standin.slash(alice, standin.games, "play", move="stake 3")
    await standin.wait_until(lambda: standin.nonce_repeats >= 1, timeout=20)
    posts = [m for m in standin.posts(standin.games) if "alice chose a stake" in m.content]
    assert len(posts) == 1 and len(standin.calls_to("POST", MESSAGES)) >= 3
    assert "TimeoutError" in bot.log_path.read_text()
    assert first.id < posts[0].id
