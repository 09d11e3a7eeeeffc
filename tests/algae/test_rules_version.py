"""Stored games keep their rules (issue 11): the rules are versioned in the Algae snapshot.

A snapshot stored before versions existed has no ``rules`` key: it is version 1 and finishes
on version 1's numbers and rules. ``tests/algae/scenarios/vN_game_*p.json`` are whole games
played and frozen under version N (1: before issue 11; 2: before the rules-3 balance change);
they must still end with the same scores, both replayed from their record
(``options["rules"] = N``) and continued from a snapshot stored mid-game.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine  # noqa: F401
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.game import AlgaeGame
from engine.algae.state import contract_fits
from engine.core import Game, new_game, replay

HERE = Path(__file__).parent / "scenarios"
V1 = sorted(HERE.glob("v1_game_*p.json"))
OLD = sorted(HERE.glob("v[0-9]_game_*p.json"))  # every older version's frozen games


def _algae(game: Game) -> AlgaeGame:
    assert isinstance(game, AlgaeGame)
    return game


def _version(path: Path) -> int:
    return int(path.name[1])


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


def test_there_are_games_of_every_older_version():
    want = [f"v{v}_game_{n}p.json" for v in range(1, D.RULES_VERSION) for n in (1, 2, 3, 4)]
    assert [f.name for f in OLD] == want


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_old_record_replays_on_its_own_rules(path: Path):
    v = _version(path)
    rec = json.loads(path.read_text())
    game = _algae(replay(_record(rec, rules=v)))
    assert game.over and game.s["rules"] == v
    assert all(p["rules"] == v for p in game.s["players"])
    assert _scores(game) == _frozen(rec)


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_snapshot_stored_mid_game_finishes_on_its_own_rules(path: Path):
    """A game stored half-way (its snapshot, as the tables keep it) plays the rest of its
    moves to the frozen end after the rules moved on."""
    v = _version(path)
    rec = json.loads(path.read_text())
    half = len(rec["moves"]) // 2
    game = Game.from_json(replay(_record(rec, rules=v), upto=half).to_json())
    for seat, move in rec["moves"][half:]:
        game.play(seat, move)
    assert game.over and _scores(game) == _frozen(rec)


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_old_snapshot_finishes_on_old_rules(path: Path):
    """A snapshot without a rules version (stored before issue 11) is version 1: loaded
    mid-game it plays the rest of its moves to the frozen end."""
    rec = json.loads(path.read_text())
    half = len(rec["moves"]) // 2
    old = _strip_versions(replay(_record(rec, rules=1), upto=half).to_json())
    game = _algae(Game.from_json(old))
    assert "rules" not in game.s and R.version(game.s) == 1
    for seat, move in rec["moves"][half:]:
        game.play(seat, move)
    assert game.over and _scores(game) == _frozen(rec)


@pytest.mark.parametrize("v", range(1, D.RULES_VERSION))
def test_old_version_differs_from_the_current_rules(v: int):
    """The same moves under the current rules do not give an old version's game (so the
    pins above are what keep old games alive, not luck)."""
    rec = json.loads((HERE / f"v{v}_game_4p.json").read_text())
    try:
        game = replay(_record(rec, rules=D.RULES_VERSION))
    except ValueError:
        return  # a move of the old game is not even legal under the new rules
    assert _scores(game) != _frozen(rec)


def test_new_games_carry_the_current_version():
    g = _algae(new_game("algae", ["a", "b"], seed=3))
    assert g.s["rules"] == D.RULES_VERSION
    assert all(p["rules"] == D.RULES_VERSION for p in g.s["players"])
    assert _algae(Game.from_json(g.to_json())).s["rules"] == D.RULES_VERSION
    with pytest.raises(ValueError, match="rules version"):
        new_game("algae", ["a"], seed=1, options={"rules": 99})


def test_a_new_players_board_is_the_one_its_rules_version_prints(monkeypatch):
    """A player set up on an older version gets that version's board: its covered storage and
    the contracts its products fit. Checked with a made-up older board whose Cosmetics covers
    another storage than today's and makes one product type (before, setup read the current
    board)."""
    import copy

    covered = D.DEPARTMENTS["cosmetics"]["locked"][0]
    other = next(sp for sp in D.SPECIES if sp not in (covered, "green"))
    old = copy.deepcopy(R.get(1, "DEPARTMENTS"))
    cos = old["cosmetics"]
    cos["locked"] = (other,)
    cos["values"] = {c: (v, "cream") for c, (v, _) in cos["values"].items()}
    monkeypatch.setitem(R.LEGACY[1], "DEPARTMENTS", old)
    for seed in range(6):
        options = {"departments": ["cosmetics"], "rules": 1}
        g = _algae(new_game("algae", ["a"], seed=seed, options=options))
        p = g.s["players"][0]
        assert (p["cells"][other], p["cells"][covered]) == (0, D.START_ALGAE)
    assert not contract_fits("cosmetics", "variety", 1)  # one product type on that board
    assert contract_fits("cosmetics", "variety")
    now_game = _algae(new_game("algae", ["a"], seed=1, options={"departments": ["cosmetics"]}))
    now = now_game.s["players"][0]
    assert (now["cells"][other], now["cells"][covered]) == (D.START_ALGAE, 0)
