"""The option checks Discord makes (and the bot repeats): ranges, lengths, choices, types."""

from __future__ import annotations

import pytest

from cogs.option_rules import problem

SCHEMA = {
    "name": "game",
    "options": [
        {
            "type": 1,
            "name": "new",
            "options": [
                {"type": 3, "name": "game", "required": True, "max_length": 20},
                {"type": 4, "name": "seats", "min_value": 1, "max_value": 8},
                {"type": 3, "name": "mode", "choices": [{"name": "A", "value": "a"}]},
                {"type": 6, "name": "who"},
                {"type": 5, "name": "flag"},
            ],
        }
    ],
}


def sub(*options: dict) -> list[dict]:
    return [{"type": 1, "name": "new", "options": list(options)}]


GAME = {"name": "game", "type": 3, "value": "algae"}


def test_what_discord_sends_passes() -> None:
    assert problem(SCHEMA, sub(GAME, {"name": "seats", "type": 4, "value": 8})) is None


@pytest.mark.parametrize(
    "options",
    [
        sub({"name": "seats", "type": 4, "value": 2}),  # required game missing
        sub(GAME, {"name": "seats", "type": 4, "value": 9}),
        sub(GAME, {"name": "seats", "type": 4, "value": 2**63}),
        sub(GAME, {"name": "seats", "type": 4, "value": "2"}),
        sub(GAME, {"name": "seats", "type": 4, "value": True}),
        sub({"name": "game", "type": 3, "value": "x" * 21}),
        sub(GAME, {"name": "mode", "type": 3, "value": "b"}),
        sub(GAME, {"name": "who", "type": 6, "value": "12a"}),
        sub(GAME, {"name": "flag", "type": 5, "value": "yes"}),
        sub(GAME, {"name": "nope", "type": 3, "value": "x"}),
        sub(GAME, GAME),
        [],
        "garbage",
    ],
)
def test_what_discord_refuses_is_refused(options) -> None:
    assert problem(SCHEMA, options) is not None


def test_autocomplete_checks_only_types_and_upper_bounds() -> None:
    typing = sub({"name": "seats", "type": 4, "value": 0, "focused": True})
    assert problem(SCHEMA, typing, autocomplete=True) is None
    assert problem(SCHEMA, sub({"name": "game", "type": 3, "value": "x" * 99}), autocomplete=True)
