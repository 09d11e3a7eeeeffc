"""Nothing half-applied: engine crashes, database failures, racing processes, corrupted
snapshots and logs that no longer replay."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from devkit.toygame import Tally
from engine.core import replay
from tables import (
    BrokenGame,
    MoveFailed,
    NoGame,
    StaleDecision,
    Tables,
    TurnResult,
    open_tables,
)
from tables.records import RecordError
from tests.tables.conftest import ANN, BOB, CHAN, GUILD, started


async def play_some(tables: Tables, channel: int = CHAN) -> None:
    await started(tables, channel=channel)
    for user, move in [(ANN, "stake 2"), (BOB, "stake 1"), (ANN, "draw"), (ANN, "draw")]:
        await tables.play(channel, user, move)


async def test_engine_crash_mid_move_changes_nothing(tables: Tables, backend, monkeypatch):
    await play_some(tables)
    rows_before = await backend.peek("SELECT version, snapshot, status FROM games")
    _, game = await tables.load(CHAN)
    state_before = json.dumps(game.to_json())

    def broken_apply(self, seat, move):
        self.hand += 100  # mutate, then fail: the object is now half-changed
        self.vp[seat] += 5
        raise RuntimeError("bug in the rules")

    monkeypatch.setattr(Tally, "_apply", broken_apply)
    with pytest.raises(MoveFailed, match="nothing was changed"):
        await tables.play(CHAN, ANN, "draw")
    monkeypatch.undo()
    assert await backend.peek("SELECT version, snapshot, status FROM games") == rows_before
    assert await backend.peek("SELECT COUNT(*) FROM moves") == [(4,)]
    assert await backend.peek("SELECT COUNT(*) FROM outbox WHERE kind = 'turn'") == [(2,)]
    _, again = await tables.load(CHAN)
    assert again is game  # the cached object was never touched ...
    assert json.dumps(again.to_json()) == state_before
    _, fresh = await tables.load(CHAN, fresh=True)  # ... and equals the committed snapshot
    assert json.dumps(fresh.to_json()) == state_before
    r = await tables.play(CHAN, ANN, "done")
    assert r.version == 5


async def test_readers_never_see_a_move_before_it_is_committed(tables: Tables) -> None:
    await play_some(tables)
    (before,) = await tables.decisions_for(CHAN, ANN)
    in_commit, release = asyncio.Event(), asyncio.Event()
    real_commit = tables.store.commit_move

    async def slow_commit(*args, **kwargs):
        in_commit.set()
        await release.wait()
        return await real_commit(*args, **kwargs)

    tables.store.commit_move = slow_commit  # type: ignore[method-assign]
    playing = asyncio.create_task(tables.play(CHAN, ANN, "done"))
    await in_commit.wait()
    (during,) = await tables.decisions_for(CHAN, ANN)  # the move is applied, not committed
    _, game = await tables.load(CHAN)
    assert during == before and game.version == 4
    release.set()
    assert (await playing).version == 5
    (after,) = await tables.decisions_for(CHAN, ANN)
    assert after.prompt == "Aim at a target"
    assert game.version == 4  # an object a reader held is never changed under it


async def test_database_failure_at_commit_changes_nothing(tables: Tables, monkeypatch):
    await play_some(tables)
    _, game = await tables.load(CHAN)
    state_before = json.dumps(game.to_json())

    async def failing_commit(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(tables.store, "commit_move", failing_commit)
    with pytest.raises(sqlite3.OperationalError):
        await tables.play(CHAN, ANN, "done")
    monkeypatch.undo()
    _, again = await tables.load(CHAN)
    assert json.dumps(again.to_json()) == state_before
    assert (await tables.play(CHAN, ANN, "done")).version == 5


async def test_two_processes_racing_only_one_lands(tables: Tables, backend) -> None:
    """Two Tables on one file (as two bot processes): both load and apply the same move;
    the store's version check lets exactly one commit."""
    await play_some(tables)
    other = await open_tables(backend.target, raw_seeds=True)
    try:
        (decision,) = await other.decisions_for(CHAN, ANN)  # warms its cache too
        first_done = asyncio.Event()
        other_checked = asyncio.Event()
        real_commit = other.store.commit_move

        async def late_commit(*args, **kwargs):
            other_checked.set()  # "draw" was legal in the game this process holds
            await first_done.wait()  # the other process commits while we hold a stale game
            return await real_commit(*args, **kwargs)

        other.store.commit_move = late_commit  # type: ignore[method-assign]

        async def first() -> TurnResult:
            # only once the other process has read and checked its (soon stale) game: on a
            # loaded machine it could otherwise read after this commit and refuse "draw"
            await asyncio.wait_for(other_checked.wait(), 10)
            try:
                return await tables.play(CHAN, ANN, "done")
            finally:
                first_done.set()

        results = await asyncio.gather(
            other.play(CHAN, ANN, "draw"), first(), return_exceptions=True
        )
        assert isinstance(results[0], StaleDecision), results
        played = results[1]
        assert isinstance(played, TurnResult), results
        assert played.version == 5
        assert [m.move for m in await tables.store.moves(played.game_id)][-1] == "done"
        assert (await other.game_in(CHAN)).version == 5
        (decision,) = await other.decisions_for(CHAN, ANN)  # reloaded, not the stale copy
        assert decision.prompt == "Aim at a target"
    finally:
        await other.close()


async def test_corrupted_snapshot_is_rebuilt_from_the_log(backend, clock) -> None:
    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    await play_some(tables)
    _, game = await tables.load(CHAN)
    good = game.to_json()
    await tables.close()
    for garbage in ["{not json", '{"schema": 99}', json.dumps({**good, "moves": []})]:
        await backend.poke("UPDATE games SET snapshot = ?", (garbage,))
        tables = await open_tables(
            backend.target, clock=clock, lease=0.0, raw_seeds=True
        )  # a fresh process: nothing cached
        _, rebuilt = await tables.load(CHAN)
        assert rebuilt.to_json() == good
        assert (
            json.loads((await backend.peek("SELECT snapshot FROM games"))[0][0]) == good
        )  # rewritten
        await tables.close()
    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    assert (await tables.play(CHAN, ANN, "done")).version == 5
    await tables.close()


async def test_a_log_that_does_not_replay_breaks_only_that_game(backend, clock) -> None:
    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    await play_some(tables, channel=CHAN)
    await play_some(tables, channel=CHAN + 1)
    broken_id = (await tables.game_in(CHAN)).id
    await tables.close()
    await backend.poke("UPDATE games SET snapshot = 'garbage' WHERE id = ?", (broken_id,))
    await backend.poke("UPDATE moves SET move = 'fly' WHERE game_id = ? AND seq = 3", (broken_id,))

    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    try:
        with pytest.raises(BrokenGame, match=r"move 3 \('fly'"):
            await tables.play(CHAN, ANN, "done")
        info = await tables.game_in(CHAN)
        assert info.status == "broken" and "does not replay" in (info.broken_reason or "")
        with pytest.raises(BrokenGame, match="host can abort"):
            await tables.decisions_for(CHAN, ANN)
        with pytest.raises(BrokenGame):
            await tables.view(CHAN)
        # the other game is untouched and playable
        assert (await tables.play(CHAN + 1, ANN, "done")).version == 5
        # the record (with the seed of a game not over) goes to the host or an admin only
        with pytest.raises(RecordError, match="host or a server admin"):
            await tables.export_record(CHAN, user_id=BOB)
        _, record = await tables.export_record(CHAN, user_id=ANN)
        assert record["status"] == "broken" and "seed" in record
        await tables.export_record(CHAN, user_id=BOB, admin=True)
        # the log itself is still readable, and the host frees the channel by aborting
        assert (await tables.log(CHAN)).total == 4
        await tables.abort(CHAN, ANN)
        with pytest.raises(NoGame):
            await tables.game_in(CHAN)
        await tables.create("tally", GUILD, CHAN, ANN, "ann")
    finally:
        await tables.close()


async def test_a_log_shorter_than_the_version_is_broken(backend, clock) -> None:
    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    await play_some(tables)
    await tables.close()
    await backend.poke("UPDATE games SET snapshot = NULL")
    await backend.poke("DELETE FROM moves WHERE seq = 4")
    tables = await open_tables(backend.target, clock=clock, lease=0.0, raw_seeds=True)
    with pytest.raises(BrokenGame, match="holds 3 moves"):
        await tables.load(CHAN)
    await tables.close()


async def test_rebuilt_game_equals_replay(tables: Tables) -> None:
    await play_some(tables)
    _, game = await tables.load(CHAN, fresh=True)
    assert replay(game.record()).to_json() == game.to_json()
