"""The stores (SQLite and PostgreSQL): migrations, pragmas, one transaction per move, version
checks."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from storage import ChannelTaken, NewMove, NewPost, StoreError, VersionConflict, open_store
from storage.base import JoinRefused, SeatsChanged
from storage.migrations import MIGRATIONS
from tests.storage.conftest import NOW, active_game, new_game, peek


async def test_migrations_applied_at_start_and_idempotent(db_path) -> None:
    s = await open_store(db_path)
    assert await s.applied_migrations() == [n for n, _, _ in MIGRATIONS]
    game_id = await s.create_game(new_game(), NOW)
    await s.close()
    again = await open_store(db_path)  # second open applies nothing and loses nothing
    assert await again.applied_migrations() == [n for n, _, _ in MIGRATIONS]
    assert (await again.get_game(game_id)) is not None
    await again.close()
    tables = {r[0] for r in peek(db_path, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "seats", "moves", "links", "user_settings", "outbox"} <= tables
    assert peek(db_path, "SELECT COUNT(*) FROM schema_migrations") == [(len(MIGRATIONS),)]


async def test_a_new_migration_is_applied_once(db_path, monkeypatch) -> None:
    s = await open_store(db_path)
    game_id = await s.create_game(new_game(), NOW)
    await s.close()
    extra = (
        max(m[0] for m in MIGRATIONS) + 1,
        "games get a note",
        "ALTER TABLE games ADD COLUMN note TEXT;",
    )
    monkeypatch.setattr("storage.sqlite.MIGRATIONS", [*MIGRATIONS, extra])
    for _ in range(2):  # the second open must not add the column again (it would fail)
        s = await open_store(db_path)
        assert (await s.applied_migrations())[-1] == extra[0]
        assert (await s.get_game(game_id)) is not None
        await s.close()
    assert ("note",) in peek(db_path, "SELECT name FROM pragma_table_info('games')")


async def test_wal_and_foreign_keys(db_path) -> None:
    store = await open_store(db_path)
    assert peek(db_path, "PRAGMA journal_mode") == [("wal",)]
    # foreign keys are a per-connection setting: check the store's own writer refuses
    # a move of a game that does not exist
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        await store._w.execute(
            "INSERT INTO moves (game_id, seq, seat, user_id, move, at)"
            " VALUES (999, 1, 0, 1, 'x', 0)"
        )
    await store.close()


async def test_one_live_game_per_channel(store) -> None:
    first = await store.create_game(new_game(10), NOW)
    with pytest.raises(ChannelTaken):
        await store.create_game(new_game(10), NOW)
    assert await store.set_status(first, "aborted", NOW, only_from=("lobby",))
    second = await store.create_game(new_game(10), NOW)
    assert (await store.find_game(10)).id == second


async def test_commit_move_is_one_transaction(store, backend) -> None:
    game_id = await active_game(store)
    await store.add_link(game_id, 77, NOW)
    ids = await store.commit_move(
        game_id,
        0,
        NewMove(0, 100, "stake 2", ["ann chose a stake"]),
        '{"v": 1}',
        status="active",
        waiting={1: NOW},
        posts=[NewPost("turn", {"lines": ["ann chose a stake"]})],
        now=NOW + 1,
    )
    assert len(ids) == 2
    assert await backend.peek("SELECT version, snapshot, announced_seq FROM games") == [
        (1, '{"v": 1}', 1)
    ]
    assert await backend.peek("SELECT seq, seat, user_id, move, events FROM moves") == [
        (1, 0, 100, "stake 2", '["ann chose a stake"]')
    ]
    rows = await backend.peek("SELECT id, channel_id, kind, payload FROM outbox ORDER BY id")
    assert [(r[0], r[1], r[2]) for r in rows] == [(ids[0], 10, "turn"), (ids[1], 77, "turn")]
    assert '"spectator":true' in rows[1][3] and "spectator" not in rows[0][3]
    game = await store.get_game(game_id)
    assert game.version == 1 and game.waiting == {1: NOW}


async def test_stale_version_writes_nothing(store, backend) -> None:
    game_id = await active_game(store)
    move = NewMove(0, 100, "stake 2", [])
    await store.commit_move(game_id, 0, move, "{}", status="active", waiting={}, posts=[], now=NOW)
    with pytest.raises(VersionConflict):
        await store.commit_move(
            game_id,
            0,
            move,
            "{}",
            status="active",
            waiting={},
            posts=[NewPost("turn", {})],
            now=NOW,
        )
    assert await backend.peek("SELECT COUNT(*) FROM moves") == [(1,)]
    assert await backend.peek("SELECT COUNT(*) FROM outbox") == [(0,)]
    assert (await store.get_game(game_id)).version == 1


async def test_failure_inside_the_transaction_rolls_everything_back(store, backend) -> None:
    game_id = await active_game(store)
    with pytest.raises(TypeError):  # the post payload is not JSON: fails after the UPDATE
        await store.commit_move(
            game_id,
            0,
            NewMove(0, 100, "stake 2", []),
            '{"v": 1}',
            status="active",
            waiting={},
            posts=[NewPost("turn", {"bad": {1, 2}})],
            now=NOW,
        )
    assert await backend.peek("SELECT version, snapshot FROM games") == [(0, '{"v": 0}')]
    assert await backend.peek("SELECT COUNT(*) FROM moves") == [(0,)]
    # and the connection is usable again
    await store.commit_move(
        game_id,
        0,
        NewMove(0, 100, "stake 2", []),
        "{}",
        status="active",
        waiting={},
        posts=[],
        now=NOW,
    )


async def test_two_connections_racing_only_one_lands(backend) -> None:
    a = await backend.open()
    b = await backend.open()
    try:
        game_id = await active_game(a)
        results = await asyncio.gather(
            *[
                s.commit_move(
                    game_id,
                    0,
                    NewMove(0, 100, f"m{i}", []),
                    "{}",
                    status="active",
                    waiting={},
                    posts=[],
                    now=NOW,
                )
                for i, s in enumerate([a, b, a, b])
            ],
            return_exceptions=True,
        )
        landed = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, VersionConflict)]
        assert len(landed) == 1 and len(refused) == 3
        assert await backend.peek("SELECT COUNT(*) FROM moves") == [(1,)]
    finally:
        await a.close()
        await b.close()


async def test_commit_needs_an_active_game(store) -> None:
    game_id = await store.create_game(new_game(), NOW)
    with pytest.raises(VersionConflict):
        await store.commit_move(
            game_id,
            0,
            NewMove(0, 100, "x", []),
            "{}",
            status="active",
            waiting={},
            posts=[],
            now=NOW,
        )


async def test_lobby_seats_close_ranks(store) -> None:
    game_id = await store.create_game(new_game(), NOW)
    assert await store.add_seat(game_id, 101, "bob", NOW) == 1
    assert await store.add_seat(game_id, 102, "cat", NOW) == 2
    assert await store.remove_seats(game_id, 101, NOW) == 1
    game = await store.get_game(game_id)
    assert [(s.seat, s.user_id) for s in game.seats] == [(0, 100), (1, 102)]
    await store.start_game(game_id, ["ann", "cat"], "{}", {}, [], NOW)
    with pytest.raises(StoreError):
        await store.add_seat(game_id, 103, "dan", NOW)
    with pytest.raises(StoreError):
        await store.remove_seats(game_id, 102, NOW)


async def test_add_seat_checks_the_lobby_in_its_write(store) -> None:
    """The table layer checks a join on an earlier read, and another process may join in
    between (review h1: one user in two seats, a 2-seat lobby at "4/2"): the write itself
    refuses a seated user, a taken name and a full lobby, and writes nothing then."""
    game_id = await store.create_game(new_game(), NOW)  # ann (100), 4 seats
    await store.add_seat(game_id, 101, "bob", NOW)
    for uid, name, why in [(101, "bob 2", "already in"), (102, "BOB", "'BOB' is taken")]:
        with pytest.raises(JoinRefused, match=why):
            await store.add_seat(game_id, uid, name, NOW)
    await store.add_seat(game_id, 102, "cat", NOW)
    await store.add_seat(game_id, 103, "dan", NOW)
    with pytest.raises(JoinRefused, match=r"full \(4 seats\)"):
        await store.add_seat(game_id, 104, "eve", NOW)
    game = await store.get_game(game_id)
    assert [s.user_id for s in game.seats] == [100, 101, 102, 103]
    hot = await store.create_game(new_game(11, hotseat=True), NOW)
    assert await store.add_seat(hot, 100, "ann 2", NOW) == 1  # hot-seat: one user, two seats


async def test_start_game_refuses_seats_that_changed(store) -> None:
    """Start read the seats before a join landed (review h1): the players it names must be
    the seats as they are in its write, or nothing starts."""
    game_id = await store.create_game(new_game(), NOW)
    await store.add_seat(game_id, 101, "bob", NOW)
    with pytest.raises(SeatsChanged):
        await store.start_game(game_id, ["ann"], "{}", {}, [], NOW)
    assert (await store.get_game(game_id)).status == "lobby"
    await store.start_game(game_id, ["ann", "bob"], "{}", {}, [], NOW)


async def test_outbox_retry_bookkeeping(store) -> None:
    game_id = await active_game(store)
    (post_id,) = await store.commit_move(
        game_id,
        0,
        NewMove(0, 100, "x", []),
        "{}",
        status="active",
        waiting={},
        posts=[NewPost("turn", {"lines": ["x"]})],
        now=NOW,
    )
    assert [p.id for p in await store.due_posts(NOW, 10)] == [post_id]
    assert await store.post_failed(post_id, "HTTP 503", NOW, retry_in=60)
    assert await store.due_posts(NOW + 59, 10) == []
    (post,) = await store.due_posts(NOW + 60, 10)
    assert post.attempts == 1 and post.last_error == "HTTP 503"
    assert await store.post_sent(post_id, 555, NOW + 61)
    assert not await store.post_sent(post_id, 556, NOW + 62)  # never twice
    assert (await store.get_post(post_id)).message_id == 555
    assert await store.due_posts(NOW + 999, 10) == []


async def test_outbox_gives_up(store) -> None:
    game_id = await active_game(store)
    (post_id,) = await store.commit_move(
        game_id,
        0,
        NewMove(0, 100, "x", []),
        "{}",
        status="active",
        waiting={},
        posts=[NewPost("turn", {}, channel_id=42)],
        now=NOW,
    )
    assert (await store.get_post(post_id)).channel_id == 42
    assert await store.post_failed(post_id, "Missing Access", NOW, retry_in=None)
    assert (await store.get_post(post_id)).dead
    assert await store.due_posts(NOW + 10**6, 10) == []
    assert not await store.post_failed(post_id, "again", NOW, retry_in=5)


async def test_links(store) -> None:
    game_id = await active_game(store)
    assert await store.add_link(game_id, 20, NOW)
    assert not await store.add_link(game_id, 20, NOW)
    await store.add_link(game_id, 21, NOW + 1)
    assert [link.channel_id for link in await store.links(game_id)] == [20, 21]
    assert await store.remove_link(game_id, 20)
    assert not await store.remove_link(game_id, 20)
    assert [link.channel_id for link in await store.links(game_id)] == [21]


async def test_user_settings(store) -> None:
    assert await store.get_setting(7, "tz") is None
    await store.set_setting(7, "tz", "Europe/Paris", NOW)
    await store.set_setting(7, "dm", {"on": True}, NOW)
    await store.set_setting(7, "tz", "UTC", NOW)
    assert await store.settings(7) == {"dm": {"on": True}, "tz": "UTC"}
    await store.set_setting(7, "dm", None, NOW)
    assert await store.settings(7) == {"tz": "UTC"}
    assert await store.settings(8) == {}


async def test_big_snowflakes_round_trip(store) -> None:
    big = 2**63 - 1
    game_id = await store.create_game(new_game(channel=big, host_id=big, guild_id=big), NOW)
    game = await store.find_game(big)
    assert game.id == game_id and game.seats[0].user_id == big and game.guild_id == big
