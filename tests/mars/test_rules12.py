"""Rules 12 (issue 9): every player's Colonists come home before the Living Quarters score
(RULINGS.md MARS-GAP-31), checked against rules 11, which games started before the change keep.

Source: a rules guide in Serbian (the data file of a rules-teaching app, stored in the tool
library), which cites the rulebook's page 21 for final scoring: "Pre bodovanja svi kolonisti sa
table na kojoj se nalazite i iz Working Area vraćaju se u spavaonice" (before scoring, all
Colonists from the side of the board you are on and from the Working Area return to the Living
Quarters). The same guide matched the stored rulebook on every rule we could check (the Tech Grid
rows, Storage, Minerals, the Living Quarters' capacity, the tie-breaks)."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove, new_game
from engine.mars import data as D
from engine.mars.flow import game_over
from engine.mars.scoring import lq_op
from tests.mars.helpers import P, as_mars, moves, new, play, refresh, turn
from tests.mars.player import play_game


def ended(rules: int):
    """Seat 0 with 3 Colonists home, 4 in the Working Area and 1 on an Orbit action, at the
    moment the game ends."""
    g = new(2, seed=6, rules=rules)
    turn(g, 0, "orbit")
    P(g).update(lq=3, wa=4)
    g.s["orbit_slots"]["learn"] = [0]
    game_over(g)
    return g


def test_gap31_rules12_colonists_come_home_before_the_living_quarters_score() -> None:
    """Rules 12: the Working Area's 4 and the Orbit slot's 1 join the 3 at home: 8 Colonists,
    the ladder's 10 OP (7 or more); the final scores count it."""
    g = ended(12)
    assert P(g)["lq"] == 8 and P(g)["wa"] == 0 and not g.s["orbit_slots"]["learn"]
    assert lq_op(g, P(g)) == 10
    assert g.s["final"][0]["breakdown"]["living quarters"] == 10


def test_gap31_rules11_scores_only_the_colonists_at_home() -> None:
    """Rules 11 (games started before the change): the 3 at home score 3 OP, as they did."""
    g = ended(11)
    assert P(g)["lq"] == 3 and P(g)["wa"] == 4
    assert g.s["final"][0]["breakdown"]["living quarters"] == 3


def test_gap31_rules12_scripted_games_end_with_everyone_home() -> None:
    """Rules 12 end to end: after the end nobody has a Colonist in the Working Area or on an
    Orbit action, and each Living Quarters score reads the Colonists at home."""
    for n, seed in ((2, 31), (4, 32)):
        g = play_game(n, seed)
        assert g.s["rules"] >= 12 and g.s["phase"] == "over"
        assert all(p["wa"] == 0 for p in g.s["players"])
        assert not any(g.s["orbit_slots"].values())
        for seat, p in enumerate(g.s["players"]):
            row = next(r for r in g.s["final"] if r["seat"] == seat)
            assert row["breakdown"]["living quarters"] == lq_op(g, p)


def test_new_games_get_rules_12_or_later() -> None:
    """RULINGS.md "Rules versions": new games start on rules 12 or later (MARS-GAP-31)."""
    assert as_mars(new_game("mars", ["a", "b"], seed=4)).s["rules"] == D.RULES_LATEST >= 12


def lab_game(rules: int, at_level_one: int):
    """Seat 0's Orbit turn holding ``at_level_one`` Techs in its Laboratory's first column,
    with Resources and crystals to pay any tile, 4 Colonists home."""
    g = new(2, seed=4, rules=rules)
    turn(g, 0, "orbit")
    P(g).update(lq=4, depot=3, wa=0, res={k: 3 for k in D.RESOURCES})
    for tid in g.s["grid"][:at_level_one]:
        g.s["grid"].remove(tid)
        g.s["grid_pos"].pop(tid, None)
        g.s["techs"][tid].update(owner=0, lvl=1)
        P(g)["techs"].append(tid)
    refresh(g)
    return g


def test_lab01_rules12_a_full_first_column_stops_learn_tech() -> None:
    """Rules 12 (the rulebook, Learn New Technology: "If both of these spaces already have a
    tile on them, you may not take this action"): with 2 Techs at level 1, Learn Tech is not
    offered and, asked for, is refused with the reason; rules 11 had no such limit."""
    g = lab_game(12, 2)
    assert "learn" not in moves(g)
    with pytest.raises(IllegalMove) as why:
        g.play(0, "learn")
    assert "first column" in str(why.value) and not g.s["turn"]["main"]
    assert "learn" in moves(lab_game(12, 1)) and "learn" in moves(lab_game(11, 2))


def test_lab01_rules12_the_boosts_second_tile_needs_the_second_space() -> None:
    """Rules 12: with one space left, Learn Tech takes one tile and offers no second one for a
    Colonist (rules 5's boost), so no Colonist is sent for a tile that cannot be placed."""
    g = lab_game(12, 1)
    play(g, "learn")
    first = moves(g)[0]
    play(g, first)
    while g.pending()[0].prompt.startswith("Laboratory"):
        play(g, moves(g)[-1])
    assert g.pending()[0].prompt.startswith("Round ")  # no "send 1 Colonist" second tile
    assert P(g)["wa"] == 0
    g = lab_game(11, 1)  # rules 11: the second tile is still offered
    play(g, "learn")
    play(g, moves(g)[0])
    while g.pending()[0].prompt.startswith("Laboratory"):
        play(g, moves(g)[-1])
    assert g.pending()[0].prompt == "Learn a Tech"
