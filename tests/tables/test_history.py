"""Views at earlier moves: what a late post draws, and what change marks compare with."""

from __future__ import annotations

from engine.core import new_game, replay
from tables.history import views_at
from tests.tables.conftest import ANN, BOB, CHAN, started


def played(moves: int):
    game = new_game("tally", ["a", "b"], seed=4)
    for _ in range(moves):
        decision = game.pending()[0]
        game.play(decision.seat, decision.options[0].move)
    return game


def test_views_at_match_a_replay_to_that_move() -> None:
    game = played(9)
    views = views_at(game, {0, 3, 7, 9, 42})
    assert sorted(views) == [0, 3, 7, 9], "versions beyond the game are ignored"
    for version in (0, 3, 7, 9):
        assert views[version] == replay(game.record(), upto=version).view(None)
    assert views[3] != views[9]


async def test_public_views_and_the_previous_post_version(tables) -> None:
    start = await started(tables)
    assert start.posted
    first = await tables.play(CHAN, ANN, "stake 1")
    assert first.posted, "ann is done for now: a post says the table waits for bob"
    result = await tables.play(CHAN, BOB, "stake 2")
    assert result.posted
    (post,) = await tables.posts(list(result.post_ids))
    assert post.payload["version"] == 2
    assert post.payload["previous"] == 1, "the version of the post before it"
    await tables.play(CHAN, ANN, "draw")  # the game moves on before the post is made
    info, over, views = await tables.public_views(result.game_id, {1, 2})
    assert not over and info.kind == "tally"
    assert views[2]["stage"] == "draw" and views[2]["hand"] == 0
    assert views[1]["stage"] == "stake"
