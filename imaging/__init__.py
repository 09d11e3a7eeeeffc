"""Pillow renderers: pure functions from an engine view (a dict) to PNG bytes.

Each game module registers its renderers here; callers (the table layer's terminal table,
the Discord cogs) ask by game kind and never import a game's renderer directly.

Pictures: "public" (the board posted after every turn, from ``view(None)``), "player" (one
player's department, from ``view(seat)``) and "final" (the final scores). A kind without
its own renderer for a picture gets the generic text card (``imaging.generic``).

A renderer may accept keyword arguments (the Algae public board takes ``previous=``, the
view before the last turn, to mark what changed); ``render`` passes on only those it takes.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

Renderer = Callable[..., bytes]
PICTURES = ("public", "player", "final")

# kind -> {"public": fn, "player": fn, "final": fn}
RENDERERS: dict[str, dict[str, Renderer]] = {}


def register(kind: str, picture: str, fn: Renderer) -> Renderer:
    RENDERERS.setdefault(kind, {})[picture] = fn
    return fn


def render(kind: str, picture: str, view: dict[str, Any], **extra: Any) -> bytes | None:
    """PNG bytes of ``picture`` ("public", "player" or "final") for ``kind``, or None.

    ``extra`` keyword arguments (such as ``previous=``) go to renderers that accept them.
    """
    fn = RENDERERS.get(kind, {}).get(picture)
    if fn is None:
        if picture not in PICTURES:
            return None
        fn = RENDERERS["*"][picture]
    return fn(view, **_accepted(fn, extra))


def _accepted(fn: Renderer, extra: dict[str, Any]) -> dict[str, Any]:
    if not extra:
        return {}
    params = inspect.signature(fn).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return extra
    return {k: v for k, v in extra.items() if k in params}


def _register_builtin() -> None:
    from imaging.generic import render_generic, render_generic_final

    register("*", "public", render_generic)
    register("*", "player", render_generic)
    register("*", "final", render_generic_final)
    try:
        import imaging.algae
    except ModuleNotFoundError as exc:  # the Algae engine is not in this checkout
        if not (exc.name or "").startswith(("imaging.algae", "engine.algae")):
            raise
    try:
        import imaging.mars  # noqa: F401  (registers "mars")
    except ModuleNotFoundError as exc:  # the On Mars engine is not in this checkout
        if not (exc.name or "").startswith(("imaging.mars", "engine.mars")):
            raise


_register_builtin()
