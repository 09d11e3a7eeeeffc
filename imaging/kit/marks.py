"""Change marks as plain JSON data, so a post can carry them instead of the board before.

A game's change marks are a dataclass of sets and of dicts of sets (seat -> fields, city ->
seats...). ``to_data`` turns one into JSON-able lists and string keys; ``from_data`` reads
it back (keys that are all digits become seats again; lists become sets).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def _plain(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _back(value: Any) -> Any:
    if isinstance(value, list):
        return set(value)
    if isinstance(value, dict):
        return {(int(k) if str(k).isdigit() else k): _back(v) for k, v in value.items()}
    return value


def to_data(marks: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(marks, f.name)) for f in dataclasses.fields(marks)}


def from_data(cls: type[T], data: dict[str, Any] | None) -> T:
    """``cls`` from ``to_data`` output; unknown keys are ignored, missing ones default."""
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    given = {k: _back(v) for k, v in (data or {}).items() if k in names}
    return cls(**given)
