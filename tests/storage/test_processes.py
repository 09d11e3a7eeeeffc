"""Several stores on one database, as several bot processes hold them.

PostgreSQL: posts and notices claimed by one store are not handed to another until their
lease runs out; a claimed post that was sent is never handed out again. Both backends: a
new turn timer and its DM are written once however many scheduler passes race, and undo
votes cast at once are all kept.
"""

from __future__ import annotations

import asyncio

from storage import NewMove, NewPost, open_store
from storage.timing import NewNotice, TimerRow
from tests.backends import make_backend
from tests.storage.conftest import NOW, active_game


async def _two(backend):
    return await backend.open(), await backend.open()


async def _posts(store, game_id: int, count: int) -> list[int]:
    ids = []
    for version in range(count):
        ids += await store.commit_move(
            game_id,
            version,
            NewMove(0, 100, f"m{version}", []),
            "{}",
            status="active",
            waiting={},
            posts=[NewPost("turn", {"version": version + 1}, channel_id=10)],
            now=NOW,
        )
    return ids


async def test_postgres_claims_hand_each_post_to_one_process(tmp_path) -> None:
    a, b = await _two(make_backend("postgres", tmp_path))
    try:
        ids = await _posts(a, await active_game(a), 12)
        claims = await asyncio.gather(*[s.claim_posts(NOW, 4, 30.0) for s in (a, b, a, b, a, b)])
        taken = [p.id for claim in claims for p in claim]
        assert sorted(taken) == ids  # every post once, none twice
        assert await a.claim_posts(NOW + 29, 50, 30.0) == []  # all held by a lease
        assert await b.claim_posts(NOW, 50, 30.0, ids=ids) == []  # also when named
        for post_id in ids[:6]:
            assert await a.post_sent(post_id, 1, NOW + 1)
        # a process that died holding the rest: its lease runs out, another takes them
        again = await b.claim_posts(NOW + 31, 50, 30.0)
        assert [p.id for p in again] == ids[6:]
    finally:
        await a.close()
        await b.close()


async def test_postgres_claims_notices_once(tmp_path) -> None:
    a, b = await _two(make_backend("postgres", tmp_path))
    try:
        game_id = await active_game(a)
        await a.add_notices([NewNotice(game_id, "remind", {}, user_id=u) for u in range(10)], NOW)
        claims = await asyncio.gather(*[s.claim_notices(NOW, 3, 30.0) for s in (a, b, a, b)])
        taken = [n.id for claim in claims for n in claim]
        assert len(taken) == len(set(taken)) == 10
        assert await b.claim_notices(NOW + 10, 10, 30.0) == []
    finally:
        await a.close()
        await b.close()


async def test_sqlite_claims_need_no_lease(db_path) -> None:
    store = await open_store(db_path)
    ids = await _posts(store, await active_game(store), 2)
    assert [p.id for p in await store.claim_posts(NOW, 10, 30.0)] == ids
    assert [p.id for p in await store.claim_posts(NOW, 10, 30.0)] == ids  # one process
    await store.close()


async def test_a_new_timer_and_its_dm_are_written_once(backend) -> None:
    a, b = await _two(backend)
    try:
        game_id = await active_game(a)
        timer = TimerRow(game_id, 1, 101, NOW, NOW + 3600)
        dm = NewNotice(game_id, "turn_dm", {}, user_id=101)
        written = await asyncio.gather(*[s.put_timer(timer, [dm], NOW) for s in (a, b, a, b)])
        assert sorted(written) == [False, False, False, True]
        assert len(await a.notices(game_id)) == 1
        # a new decision of that seat (another opened_at) is written again
        later = TimerRow(game_id, 1, 101, NOW + 60, NOW + 3660)
        assert await b.put_timer(later, [dm], NOW + 60)
        assert len(await a.notices(game_id)) == 2
    finally:
        await a.close()
        await b.close()


async def test_undo_votes_cast_at_once_are_all_kept(backend) -> None:
    a, b = await _two(backend)
    try:
        game_id = await active_game(a)
        voters = list(range(200, 208))
        request = await a.add_undo_request(game_id, 100, 0, 1, voters, NOW)
        await asyncio.gather(
            *[(a, b)[i % 2].vote_undo_request(request, u, True, NOW) for i, u in enumerate(voters)]
        )
        row = await a.get_undo_request(request)
        assert row.approvers == dict.fromkeys(voters, True)
    finally:
        await a.close()
        await b.close()
