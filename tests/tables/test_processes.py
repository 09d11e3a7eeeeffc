"""Two bot processes on one database (each its own ``Tables`` and store): the scheduler runs
in both, yet every timer, reminder, time-out and DM acts once; a game moved by one is never
served stale by the other."""

from __future__ import annotations

import asyncio

from tables import LobbyError, Tables, open_tables
from tests.tables.conftest import (
    ANN,
    BOB,
    CAT,
    CHAN,
    GUILD,
    FakeClock,
    read_together,
    started,
)

H = 3600.0


async def _pair(backend, clock: FakeClock) -> tuple[Tables, Tables]:
    a = await open_tables(backend.target, clock=clock, lease=0.0)
    b = await open_tables(backend.target, clock=clock, lease=0.0)
    return a, b


async def _both(a: Tables, b: Tables):
    return await asyncio.gather(a.run_timers(), b.run_timers(), a.run_timers(), b.run_timers())


async def test_the_scheduler_in_every_process_acts_once(backend, clock: FakeClock) -> None:
    a, b = await _pair(backend, clock)
    try:
        await started(a)
        await a.set_user_setting(BOB, "dm", True)
        await a.set_timing(CHAN, ANN, reminders="24", limit="48", on_timeout="default")
        passes = await _both(a, b)
        assert sum(p.opened for p in passes) == 2  # a timer per waiting seat, once
        clock.advance(24 * H)
        assert sum(p.reminded for p in await _both(a, b)) == 2
        clock.advance(24 * H)  # the second reminder and the time limit are both due
        passes = await _both(a, b)
        assert sum(p.reminded for p in passes) == 2
        assert sum(p.timed_out for p in passes) == 2  # each seat's default move once
        game_id = (await a.game_in(CHAN)).id
        kinds = sorted(n.kind for n in await a.store.notices(game_id))
        assert kinds.count("remind") == 4 and kinds.count("turn_dm") == 1
        moves = await a.store.moves(game_id)
        assert [m.user_id for m in moves] == [0, 0]  # two system moves, not four
    finally:
        await a.close()
        await b.close()


async def test_joins_in_two_processes_take_the_last_seat_once(backend, clock, monkeypatch) -> None:
    """Each process's lock serialises its own joins only: the store's write refuses the
    second (review h1: joins at once overfilled a lobby), in the words a join would use."""
    a, b = await _pair(backend, clock)
    try:
        await a.create("tally", GUILD, CHAN, ANN, "ann", seats=2)
        read_together(monkeypatch, [a, b], 2)
        out = await asyncio.gather(
            a.join(CHAN, BOB, "bob"), b.join(CHAN, CAT, "cat"), return_exceptions=True
        )
        assert sorted(str(x) for x in out if isinstance(x, LobbyError)) == [
            "the game is full (2 seats)"
        ]
        assert len((await a.game_in(CHAN)).seats) == 2
    finally:
        await a.close()
        await b.close()


async def test_a_start_in_one_process_refuses_a_join_of_the_other(
    backend, clock, monkeypatch
) -> None:
    """A join landing between another process's Start read and write (review h1): the start
    is refused and changes nothing, and the next Start seats everyone."""
    a, b = await _pair(backend, clock)
    try:
        await a.create("tally", GUILD, CHAN, ANN, "ann")
        read_together(monkeypatch, [a, b], 2)
        joined, read = asyncio.Event(), asyncio.Event()
        add_seat, start_game = a.store.add_seat, b.store.start_game

        async def add_then_tell(*args):
            # after Start's own re-read under its lock: a join landing before that re-read is
            # simply seen by it (and the start is right to seat bob), which made this flaky
            await asyncio.wait_for(read.wait(), 5)
            await add_seat(*args)
            joined.set()

        async def start_after_the_join(*args):
            read.set()
            await joined.wait()
            return await start_game(*args)

        monkeypatch.setattr(a.store, "add_seat", add_then_tell)
        monkeypatch.setattr(b.store, "start_game", start_after_the_join)
        join, start = await asyncio.gather(
            a.join(CHAN, BOB, "bob"), b.start(CHAN, ANN), return_exceptions=True
        )
        assert not isinstance(join, BaseException)
        assert isinstance(start, LobbyError) and "start it again" in str(start)
        assert (await b.game_in(CHAN)).status == "lobby"
        result = await b.start(CHAN, ANN)
        assert [t.name for t in result.to_act] == ["ann", "bob"]
    finally:
        await a.close()
        await b.close()


async def test_a_game_moved_by_one_process_is_fresh_in_the_other(backend, clock) -> None:
    a, b = await _pair(backend, clock)
    try:
        await started(a)
        await b.load(CHAN)  # b caches the game at version 0
        await a.play(CHAN, ANN, "stake 2")
        await a.play(CHAN, BOB, "stake 1")
        _, seen = await b.load(CHAN)  # not the cached copy: the version moved
        assert seen.version == 2
        result = await b.play(CHAN, ANN, "draw")  # b goes on from a's moves
        assert result.version == 3
        _, again = await a.load(CHAN)
        assert again.version == 3
    finally:
        await a.close()
        await b.close()
