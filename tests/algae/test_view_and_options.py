"""The view, options, labels, grouping and defaults of Algae, Inc. (contract behaviour)."""

from __future__ import annotations

import json

import pytest

import engine
from engine.algae import data as D
from engine.algae.game import AlgaeGame
from engine.core import new_game
from tests.algae.helpers import ask, at_work, labels, moves, new, play, player


def test_registered_on_engine_import():
    spec = engine.GAMES["algae"]
    assert (spec.title, spec.min_players, spec.max_players) == ("Algae, Inc.", 1, 4)
    assert "departments" in spec.option_help


def test_departments_option_is_validated():
    with pytest.raises(ValueError, match="one department per seat"):
        new_game("algae", ["a", "b"], seed=1, options={"departments": ["food"]})
    with pytest.raises(ValueError, match="unknown department"):
        new_game("algae", ["a"], seed=1, options={"departments": ["steel"]})
    with pytest.raises(ValueError, match="twice"):
        new_game("algae", ["a", "b"], seed=1, options={"departments": ["food", "food"]})


def test_seeded_setup_varies_and_repeats():
    """ALG-GAP-01 ruling: departments, contracts, city tokens, first player from the seed."""
    a = new_game("algae", ["a", "b", "c"], seed=5)
    b = new_game("algae", ["a", "b", "c"], seed=5)
    assert a.to_json() == b.to_json()
    setups = set()
    for seed in range(12):
        g = new_game("algae", ["a", "b", "c"], seed=seed)
        assert isinstance(g, AlgaeGame)
        s = g.s
        setups.add(
            (
                tuple(p["dept"] for p in s["players"]),
                tuple(p["contract"] for p in s["players"]),
                s["cities"]["lyon"]["token"],
                s["first"],
            )
        )
    assert len(setups) >= 10


def test_scale_of_components():
    """The issue's scale: 20+ cities mostly within 3 steps; 5 strips; science grid zones cost
    0-3 engineering and 2-5 science."""
    from engine.algae.export import distances

    assert len(D.CITIES) >= 20
    near = sum(1 for c in D.CITIES if any(0 < d <= 3 for d in distances()[c].values()))
    assert near == len(D.CITIES)
    assert all(len(distances()[c]) == len(D.CITIES) for c in D.CITIES)  # connected
    assert len(D.STRIPS) == 5 and all(len(s) == 2 for s in D.STRIPS)
    assert D.ZONE_ENG == (0, 1, 2, 3) and D.ZONE_SCI == (2, 3, 4, 5)
    assert len(D.WEEKEND_STRIP) == len(D.SPOTS) + 1


def test_view_schema_is_complete_and_json():
    g = at_work(["cosmetics", "bioplastics", "food", "biofuel"])
    view = g.view(None)
    json.dumps(view)
    for key in ("board", "cities", "tanks", "milestones", "seats", "to_act", "last", "scores"):
        assert key in view
    assert view["to_act"] == [g.s["turn"]]
    seat = view["seats"][0]
    for key in ("staff", "machines", "factory", "department_board", "grid", "side_board"):
        assert key in seat
    assert len(seat["grid"]["cells"]) == 24
    city = view["cities"][0]
    assert {"name", "x", "y", "demand", "disks", "token", "links"} <= set(city)
    assert len(view["board"]["strips"]) == 5
    assert view["last"]["move"]
    assert g.view(0)["you"] == 0 and g.view(None)["you"] is None


def test_labels_state_costs_and_gains():
    g = new(["cosmetics"])
    p = player(g)
    p["cells"]["cream"] = 2
    p["money"] = 9
    g.s["cities"]["lyon"]["disks"] = [0]
    g.s["cities"]["paris"]["token"] = "energy2"
    g.s["bonus_tiles"][0] = "money1"
    ask(g, 0, "export", n=1)
    assert labels(g)["export paris"] == (
        "Export to Paris: demand 5, transport €1, bonus 2 energy, week bonus €1"
    )


def test_big_decisions_are_grouped():
    """More than 25 options: every option has a group (regions for exports, zones for the
    science grid)."""
    g = new(["cosmetics"])
    p = player(g)
    p["cells"]["serum"] = 4
    p["money"] = 50
    p["cities"] = list(D.CITIES)[:10]
    for c in p["cities"]:
        g.s["cities"][c]["disks"].append(0)
    ask(g, 0, "export", n=1)
    d = g.decision_for(0)
    assert d is not None
    assert len(d.options) > 25 and all(o.group for o in d.options)
    for item in p["grid_items"]:
        p["grid_items"][item] = []
    p["science"] = 10
    ask(g, 0, "sci_pos", tile="transport")
    d = g.decision_for(0)
    assert d is not None
    assert len(d.options) > 25 and all(o.group.startswith("Zone") for o in d.options)


def test_one_export_2x_tile_per_turn():
    """ALG-TOKEN-07: after a tile was used this turn, no other is offered."""
    g = new()
    player(g)["disks"] = D.DISKS - 5  # x1 and x3 unlocked
    g.s["x_turn"] = True
    ask(g, 0, "after")
    assert moves(g) == ["hold"]
    g.s["x_turn"] = False
    ask(g, 0, "after")
    assert "2x x3" in moves(g)


def test_default_moves_are_safe():
    g = at_work(["food"])
    assert g.default_move(0) == "spot 1a"
    play(g, 0, "spot 1a")
    assert g.default_move(0) == "alt"
    play(g, 0, "alt")
    assert g.default_move(0) == "money"


def test_running_scores_and_final_breakdown():
    g = new(["cosmetics", "food"])
    player(g, 0)["vp"] = {"staff": 3}
    player(g, 1)["vp"] = {}
    lines = g.scores()
    assert [ln.vp for ln in lines] == [3, 0] and lines[0].rank == 1
    player(g, 1)["vp"] = {"staff": 3}
    player(g, 1)["money"] = player(g, 0)["money"] + 1
    lines = g.scores()
    assert [ln.rank for ln in lines] == [2, 1]  # tie on VP: more money wins


def test_solo_rating_at_the_end():
    from engine.algae.scoring import solo_rating

    assert (
        solo_rating(0) == "trainee" and solo_rating(40) == "good" and solo_rating(99) == "legendary"
    )
    g = new(["biofuel"])
    from tests.algae.helpers import finish_with_defaults

    finish_with_defaults(g)
    assert g.view(None)["solo_rating"] in {name for _, name in D.SOLO_LADDER}


def test_science_and_engineering_tile_labels_say_what_they_do():
    """ALG-SCI-11, ALG-ENG-06: a player choosing a tile reads what it unlocks or does."""
    from engine.algae import board as B
    from engine.algae.science import eng_text

    for dept in D.DEPT_NAMES:
        p = player(new([dept]))
        for tile in D.DEPARTMENTS[dept]["tiles"]:
            text = B.tile_text(p, tile)
            assert text and " ," not in text and "unlock" not in text, (dept, tile, text)
        for tile in [*D.ENG_TILES, *D.COMBO_SHAPES]:
            assert eng_text(p, tile)
    g = new(["food"])
    assert B.tile_text(player(g), "store_brown") == "opens brown algae storage; brown tank +1"
    assert B.tile_text(player(g), "belt_sec").startswith("opens secondary belt 4 (may gain")
    p = player(g)
    assert eng_text(p, "cap1") == "a machine's capacity 3"
    p["upg"]["engineers"] = True
    assert eng_text(p, "cap1") == "a machine's capacity 4"  # flipped (ALG-UPG-03)


def test_team_and_export_2x_labels():
    """Team labels name the tasks (both, in order, with the team upgrade; ALG-TEAM-02); the
    export/2x tile says which Monday income icons leave with it (ALG-TOKEN-08, ALG-MON-06)."""
    from engine.algae.workweek import team_label

    p = player(new())
    assert team_label(p, "engineers") == (
        "Activate your 1 engineer: 1 point(s), up to 1 tile(s) from your grid"
    )
    p["staff"]["operators"] = 3
    p["upg"]["operators"] = True
    assert team_label(p, "operators") == "Activate your 3 operators: take algae, then export"
    g = new()
    player(g)["disks"] = D.DISKS - 3  # x1 unlocked: two € icons; x2 half uncovered
    g.s["x_turn"] = False
    ask(g, 0, "after")
    assert labels(g)["2x x1"].endswith("the tile leaves: no more €1 + €1 each Monday")


def test_operators_offer_only_what_can_be_done():
    """Issue 12 item 2 (ALG-OPER-01/02): with no goods to deliver, "Export" is not offered;
    with no algae to take either, the operators' question asks nothing (it is skipped)."""
    g = new()
    p = player(g)
    ask(g, 0, "oper")
    offered = set(moves(g))
    assert "export" not in offered, "nothing to deliver at the start"
    assert offered == {"algae"}, offered
    for sp in list(g.s["tanks"]):  # no algae anywhere and no money to buy any
        g.s["tanks"][sp]["n"] = 0
    p["money"] = 0
    ask(g, 0, "oper")
    assert "oper" not in [f["t"] for f in g.s["stacks"][0]], "a question with nothing to do"
