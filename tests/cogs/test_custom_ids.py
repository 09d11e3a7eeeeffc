"""One custom-id format: what the bot builds parses back; anything else parses to None."""

from __future__ import annotations

import pytest

from cogs import custom_ids
from cogs.custom_ids import CustomId, parse, select_index

BIG = 2**63  # one past SQLite's integers: binding it raised OverflowError


def test_every_id_the_bot_builds_parses_back_to_what_it_carries() -> None:
    built = {
        custom_ids.play_id(7, 12): CustomId("play", game_id=7, version=12),
        custom_ids.option_id(7, 1, 12, 3): CustomId(
            "option", game_id=7, seat=1, version=12, index=3
        ),
        custom_ids.select_id(7, 1, 12): CustomId("select", game_id=7, seat=1, version=12),
        custom_ids.section_id(7, 1, 12): CustomId("section", game_id=7, seat=1, version=12),
        custom_ids.back_id(7, 1, 12): CustomId("back", game_id=7, seat=1, version=12),
        custom_ids.game_id_of("abort", 7): CustomId("abort", game_id=7),
        custom_ids.game_id_of("keep", 7): CustomId("keep", game_id=7),
        custom_ids.game_id_of("resign", 7): CustomId("resign", game_id=7),
        custom_ids.undo_id(5, True): CustomId("undo", request_id=5, approve=True),
        custom_ids.undo_id(5, False): CustomId("undo", request_id=5, approve=False),
    }
    for text, expected in built.items():
        assert parse(text) == expected, text
        assert expected.text() == text


def test_the_formats_of_posts_already_made_stay_the_same() -> None:
    assert custom_ids.play_id(7, 12) == "alg:play:7:12"
    assert custom_ids.option_id(7, 1, 12, 3) == "alg:o:7:1:12:3"
    assert custom_ids.undo_id(5, True) == "alg:undo:y:5"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "alg",
        "alg:",
        "alg:o:1:0:1",  # an option without its index
        "alg:o:1:0:1:2:3",  # one field too many
        "alg:play:1",
        "alg:zz:1:2",
        "xyz:play:1:2",
        "alg:play:-1:2",
        "alg:play:+1:2",
        "alg:play: 1:2",
        "alg:play:1_0:2",
        "alg:play:١:2",  # Arabic-Indic digit: int() would take it
        "alg:play:²:2",
        f"alg:play:{BIG}:2",
        f"alg:o:{BIG}:0:1:0",
        f"alg:abort:{BIG}",
        f"alg:resign:{'9' * 40}",
        f"alg:undo:y:{BIG}",
        "alg:undo:maybe:1",
        "alg:o:1:0:1:100000",  # an index no decision has
        "alg:play:1:2\n",
        "alg:play:1:" + "1" * 200,
    ],
)
def test_malformed_or_out_of_range_ids_are_refused(text: str) -> None:
    assert parse(text) is None


def test_the_largest_sqlite_integer_is_still_an_id() -> None:
    assert parse(f"alg:play:{BIG - 1}:0") == CustomId("play", game_id=BIG - 1, version=0)


@pytest.mark.parametrize(
    "values", [None, [], ["1", "2"], ["x"], ["-1"], ["1.0"], [""], [str(BIG)], ["٣"]]
)
def test_select_values_that_are_not_one_small_index_are_refused(values) -> None:
    assert select_index(values) is None


def test_a_select_value_is_its_index() -> None:
    assert select_index(["12"]) == 12
