"""Playing through the table layer: turns, refusals, announcements, views, the log."""

from __future__ import annotations

import asyncio
import json

import pytest

from engine.core import IllegalMove
from tables import (
    GameOver,
    LobbyError,
    NoGame,
    NotSeated,
    NotYourTurn,
    StaleDecision,
    Tables,
)
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD, started


async def to_draw(tables: Tables) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    await tables.play(CHAN, BOB, "stake 1")


async def moves_and_version(tables: Tables) -> tuple[int, int, str]:
    info, game = await tables.load(CHAN, fresh=True)
    return info.version, len(await tables.store.moves(info.id)), json.dumps(game.to_json())


async def test_a_turn_is_announced_once_with_every_line(tables: Tables) -> None:
    await started(tables)
    r = await tables.play(CHAN, ANN, "stake 2")
    # bob was pinged by the start post and is still on the same choice: no second ping
    assert r.posted and r.lines == ("ann chose a stake",) and r.mentions == ()
    r = await tables.play(CHAN, BOB, "Stake 1")  # a label works too
    assert r.move == "stake 1" and [t.name for t in r.to_act] == ["ann"]
    r1 = await tables.play(CHAN, ANN, "draw")
    r2 = await tables.play(CHAN, ANN, "done")
    assert not r1.posted and not r2.posted and r1.post_ids == r2.post_ids == ()
    assert (await tables.game_in(CHAN)).announced_seq == 2  # the last post covers move 2
    r3 = await tables.play(CHAN, ANN, "aim a1")
    assert r3.posted and r3.mentions == (BOB,)
    assert (await tables.game_in(CHAN)).announced_seq == 5
    assert r3.lines == (*r1.events, *r2.events, *r3.events)
    posts = await tables.due_posts(100)
    assert [p.kind for p in posts] == ["start", "turn", "turn", "turn"]
    assert posts[-1].payload["lines"] == list(r3.lines)
    assert posts[-1].payload["mentions"] == [BOB]
    assert posts[-1].payload["to_act"][0]["version"] == r3.to_act[0].version


async def test_refusals_change_nothing(tables: Tables) -> None:
    await to_draw(tables)
    before = await moves_and_version(tables)
    info = await tables.game_in(CHAN)
    (decision,) = await tables.decisions_for(CHAN, ANN)
    cases = [
        (NotSeated, "not playing", tables.play(CHAN, CAT, "draw")),
        (NotYourTurn, "waiting for ann", tables.play(CHAN, BOB, "draw")),
        (StaleDecision, "out of date", tables.play(CHAN, ANN, "draw", expected_version=-1)),
        (IllegalMove, "not a legal move", tables.play(CHAN, ANN, "fly away")),
        (IllegalMove, "empty", tables.play(CHAN, ANN, "   ")),
        (IllegalMove, "control", tables.play(CHAN, ANN, "draw\x00")),
        (IllegalMove, "too long", tables.play(CHAN, ANN, "draw " * 100)),
        (IllegalMove, "must be text", tables.play(CHAN, ANN, None)),  # type: ignore[arg-type]
        (NoGame, "no game in this channel", tables.play(CHAN + 1, ANN, "draw")),
        (NoGame, "no game #999", tables.play(None, ANN, "draw", game_id=999)),
        (StaleDecision, "another channel", tables.play(CHAN + 1, ANN, "draw", game_id=info.id)),
        (NotSeated, "seat 2", tables.play(CHAN, ANN, "draw", seat=1)),  # bob's, index 1
    ]
    for exc_type, text, call in cases:
        with pytest.raises(exc_type, match=text):
            await call
        assert await moves_and_version(tables) == before
    with pytest.raises(IllegalMove) as err:
        await tables.play(CHAN, ANN, "drow")
    assert "draw" in err.value.suggestions
    r = await tables.play(CHAN, ANN, "draw", expected_version=decision.version)
    assert r.version == before[0] + 1


async def test_lobby_and_finished_games_refuse_moves(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=1)
    with pytest.raises(LobbyError, match="not started"):
        await tables.play(CHAN, ANN, "stake 1")
    await tables.start(CHAN, ANN)
    game_id = (await tables.game_in(CHAN)).id
    result = None
    while result is None or not result.over:
        (decision,) = await tables.decisions_for(CHAN, ANN)
        result = await tables.play(CHAN, ANN, decision.options[-1].move)
    assert result.posted and result.to_act == () and result.scores
    assert (await tables.game(game_id)).status == "finished"
    assert (await tables.due_posts(100))[-1].kind == "final"
    with pytest.raises(GameOver, match="finished"):
        await tables.play(None, ANN, "stake 1", game_id=game_id)
    with pytest.raises(NoGame):
        await tables.play(CHAN, ANN, "stake 1")
    # the channel is free again; the finished game still has its log
    await tables.create("tally", GUILD, CHAN, ANN, "ann")
    assert (await tables.log(None, game_id=game_id)).total == result.version


async def test_one_transaction_per_move(tables: Tables, backend) -> None:
    await started(tables)
    for user, move in [(ANN, "stake 2"), (BOB, "stake 1"), (ANN, "draw"), (ANN, "done")]:
        r = await tables.play(CHAN, user, move)
        (version, snapshot) = (await backend.peek("SELECT version, snapshot FROM games"))[0]
        assert version == r.version
        assert await backend.peek("SELECT MAX(seq), COUNT(*) FROM moves") == [(version, version)]
        _, game = await tables.load(CHAN)
        assert json.loads(snapshot) == game.to_json()
        outbox = await backend.peek(
            "SELECT COUNT(*) FROM outbox WHERE payload LIKE ?", (f'%"version":{version},%',)
        )
        assert outbox == [(1 if r.posted else 0,)]


async def test_double_click_lands_once(tables: Tables) -> None:
    await to_draw(tables)
    (decision,) = await tables.decisions_for(CHAN, ANN)
    results = await asyncio.gather(
        tables.play(CHAN, ANN, "draw", expected_version=decision.version),
        tables.play(CHAN, ANN, "draw", expected_version=decision.version),
        return_exceptions=True,
    )
    landed = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, StaleDecision)]
    assert len(landed) == 1 and len(refused) == 1
    assert "out of date" in str(refused[0])
    assert (await tables.game_in(CHAN)).version == landed[0].version == 3


async def test_a_stale_menu_after_the_turn_passed_is_out_of_date(tables: Tables) -> None:
    await started(tables)
    (decision,) = await tables.decisions_for(CHAN, ANN)
    results = await asyncio.gather(
        tables.play(CHAN, ANN, "stake 1", expected_version=decision.version),
        tables.play(CHAN, ANN, "stake 2", expected_version=decision.version),
        return_exceptions=True,
    )
    # Exactly one of the two lands; which one is the event loop's (and the database's)
    # scheduling, so the test does not assume the first call wins.
    landed = [r for r in results if not isinstance(r, BaseException)]
    (stale,) = [r for r in results if isinstance(r, StaleDecision)]
    assert len(landed) == 1
    assert "out of date" in str(stale) and "waiting for bob" in str(stale)
    assert (await tables.game_in(CHAN)).version == 1


async def test_two_players_at_once_only_the_one_to_act_lands(tables: Tables) -> None:
    await to_draw(tables)
    results = await asyncio.gather(
        tables.play(CHAN, BOB, "draw"), tables.play(CHAN, ANN, "draw"), return_exceptions=True
    )
    assert isinstance(results[0], NotYourTurn) and not isinstance(results[1], BaseException)


async def test_decisions_view_status_log(tables: Tables, clock) -> None:
    await started(tables)
    t0 = clock.now
    clock.advance(60)
    await tables.play(CHAN, ANN, "stake 3")
    assert await tables.decisions_for(CHAN, ANN) == []
    (bob_decision,) = await tables.decisions_for(CHAN, BOB)
    assert [o.move for o in bob_decision.options] == ["stake 1", "stake 2", "stake 3"]
    with pytest.raises(NotSeated):
        await tables.decisions_for(CHAN, CAT)
    assert (await tables.view(CHAN, ANN))["stakes"] == [3, False]  # her own stake
    assert (await tables.view(CHAN, BOB))["stakes"] == [True, None]  # ann's is hidden
    assert (await tables.view(CHAN))["stakes"] == [True, False]
    assert (await tables.view(CHAN, CAT))["stakes"] == [True, False]
    status = await tables.status(CHAN)
    assert [(t.name, t.since) for t in status.to_act] == [("bob", t0)]  # waiting since start
    assert status.round == 1 and status.phase == "stake" and not status.over
    await tables.play(CHAN, BOB, "stake 1")
    for _ in range(3):
        await tables.play(CHAN, ANN, "draw")
    page = await tables.log(CHAN, page=2, per_page=2)
    assert (page.page, page.pages, page.total) == (2, 3, 5)
    assert [(e.seq, e.name, e.move) for e in page.entries] == [
        (3, "ann", "draw"),
        (4, "ann", "draw"),
    ]
    assert page.entries[0].events and page.entries[0].events[0].startswith("ann drew")
    lobby = await tables.create("tally", GUILD, CHAN + 1, ANN, "ann")
    assert (await tables.status(CHAN + 1)).info.id == lobby.id


async def test_user_settings(tables: Tables) -> None:
    await tables.set_user_setting(ANN, "tz", "Europe/Paris")
    await tables.set_user_setting(ANN, "dm", True)
    assert await tables.user_settings(ANN) == {"dm": True, "tz": "Europe/Paris"}
    assert await tables.user_setting(ANN, "tz") == "Europe/Paris"
    await tables.set_user_setting(ANN, "dm", None)
    assert await tables.user_settings(ANN) == {"tz": "Europe/Paris"}
