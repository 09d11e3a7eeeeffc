"""Pure helpers of the cogs: autocomplete choices, options parsing, post text, retries."""

from __future__ import annotations

import pytest

from cogs.errors import UserFacingError, describe
from cogs.game import parse_options
from cogs.play import matching_choices
from cogs.posting import post_mentions, retry_delay
from cogs.render import turn_text
from engine.core import Decision, IllegalMove, Option
from tables.errors import NotYourTurn


def test_autocomplete_filters_by_label_or_move_and_caps_at_25() -> None:
    d = Decision(0, "p", tuple(Option(f"aim a{i}", f"Target A{i}") for i in range(30)), 1)
    assert len(matching_choices([d], "")) == 25
    typed = [c.value for c in matching_choices([d], "target a2")]
    assert typed[0] == "aim a2" and len(typed) == 11  # the exact match first, then a20-a29
    assert [c.name for c in matching_choices([d], "A29")] == ["Target A29"]
    assert [c.value for c in matching_choices([d], "a1")][:2] == ["aim a1", "aim a10"]
    long = Decision(0, "p", (Option("x" * 150, "Long"), Option("ok", "Fine")), 1)
    assert [c.value for c in matching_choices([long], "")] == ["ok"]


def test_parse_options_accepts_json_or_pairs_and_refuses_garbage() -> None:
    assert parse_options(None) is None and parse_options("  ") is None
    assert parse_options('{"a": 1}') == {"a": 1}
    assert parse_options("short=true, rounds=3, name=x") == {
        "short": True,
        "rounds": 3,
        "name": "x",
    }
    for bad in ("{nope", "[1, 2]", "just words", "x" * 2000):
        with pytest.raises(UserFacingError):
            parse_options(bad)


def payload(**extra):
    base = {
        "game_id": 4,
        "kind": "tally",
        "version": 7,
        "lines": ["@everyone drew 3"] * 30,
        "to_act": [{"seat": 1, "user_id": 55, "name": "**bob**", "prompt": "Draw", "version": 7}],
        "mentions": [55],
        "over": False,
        "scores": [],
    }
    base.update(extra)
    return base


def test_turn_text_mentions_only_in_the_game_channel_and_escapes_names() -> None:
    text = turn_text(payload(), "Tally", spectator=False)
    assert "<@55>" in text and "@everyone" not in text and len(text) <= 2000
    assert "in /log" in text  # the 30 lines were cut to the last ones
    mirror = turn_text(payload(), "Tally", spectator=True)
    assert "<@55>" not in mirror and "\\*\\*bob\\*\\*" in mirror


def test_turn_text_stays_under_2000_characters_whatever_the_lines() -> None:
    text = turn_text(payload(lines=["y" * 5000] * 40), "T" * 500, spectator=False)
    assert len(text) <= 2000


def test_final_post_lists_the_scores() -> None:
    scores = [{"seat": 0, "player": "ann", "vp": 12, "rank": 1}]
    text = turn_text(payload(over=True, scores=scores), "Tally", spectator=False)
    assert "over" in text and "ann: 12 VP" in text


def test_post_mentions_are_explicit_and_limited() -> None:
    am = post_mentions(payload(), spectator=False).to_dict()
    assert am["parse"] == [] and am["users"] == [55]
    assert post_mentions(payload(), spectator=True).to_dict()["users"] == []


def test_retry_delay_backs_off_and_caps() -> None:
    assert [retry_delay(n, 1.0) for n in range(4)] == [1, 2, 4, 8]
    assert retry_delay(50, 1.0) == 300
    assert [retry_delay(n, 0.25) for n in range(3)] == [0.25, 0.5, 1.0]


def test_retry_delay_reads_its_base_from_the_environment(monkeypatch) -> None:
    monkeypatch.delenv("ALGAE_RETRY_BASE", raising=False)
    assert retry_delay(2) == 4
    monkeypatch.setenv("ALGAE_RETRY_BASE", "0.5")
    assert retry_delay(2) == 2


def test_expected_errors_have_a_message_bugs_do_not() -> None:
    illegal = describe(IllegalMove("nope", ["draw"]))
    assert illegal is not None and "not legal" in illegal
    assert describe(NotYourTurn("it is not your turn")) == "it is not your turn"
    assert describe(UserFacingError("plain")) == "plain"
    assert describe(KeyError("bug")) is None


def test_autocomplete_finds_words_of_an_options_detail() -> None:
    """Issue 12 item 11: typing "export" finds the spot whose detail says so, even when
    its label (cut to fit a button) does not."""
    from engine.core import Decision, Option

    d = Decision(
        0,
        "Day 1: move your supervisor",
        (
            Option("spot 1a", "Spot 1a: Activate any team", "", "operators take algae or export"),
            Option("spot 1b", "Spot 1b: Recruit a staff member"),
        ),
        3,
    )
    assert [c.value for c in matching_choices([d], "export")] == ["spot 1a"]


def test_on_mars_standings_say_op_not_vp() -> None:
    """Issue 12 item 6: the game says OP; the final post and /stats follow it."""
    import engine  # noqa: F401  (registers both games)
    from cogs.render import turn_text
    from cogs.stats import stats_text
    from tables.results import KindStats

    scores = [{"seat": 0, "player": "ann", "vp": 31, "rank": 1, "breakdown": {}}]
    mars = turn_text({"kind": "mars", "over": True, "scores": scores}, "On Mars", spectator=True)
    algae = turn_text({"kind": "algae", "over": True, "scores": scores}, "Algae", spectator=True)
    assert "31 OP" in mars and "VP" not in mars
    assert "31 VP" in algae
    line = stats_text("ann", [KindStats("mars", "On Mars", 1, 1, 0, 31)])
    assert "best 31 OP" in line


def test_a_name_of_invisible_characters_falls_back() -> None:
    """A nickname of only zero-width or direction characters would be refused as an empty name
    by the table layer (a join would fail): the user name stands in, then "player" and the end
    of the id (review h1)."""
    from types import SimpleNamespace

    from cogs.services import display_name

    ghost = "\u200b\u200e"
    assert display_name(SimpleNamespace(display_name="Ann", name="ann1", id=1)) == "Ann"
    assert display_name(SimpleNamespace(display_name=ghost, name="ann1", id=1)) == "ann1"
    who = SimpleNamespace(display_name=ghost, name=ghost, id=123456789)
    assert display_name(who) == "player 6789"
