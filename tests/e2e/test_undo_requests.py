"""Undo requests end to end: one ping per new decision, one open request at a time, and a
click that changes nothing is answered privately, never by editing a public message."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from devkit.standin import BotProcess, StandIn
from devkit.standin.models import User
from devkit.standin.records import Message
from tests.e2e.clocked import T0, Clock, H, clocked_bot
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = pytest.mark.e2e
shared = pytest.mark.shared_bot


@pytest_asyncio.fixture(loop_scope="session")
async def dmbot(
    standin: StandIn, tmp_path: Path, clock: Clock, request
) -> AsyncIterator[BotProcess]:
    async with clocked_bot(standin, tmp_path, clock, request) as proc:
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


async def stake_round(standin: StandIn, first: Message, *stakes: tuple[User, int]) -> Message:
    """Everyone stakes (in this order); the post that says all stakes are in."""
    for user, stake in stakes:
        await standin.slash(user, standin.games, "play", move=f"stake {stake}")
    return await standin.wait_for_message(
        standin.games, lambda m: is_turn_post(m) and "all stakes are in" in m.content, after=first
    )


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


@shared
async def test_a_second_approve_keeps_the_result(standin: StandIn, bot: BotProcess) -> None:
    """Alice's double click on Approve: the second click found the request applied and
    replaced "Undo approved ..." with "closed (applied)". It is answered privately now."""
    alice, bob, carol = (standin.user(n) for n in ("alice", "bob", "carol"))
    games = standin.games
    first = await open_game(standin, [alice, bob, carol])
    await stake_round(standin, first, (alice, 2), (bob, 1), (carol, 3))
    await standin.slash(carol, games, "undo")  # alice, to draw now, must agree
    [request] = await standin.wait_until(lambda: requests(standin))
    clicks = [await standin.click(alice, request, label="Approve", wait=False) for _ in range(2)]
    texts = [await c.wait_text() for c in clicks]
    assert "closed (applied)" in texts[1] and clicks[1].ephemeral, texts
    assert request.content == "↩ Undo approved (last by alice): 1 move(s) taken back."
    assert not request.custom_ids


async def bob_asks(standin: StandIn, alice: User, bob: User) -> tuple[Message, Message, str]:
    """Alice and bob stake, bob asks to take his stake back (alice draws now: she must
    agree): the turn post, the request and its id."""
    first = await open_game(standin, [alice, bob])
    post = await stake_round(standin, first, (alice, 2), (bob, 1))
    await standin.slash(bob, standin.games, "undo")
    [request] = await standin.wait_until(lambda: requests(standin))
    return post, request, request.custom_ids[0].split(":")[3]


@shared
async def test_answers_to_a_closed_request_edit_no_public_message(
    standin: StandIn, bot: BotProcess
) -> None:
    """A forged answer to a closed request, by anyone, edited the message it claimed to
    come from (here a turn post) to "closed": an outsider must hear only that the request
    is not theirs, an approver that it is closed, both privately."""
    alice, bob, eve = (standin.user(n) for n in ("alice", "bob", "eve"))
    post, request, rid = await bob_asks(standin, alice, bob)
    refuse = await standin.click(alice, request, label="Refuse")
    await refuse.wait(lambda i: i.answered)
    assert request.content == "↩ Undo refused by alice: the game goes on."
    before = (post.content, post.custom_ids)
    for user, says in ((eve, "players it affects"), (alice, "closed (refused)")):
        forged = await standin.forge(user, post, f"alg:undo:n:{rid}")
        text = await forged.wait_text()
        assert forged.ephemeral and forged.response_type == 4 and says in text, text
        assert (post.content, post.custom_ids) == before, "the turn post is as it was"
    assert request.content == "↩ Undo refused by alice: the game goes on."


@shared
async def test_an_answer_claimed_on_another_message_edits_the_request(
    standin: StandIn, bot: BotProcess
) -> None:
    """An approver's answer forged on the turn post replaced the turn post with "Undo
    refused". The answer counts; it is confirmed privately and shown on the request."""
    alice, bob = standin.user("alice"), standin.user("bob")
    post, request, rid = await bob_asks(standin, alice, bob)
    before = (post.content, post.custom_ids)
    answer = await standin.forge(alice, post, f"alg:undo:n:{rid}")
    assert "Undo refused by alice" in await answer.wait_text() and answer.ephemeral
    assert (post.content, post.custom_ids) == before, "the turn post is as it was"
    await standin.wait_until(lambda: "refused by alice" in request.content)
    assert not request.custom_ids
