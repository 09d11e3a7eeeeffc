"""Playing over days, end to end: the bot reads its clock from a file the test moves.

``ALGAE_CLOCK_FILE`` holds the bot's "now"; ``ALGAE_SCHEDULER_POLL`` makes the scheduler
look every 0.1 s. Nothing waits in real time: each step awaits something the bot does
(a message, a REST call, a line the scheduler logs after a pass that did something).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from devkit.standin import BotProcess, StandIn
from tests.e2e.clocked import T0, Clock, H, clocked_bot
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = pytest.mark.e2e


@pytest_asyncio.fixture(loop_scope="session")
async def daybot(
    standin: StandIn, tmp_path: Path, clock: Clock, request
) -> AsyncIterator[BotProcess]:
    async with clocked_bot(standin, tmp_path, clock, request) as proc:
        yield proc


class Log:
    """Await lines of the bot's log written after a mark."""

    def __init__(self, standin: StandIn, bot: BotProcess) -> None:
        self.standin, self.bot = standin, bot
        self.mark()

    def mark(self) -> None:
        self.start = self._size()

    def _size(self) -> int:
        return self.bot.log_path.stat().st_size if self.bot.log_path.exists() else 0

    def new(self) -> str:
        return self.bot.log_path.read_bytes()[self.start :].decode(errors="replace")

    async def wait(self, needle: str, timeout: float = 10.0) -> None:
        await self.standin.wait_until(lambda: needle in self.new(), timeout)


def reminders(standin: StandIn) -> list:
    return [m for m in standin.posts(standin.games) if m.content.startswith("⏰")]


async def test_reminders_at_the_right_times_quiet_hours_and_downtime(
    standin: StandIn, daybot: BotProcess, clock: Clock
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    log = Log(standin, daybot)
    # bob lives in Tokyo and keeps 16:00-20:00 quiet; alice keeps the defaults (UTC)
    ix = await standin.slash(
        bob, standin.games, "settings", tz="Asia/Tokyo", quiet_from=16, quiet_to=20
    )
    assert ix.ephemeral and "Asia/Tokyo" in ix.text and "16:00–20:00" in ix.text
    assert "it is 17:00 there" in ix.text
    ix = await standin.slash(bob, standin.games, "settings", tz="Mars/Olympus")
    assert "not a time zone" in ix.text
    choices = await standin.autocomplete(bob, standin.games, "settings", "tz", tz="tokyo")
    assert [c["value"] for c in choices] == ["Asia/Tokyo"]

    await open_game(standin, [alice, bob])  # both choose a stake at once, from T0
    await log.wait("opened=2")
    ix = await standin.slash(alice, standin.games, "status")
    assert "reminders every 24 h" in ix.text

    # 24 h later alice is reminded; bob's reminder falls at 17:00 in Tokyo: quiet
    log.mark()
    clock.set(T0 + 24 * H)
    await log.wait("reminded=1 deferred=0 timed_out=0 sent=1")
    [first] = reminders(standin)
    assert alice.mention in first.content and "Choose your stake" in first.content
    assert [int(u) for u in first.allowed_mentions["users"]] == [alice.id]
    assert first.allowed_mentions["parse"] == []
    # at 20:00 in Tokyo the quiet hours end, and bob gets his
    log.mark()
    clock.set(T0 + 27 * H)
    await standin.wait_until(lambda: len(reminders(standin)) == 2)
    assert bob.mention in reminders(standin)[1].content

    # the bot is down for four days: each reminder due meanwhile is sent once after
    await daybot.stop()
    clock.set(T0 + 127 * H)
    await daybot.start()
    log.mark()
    await standin.wait_until(lambda: len(reminders(standin)) == 4)
    await log.wait("reminded=2")
    later = reminders(standin)[2:]
    assert {alice.mention in m.content for m in later} == {True, False}
    # a later pass that did something (a new decision opened) sent no more reminders
    log.mark()
    await standin.slash(alice, standin.games, "play", move="stake 1")
    clock.set(T0 + 128 * H)
    await standin.slash(bob, standin.games, "play", move="stake 2")  # alice draws now
    await log.wait("opened=1")
    assert len(reminders(standin)) == 4


async def test_turn_dms_with_a_jump_link_and_a_closed_inbox(
    standin: StandIn, daybot: BotProcess, clock: Clock
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    bob.dms_closed = True
    log = Log(standin, daybot)
    ix = await standin.slash(alice, standin.games, "settings", dm=True)
    assert "Turn DMs: on" in ix.text
    await standin.slash(bob, standin.games, "settings", dm=True)
    first = await open_game(standin, [alice, bob])
    link = f"https://discord.com/channels/{standin.guild.id}/{standin.games.id}/{first.id}"
    await standin.wait_until(lambda: standin.dms(alice))
    [dm] = standin.dms(alice)
    assert "Your turn" in dm.content and "Choose your stake" in dm.content
    assert link in dm.content
    await log.wait("refused and given up (403 50007)")
    ix = await standin.slash(bob, standin.games, "settings")
    assert "refused" in ix.text and "Turn DMs: on" in ix.text
    # the game never waits on a DM, and the refused one is not tried again
    clock.set(T0 + 60)  # players move at their own times (a decision is known by when
    await standin.slash(alice, standin.games, "play", move="stake 1")  # it opened)
    clock.set(T0 + 120)
    ix = await standin.slash(bob, standin.games, "play", move="stake 2")
    assert "chose a stake" in ix.text
    await standin.wait_until(lambda: len(standin.dms(alice)) == 2)  # alice draws now
    assert "Draw or stop" in standin.dms(alice)[1].content
    refused = [
        c for c in standin.calls_to("POST", "/channels/{channel_id}/messages") if c.status == 403
    ]
    assert len(refused) == 1
    assert standin.dms(bob) == []


async def test_mygames_order_and_the_time_limits_default_move(
    standin: StandIn, daybot: BotProcess, clock: Clock
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    table2, lounge = standin.channel("table-2"), standin.channel("lounge")
    first = await open_game(standin, [alice, bob])  # game 1, from T0
    await standin.slash(alice, standin.games, "play", move="stake 1")  # bob still to act
    clock.set(T0 + H)
    await open_game(standin, [alice, bob], channel=table2)  # game 2, from T0 + 1 h
    await standin.slash(bob, lounge, "game new", game="tally")  # game 3, a lobby
    ix = await standin.slash(bob, lounge, "mygames")
    assert ix.ephemeral and "Waiting on you (2)" in ix.text
    text = ix.text
    assert (
        text.index("#1 ") < text.index("#2 ") < text.index("Your other games") < text.index("#3 ")
    )
    assert f"https://discord.com/channels/{standin.guild.id}/{standin.games.id}" in text
    assert f"<t:{int(T0)}:R>" in text and f"<t:{int(T0 + H)}:R>" in text
    ix = await standin.slash(alice, lounge, "mygames")
    assert ix.text.index("#2 ") < ix.text.index("Your other games") < ix.text.index("#1 ")

    # the host sets a 2 h limit with a default move; only the host may
    ix = await standin.slash(bob, standin.games, "game settings", limit="2")
    assert "host" in ix.text.lower()
    ix = await standin.slash(alice, standin.games, "game settings", limit="2", on_timeout="default")
    assert not ix.ephemeral and "turn time limit 2 h, then a safe default move" in ix.text
    ix = await standin.slash(bob, standin.games, "status")
    assert "turn time limit 2 h" in ix.text
    await standin.slash(bob, standin.games, "vacation", on=True)
    ix = await standin.slash(alice, standin.games, "game seats")
    assert "bob (on vacation)" in ix.text
    clock.set(T0 + 2 * H)
    post = await standin.wait_for_message(
        standin.games, lambda m: "timed out" in m.content, after=first
    )
    assert "timed out: bob ran out of time; the safe default is played" in post.content
    assert alice.mention in post.content and is_turn_post(post)  # alice draws now
    ix = await standin.slash(alice, standin.games, "log")
    assert "timed out: bob" in ix.text
    # one action per deadline: a later pass does not move for bob again
    ix = await standin.slash(alice, standin.games, "play", move="draw")
    assert "drew" in ix.text
