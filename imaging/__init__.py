"""Pillow renderers: pure functions from an engine view (a dict) to PNG bytes.

Each game's package ``imaging/<kind>/`` registers its renderers here when imported, which
``render`` does the first time it is asked for that kind; callers (the table layer's
terminal table, the Discord cogs) ask by game kind and never import a game's renderer.

Pictures: "card" (the phone-readable turn card posted after every turn), "public" (the full
board, from ``view(None)``: the post's "Full board" button and /board), "player" (one
player's own board, from ``view(seat)``) and "final" (the final scores). A kind without
its own renderer for a picture gets the generic text card (``imaging.generic``).

A renderer may accept keyword arguments (the Algae public board takes ``previous=``, the
view before the last turn, to mark what changed); ``render`` passes on only those it takes.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import threading
from collections.abc import Callable
from typing import Any

Renderer = Callable[..., bytes]
PICTURES = ("public", "player", "final", "card")

# kind -> {"public": fn, "player": fn, "final": fn}
RENDERERS: dict[str, dict[str, Renderer]] = {}
CHANGES: dict[str, Callable[..., dict[str, Any]]] = {}  # kind -> its change marks
_LOOKED_FOR: set[str] = set()  # kinds whose package imaging/<kind>/ was looked for
_LOOKING = threading.Lock()  # renders run in threads: one import, and none seen half done


def register(kind: str, picture: str, fn: Renderer) -> Renderer:
    RENDERERS.setdefault(kind, {})[picture] = fn
    return fn


def render(kind: str, picture: str, view: dict[str, Any], **extra: Any) -> bytes | None:
    """PNG bytes of ``picture`` ("public", "player" or "final") for ``kind``, or None.

    ``extra`` keyword arguments (such as ``previous=``) go to renderers that accept them.
    """
    fn = renderers(kind).get(picture)
    if fn is None:
        if picture not in PICTURES:
            return None
        fn = RENDERERS["*"][picture]
    return fn(view, **_accepted(fn, extra))


def renderers(kind: str) -> dict[str, Renderer]:
    """The renderers of ``kind``; the first call imports ``imaging/<kind>/`` if there is one."""
    if kind not in _LOOKED_FOR:
        with _LOOKING:
            name = f"{__name__}.{kind}"
            if kind not in _LOOKED_FOR and kind.isidentifier() and importlib.util.find_spec(name):
                importlib.import_module(name)
            _LOOKED_FOR.add(kind)
    return RENDERERS.get(kind, {})


def changes(
    kind: str, view: dict[str, Any], previous: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The change marks between two public views as JSON data (``marks=`` of the public
    board and the turn card), or None for a kind that marks nothing. A post carries them, so
    drawing it never needs the board before."""
    renderers(kind)  # imports imaging/<kind>/, which registers its marks
    fn = CHANGES.get(kind)
    return None if fn is None else fn(view, previous)


def register_changes(kind: str, fn: Callable[..., dict[str, Any]]) -> None:
    """``fn(view, previous)``: the change marks of ``kind`` as JSON data (see ``changes``)."""
    CHANGES[kind] = fn


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
    register("*", "card", render_generic)


_register_builtin()
