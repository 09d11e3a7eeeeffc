"""The benchmark's end-to-end area (``python3 bot.py --bench e2e``) in small: it plays a game
through the stand-in and times what it says. It stopped working unseen once, when the answer
to a move stopped saying "more to decide": it waited 30 s for a post that mid-turn moves never
make, then failed."""

from __future__ import annotations

import pytest

from benchmarks import e2e

pytestmark = pytest.mark.e2e


async def test_the_e2e_benchmark_times_posts_and_answers() -> None:
    answers, posts, _menus, lag_ms = await e2e._phase("algae", games=1, posts=3)
    assert len(posts) == 3, "a post with the board after every turn it timed"
    assert len(answers) > len(posts), "mid-turn moves answer too, without a post"
    assert all(0 < t < e2e.QUIET for t in posts)
    assert lag_ms > 0, "the bot's event-loop lag, read from its log"
