"""The turn post's picture: the turn card at the post's own move, with the changes since the
post before marked (the ``marks`` the post carries, or ``previous=`` for a post from before
marks were carried), and the final picture for the last post."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cogs import posting
from engine.core import new_game
from tables.history import views_at
from tables.models import Post


class FakeTables:
    """Just what the poster asks of the table layer, over a real engine game."""

    def __init__(self, moves: int) -> None:
        self.game = new_game("tally", ["a", "b"], seed=2)
        for _ in range(moves):
            decision = self.game.pending()[0]
            self.game.play(decision.seat, decision.options[0].move)

        self.asked: list[set[int]] = []

    async def public_views(self, game_id: int, versions: set[int]):
        self.asked.append(set(versions))
        info = SimpleNamespace(kind="tally", status="active")
        return info, self.game.over, views_at(self.game, set(versions))


def fake_bot(tables: FakeTables) -> Any:
    """A stand-in for the bot (typed Any, as it is no ``commands.Bot``): the poster reads
    only its ``tables``."""
    return SimpleNamespace(tables=tables)


def post(payload: dict[str, Any]) -> Post:
    return Post(1, 9, 100, "turn", payload, 0, 0.0, None, None, None, False)


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, dict, dict]]:
    calls: list[tuple[str, dict, dict]] = []

    async def fake_picture(kind: str, which: str, view: dict, **extra: Any) -> bytes:
        calls.append((which, view, extra))
        return b"png"

    monkeypatch.setattr(posting, "picture", fake_picture)
    return calls


async def test_a_late_post_shows_its_own_move_and_marks_changes(drawn) -> None:
    tables = FakeTables(moves=6)
    cog = posting.Posting(fake_bot(tables))
    png = await cog._picture(post({"version": 3, "previous": 1}))
    assert png == b"png"
    [(which, view, extra)] = drawn
    assert which == "card"
    assert view == views_at(tables.game, {3})[3], "the board at move 3, not at move 6"
    assert extra["previous"] == views_at(tables.game, {1})[1]


async def test_a_post_with_marks_needs_no_board_before(drawn) -> None:
    """The post path costs the same at move 500 as at move 5: the marks and the lines ride
    with the post, so only the post's own move is asked for (the live game: no replay)."""
    tables = FakeTables(moves=6)
    cog = posting.Posting(fake_bot(tables))
    marks = {"fields": {"0": ["vp"]}}
    await cog._picture(post({"version": 6, "previous": 2, "marks": marks, "lines": ["a: +1"]}))
    assert tables.asked == [{6}]
    [(which, _, extra)] = drawn
    assert which == "card"
    assert extra == {"marks": marks, "lines": ["a: +1"]}


async def test_the_final_post_draws_the_final_picture(drawn) -> None:
    tables = FakeTables(moves=4)
    cog = posting.Posting(fake_bot(tables))
    await cog._picture(post({"version": 4, "previous": 2, "over": True}))
    assert drawn[0][0] == "final"
