"""When the table layer makes a public post: one per completed turn, also in solo games."""

from __future__ import annotations

import random

from engine.core import Decision, Option
from tables import announce
from tests.tables.conftest import ANN, CHAN, GUILD


def decision(seat: int, version: int = 0) -> Decision:
    return Decision(seat, "p", (Option("x", "x"),), version)


def test_turn_ended_rules() -> None:
    before = [decision(0)]
    # the mover still acts, nobody new, same turn: a sub-choice, no post
    assert not announce.turn_ended(before, [decision(0, 1)], 0, False, ("t1", "t1"))
    # the game says a new turn began although the same (solo) player acts
    assert announce.turn_ended(before, [decision(0, 1)], 0, False, ("t1", "t2"))
    # the mover is done, or somebody else must act now, or the game ended
    assert announce.turn_ended(before, [decision(1)], 0, False)
    assert announce.turn_ended(before, [decision(0, 1), decision(1)], 0, False)
    assert announce.turn_ended(before, [], 0, True)
    # a simultaneous step (setup picks, Monday steps D and E, the weekend): the mover is
    # done while the others keep the very decision they had; nothing new to tell anyone, so
    # no post (the next post tells this move too)
    both = [decision(0), decision(1, 3)]
    assert not announce.turn_ended(both, [decision(1, 3)], 0, False, ("t1", "t1"))
    # ...but a post when the others' decision changed, a new seat must act, or it ended
    assert announce.turn_ended(both, [decision(1, 4)], 0, False, ("t1", "t1"))
    assert announce.turn_ended(both, [decision(1, 3), decision(2)], 0, False, ("t1", "t1"))
    assert announce.turn_ended(both, [decision(1, 3)], 0, True, ("t1", "t1"))
    # a game that does not name its turns posts each player's part (it cannot say the
    # step is one turn)
    assert announce.turn_ended(both, [decision(1, 3)], 0, False, (None, None))
    # a game without turn keys falls back on who is to act
    assert not announce.turn_ended(before, [decision(0, 1)], 0, False, (None, None))


async def test_solo_algae_posts_once_per_work_day(tables) -> None:
    """A solo game used to post only at the start and the end; now every turn posts."""
    await tables.create("algae", GUILD, CHAN, ANN, "ann", seats=1, seed=3)
    await tables.start(CHAN, ANN)
    rnd = random.Random(5)
    days_posted: set[str] = set()
    sub_choices = 0
    for _ in range(400):
        _, game = await tables.load(CHAN)
        state = game.s
        if state["week"] > 1:
            break
        key_before = game.turn_key()
        option = rnd.choice(game.pending()[0].options)
        result = await tables.play(CHAN, ANN, option.move)
        _, after = await tables.load(CHAN)
        assert result.posted == (key_before != after.turn_key() or result.over)
        if result.posted and state["phase"] == "work":
            days_posted.add(key_before)
        sub_choices += not result.posted
    assert len(days_posted) == 5, "one post for each of the five work days of week 1"
    assert sub_choices > 0, "sub-choices inside a turn edit the menu, they do not post"
