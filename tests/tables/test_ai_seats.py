"""AI seats through the table layer (issue 10): lobby seats, play to the end, resign to an
AI, replace with an AI and back, the turn limit's ``ai`` option, stats kept apart."""

from __future__ import annotations

import pytest

import ai
from engine.core import Game
from tables import LobbyError, NotHost, NotSeated, SeatNeeded, Tables
from tables.ai_seats import ai_level, is_ai
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD, FakeClock

H = 3600.0


async def in_process(game: Game, seat: int, level: str) -> str:
    """The real AI, run in this process (the worker pool has its own test)."""
    return ai.choose(game, seat, level)


async def human_moves_until_over(tables: Tables, humans: list[int], game_id: int) -> int:
    """Humans play their first option, AI seats answer; returns the number of human moves."""
    n = 0
    for _ in range(3000):
        await tables.run_ai(game_id, decide=in_process)
        info = await tables.game(game_id)
        if info.status == "finished":
            return n
        for user in humans:
            decisions = await tables.decisions_for(None, user, game_id=game_id)
            if decisions:
                d = decisions[0]
                await tables.play(
                    None, user, d.options[0].move, seat=d.seat, game_id=game_id,
                    expected_version=d.version,
                )  # fmt: skip
                n += 1
                break
    raise AssertionError("the game did not end")


async def test_the_host_adds_and_removes_ai_seats_in_the_lobby(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann")
    info = await tables.add_ai(CHAN, ANN, "strong", count=2)
    assert [s.name for s in info.seats] == ["ann", "AI 1 (strong)", "AI 2 (strong)"]
    assert [ai_level(s.user_id) for s in info.seats[1:]] == ["strong", "strong"]
    assert len({s.user_id for s in info.seats}) == 3  # each AI seat its own id
    with pytest.raises(NotHost):
        await tables.add_ai(CHAN, BOB, "easy")
    with pytest.raises(LobbyError, match="unknown AI level 'grandmaster'"):
        await tables.add_ai(CHAN, ANN, "grandmaster")
    info = await tables.remove_ai(CHAN, ANN, seat=1)
    assert [s.name for s in info.seats] == ["ann", "AI 2 (strong)"]
    with pytest.raises(NotHost):
        await tables.remove_ai(CHAN, BOB)
    await tables.remove_ai(CHAN, ANN)
    with pytest.raises(NotSeated, match="no AI seat"):
        await tables.remove_ai(CHAN, ANN)


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["tally", "algae"])
async def test_one_human_and_two_ais_play_to_the_end(tables: Tables, kind: str) -> None:
    await tables.create(kind, GUILD, CHAN, ANN, "ann", seed=3)
    await tables.add_ai(CHAN, ANN, "easy", count=2)
    start = await tables.start(CHAN, ANN)
    assert all(u > 0 for u in start.mentions)
    moves = await human_moves_until_over(tables, [ANN], start.game_id)
    assert moves > 0
    page = await tables.log(None, game_id=start.game_id, per_page=100)
    assert {is_ai(e.user_id) for e in page.entries} == {True, False}
    for post in await tables.posts(list(range(1, 500))):
        assert all(u > 0 for u in post.payload.get("mentions", [])), "an AI was pinged"


async def test_a_resigner_hands_the_seat_to_an_ai_and_ranks_last(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=5)
    await tables.join(CHAN, BOB, "bob")
    await tables.join(CHAN, CAT, "cat")
    start = await tables.start(CHAN, ANN)
    result = await tables.resign(CHAN, BOB)
    assert not result.over and "an AI player takes over" in result.lines[0]
    info = await tables.game_in(CHAN)
    assert info.status == "active" and is_ai(info.seats[1].user_id)
    assert info.seats[1].name == "bob (AI, normal)" and info.host_id == ANN
    await human_moves_until_over(tables, [ANN, CAT], start.game_id)
    bob = await tables.stats(BOB)
    assert bob[0].resigned == 1 and bob[0].ai_played == 1 and bob[0].ai_won == 0
    assert bob[0].played == 0, "a game with an AI seat is counted apart"
    rows = {r.seat: r for r in await tables.store.results_of(BOB)}
    assert rows[1].rank == 3 and rows[1].resigned and rows[1].name == "bob"


async def test_the_last_human_resigning_ends_the_game(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=5)
    await tables.add_ai(CHAN, ANN, "easy")
    await tables.start(CHAN, ANN)
    result = await tables.resign(CHAN, ANN)
    assert result.over
    assert (await tables.game(result.game_id)).status == "finished"


async def test_replace_a_player_with_an_ai_and_back(tables: Tables) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=9)
    await tables.join(CHAN, BOB, "bob")
    start = await tables.start(CHAN, ANN)
    with pytest.raises(NotHost):
        await tables.seat_to_ai(CHAN, BOB, BOB, "easy")
    info = await tables.seat_to_ai(CHAN, ANN, BOB, "easy")
    ai_id = info.seats[1].user_id
    assert ai_level(ai_id) == "easy" and info.seats[1].name == "bob (AI, easy)"
    played = await tables.run_ai(start.game_id, decide=in_process)
    assert played and all(r.seat == 1 for r in played)
    info = await tables.replace(CHAN, ANN, ai_id, BOB, "bob")
    assert info.seats[1].user_id == BOB and info.host_id == ANN
    assert await tables.ai_seats_to_act(start.game_id) == []


async def test_the_turn_limit_can_hand_an_overdue_turn_to_an_ai(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=7)
    await tables.join(CHAN, BOB, "bob")
    await tables.start(CHAN, ANN)
    await tables.set_timing(CHAN, ANN, limit="2", on_timeout="ai", reminders="off")
    await tables.play(CHAN, ANN, "stake 3")
    await tables.run_timers()
    clock.advance(2 * H)
    done = await tables.run_timers()  # decided by the real worker process
    assert done.timed_out == 1 and done.post_ids
    last = (await tables.log(CHAN)).entries[-1]
    assert last.user_id == 0 and last.seat == 1 and last.move.startswith("stake")
    assert last.events[0] == "timed out: bob ran out of time; an AI plays the turn"


async def test_ai_seats_get_no_reminders_or_messages(tables: Tables, clock: FakeClock) -> None:
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=7)
    await tables.add_ai(CHAN, ANN, "easy")
    await tables.set_timing(CHAN, ANN, limit="1", on_timeout="default", reminders="1")
    await tables.start(CHAN, ANN)
    await tables.play(CHAN, ANN, "stake 2")
    await tables.run_timers()
    clock.advance(5 * H)
    done = await tables.run_timers()
    assert done.timed_out == 0 and done.reminded == 0
    notices = await tables.due_notices(100)
    assert all(n.user_id is None or n.user_id >= 0 for n in notices)


async def test_an_ai_for_one_of_several_seats_names_the_seats(tables: Tables) -> None:
    """A hot-seat player holding two seats: handing "their seat" to an AI asks which, naming
    the seats as players number them (1 and 2, not the indexes 0 and 1)."""
    await tables.create("tally", GUILD, CHAN, ANN, "ann", hotseat=True)
    await tables.join(CHAN, ANN, "ann's friend")
    await tables.start(CHAN, ANN)
    with pytest.raises(SeatNeeded, match=r"several seats \(1, 2\); say which seat"):
        await tables.seat_to_ai(CHAN, ANN, ANN, "easy")
