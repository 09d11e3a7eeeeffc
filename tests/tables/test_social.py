"""Hot-seat games, spectator links and the outbox as the Discord side will use them."""

from __future__ import annotations

import pytest

from tables import GameOver, LobbyError, NotHost, NotSeated, SeatNeeded, Tables
from tables.side import MAX_POST_ATTEMPTS
from tests.tables.conftest import ANN, BOB, CHAN, GUILD, started


async def test_hotseat_one_user_holds_several_seats(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", hotseat=True)
    await tables.join(CHAN, ANN, "ann's friend")
    with pytest.raises(LobbyError, match="taken"):
        await tables.join(CHAN, ANN, "Ann")
    await tables.join(CHAN, BOB, "bob")
    await tables.start(CHAN, ANN)
    # two of ann's seats must choose a stake: she is told which (numbered from 1, as
    # players read seats) and how to play them, as /play has no seat option (review h1)
    with pytest.raises(SeatNeeded) as several:
        await tables.play(CHAN, ANN, "stake 1")
    assert several.value.message == (
        "you hold several seats that can act now: ann (seat 1), ann's friend (seat 2); "
        "press Play on the turn post to play them one at a time"
    )
    r = await tables.play(CHAN, ANN, "stake 1", seat=1)
    assert r.seat == 1
    assert [d.seat for d in await tables.decisions_for(CHAN, ANN)] == [0]
    r = await tables.play(CHAN, ANN, "stake 2")  # now only seat 0 can act: picked for her
    assert r.seat == 0
    with pytest.raises(NotSeated, match=r"^you do not hold seat 2$"):  # index 1
        await tables.play(CHAN, BOB, "stake 1", seat=1)
    assert (await tables.view(CHAN, ANN, seat=1))["stakes"][1] == 1
    with pytest.raises(NotSeated, match=r"^you do not hold seat 1$"):  # index 0, as /play says
        await tables.view(CHAN, BOB, seat=0)


async def test_without_hotseat_a_second_seat_is_refused(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann")
    with pytest.raises(LobbyError, match="already in this game"):
        await tables.join(CHAN, ANN, "ann's friend")


async def test_spectator_links_get_the_public_posts(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=3)
    await tables.join(CHAN, BOB, "bob")
    await tables.spectate_add(CHAN, 900)
    await tables.spectate_add(CHAN, 901)
    await tables.spectate_add(CHAN, 901)  # twice is once
    with pytest.raises(LobbyError, match="own channel"):
        await tables.spectate_add(CHAN, CHAN)
    assert await tables.spectate_list(CHAN) == [900, 901]
    start = await tables.start(CHAN, ANN)
    assert len(start.post_ids) == 3
    assert await tables.spectate_remove(CHAN, 900)
    r = await tables.play(CHAN, ANN, "stake 1")
    posts = {p.id: p for p in await tables.due_posts(100)}
    turn = [posts[i] for i in r.post_ids]
    assert [(p.channel_id, p.payload.get("spectator", False)) for p in turn] == [
        (CHAN, False),
        (901, True),
    ]
    assert turn[0].payload["lines"] == turn[1].payload["lines"] == ["ann chose a stake"]


async def test_outbox_retries_with_backoff_then_gives_up(tables: Tables, clock) -> None:
    start = await started(tables)
    (post_id,) = start.post_ids
    assert await tables.post_failed(post_id, "HTTP 500")
    assert await tables.due_posts() == []  # not before the backoff
    clock.advance(30)
    (post,) = await tables.due_posts()
    assert post.attempts == 1 and post.last_error == "HTTP 500"
    for attempt in range(2, MAX_POST_ATTEMPTS + 1):
        assert await tables.post_failed(post_id, f"HTTP 500 #{attempt}", retry_in=1)
        clock.advance(1)
    assert await tables.due_posts() == []  # given up after MAX_POST_ATTEMPTS
    assert not await tables.post_failed(post_id, "again")


async def test_a_post_is_marked_sent_once(tables: Tables) -> None:
    start = await started(tables)
    (post_id,) = start.post_ids
    assert await tables.post_sent(post_id, 123456789012345678)
    assert not await tables.post_sent(post_id, 1)
    assert await tables.due_posts() == []
    r = await tables.play(CHAN, ANN, "stake 1")
    assert [p.id for p in await tables.due_posts()] == list(r.post_ids)


async def test_spectating_an_ended_game_is_refused(tables: Tables) -> None:
    info = await tables.create("tally", GUILD, CHAN, ANN, "ann")
    await tables.abort(CHAN, ANN)
    with pytest.raises(GameOver):
        await tables.spectate_add(None, 900, game_id=info.id)


async def test_old_made_posts_are_pruned_unsent_ones_kept(tables: Tables, clock) -> None:
    start = await started(tables)
    (made,) = start.post_ids
    await tables.post_sent(made, 1)
    r = await tables.play(CHAN, ANN, "stake 1")
    clock.advance(31 * 86400)
    assert await tables.prune_posts(keep_days=30) == 1
    assert [p.id for p in await tables.due_posts()] == list(r.post_ids)
    assert await tables.store.get_post(made) is None


async def test_only_the_host_or_an_admin_manages_mirrors(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=3)
    await tables.join(CHAN, BOB, "bob")
    with pytest.raises(NotHost):
        await tables.spectate_add(CHAN, 900, actor_id=BOB)
    await tables.spectate_add(CHAN, 900, actor_id=BOB, is_admin=True)
    await tables.spectate_add(CHAN, 901, actor_id=ANN)
    with pytest.raises(NotHost):
        await tables.spectate_remove(CHAN, 900, actor_id=BOB)
    assert await tables.spectate_list(CHAN) == [900, 901]
    assert await tables.spectate_remove(CHAN, 900, actor_id=ANN)
