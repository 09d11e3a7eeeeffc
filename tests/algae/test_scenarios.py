"""Whole games as move scripts (tests/algae/scenarios/*.json) for 1, 2, 3 and 4 players.

Each script was played by tests/algae/bot.py and frozen with its final scores. Replaying it
must give exactly those scores (a change to any rule that touches the game shows up here), and
the final breakdown must agree with the final state by the End of the Month rules
(ALG-WEEK-08, ruling ALG-GAP-20): 1 VP per city held, 1 per €5, 1 per 3 energy, and the ranks
follow VP then the tie-breaks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine  # noqa: F401
from engine.algae import data as D
from engine.algae.scoring import full_rows, tiebreak
from engine.core import replay

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("game_*p.json"))


def test_there_is_a_script_for_each_player_count():
    assert [f.name for f in FILES] == [f"game_{n}p.json" for n in (1, 2, 3, 4)]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_final_scores(path: Path):
    """ALG-WEEK-02, ALG-WEEK-08: the month ends after week 4 with the scripted scores."""
    rec = json.loads(path.read_text())
    game = replay({"kind": "algae", **{k: rec[k] for k in ("players", "seed", "options", "moves")}})
    assert game.over
    lines = game.scores()
    assert [ln.vp for ln in lines] == [f["vp"] for f in rec["final"]]
    assert [ln.rank for ln in lines] == [f["rank"] for f in rec["final"]]
    assert [ln.breakdown for ln in lines] == [f["breakdown"] for f in rec["final"]]
    for ln, p in zip(lines, game.s["players"], strict=True):
        assert sum(ln.breakdown.values()) == ln.vp
        held = sum(1 for c in game.s["cities"].values() if ln.seat in c["disks"])
        assert ln.breakdown.get("cities held", 0) == held * D.END_CITY_VP
        assert ln.breakdown.get("money", 0) == p["money"] // D.END_MONEY_PER_VP
        assert ln.breakdown.get("energy", 0) == p["energy"] // D.END_ENERGY_PER_VP
        assert ln.breakdown.get("grid rows", 0) == D.END_GRID_ROW_VP * full_rows(p)
        better = [
            o for o, q in zip(lines, game.s["players"], strict=True)
            if (o.vp, *tiebreak(q)) > (ln.vp, *tiebreak(p))
        ]  # fmt: skip
        assert ln.rank == 1 + len(better)
    turns = sum(1 for _, m in rec["moves"] if m.startswith("spot "))
    assert turns == D.WEEKS * D.DAYS * len(rec["players"])


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario_first_monday(path: Path):
    """ALG-MON-03, ALG-MON-05, ALG-MON-10, ALG-MON-15 (ruling ALG-GAP-01): before the first
    Work Week turn each player (who chose a second operator at setup) has €4 + €2 less €1 per
    cube bought from an empty tank, 1 + 1 science, and 2 more algae cubes, one per operator."""
    rec = json.loads(path.read_text())
    first_turn = next(i for i, (_, m) in enumerate(rec["moves"]) if m.startswith("spot "))
    assert all(m == "staff operators" for _, m in rec["moves"][: len(rec["players"])])
    base = {"kind": "algae", **{k: rec[k] for k in ("players", "seed", "options", "moves")}}
    start = replay(base, upto=len(rec["players"]))
    game = replay(base, upto=first_turn)
    assert game.s["phase"] == "work" and game.s["day"] == 1
    for seat, (before, after) in enumerate(zip(start.s["players"], game.s["players"], strict=True)):
        bought = sum(1 for s, m in rec["moves"][:first_turn] if s == seat and m.startswith("buy "))
        assert after["money"] == D.START_MONEY + 2 - bought  # ALG-MON-15: €1 from an empty tank
        assert after["science"] == D.START_SCIENCE + 1
        stored = sum(after["cells"][sp] for sp in D.SPECIES)
        moved_on = sum(n for c, n in after["cells"].items() if c not in D.SPECIES)
        assert stored + moved_on == sum(before["cells"][sp] for sp in D.SPECIES) + 2
