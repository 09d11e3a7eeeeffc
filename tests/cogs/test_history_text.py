"""Text of the history commands and of the final post: hostile names stay harmless."""

from __future__ import annotations

from cogs.history import LINE_LIMIT, log_line
from cogs.render import turn_text
from cogs.stats import stats_text
from tables.log import LogItem
from tables.results import KindStats

EVIL = "@everyone **bold** <@&123> " + "x" * 300


def item(**kw) -> LogItem:
    base = dict(seq=7, kind="move", seat=0, user_id=1, name=EVIL, move="draw", events=(EVIL,), at=0)
    return LogItem(**{**base, **kw})


def test_log_lines_are_escaped_bounded_and_mark_undos() -> None:
    for line in (log_line(item()), log_line(item(undone_by=9)), log_line(item(kind="undo"))):
        assert len(line) <= LINE_LIMIT
        assert "@everyone" not in line and "<@&123>" not in line and "**bold**" not in line
    assert log_line(item(undone_by=9)).endswith("(taken back at #9)")
    assert "~~" in log_line(item(undone_by=9))
    assert "↩" in log_line(item(kind="undo"))


def test_the_final_post_lists_breakdowns_and_who_resigned() -> None:
    payload = {
        "game_id": 3,
        "version": 12,
        "lines": ["bob resigned: the game ends"],
        "over": True,
        "resigned": [1],
        "scores": [
            {"seat": 0, "player": "ann", "vp": 9, "rank": 1, "breakdown": {"cards": 7, "aim": 2}},
            {"seat": 1, "player": EVIL, "vp": 12, "rank": 2, "breakdown": {EVIL: 12}},
        ],
    }
    text = turn_text(payload, "Tally", spectator=False)
    assert "1. ann: 9 VP\n-# cards 7 · aim 2" in text
    assert "VP (resigned)" in text and "@everyone" not in text and len(text) <= 2000


def test_stats_text() -> None:
    lines = [KindStats("tally", "Tally", 3, 1, 1, 12)]
    assert stats_text("ann", lines) == (
        "**ann** — finished games\n• Tally: 3 played, 1 won, 1 resigned, best 12 VP"
    )
    assert "not finished a game" in stats_text(EVIL, [])
    assert "@everyone" not in stats_text(EVIL, [])
