"""Issue 12 item 2: no option that does nothing. A Bot picked from the Bots' question must
step: "stop" with no step taken would waste the pick (MARS-MOVE-06's "up to" is the Bots'
own "stop moving Bots"), and the menu never offers "move the Bot · stop on ..."."""

from __future__ import annotations

from tables.lookahead import JOIN, steps
from tests.mars.helpers import P, clear_map, hx, moves, new, play, refresh, turn


def bots_question():
    g = new()
    clear_map(g)
    turn(g, 0, "colony")
    P(g)["depot"] = 0
    P(g)["bots"] = [hx(-1, 0)]
    refresh(g)
    play(g, "control", hx(1, 0), hx(2, -1))
    assert g.pending()[0].prompt.startswith("Move your Bots")
    return g


def test_a_picked_bot_must_step_before_it_can_stop() -> None:
    g = bots_question()
    assert "bot 1" in moves(g) and "done" in moves(g)
    play(g, "bot 1")
    assert "stop" not in moves(g), "stopping at once would do nothing"
    first = next(m for m in moves(g) if m != "stop")
    play(g, first)
    assert "stop" in moves(g), "after a step, the Bot may stop (MARS-MOVE-06: up to)"


def test_the_menu_pairs_a_bot_only_with_its_steps() -> None:
    g = bots_question()
    (decision,) = g.pending()
    labels = [s.option.label for s in steps(g, decision)]
    assert any(JOIN in label for label in labels), labels
    assert not [label for label in labels if f"{JOIN}stop on" in label], labels
