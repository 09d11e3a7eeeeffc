"""The turn time limit (remind, default move, host) and /mygames through the table layer."""

from __future__ import annotations

from datetime import UTC, datetime

from devkit.toygame import Tally
from tables import Tables
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD, FakeClock, started

H = 3600.0


async def notices(tables: Tables, kind: str) -> list:
    return [n for n in await tables.due_notices(100) if n.kind == kind]


async def test_time_limit_plays_the_default_move_once_as_a_system_move(
    tables: Tables, clock: FakeClock
) -> None:
    await started(tables)
    await tables.set_timing(CHAN, ANN, limit="2", on_timeout="default", reminders="off")
    await tables.play(CHAN, ANN, "stake 3")
    await tables.run_timers()
    clock.advance(2 * H - 1)
    assert (await tables.run_timers()).timed_out == 0
    clock.advance(1)
    done = await tables.run_timers()
    assert done.timed_out == 1 and done.post_ids  # the usual public post
    page = await tables.log(CHAN)
    last = page.entries[-1]
    assert (last.seq, last.user_id, last.move) == (2, 0, "stake 1")
    assert last.events == (
        "timed out: bob ran out of time; the safe default is played",
        "bob chose a stake; all stakes are in",
    )
    posts = await tables.posts(done.post_ids)
    assert "timed out: bob ran out of time; the safe default is played" in posts[0].payload["lines"]
    assert posts[0].payload["mentions"] == [ANN]  # ann draws now
    # ann's new decision gets its own deadline; bob's is not acted on again
    assert (await tables.run_timers()).timed_out == 0
    timers = await tables.store.timers()
    assert [(t.seat, t.deadline_at) for t in timers] == [(0, clock.now + 2 * H)]
    assert (await tables.game_in(CHAN)).version == 2


async def test_a_default_chain_finishes_the_absent_players_turn(
    tables: Tables, clock: FakeClock, monkeypatch
) -> None:
    # a game that names its turns: drawing, stopping and aiming are one turn
    monkeypatch.setattr(Tally, "turn_key", lambda self: f"{self.round}:{self.turn}")
    await started(tables)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.play(CHAN, BOB, "stake 1")  # ann draws now
    await tables.set_timing(CHAN, ANN, limit="1", on_timeout="default")
    await tables.run_timers()
    clock.advance(H)
    done = await tables.run_timers()
    assert done.timed_out == 1
    page = await tables.log(CHAN)
    moves = [(e.user_id, e.move) for e in page.entries[2:]]
    assert moves == [(0, "draw"), (0, "done"), (0, "aim a0")]  # draw once, stop, aim
    status = await tables.status(CHAN)
    assert [t.seat for t in status.to_act] == [1]  # bob's turn, the game goes on
    assert len(done.post_ids) == 1  # one post for the whole turn


async def test_without_named_turns_one_default_move_per_deadline(
    tables: Tables, clock: FakeClock
) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.play(CHAN, BOB, "stake 1")
    await tables.set_timing(CHAN, ANN, limit="1", on_timeout="default")
    for expected in ("draw", "done", "aim a0"):
        await tables.run_timers()
        clock.advance(H)
        assert (await tables.run_timers()).timed_out == 1
        assert (await tables.log(CHAN)).entries[-1].move == expected
    assert [t.seat for t in (await tables.status(CHAN)).to_act] == [1]


async def test_algae_absent_player_takes_the_alternate_action(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.create("algae", GUILD, CHAN, ANN, "ann", seed=3)
    await tables.join(CHAN, BOB, "bob")
    await tables.start(CHAN, ANN)
    while True:  # the set-up steps, played by hand, up to the first work day
        _, game = await tables.load(CHAN)
        if game.view(None).get("phase") == "work":
            break
        d = game.pending()[0]
        move = game.default_move(d.seat)
        assert move is not None
        await tables.play(CHAN, (ANN, BOB)[d.seat], move, seat=d.seat)
    assert [d.seat for d in game.pending()] == [0]
    await tables.set_timing(CHAN, ANN, limit="1", on_timeout="default")
    await tables.run_timers()
    clock.advance(H)
    done = await tables.run_timers()
    assert done.timed_out == 1 and len(done.post_ids) == 1
    entries = (await tables.log(CHAN, page=99)).entries
    system = [e for e in entries if e.user_id == 0]
    assert [e.move for e in system] == ["spot 1a", "alt", "money"]
    assert system[0].events[0].startswith("timed out: ann")
    assert "ann takes €1 (alternate action)" in system[-1].events
    assert [t.seat for t in (await tables.status(CHAN)).to_act] == [1]  # bob's turn


async def test_time_limit_remind_and_host_act_once(tables: Tables, clock: FakeClock) -> None:
    await started(tables)
    await tables.set_timing(CHAN, ANN, limit="3", on_timeout="remind", reminders="off")
    await tables.run_timers()
    clock.advance(3 * H)
    assert (await tables.run_timers()).timed_out == 2
    assert sorted(n.user_id for n in await notices(tables, "limit")) == [ANN, BOB]
    clock.advance(30 * H)
    assert (await tables.run_timers()).timed_out == 0
    assert len(await notices(tables, "limit")) == 2
    assert (await tables.game_in(CHAN)).version == 0  # nobody moved for them

    await tables.play(CHAN, ANN, "stake 1")
    await tables.set_timing(CHAN, ANN, on_timeout="host")
    await tables.play(CHAN, BOB, "stake 1")
    await tables.run_timers()
    clock.advance(3 * H)
    await tables.run_timers()
    [host] = await notices(tables, "host")
    assert host.user_id == ANN and host.payload["name"] == "ann"
    assert host.payload["host_id"] == ANN and host.payload["limit_hours"] == 3


async def test_a_time_out_note_waits_for_the_end_of_quiet_hours(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.set_prefs(BOB, quiet=(0, 6))  # UTC; the clock starts at 22:13 UTC
    await started(tables)
    await tables.set_timing(CHAN, ANN, limit="2", on_timeout="remind", reminders="off")
    await tables.run_timers()
    clock.advance(2 * H)  # 00:13 UTC: bob is asleep, ann is not
    assert (await tables.run_timers()).timed_out == 2
    assert [n.user_id for n in await notices(tables, "limit")] == [ANN]
    six = datetime(2023, 11, 15, 6, 0, tzinfo=UTC).timestamp()
    clock.now = six - 1
    assert [n.user_id for n in await notices(tables, "limit")] == [ANN]
    clock.now = six
    assert sorted(n.user_id for n in await notices(tables, "limit")) == [ANN, BOB]


async def test_no_default_move_falls_back_to_the_host(
    tables: Tables, clock: FakeClock, monkeypatch
) -> None:
    monkeypatch.setattr(Tally, "default_move", lambda self, seat: None)
    await started(tables)
    await tables.set_timing(CHAN, ANN, limit="1", on_timeout="default")
    await tables.run_timers()
    clock.advance(H)
    await tables.run_timers()
    assert len(await notices(tables, "host")) == 2
    clock.advance(5 * H)
    await tables.run_timers()
    assert len(await notices(tables, "host")) == 2  # once per deadline
    assert (await tables.game_in(CHAN)).version == 0


async def test_mygames_waiting_first_oldest_first_across_guilds(
    tables: Tables, clock: FakeClock
) -> None:
    # game 1: started first; ann and bob choose stakes
    await started(tables, channel=CHAN)
    clock.advance(H)
    # game 2 in another guild, an hour later; ann has moved, only bob waits there
    await tables.create("tally", 2, 600, BOB, "bob")
    await tables.join(600, ANN, "ann")
    await tables.start(600, BOB)
    await tables.play(600, ANN, "stake 1")
    clock.advance(H)
    # game 3: a lobby ann has joined
    await tables.create("tally", GUILD, 700, CAT, "cat")
    await tables.join(700, ANN, "annie")
    clock.advance(H)
    await tables.play(CHAN, BOB, "stake 1")  # game 1: ann still waits since its start
    mine = await tables.my_games(ANN)
    assert [(g.info.id, g.waiting) for g in mine] == [(1, True), (3, False), (2, False)]
    assert mine[0].since == 1_700_000_000.0 and mine[1].seats == ("annie",)
    bobs = await tables.my_games(BOB)
    assert [(g.info.id, g.waiting) for g in bobs] == [(2, True), (1, False)]
    assert bobs[0].info.guild_id == 2
    assert await tables.my_games(999) == []


async def test_a_replacement_gets_a_fresh_time_limit(tables: Tables, clock: FakeClock) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.set_timing(CHAN, ANN, limit="2", on_timeout="host")
    await tables.set_prefs(CAT, dm=True)
    await tables.run_timers()
    clock.advance(2 * H)
    assert (await tables.run_timers()).timed_out == 1
    clock.advance(H)
    await tables.replace(CHAN, ANN, BOB, CAT, "cat")  # the host hands bob's seat to cat
    assert (await tables.run_timers()).timed_out == 0  # cat is not timed out at once
    [timer] = await tables.store.timers()
    assert (timer.user_id, timer.deadline_at) == (CAT, clock.now + 2 * H)
    assert timer.remind_at == clock.now + 24 * H
    [dm] = [n for n in await tables.due_notices() if n.kind == "turn_dm"]
    assert dm.user_id == CAT  # the turn became cat's
    clock.advance(2 * H)
    assert (await tables.run_timers()).timed_out == 1
    assert [n.payload["name"] for n in await notices(tables, "host")] == ["bob", "cat"]
