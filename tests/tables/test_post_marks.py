"""Turn posts carry their change marks, so the post path never replays the game: a post at
move 60 costs what one at move 5 does (issue 13). The marks are what the pictures would
compute from the board of the post before."""

from __future__ import annotations

import random

import imaging
import tables.history as history
from engine.core import replay
from tests.tables.conftest import ANN, BOB, CHAN, GUILD


async def _algae(tables) -> None:
    await tables.create("algae", GUILD, CHAN, ANN, "ann", seed=3)
    await tables.join(CHAN, BOB, "bob")
    await tables.start(CHAN, ANN)


async def _play(tables, moves: int, rnd: random.Random) -> list[int]:
    users = {0: ANN, 1: BOB}
    post_ids: list[int] = []
    for _ in range(moves):
        _, game = await tables.load(CHAN)
        if game.over:
            break
        decision = rnd.choice(game.pending())
        move = rnd.choice(decision.options).move
        result = await tables.play(CHAN, users[decision.seat], move, seat=decision.seat)
        post_ids += result.post_ids
    return post_ids


async def test_posts_carry_marks_and_nothing_is_replayed(tables, monkeypatch) -> None:
    await _algae(tables)
    calls: list[int] = []

    def counting(record, *args, **kwargs):
        calls.append(len(record.get("moves") or []))
        return replay(record, *args, **kwargs)

    monkeypatch.setattr(history, "replay", counting)
    post_ids = await _play(tables, 60, random.Random(8))
    assert len(post_ids) >= 5
    assert calls == [], "no post replayed the game to find the board before it"
    monkeypatch.undo()
    posts = await tables.posts(post_ids)
    assert all(isinstance(p.payload.get("marks"), dict) for p in posts if not p.payload["over"])
    changed = [p for p in posts if any(p.payload["marks"].values())]
    assert changed, "some turn changed something the pictures mark"
    last = posts[-1].payload
    _, _, views = await tables.public_views(posts[-1].game_id, {last["version"], last["previous"]})
    expected = imaging.changes("algae", views[last["version"]], views[last["previous"]])
    assert last["marks"] == expected


async def test_after_a_restart_the_board_before_is_replayed_once(tables) -> None:
    """The first post after the memory is lost (a restart) still gets correct marks."""
    await _algae(tables)
    await _play(tables, 20, random.Random(2))
    tables.committer.forget_announced()
    tables.games.forget_all()
    post_ids = await _play(tables, 20, random.Random(5))
    (first, *_) = await tables.posts(post_ids)
    data = first.payload
    _, _, views = await tables.public_views(first.game_id, {data["version"], data["previous"]})
    assert data["marks"] == imaging.changes(
        "algae", views[data["version"]], views[data["previous"]]
    )
