"""On Mars's frame types, on the shared machine in engine/frames.py.

One shared stack (``s["stack"]``, top last) whose frames name the seat they ask
(``{"t": type, "seat": asked seat, ...}``). Since every frame carries its seat, the rules
modules write their callbacks as ``(g, frame)`` and ``(g, frame, move)``; this module adapts
them to the machine's ``(g, seat, frame)``. Apply runs with the frame already popped (it may
push itself back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.frames import Frames, Opt

FRAMES = Frames(per_seat=False)

push = FRAMES.push

MarsOptions = Callable[[Any, dict], list[Opt]]
MarsApply = Callable[[Any, dict, str], None]


def decision(
    t: str, prompt: str | Callable[[Any, dict], str]
) -> Callable[[MarsOptions], MarsOptions]:
    """Register the options function (and the prompt) of a decision frame."""

    def wrap(fn: MarsOptions) -> MarsOptions:
        ask = prompt
        FRAMES.decision(t, (lambda g, seat, f: ask(g, f)) if callable(ask) else ask)(
            lambda g, seat, f: fn(g, f)
        )
        return fn

    return wrap


def applies(t: str) -> Callable[[MarsApply], MarsApply]:
    """Register what answering a decision frame does."""

    def wrap(fn: MarsApply) -> MarsApply:
        FRAMES.applies(t)(lambda g, seat, f, move: fn(g, f, move))
        return fn

    return wrap
