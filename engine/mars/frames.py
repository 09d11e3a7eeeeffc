"""The registry of pending-question frames (the same pattern as engine/algae/frames.py).

A frame is a dict ``{"t": type, "seat": asked seat, ...}`` on ``s["stack"]`` (top last).
Each type registers options (``[]``: finished, dropped), apply (one legal answer; the frame
is already popped and may push itself back), and a prompt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Opt = tuple[str, str] | tuple[str, str, str]
OPTIONS: dict[str, Callable[[Any, dict], list[Opt]]] = {}
APPLY: dict[str, Callable[[Any, dict, str], None]] = {}
PROMPTS: dict[str, Callable[[Any, dict], str]] = {}


def _fixed(text: str) -> Callable[[Any, dict], str]:
    return lambda g, f: text


def decision(t: str, prompt: str | Callable[[Any, dict], str]):
    def wrap(fn):
        OPTIONS[t] = fn
        PROMPTS[t] = prompt if callable(prompt) else _fixed(prompt)
        return fn

    return wrap


def applies(t: str):
    def wrap(fn):
        APPLY[t] = fn
        return fn

    return wrap


def push(g: Any, seat: int, t: str, **fields: Any) -> dict:
    frame = {"t": t, "seat": seat, **fields}
    g.s["stack"].append(frame)
    return frame
