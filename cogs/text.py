"""Pure text helpers for Discord: escaping hostile user text, bounding lengths, paging.

Nothing here touches discord.py objects except the escaping functions of discord.utils, so
it is all unit-tested directly (tests/cogs/test_text.py).
"""

from __future__ import annotations

import re

import discord

MESSAGE_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
EMBED_FIELD_VALUE_LIMIT = 1024
EMBED_FOOTER_LIMIT = 2048
EMBED_TOTAL_LIMIT = 6000
LABEL_LIMIT = 80
SELECT_DESCRIPTION_LIMIT = 100
CHOICE_NAME_LIMIT = 100
CHOICE_VALUE_LIMIT = 100
MAX_OPTIONS = 25
NAME_LIMIT = 40

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
_MASS = re.compile(r"@(everyone|here)", re.IGNORECASE)
_ID_MENTION = re.compile(r"<(@[!&]?|#)(\d+)>")


def clip(text: str, limit: int, ellipsis: str = "…") -> str:
    """``text`` cut to at most ``limit`` characters, marking the cut."""
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(ellipsis))] + ellipsis


def clean(text: str, limit: int = NAME_LIMIT) -> str:
    """User text for one line: control and bidi characters out, spaces folded, clipped."""
    text = _CONTROL.sub("", str(text)).replace("\n", " ")
    return clip(" ".join(text.split()), limit)


def safe(text: str, limit: int = NAME_LIMIT) -> str:
    """User text made harmless in a post: no pings, no markdown, one bounded line.

    ``allowed_mentions`` already stops pings; neutralising the text as well keeps a name
    like ``@everyone`` or ``<@&role>`` from even looking like one, and markdown escaping
    stops ``**``, ``||`` or a stray backtick from breaking the rest of the message.
    """
    text = clean(text, limit)
    text = _MASS.sub("@\u200b\\1", text)
    text = _ID_MENTION.sub(lambda m: f"<{m.group(1)}\u200b{m.group(2)}>", text)
    return discord.utils.escape_markdown(text)


def label(text: str, limit: int = LABEL_LIMIT) -> str:
    """A button/select label: one line, bounded. Labels never ping nor render markdown."""
    return clean(text, limit) or "?"


def relative_time(unix: float | None) -> str:
    """``<t:UNIX:R>``: each reader sees it in their own time zone."""
    return f"<t:{int(unix)}:R>" if unix else "just now"


def paginate(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pack lines into pages of at most ``limit`` characters; over-long lines are cut."""
    pages: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        line = clip(line, limit)
        extra = len(line) + (1 if current else 0)
        if current and size + extra > limit:
            pages.append("\n".join(current))
            current, size = [], 0
            extra = len(line)
        current.append(line)
        size += extra
    if current:
        pages.append("\n".join(current))
    return pages or [""]


def page_of(lines: list[str], page: int, limit: int = MESSAGE_LIMIT) -> tuple[str, int, int]:
    """Page ``page`` (1-based, clamped) of ``lines``: (text, page, pages)."""
    pages = paginate(lines, limit)
    page = min(max(1, page), len(pages))
    return pages[page - 1], page, len(pages)
