"""The renderer's view (schema in engine/mars/view.py) and option labels."""

from __future__ import annotations

import json

from engine.mars import data as D
from tests.mars.helpers import P, new, play, turn


def test_view_has_everything_a_renderer_needs() -> None:
    g = new(4)
    v = g.view(None)
    for key in (
        "map",
        "tech_grid",
        "techs",
        "laboratory",
        "blueprints",
        "scientists",
        "missions",
        "warehouse",
        "lss",
        "turn_spaces",
        "order",
        "seats",
        "to_act",
        "last",
        "scores",
        "level",
        "shuttle",
        "building_tiles",
        "building_cost",
    ):
        assert key in v, key
    assert len(v["map"]["hexes"]) == 61
    h = v["map"]["hexes"][30]
    assert {"id", "q", "r", "x", "y", "building", "crystal", "tile", "bots", "rovers"} <= set(h)
    seat = v["seats"][0]
    for key in (
        "resources",
        "depot",
        "below",
        "depot_slots",
        "living_quarters",
        "working_area",
        "ships_on_depot",
        "hangar",
        "bots",
        "rover",
        "techs",
        "progress",
        "blueprints",
        "scientists",
        "contracts",
        "op",
        "side",
    ):
        assert key in seat, key
    json.dumps(v)


def test_research_tile_identity_is_public_but_goals_are_not() -> None:
    g = new(2)
    text = json.dumps(g.view(1))
    for gid in P(g, 0)["goals"]:
        assert D.goal_text(gid) not in json.dumps(g.view(1)["seats"][0])
    assert "goals" in g.view(1)["seats"][1] and text


def test_labels_state_costs_and_gains() -> None:
    g = new()
    turn(g, 0, "colony")
    P(g)["res"]["mineral"] = 3
    g.invalidate()
    play(g, "construct")
    labels = " ".join(o.label for o in g.pending()[0].options)
    assert "pay 1 mineral" in labels and "gain battery" in labels
    turn(g, 0, "orbit")
    g.s["orbit_slots"]["learn"] = [0]
    g.invalidate()
    label = next(o.label for o in g.pending()[0].options if o.move == "learn")
    assert "pay 1 crystal" in label


def test_hex_choices_are_grouped_by_row() -> None:
    g = new()
    turn(g, 0, "colony")
    P(g)["bots_left"] = 3
    from engine.mars.frames import push

    P(g)["bots"] = []
    for h in list(g.s["hex"]):
        if g.s["hex"][h]["b"] and g.s["hex"][h]["b"]["type"] == "shelter":
            g.s["hex"][h]["b"] = None
    push(g, 0, "botplace")
    g.invalidate()
    d = g.pending()[0]
    assert len(d.options) > 25 and all(o.group.startswith("row ") for o in d.options)
