"""What Discord enforces on a slash command's options, as one pure check.

Discord refuses to send a command whose options break the command's registered schema
(ranges, lengths, choices, types, required options). Clients can be modified and proxies
can be wrong, so the bot checks the same rules itself before any handler runs (the tree's
``interaction_check``); the test stand-in uses this module to refuse what Discord would
refuse. ``schema`` is a command as registered (``Command.to_dict``), ``sent`` the
``options`` of the interaction's data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10
SNOWFLAKES = (6, 7, 8, 9, 11)  # user, channel, role, mentionable, attachment
MAX_SAFE = 2**53  # Discord's integer options stay within ±2^53
MAX_STRING = 6000  # no string option is longer on Discord


def problem(schema: dict[str, Any], sent: Any, *, autocomplete: bool = False) -> str | None:
    """Why Discord would refuse these options, or None when they are fine.

    For autocomplete (the user is still typing) only types and upper bounds count."""
    if not isinstance(sent, list):
        return "the options are malformed"
    specs = {o.get("name"): o for o in schema.get("options") or []}
    seen: set[object] = set()  # the names as sent (not yet known to be text)
    for option in sent:
        if not isinstance(option, dict):
            return "an option is malformed"
        name = option.get("name")
        spec = specs.get(name)
        if spec is None or name in seen:
            return f"there is no option {str(name)[:40]!r} here"
        seen.add(name)
        if spec.get("type") in (SUB_COMMAND, SUB_GROUP):
            if len(sent) != 1:
                return "a subcommand comes alone"
            return problem(spec, option.get("options") or [], autocomplete=autocomplete)
        why = _value_problem(spec, option.get("value"), autocomplete=autocomplete)
        if why:
            return f"{name}: {why}"
    return _missing(specs, seen, sent, autocomplete=autocomplete)


def _missing(
    specs: dict[Any, dict[str, Any]], seen: set[object], sent: list, *, autocomplete: bool
) -> str | None:
    """A required option (not while typing) or a subcommand that was not sent."""
    if not autocomplete:
        for name, spec in specs.items():
            if spec.get("required") and name not in seen:
                return f"{name} is required"
    if any(s.get("type") in (SUB_COMMAND, SUB_GROUP) for s in specs.values()) and not sent:
        return "a subcommand is required"
    return None


def _value_problem(spec: dict[str, Any], value: Any, *, autocomplete: bool) -> str | None:
    check = _CHECKS.get(spec.get("type"))
    why = check(spec, value, autocomplete) if check else None
    if why:
        return why
    choices = spec.get("choices")
    if choices and not autocomplete and value not in [c.get("value") for c in choices]:
        return "that is not one of the choices"
    return None


def _text_problem(spec: dict[str, Any], value: Any, autocomplete: bool) -> str | None:
    if not isinstance(value, str):
        return "a text is expected"
    low, high = spec.get("min_length", 0), spec.get("max_length", MAX_STRING)
    if len(value) > high or (not autocomplete and len(value) < low):
        return f"the text must be {low} to {high} characters long"
    return None


def _number_problem(spec: dict[str, Any], value: Any, autocomplete: bool) -> str | None:
    wanted = (int,) if spec.get("type") == INTEGER else (int, float)
    if isinstance(value, bool) or not isinstance(value, wanted):
        return "a number is expected"
    if not -MAX_SAFE <= value <= MAX_SAFE or value != value:  # NaN (2^53 itself is allowed)
        return "the number is out of range"
    if autocomplete:
        return None
    low, high = spec.get("min_value"), spec.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        return f"the number must be from {low} to {high}"
    return None


def _boolean_problem(spec: dict[str, Any], value: Any, autocomplete: bool) -> str | None:
    return None if isinstance(value, bool) else "true or false is expected"


def _id_problem(spec: dict[str, Any], value: Any, autocomplete: bool) -> str | None:
    text = str(value) if isinstance(value, int | str) else ""
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        return "an id is expected"
    return None


# The check of each option type (Discord's type numbers); other types are not checked.
_CHECKS: dict[Any, Callable[[dict[str, Any], Any, bool], str | None]] = {
    STRING: _text_problem,
    INTEGER: _number_problem,
    NUMBER: _number_problem,
    BOOLEAN: _boolean_problem,
    **dict.fromkeys(SNOWFLAKES, _id_problem),
}
