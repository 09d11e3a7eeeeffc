"""The registry of pending-question frames.

A frame is a dict with a type ``t`` on a seat's stack. Each type registers an options
function (what may be answered now; [] means the frame is finished and is dropped), an
apply function (one answer, already known to be legal), and a prompt. An ``auto`` frame asks
nothing: it runs as soon as it reaches the top of its stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Opt = tuple[str, str] | tuple[str, str, str]
OptionsFn = Callable[[Any, int, dict], list[Opt]]
ApplyFn = Callable[[Any, int, dict, str], None]
AutoFn = Callable[[Any, int, dict], None]

OPTIONS: dict[str, OptionsFn] = {}
APPLY: dict[str, ApplyFn] = {}
AUTO: dict[str, AutoFn] = {}
PROMPTS: dict[str, Callable[[Any, int, dict], str]] = {}
CHAIN: set[str] = set()  # frames that stay for several answers (they count down); others go


def _fixed(text: str) -> Callable[[Any, int, dict], str]:
    return lambda g, seat, f: text


def decision(t: str, prompt: str | Callable[[Any, int, dict], str], chain: bool = False):
    """Register the options function of a decision frame (``chain``: stays until empty)."""

    def wrap(options: OptionsFn) -> OptionsFn:
        OPTIONS[t] = options
        if chain:
            CHAIN.add(t)
        PROMPTS[t] = prompt if callable(prompt) else _fixed(prompt)
        return options

    return wrap


def applies(t: str):
    def wrap(fn: ApplyFn) -> ApplyFn:
        APPLY[t] = fn
        return fn

    return wrap


def auto(t: str):
    def wrap(fn: AutoFn) -> AutoFn:
        AUTO[t] = fn
        return fn

    return wrap


def push(g: Any, seat: int, t: str, **fields: Any) -> dict:
    frame = {"t": t, **fields}
    g.s["stacks"][seat].append(frame)
    return frame
