"""AI players through Discord (issue 10): a game of one person and two AIs played to its
end by the person's clicks alone; a resign that hands the seat to an AI; /game replace to an
AI and back; the turn limit's ``ai`` option. The bot is the real process; AI decisions run
in its worker process."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from devkit.standin import BotProcess, Message, StandIn
from devkit.standin.models import User
from tests.e2e.clocked import T0, Clock, H, clocked_bot
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = pytest.mark.e2e
AI_ENV = {"ALGAE_AI_PAUSE": "0.2", "ALGAE_AI_SECONDS": "0.2", "ALGAE_SCHEDULER_POLL": "0.1"}


@pytest_asyncio.fixture(loop_scope="session")
async def aibot(
    standin: StandIn, tmp_path: Path, clock: Clock, request
) -> AsyncIterator[BotProcess]:
    async with clocked_bot(standin, tmp_path, clock, request, **AI_ENV) as proc:
        yield proc


def latest_turn_post(standin: StandIn) -> Message | None:
    posts = [m for m in standin.posts(standin.games) if is_turn_post(m)]
    return posts[-1] if posts else None


async def play_turn(standin: StandIn, user: User, post: Message, rnd: random.Random) -> bool:
    """Press Play and choose options until the menu says the turn is done (False: stale)."""
    menu = await standin.click(user, post, label="Play")
    text = await menu.wait_text()
    if "out of date" in text or "not your turn" in text.lower():
        return False
    for _ in range(60):
        msg = menu.original
        assert msg is not None
        if "Your turn is done" in msg.content or "out of date" in msg.content:
            return True
        selects = [
            c for c in msg.components if c.get("custom_id", "").startswith(("alg:s:", "alg:g:"))
        ]
        buttons = [c for c in msg.components if c.get("custom_id", "").startswith("alg:o:")]
        if selects:
            comp = selects[0]
            ix = await standin.click(
                user, msg, comp["custom_id"], values=[rnd.choice(comp["options"])["value"]]
            )
        elif buttons:
            ix = await standin.click(user, msg, rnd.choice(buttons)["custom_id"])
        else:
            return True
        await ix.wait(lambda i: i.answered)
    return True


async def humans_play_to_the_end(standin: StandIn, humans: list[User], seed: int) -> Message:
    """Only the humans click; AI seats answer by themselves. Returns the final post."""
    rnd = random.Random(seed)
    for _ in range(80):

        def ready() -> Message | None:
            post = latest_turn_post(standin)
            if post is None:
                return None
            if "game is over" in post.content or any(u.mention in post.content for u in humans):
                return post
            return None

        post = await standin.wait_until(ready, 30.0)
        if "game is over" in post.content:
            return post
        user = next(u for u in humans if u.mention in post.content)
        await play_turn(standin, user, post, rnd)
    raise AssertionError("the game did not end")


def check_no_ai_pinged(standin: StandIn, humans: list[User]) -> None:
    ids = {u.id for u in humans}
    for m in standin.posts(standin.games):
        assert "<@-" not in m.content, m.content
        assert {int(u) for u in (m.allowed_mentions or {}).get("users", [])} <= ids


async def test_one_person_and_two_ais_play_to_the_end(standin: StandIn, aibot: BotProcess) -> None:
    ann = standin.user("ann")
    ix = await standin.slash(
        ann, standin.games, "game new", game="tally", seed=4, ai=1, ai_level="easy"
    )
    assert "lobby" in ix.text.lower() and "(2/" in ix.text, ix.text  # ann and one AI
    ix = await standin.slash(ann, standin.games, "game add-ai", level="strong")
    assert "AI 1 (strong)" in ix.text and "3/" in ix.text, ix.text
    ix = await standin.slash(ann, standin.games, "game seats")
    assert "AI 1 (easy)" in ix.text and "AI 1 (strong)" in ix.text
    ix = await standin.slash(ann, standin.games, "game start")
    final = await humans_play_to_the_end(standin, [ann], seed=1)
    assert "AI 1 (easy)" in final.content and "AI 1 (strong)" in final.content
    lines = " ".join(m.content for m in standin.posts(standin.games))
    assert "AI 1 (strong) chose a stake" in lines and "AI 1 (easy) chose a stake" in lines
    check_no_ai_pinged(standin, [ann])


async def test_a_resigned_seat_goes_to_an_ai_and_the_game_finishes(
    standin: StandIn, aibot: BotProcess
) -> None:
    ann, bob, cat = standin.user("ann"), standin.user("bob"), standin.user("cat")
    await open_game(standin, [ann, bob, cat], seed=6)
    ix = await standin.slash(bob, standin.games, "game resign")
    assert "An AI player takes your seat" in ix.text
    assert ix.original is not None
    done = await standin.click(bob, ix.original, label="Resign")
    await done.wait_text("an AI has your seat")
    notice = await standin.wait_for_message(
        standin.games, lambda m: "bob resigned: an AI player takes over" in m.content
    )
    ix = await standin.slash(ann, standin.games, "game seats")
    assert "bob (AI, normal)" in ix.text
    final = await humans_play_to_the_end(standin, [ann, cat], seed=2)
    assert "game is over" in final.content
    check_no_ai_pinged(standin, [ann, bob, cat])
    later = [m for m in standin.posts(standin.games) if m.id > notice.id]
    assert later and all(bob.mention not in m.content for m in later), "bob is not asked again"
    stats = await standin.slash(bob, standin.games, "stats")
    assert "1 resigned" in stats.text and "with AI players: 1 played, 0 won" in stats.text


async def test_replace_with_an_ai_and_back(standin: StandIn, aibot: BotProcess) -> None:
    ann, bob = standin.user("ann"), standin.user("bob")
    first = await open_game(standin, [ann, bob], seed=8)
    ix = await standin.slash(bob, standin.games, "game replace", old=bob, ai="easy")
    assert "host" in ix.text.lower() and ix.ephemeral
    ix = await standin.slash(ann, standin.games, "game replace", old=bob, ai="easy")
    assert "An AI player (easy) takes over the seat of bob" in ix.text
    # the AI plays bob's stake: the stakes are secret and simultaneous, so the turn is
    # posted once ann has staked too, and "all stakes are in" only once the AI has staked
    await standin.slash(ann, standin.games, "play", move="stake 1")
    post = await standin.wait_for_message(
        standin.games, lambda m: is_turn_post(m) and "all stakes are in" in m.content,
        after=first, timeout=20,
    )  # fmt: skip
    ix = await standin.slash(ann, standin.games, "game replace", seat=2, new=bob)
    assert "bob takes over the seat of bob (AI, easy)" in ix.text
    ix = await standin.slash(ann, standin.games, "game seats")
    assert "2. bob" in ix.text and "AI" not in ix.text
    assert post.channel_id == standin.games.id


async def test_the_turn_limit_hands_an_overdue_turn_to_an_ai(
    standin: StandIn, aibot: BotProcess, clock: Clock
) -> None:
    ann, bob = standin.user("ann"), standin.user("bob")
    first = await open_game(standin, [ann, bob], seed=9)
    ix = await standin.slash(ann, standin.games, "game settings", limit="2", on_timeout="ai")
    assert "then an AI player plays the turn" in ix.text
    await standin.slash(ann, standin.games, "play", move="stake 1")
    clock.set(T0 + 2 * H + 60)
    post = await standin.wait_for_message(
        standin.games, lambda m: "timed out" in m.content, after=first, timeout=20
    )
    assert "timed out: bob ran out of time; an AI plays the turn" in post.content
    assert is_turn_post(post) and ann.mention in post.content
