"""Scenario games for 1-4 players (move scripts from make_scenarios.py): the final scores are
regression pins, and each breakdown is recomputed here from the public end view with the
published tables (facts.md: KDC-Solo scoring.ts), independently of engine/mars/scoring.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine.mars  # noqa: F401
from engine.core import replay
from tests.mars.helpers import as_mars

HERE = Path(__file__).parent / "scenarios"
LAB = {1: 1, 2: 3, 3: 6, 4: 10}
PROGRESS = [0, 1, 2, 4, 7, 11]
SCI_TYPE = {
    "geologist": "gen",
    "rnd": "water",
    "hydrologist": "green",
    "biochemist": "oxy",
    "geochemist": "shelter",
    "systems": "mine",
}
CONTRACT = {"upgrade": (12, -6), "delivery": (9, -4)}
NEED = {
    "d-min": {"mineral": 4},
    "d-bat": {"mineral": 2, "battery": 3},
    "d-wat": {"mineral": 2, "water": 3},
    "d-oxy": {"mineral": 2, "oxygen": 3},
    "d-pla": {"mineral": 2, "plant": 3},
    "d-cry": {"mineral": 2, "crystal": 3},
}


def _complex(hexes: dict, h: str) -> set[str]:
    from engine.mars import hexmap as H

    b = hexes[h]["building"]
    key = (b["type"], b["owner"] if b["type"] == "shelter" else None)
    seen, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for n in H.NEIGHBOURS[x]:
            nb = hexes[n]["building"]
            if (
                n not in seen
                and nb
                and (nb["type"], nb["owner"] if nb["type"] == "shelter" else None) == key
            ):
                seen.add(n)
                todo.append(n)
    return seen


def recompute(view: dict, seat: int) -> dict[str, int]:
    me = view["seats"][seat]
    hexes = {h["id"]: h for h in view["map"]["hexes"]}
    adv = [h for h in hexes.values() if h["building"] and h["building"]["advanced"] is not None]
    out = {"op track": me["op"], "progress cubes": PROGRESS[len(me["progress"])]}
    out["techs"] = sum(LAB[view["techs"][t]["level"]] for t in me["techs"])
    out["ships"] = 3 * me["hangar"]
    bp = 0
    for b in me["built"]:
        bp += 5 if b.split("-")[1][0] == "3" else 3
    for b in me["blueprints"]:
        bp -= 5 if b.split("-")[1][0] == "3" else 3
    out["blueprints"] = bp
    out["scientists"] = sum(
        3 for s in me["scientists"] for h in adv if h["building"]["type"] == SCI_TYPE[s]
    )
    total = 0
    for c in me["contracts"]:
        if c["id"].startswith("u-"):
            kind = c["id"][2:]
            done = any(
                h["building"]["type"] == kind
                and h["building"]["advanced"] == seat
                and len(_complex(hexes, h["id"])) >= 4
                for h in adv
            )
            total += CONTRACT["upgrade"][0 if done else 1]
        else:
            done = all(c["items"].get(i, 0) >= n for i, n in NEED[c["id"]].items())
            total += CONTRACT["delivery"][0 if done else 1]
    out["contracts"] = total
    steps = sum(1 for n in (3, 5, 7, 9, 11, 12) if me["colonists_gained"] >= n)
    out["living quarters"] = [0, 3, 6, 10, 15, 21][max(steps - 1, 0)]
    return out


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_scenario_final_scores_and_breakdown(n: int) -> None:
    """GAP-31 final scoring on whole games; SCI-06, CONTRACT-02/03, ORBIT-06 recomputed."""
    rec = json.loads((HERE / f"game_{n}p.json").read_text())
    g = as_mars(replay(rec))
    assert g.over
    assert [[x.seat, x.vp] for x in g.scores()] == rec["final"]  # regression pin
    view = g.view(None)
    for line in g.scores():
        assert line.breakdown == recompute(view, line.seat)
        assert line.vp == sum(line.breakdown.values())
    ranks = sorted(g.scores(), key=lambda x: x.rank)
    assert [x.vp for x in ranks] == sorted((x.vp for x in ranks), reverse=True)
    # every Advanced marker on the map belongs to a Blueprint its owner built
    built = {b for s in view["seats"] for b in s["built"]}
    on_map = {
        h["building"]["blueprint"]
        for h in view["map"]["hexes"]
        if h["building"] and h["building"]["advanced"] is not None
    }
    assert built == on_map
    if n == 1:
        assert g.s["final"][0]["solo"]
