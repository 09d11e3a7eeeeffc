"""Pillow renderers: pure functions from an engine view (a dict) to PNG bytes.

Each game module registers its renderers here; callers (the table layer's terminal table,
the Discord cogs) ask by game kind and never import a game's renderer directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Renderer = Callable[[dict[str, Any]], bytes]

# kind -> {"public": fn, "player": fn, "final": fn}
RENDERERS: dict[str, dict[str, Renderer]] = {}


def register(kind: str, picture: str, fn: Renderer) -> Renderer:
    RENDERERS.setdefault(kind, {})[picture] = fn
    return fn


def render(kind: str, picture: str, view: dict[str, Any]) -> bytes | None:
    """PNG bytes of ``picture`` ("public", "player" or "final") for ``kind``, or None."""
    fn = RENDERERS.get(kind, {}).get(picture)
    return fn(view) if fn is not None else None
