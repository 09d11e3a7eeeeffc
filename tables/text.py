"""Bounds for untrusted text from users: display names, setting keys, options."""

from __future__ import annotations

import json
import re
from typing import Any

from tables.errors import LobbyError, TableError

MAX_NAME_CHARS = 64
MAX_KEY_CHARS = 64
MAX_OPTIONS_CHARS = 4000
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"\s+")


def shown(text: object, limit: int = 40) -> str:
    """What a user typed, as an answer may quote it: one line, no control or direction
    characters, at most ``limit`` characters."""
    return _SPACES.sub(" ", _CONTROL.sub("", str(text))).strip()[:limit]


def clean_name(name: object) -> str:
    """A display name: control and direction characters removed, spaces folded, at most
    64 characters (longer names are cut, not refused)."""
    if not isinstance(name, str):
        raise LobbyError("a name must be text")
    text = _SPACES.sub(" ", _CONTROL.sub("", name)).strip()[:MAX_NAME_CHARS].strip()
    if not text:
        raise LobbyError("the name is empty")
    return text


def clean_key(key: object) -> str:
    if not isinstance(key, str) or not key or len(key) > MAX_KEY_CHARS or _CONTROL.search(key):
        raise TableError(f"a setting name must be 1 to {MAX_KEY_CHARS} plain characters")
    return key


def clean_options(options: object) -> dict[str, Any]:
    """Game options: a JSON object of bounded size."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise LobbyError("options must be a JSON object")
    try:
        text = json.dumps(options)
    except (TypeError, ValueError) as exc:
        raise LobbyError(f"options must be plain JSON data ({exc})") from exc
    if len(text) > MAX_OPTIONS_CHARS:
        raise LobbyError(f"options are too long (at most {MAX_OPTIONS_CHARS} characters)")
    return json.loads(text)
