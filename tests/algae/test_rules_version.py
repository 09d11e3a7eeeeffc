"""Stored games keep their rules (issue 11): the rules are versioned in the Algae snapshot.

A snapshot stored before versions existed has no ``rules`` key: it is version 1 and finishes
on version 1's numbers and rules. ``tests/algae/scenarios/v1_game_*p.json`` are whole games
played and frozen under version 1 (before issue 11); they must still end with the same scores,
both replayed from their record (``options["rules"] = 1``) and continued from an old snapshot.
``v2_game_*p.json`` were frozen under version 2 (issue 11's third pass, before the fourth
pass retuned Cosmetics and Food): replayed and continued from a version-2 snapshot, they end
with their frozen scores too.
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
V2 = sorted(HERE.glob("v2_game_*p.json"))


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


def test_there_are_version_1_and_2_games():
    assert [f.name for f in V1] == [f"v1_game_{n}p.json" for n in (1, 2, 3, 4)]
    assert [f.name for f in V2] == [f"v2_game_{n}p.json" for n in (1, 2, 3, 4)]


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


@pytest.mark.parametrize("path", V2, ids=lambda p: p.stem)
def test_version_2_game_replays_and_continues_on_version_2_rules(path: Path):
    """A game begun on rules 2 ends as it would have on rules 2, replayed from its record
    and loaded mid-game from its snapshot (which carries ``rules: 2``)."""
    rec = json.loads(path.read_text())
    assert rec["options"]["rules"] == 2
    game = replay(_record(rec))
    assert game.over and game.s["rules"] == 2
    assert _scores(game) == _frozen(rec)
    half = len(rec["moves"]) // 2
    mid = Game.from_json(replay(_record(rec), upto=half).to_json())
    assert R.version(mid.s) == 2 and all(R.version(p) == 2 for p in mid.s["players"])
    for seat, move in rec["moves"][half:]:
        mid.play(seat, move)
    assert mid.over and _scores(mid) == _frozen(rec)


@pytest.mark.parametrize("version", [1, 2])
def test_older_versions_have_their_own_department_boards(version: int):
    """ALG-GAP-14, rules 3: Cosmetics' red → Station 1 belt costs €1 (was: gain 1 energy),
    a Bioplastics pair adds 3 (was 2), a fresh Food snack is worth 4 (was 3); versions 1
    and 2 keep the old numbers."""
    now, old = D.DEPARTMENTS, R.get(version, "DEPARTMENTS")
    sec1 = {b[0]: b[1:3] for b in now["cosmetics"]["secondary"]}["sec1"]
    assert sec1 == ("red>s1", "pay1")
    assert {b[0]: b[1:3] for b in old["cosmetics"]["secondary"]}["sec1"] == ("red>s1", "energy")
    assert now["bioplastics"]["pair_bonus"] == 3 and old["bioplastics"]["pair_bonus"] == 2
    assert "+2 value" in old["bioplastics"]["rule"] and "+3 value" in now["bioplastics"]["rule"]
    assert now["food"]["values"]["snack"][0] == 4 and old["food"]["values"]["snack"][0] == 3
    assert now["food"]["values"]["snack_old"][0] == old["food"]["values"]["snack_old"][0] == 2


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
