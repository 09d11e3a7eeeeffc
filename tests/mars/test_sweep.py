"""The issue-9 measurement in small: the scripted player's games end by the published trigger
(three missions, with the colony's levels, or level 5), never by the round-30 guard, and the
sweep script reports them (the full table: python -m tests.mars.sweep 100)."""

from __future__ import annotations

import pytest

from tests.mars.player import play_game
from tests.mars.sweep import report, sweep


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scripted_games_end_by_the_published_trigger(players: int) -> None:
    for seed in range(3):
        game = play_game(players, 1000 + seed)
        view = game.view(None)
        assert game.over and view["ended_by"] in ("missions", "level"), (seed, view["round"])
        assert view["round"] < 30


def test_sweep_reports_every_action_and_mission(capsys) -> None:
    report([sweep(2, 2)])
    out = capsys.readouterr().out
    words = (
        "construct",
        "x develop",
        "x adv",
        "research",
        "progress",
        "cap hits",
        "offered",
        "techs",
    )
    for word in words:
        assert word in out
    assert "| 2 | 2 |" in out  # the row of the two 2-player games
