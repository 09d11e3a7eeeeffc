"""Shared steps of the end-to-end scenarios (a lobby, a started game, a turn post)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from devkit.standin import TURN_HEAD, BotProcess, Message, StandIn, is_turn_post
from devkit.standin.models import Channel, User

__all__ = ["is_turn_post"]  # the e2e tests take it from here with the other helpers


async def old_play(standin: StandIn, user: User, post: Message):
    """Press the Play button an older post had: once a newer post exists the bot takes the
    button off, so only a stale client can still send the click (``forge``)."""
    await standin.wait_until(lambda: "Play" not in post.labels)
    head = TURN_HEAD.search(post.content)
    assert head, post.content
    return await standin.forge(user, post, f"alg:play:{head[1]}:{head[2]}")


async def open_game(
    standin: StandIn, players: list[User], channel: Channel | None = None, **options
) -> Message:
    """/game new by the first player, the others join, the host starts: the first post."""
    channel = channel or standin.games
    host, *others = players
    options.setdefault("seed", 7)
    ix = await standin.slash(host, channel, "game new", game="tally", **options)
    assert "lobby" in ix.text.lower(), ix.text
    for user in others:
        ix = await standin.slash(user, channel, "game join")
        assert "joined" in ix.text, ix.text
    ix = await standin.slash(host, channel, "game start")
    assert "begins" in await ix.wait_text("begins"), ix.text
    return await standin.wait_for_message(channel, is_turn_post)


async def stakes_in(standin: StandIn, alice: User, bob: User) -> Message:
    """A game where both staked: alice draws now. Returns the post asking her."""
    first = await open_game(standin, [alice, bob])
    await standin.slash(alice, standin.games, "play", move="stake 2")
    await standin.slash(bob, standin.games, "play", move="stake 1")
    return await standin.wait_for_message(
        standin.games, lambda m: is_turn_post(m) and "all stakes are in" in m.content, after=first
    )


async def open_menu(standin: StandIn, user: User, post: Message):
    """Press Play on ``post`` as ``user``: the ephemeral menu (an Interaction)."""
    ix = await standin.click(user, post, label="Play")
    await ix.wait_text()
    return ix


async def pick(standin: StandIn, user: User, menu: Message, label: str):
    """Choose the option ``label`` in a private menu (a button or a select entry)."""
    if label in menu.labels:
        return await standin.click(user, menu, label=label)
    for comp in menu.components:
        if comp.get("type") == 3:
            for opt in comp.get("options") or []:
                if opt["label"] == label:
                    return await standin.click(user, menu, comp["custom_id"], values=[opt["value"]])
    raise AssertionError(f"no option {label!r} in menu: {menu.components}")


@asynccontextmanager
async def running(proc: BotProcess, request: pytest.FixtureRequest) -> AsyncIterator[BotProcess]:
    """The bot process started; stopped afterwards, with the tail of its log printed when
    the test failed."""
    await proc.start()
    try:
        yield proc
    finally:
        await proc.stop()
        print_log_if_failed(proc, request)


def print_log_if_failed(proc: BotProcess, request: pytest.FixtureRequest) -> None:
    """The tail of the bot's log, when the test failed (``rep_call`` is set by the
    conftest report hook)."""
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print(f"---- bot log ----\n{proc.tail(120)}")
