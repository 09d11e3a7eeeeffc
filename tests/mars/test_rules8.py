"""Rules 8 (issue 9): a Red Colonist's cost paid with Colonists as the published rulebook allows
(RULINGS.md MARS-GAP-03), each test naming its ruling and checking that rules 7, which games
started before the change keep, still plays as it did.

Source: the rulebook (XPRTZ/boardgameassistant, On Mars English rulebook, Main board actions,
Red Colonist): "for each other player color of Colonists already present, you must either pay
1 Crystal or move a Colonist from your Living Quarters to your Working Area. ... If two or more
other colors of Colonists are present, you can combine paying Crystals and/or Colonists." and
"2-player game: The additional cost to take the action is 1 Crystal / Colonist for each
Colonist (both yours and your opponent's) already on Action slots."; Teal Colonist: "Any
Colonists in your Working Area are returned to your Living Quarters at the end of the round if
you travel."."""

from __future__ import annotations

import random

import pytest

from ai.mars_player import Player
from engine.core import IllegalMove, new_game
from engine.mars import data as D
from engine.mars.flow import recover
from tests.mars.helpers import P, as_mars, new, turn
from tests.mars.player import play_game

LEARN = "Learn a Tech from the Tech Grid"


def ready(rules: int = 8, n: int = 3, others: tuple[int, ...] = (1,), depot: int = 1, lq: int = 3):
    """Seat 0's turn in Orbit with ``others`` on Learn Tech's slots, ``depot`` crystals, ``lq``
    Colonists home."""
    g = new(n, seed=3, rules=rules)
    turn(g, 0, "orbit")
    g.s["orbit_slots"]["learn"] = list(others)
    p = P(g)
    p.update(depot=depot, gcry=0, lq=lq, wa=0)
    g.invalidate()
    return g


def ask(g):
    d = g.pending()[0]
    return d.seat, d.prompt, {o.move: o.label for o in d.options}


def test_gap03_the_player_chooses_crystal_or_colonist() -> None:
    """MARS-GAP-03, rules 8: with a crystal and a spare Colonist the player is asked, before the
    action's own question, how to pay; cost first in each label; a Colonist sent goes to the
    Working Area and the crystal stays."""
    g = ready()
    label = ask(g)[2]["learn"]
    assert label == f"{LEARN} (place a Colonist, pay 1 crystal or 1 Colonist)"
    g.play(0, "learn")
    seat, prompt, opts = ask(g)
    assert seat == 0 and prompt.startswith(f"Pay for the Colonists already on {LEARN}")
    assert opts == {
        "wa0": f"1 crystal: {LEARN}",
        "wa1": f"1 Colonist to the Working Area: {LEARN}",
    }
    g.play(0, "wa1")
    p = P(g)
    assert (p["depot"], p["lq"], p["wa"]) == (1, 1, 1)
    assert g.s["orbit_slots"]["learn"] == [1, 0]
    assert ask(g)[1].startswith("Learn a Tech")


def test_gap03_paying_the_crystal_keeps_the_colonists() -> None:
    """MARS-GAP-03, rules 8: the crystal chosen, no Colonist leaves the Living Quarters but the
    one placed."""
    g = ready()
    g.play(0, "learn")
    g.play(0, "wa0")
    p = P(g)
    assert (p["depot"], p["lq"], p["wa"]) == (0, 2, 0)


def test_gap03_one_way_only_is_never_asked() -> None:
    """MARS-GAP-03, rules 8: no crystal means Colonists, no spare Colonist means the crystal,
    and the player is not asked; no cost, nothing paid."""
    g = ready(depot=0, lq=2)
    assert ask(g)[2]["learn"] == f"{LEARN} (place a Colonist, 1 more to the Working Area)"
    g.play(0, "learn")
    assert ask(g)[1].startswith("Learn a Tech")
    assert (P(g)["lq"], P(g)["wa"]) == (0, 1)
    g = ready(depot=1, lq=1)
    assert ask(g)[2]["learn"] == f"{LEARN} (place a Colonist, pay 1 crystal)"
    g.play(0, "learn")
    assert ask(g)[1].startswith("Learn a Tech")
    assert (P(g)["depot"], P(g)["lq"], P(g)["wa"]) == (0, 0, 0)
    g = ready(others=(), depot=0, lq=1)
    assert ask(g)[2]["learn"] == f"{LEARN} (place a Colonist)"


def test_gap03_two_colours_combine_crystals_and_colonists() -> None:
    """MARS-GAP-03, rules 8 with 3-4 players: two other colours cost 2, paid any mix the player
    can afford (1 crystal: 1 + 1 or 2 Colonists)."""
    g = ready(n=4, others=(1, 2, 2))
    g.play(0, "learn")
    assert ask(g)[2] == {
        "wa1": f"1 crystal + 1 Colonist to the Working Area: {LEARN}",
        "wa2": f"2 Colonists to the Working Area: {LEARN}",
    }
    g.play(0, "wa2")
    assert (P(g)["depot"], P(g)["lq"], P(g)["wa"]) == (1, 0, 2)


def test_gap03_two_players_count_every_colonist() -> None:
    """MARS-GAP-03, rules 8, 2 players: each Colonist there, one's own too, costs 1 crystal or
    1 Colonist."""
    g = ready(n=2, others=(), depot=1, lq=3)
    g.s["orbit_slots"]["resupply"] = [0, 1]
    g.invalidate()
    g.play(0, "resupply")
    assert set(ask(g)[2]) == {"wa1", "wa2"}


def test_gap03_learn_tech_keeps_a_crystal_for_its_row() -> None:
    """MARS-GAP-03 with MARS-GAP-02 (rules 8): Learn Tech is offered when Colonists pay the
    placement and leave the crystal a Tech Grid row needs, and only such payments are offered."""
    g = ready(depot=1, lq=3)
    g.s["grid"] = [t for t in g.s["grid"] if g.s["grid_pos"][t] >= D.GRID_ROW]  # 1 crystal
    g.invalidate()
    assert "learn" in ask(g)[2]
    g.play(0, "learn")
    assert ask(g)[1].startswith("Learn a Tech")  # not asked: only the Colonist way leaves 1
    assert (P(g)["depot"], P(g)["lq"], P(g)["wa"]) == (1, 1, 1)


def test_gap03_an_impossible_payment_is_refused_with_the_reason() -> None:
    """MARS-GAP-03, rules 8: not offered, and asking for it says why."""
    g = ready(depot=0, lq=1)
    assert "learn" not in ask(g)[2]
    with pytest.raises(IllegalMove, match="costs 1 for the Colonists already there") as exc:
        g.play(0, "learn")
    assert "you have 0 crystal(s) and 0 Colonist(s) besides the one you place" in str(exc.value)
    g = ready(depot=3, lq=0)
    with pytest.raises(IllegalMove, match="needs a Colonist from your Living Quarters"):
        g.play(0, "Learn")


def test_gap03_colonists_sent_come_back_when_the_player_travels() -> None:
    """MARS-GAP-03 with GAP-17 (the Teal Colonist rule): the Working Area empties into the
    Living Quarters on travel, the placed Colonist with it."""
    g = ready(depot=0, lq=2)
    g.play(0, "learn")
    recover(g, 0)
    assert (P(g)["lq"], P(g)["wa"]) == (2, 0)


def test_gap03_rules7_pays_crystals_only() -> None:
    """MARS-GAP-03, rules 7 (games started before rules 8): the crystal is the only payment,
    without a question; no crystal, no action, refused as before."""
    g = ready(rules=7)
    assert ask(g)[2]["learn"] == f"{LEARN} (place a Colonist, pay 1 crystal)"
    g.play(0, "learn")
    assert ask(g)[1].startswith("Learn a Tech")
    assert (P(g)["depot"], P(g)["lq"], P(g)["wa"]) == (0, 2, 0)
    g = ready(rules=7, depot=0, lq=3)
    assert "learn" not in ask(g)[2]
    with pytest.raises(IllegalMove, match="'learn' is not a legal move now"):
        g.play(0, "learn")


def test_gap03_the_scripted_player_pays_with_a_spare_colonist_when_crystals_are_short() -> None:
    """MARS-GAP-03, rules 8 (ai/mars_player.py): short of crystals it sends a Colonist while one
    stays home; with plenty of crystals (RICH) it pays the crystal and keeps its Colonists."""
    for depot, lq, want in ((1, 3, "wa1"), (5, 3, "wa0"), (1, 2, "wa0")):
        g = ready(n=4, others=(1,), depot=depot, lq=lq)
        g.play(0, "learn")
        d = g.pending()[0]
        assert Player(0, random.Random(1)).choose(g, d) == want, (depot, lq)


def test_gap03_a_rules7_game_finishes_on_rules_7() -> None:
    """MARS-GAP-03 / "Rules versions": a game started on rules 7 plays to its end with scripted
    players, never asked how to pay and never sending a Colonist to pay."""
    g = as_mars(new_game("mars", ["a", "b", "c"], seed=12, options={"rules": 7}))
    players = [Player(i, random.Random(12 + i)) for i in range(3)]
    texts = []
    while g.pending():
        d = g.pending()[0]
        assert not d.prompt.startswith("Pay for the Colonists")
        texts += [e.text for e in g.play(d.seat, players[d.seat].choose(g, d))]
    assert g.s["rules"] == 7 and g.s["phase"] == "over" and g.s["final"]
    assert any("boost the action" in t for t in texts)  # the log is read
    assert not any("Colonists already on the action" in t for t in texts)


def test_gap03_a_rules8_game_pays_with_colonists() -> None:
    """MARS-GAP-03, rules 8: the same game on rules 8 (scripted players) sends Colonists to the
    Working Area to pay for Red Colonists and still ends by the published trigger."""
    texts: list[str] = []
    g = play_game(3, 12, options={"rules": 8}, texts=texts)
    assert g.s["rules"] == 8 and g.s["phase"] == "over" and g.s["final"]
    assert any("Colonists already on the action" in t for t in texts)


def test_new_games_get_rules_8_or_later() -> None:
    """RULINGS.md "Rules versions": new games start on rules 8 (MARS-GAP-03) or later."""
    assert D.RULES_LATEST >= 8
    assert as_mars(new_game("mars", ["a", "b"], seed=4)).s["rules"] >= 8
