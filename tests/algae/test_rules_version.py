"""Stored games keep their rules (issue 11): the rules are versioned in the Algae snapshot.

A snapshot stored before versions existed has no ``rules`` key: it is version 1 and finishes
on version 1's numbers and rules. ``tests/algae/scenarios/v1_game_*p.json`` are whole games
played and frozen under version 1 (before issue 11); they must still end with the same scores,
both replayed from their record (``options["rules"] = 1``) and continued from an old snapshot.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine  # noqa: F401
from engine.algae import data as D
from engine.algae import rules as R
from engine.core import Game, new_game, replay

HERE = Path(__file__).parent / "scenarios"
V1 = sorted(HERE.glob("v1_game_*p.json"))


def _record(rec: dict, **extra) -> dict:
    options = {**rec["options"], **extra}
    return {"kind": "algae", "players": rec["players"], "seed": rec["seed"],
            "options": options, "moves": rec["moves"]}  # fmt: skip


def _scores(game: Game) -> list[tuple[int, int, dict]]:
    return [(ln.vp, ln.rank, ln.breakdown) for ln in game.scores()]


def _frozen(rec: dict) -> list[tuple[int, int, dict]]:
    return [(f["vp"], f["rank"], f["breakdown"]) for f in rec["final"]]


def _strip_versions(snap: dict) -> dict:
    """What a snapshot stored before rules versions looked like."""
    snap = json.loads(json.dumps(snap))
    snap["options"].pop("rules", None)
    snap["state"].pop("rules", None)
    for p in snap["state"]["players"]:
        p.pop("rules", None)
    return snap


def test_there_are_version_1_games():
    assert [f.name for f in V1] == [f"v1_game_{n}p.json" for n in (1, 2, 3, 4)]


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_version_1_record_replays_on_version_1_rules(path: Path):
    rec = json.loads(path.read_text())
    game = replay(_record(rec, rules=1))
    assert game.over and game.s["rules"] == 1
    assert _scores(game) == _frozen(rec)


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_old_snapshot_finishes_on_old_rules(path: Path):
    """A snapshot without a rules version (stored before issue 11) is version 1: loaded
    mid-game it plays the rest of its moves to the frozen end."""
    rec = json.loads(path.read_text())
    half = len(rec["moves"]) // 2
    old = _strip_versions(replay(_record(rec, rules=1), upto=half).to_json())
    game = Game.from_json(old)
    assert "rules" not in game.s and R.version(game.s) == 1
    for seat, move in rec["moves"][half:]:
        game.play(seat, move)
    assert game.over and _scores(game) == _frozen(rec)


def test_version_1_differs_from_the_current_rules():
    """The same moves under the current rules do not give version 1's game (so the pin
    above is what keeps old games alive, not luck)."""
    rec = json.loads((HERE / "v1_game_4p.json").read_text())
    try:
        game = replay(_record(rec, rules=D.RULES_VERSION))
    except ValueError:
        return  # a move of the old game is not even legal under the new rules
    assert _scores(game) != _frozen(rec)


def test_new_games_carry_the_current_version():
    g = new_game("algae", ["a", "b"], seed=3)
    assert g.s["rules"] == D.RULES_VERSION
    assert all(p["rules"] == D.RULES_VERSION for p in g.s["players"])
    assert Game.from_json(g.to_json()).s["rules"] == D.RULES_VERSION
    with pytest.raises(ValueError, match="rules version"):
        new_game("algae", ["a"], seed=1, options={"rules": 99})
