"""A turn post says what happened (issue 12 item 10): echoes of control words ("ann:
stop") are left out, and when a long turn is cut the first line (the spot taken, the
action chosen) stays, in the table layer's payload and in the post's text."""

from __future__ import annotations

from cogs.render import MAX_POST_LINES, turn_text
from tables.announce import payload, summary


def test_echoes_of_control_words_are_left_out() -> None:
    lines = [
        "ann moves to spot 2b (Activate engineers)",
        "ann activates 1 engineer",
        "ann: Stop (unspent points are lost)",
        "bob: end your turn",
        "ann: Take the alternate action (€1, a choice token, an algae cube or a move)",
    ]
    shown, dropped = summary(lines)
    assert shown == [lines[0], lines[1], lines[4]] and dropped == 0
    assert summary(["bob: Take no more algae"]) == (["bob: Take no more algae"], 0)


def test_a_long_turn_keeps_its_first_line() -> None:
    lines = ["ann moves to spot 5a (Activate any machine)"] + [
        f"ann moves a cube Station 1 → Station 2 ({i})" for i in range(60)
    ]
    shown, dropped = summary(lines, limit=40)
    assert shown[0] == lines[0] and shown[-1] == lines[-1] and len(shown) == 40
    assert dropped == 21
    data = payload(1, "algae", 9, lines, (), False, ())
    assert data["lines"][0] == lines[0] and data["dropped_lines"] == 21
    text = turn_text(data, "Algae, Inc.", spectator=True)
    assert lines[0] in text and lines[-1] in text
    assert text.count("• ") == MAX_POST_LINES and "more line(s) in /log" in text
