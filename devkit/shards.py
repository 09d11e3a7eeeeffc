"""Driving Tally games in guilds on several shards (the sharding test and benchmark)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TypeVar

from devkit.standin import StandIn, is_turn_post
from devkit.standin.models import Channel, User

T = TypeVar("T")
LANDED = ("chose a stake", "drew", "stops at", "aimed at")  # Tally's event lines


@dataclass
class Table:
    """One guild's game, played by two people who answer every decision they get."""

    shard: int
    channel: Channel
    players: list[User]
    acked: list[str] = field(default_factory=list)  # "name: move" the bot confirmed
    unanswered: int = 0
    over: bool = False
    answer_s: list[float] = field(default_factory=list)  # /play -> its answer


def choose(values: list[str]) -> str | None:
    """Tally's safe line: the lowest stake, one draw, stop, the first target."""
    for wanted in ("stake 1", "done", "draw", "aim a0"):
        if wanted in values:
            return wanted
    return values[0] if values else None


async def play_turn(standin: StandIn, table: Table) -> bool:
    """One move by whoever has a decision; False when the shard is not held right now."""
    if standin.session_for(table.channel.guild_id) is None:
        return False
    for user in table.players:
        try:
            choices = await held(
                standin, table, standin.autocomplete(user, table.channel, "play", "move", move="")
            )
            move = choose([c["value"] for c in choices])
            if move is None:
                continue
            start = time.perf_counter()
            ix = await held(
                standin, table, standin.slash(user, table.channel, "play", move=move, timeout=15)
            )
            table.answer_s.append(time.perf_counter() - start)
        except AssertionError:  # the process went away under the interaction
            table.unanswered += 1
            return False
        if any(word in ix.text for word in LANDED):
            table.acked.append(f"{user.name}: {move}")
        return True
    table.over = True  # nobody has a decision: the game ended
    return True


async def held(standin: StandIn, table: Table, request: Awaitable[T]) -> T:
    """The answer to ``request`` (a /play or its autocomplete), given up (AssertionError,
    as on a timeout) when the session holding the table's shard goes away before the
    answer is complete: a killed process never answers, and waiting out the 15 s was
    most of the sharding test (an autocomplete in flight at the kill, too)."""
    guild_id = table.channel.guild_id
    holder = standin.session_for(guild_id)
    answer = asyncio.ensure_future(request)
    deadline = time.monotonic() + 16
    while not answer.done():
        if standin.session_for(guild_id) is not holder or time.monotonic() > deadline:
            answer.cancel()
            await asyncio.wait({answer})
            break
        await asyncio.wait({answer}, timeout=0.05)  # at once when answered
    if answer.cancelled():
        raise AssertionError("the process holding the shard went away mid-answer")
    return answer.result()


async def run_table(standin: StandIn, table: Table) -> None:
    """Play the table's game to its end (waiting while nobody holds its shard)."""
    while not table.over:
        if not await play_turn(standin, table):
            await asyncio.sleep(0.2)


async def start_game(standin: StandIn, table: Table) -> None:
    host, guest = table.players
    assert "lobby" in (await standin.slash(host, table.channel, "game new", game="tally")).text
    await standin.slash(guest, table.channel, "game join")
    await standin.slash(host, table.channel, "game start")
    await standin.wait_for_message(table.channel, is_turn_post)
