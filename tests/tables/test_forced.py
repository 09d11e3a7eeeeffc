"""Forced moves and the ping policy in the table layer (issue 12 items 3 and 5).

A decision with one legal option is played for the player (logged like any move) and never
asked; a post pings a player once when a decision of theirs opens, never while it stays open,
never for their own move and never for a forced move."""

from __future__ import annotations

import random

import pytest

from engine.core import new_game
from tables import Tables
from tables.forced import chosen_flags, play_forced
from tables.undo import UndoRefused
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD


async def must_draw(tables: Tables, players: int = 2) -> None:
    """A tally game where the first draw of every turn is the only legal move."""
    tables.raw_seeds = True  # the raw seed: the test knows its draws
    await tables.create("tally", GUILD, CHAN, ANN, "ann", seed=7, options={"must_draw": True})
    for user, name in [(BOB, "bob"), (CAT, "cat")][: players - 1]:
        await tables.join(CHAN, user, name)
    await tables.start(CHAN, ANN)


async def test_a_forced_move_is_played_logged_and_never_asked(tables: Tables) -> None:
    await must_draw(tables)
    await tables.play(CHAN, ANN, "stake 2")
    r = await tables.play(CHAN, BOB, "stake 1")
    # ann's first draw had one option: played for her in the same commit (a draw of 0
    # leaves her hand empty, so the next draw is forced too)
    assert r.forced >= 1 and r.version == 2 + r.forced and r.move == "stake 1"
    assert r.events[0] == "bob chose a stake; all stakes are in"
    assert r.events[1].startswith("ann drew ")
    (decision,) = await tables.decisions_for(CHAN, ANN)
    assert len(decision.options) > 1, "what is asked is a real choice"
    page = await tables.log(CHAN)
    forced = page.entries[2:]
    assert [(e.seat, e.user_id, e.move) for e in forced] == [(0, ANN, "draw")] * r.forced
    assert forced[0].events == (r.events[1],), "the forced move is a move of the log"
    # the post covers it and pings ann once, for the choice she now has
    (post,) = await tables.posts(list(r.post_ids))
    assert post.payload["version"] == r.version and post.payload["lines"] == list(r.events)
    assert post.payload["mentions"] == [ANN]


async def test_the_next_player_is_pinged_for_a_real_choice_not_a_forced_one(
    tables: Tables,
) -> None:
    await must_draw(tables)
    await tables.play(CHAN, ANN, "stake 2")
    await tables.play(CHAN, BOB, "stake 1")
    await tables.play(CHAN, ANN, "done")
    r = await tables.play(CHAN, ANN, "aim a1")
    assert r.forced >= 1 and r.events[-1].startswith("bob drew ")
    assert r.mentions == (BOB,), "one ping, for the decision after the forced draw"
    (decision,) = await tables.decisions_for(CHAN, BOB)
    assert {o.move for o in decision.options} == {"draw", "done"}


async def test_pings_once_per_new_decision_never_the_mover(tables: Tables) -> None:
    await must_draw(tables, players=3)
    r = await tables.play(CHAN, ANN, "stake 1")
    assert r.posted and r.mentions == (), "bob and cat were pinged at the start already"
    r = await tables.play(CHAN, BOB, "stake 1")
    assert r.posted and r.mentions == ()
    r = await tables.play(CHAN, CAT, "stake 1")
    assert r.mentions == (ANN,), "ann's turn to draw is new: one ping"
    r = await tables.play(CHAN, ANN, "done")
    assert not r.posted and r.mentions == (), "mid-turn: no post, no ping"


async def test_undo_takes_back_a_choice_with_the_forced_moves_after_it(tables: Tables) -> None:
    await must_draw(tables, players=3)
    for user in (ANN, BOB, CAT):
        await tables.play(CHAN, user, "stake 1")
    await tables.play(CHAN, ANN, "done")
    r = await tables.play(CHAN, ANN, "aim a1")  # bob's forced draw follows (a reveal)
    assert r.forced == 1
    with pytest.raises(UndoRefused, match="revealed"):
        await tables.undo(CHAN, ANN, 1)
    # ann's stop (#5) is before the aim; one chosen move is the aim and the forced draw
    info = await tables.game_in(CHAN)
    live = (await tables.log_line(info.id)).live()
    flags = chosen_flags(
        {
            "kind": "tally",
            "players": ["ann", "bob", "cat"],
            "seed": 7,
            "options": {"must_draw": True},
            "moves": [[m.seat, m.move] for m in live],
        }
    )
    forced = [m.move for m, chosen in zip(live, flags, strict=True) if not chosen]
    assert flags[:3] == [True, True, True], "the stakes were chosen"
    assert forced and forced == ["draw"] * len(forced), "only first draws were forced"
    assert flags[-1] is False and flags[-1 - r.forced] is True, "the aim, then bob's draws"


def test_play_forced_stops_at_a_real_choice() -> None:
    game = new_game("tally", ["a", "b"], seed=1, options={"must_draw": True})
    game.play(0, "stake 1")
    game.play(1, "stake 1")
    before = game.decision_for(0)
    assert before is not None and len(before.options) == 1
    played = play_forced(game)
    assert [(f.seat, f.move) for f in played] == [(0, "draw")]
    after = game.decision_for(0)
    assert after is not None and len(after.options) == 2
    assert play_forced(game) == []


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "players", "moves"), [("algae", 3, 260), ("mars", 2, 220)])
async def test_no_one_option_decision_is_ever_asked(
    tables: Tables, kind: str, players: int, moves: int
) -> None:
    """Random play through the table layer: after every accepted move, no open decision of
    any seat has a single option (the table layer played it)."""
    users = [ANN, BOB, CAT][:players]
    tables.raw_seeds = True  # the raw seed: the test knows its draws
    await tables.create(kind, GUILD, CHAN, ANN, "ann", seed=11)
    for user, name in zip(users[1:], ["bob", "cat"], strict=False):
        await tables.join(CHAN, user, name)
    start = await tables.start(CHAN, ANN)
    rnd = random.Random(5)
    forced = 0
    for _ in range(moves):
        _, game = await tables.load(None, game_id=start.game_id)
        if game.over:
            break
        assert all(len(d.options) > 1 for d in game.pending()), game.pending()
        decision = rnd.choice(game.pending())
        option = rnd.choice(decision.options)
        r = await tables.play(
            None, users[decision.seat], option.move, seat=decision.seat, game_id=start.game_id
        )
        forced += r.forced
    assert forced > 0, "the playout met forced moves (and they were played)"
