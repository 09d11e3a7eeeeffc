"""The one format of the bot's component custom ids: built here, parsed here (pure data).

A custom id carries everything a click needs after a restart (the game, the seat, the
decision version, the option). Discord clients can be modified, so a custom id or a select
value is input like any other: ``parse`` accepts only the exact shapes below, ASCII digits
and numbers that fit SQLite's 64-bit integers, and answers None for anything else. What a
well-formed id *claims* (its game, seat and version) is checked by the table layer against
where the click arrived.

    alg:play:{game}:{version}               the Play button of a public post
    alg:board:{game}:{version}              its "Full board" button (also for spectators)
    alg:o:{game}:{seat}:{version}:{index}   an option button of a private menu
    alg:s:{game}:{seat}:{version}           the option select (the value is the index)
    alg:g:{game}:{seat}:{version}           the section select of a big menu
    alg:b:{game}:{seat}:{version}           Back to the sections
    alg:u:{game}:{seat}:{version}           Undo my turn (the caller's moves not yet posted)
    alg:abort:{game} / alg:keep:{game}      abort confirmation / keep playing
    alg:join:{game} / alg:start:{game}      the lobby's Join and Start buttons
    alg:log:{game}:{page}                   a page of the (unfiltered) /log
    alg:resign:{game}                       resign confirmation
    alg:undo:{y|n}:{request}                answer to an undo request
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

PREFIX = "alg"
MAX_LENGTH = 100  # Discord's limit for a custom id
MAX_INT = 2**63 - 1  # what SQLite binds; bigger numbers would raise OverflowError
MAX_DIGITS = len(str(MAX_INT))
MAX_INDEX = 10_000  # an option or section index; decisions are far smaller

Action = Literal[
    "play",
    "board",
    "option",
    "select",
    "section",
    "back",
    "undo_turn",
    "abort",
    "keep",
    "resign",
    "undo",
    "join",
    "start",
    "log",
]

# tag in the id -> (action, the numeric fields in order)
_LAYOUT: dict[str, tuple[Action, tuple[str, ...]]] = {
    "play": ("play", ("game_id", "version")),
    "board": ("board", ("game_id", "version")),
    "o": ("option", ("game_id", "seat", "version", "index")),
    "s": ("select", ("game_id", "seat", "version")),
    "g": ("section", ("game_id", "seat", "version")),
    "b": ("back", ("game_id", "seat", "version")),
    "u": ("undo_turn", ("game_id", "seat", "version")),
    "abort": ("abort", ("game_id",)),
    "keep": ("keep", ("game_id",)),
    "join": ("join", ("game_id",)),
    "start": ("start", ("game_id",)),
    "log": ("log", ("game_id", "index")),
    "resign": ("resign", ("game_id",)),
}
_TAG = {action: tag for tag, (action, _) in _LAYOUT.items()}


@dataclass(frozen=True)
class CustomId:
    """A parsed custom id. Fields an action does not use stay None."""

    action: Action
    game_id: int | None = None
    seat: int | None = None
    version: int | None = None
    index: int | None = None
    request_id: int | None = None
    approve: bool | None = None

    def text(self) -> str:
        """The custom id string (``parse(cid.text()) == cid``)."""
        if self.action == "undo":
            return f"{PREFIX}:undo:{'y' if self.approve else 'n'}:{self.request_id}"
        tag = _TAG[self.action]
        values = [getattr(self, name) for name in _LAYOUT[tag][1]]
        return ":".join([PREFIX, tag, *(str(v) for v in values)])


def parse(text: str) -> CustomId | None:
    """The custom id ``text`` means, or None when it is not exactly one of ours."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        return None
    parts = text.split(":")
    if len(parts) < 3 or parts[0] != PREFIX:
        return None
    tag, rest = parts[1], parts[2:]
    if tag == "undo":
        if len(rest) != 2 or rest[0] not in ("y", "n"):
            return None
        request = number(rest[1])
        if request is None:
            return None
        return CustomId("undo", request_id=request, approve=rest[0] == "y")
    layout = _LAYOUT.get(tag)
    if layout is None or len(rest) != len(layout[1]):
        return None
    values: dict[str, Any] = {}  # the layout's int fields of CustomId
    for name, raw in zip(layout[1], rest, strict=True):
        value = number(raw, MAX_INDEX if name in ("index", "seat") else MAX_INT)
        if value is None:
            return None
        values[name] = value
    return CustomId(layout[0], **values)


def number(raw: str, limit: int = MAX_INT) -> int | None:
    """A non-negative decimal of ASCII digits up to ``limit``, else None (never raises:
    ``int()`` takes other scripts' digits, signs, spaces and underscores)."""
    if not isinstance(raw, str) or not 0 < len(raw) <= MAX_DIGITS:
        return None
    if not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return value if value <= limit else None


def select_index(values: list[str] | tuple[str, ...] | None) -> int | None:
    """The single index a select sent back (its ``values``), or None when malformed."""
    if not values or len(values) != 1:
        return None
    return number(values[0], MAX_INDEX)


# ------------------------------------------------------------------ builders
def play_id(game_id: int, version: int) -> str:
    return CustomId("play", game_id=game_id, version=version).text()


def board_id(game_id: int, version: int) -> str:
    return CustomId("board", game_id=game_id, version=version).text()


def option_id(game_id: int, seat: int, version: int, index: int) -> str:
    return CustomId("option", game_id=game_id, seat=seat, version=version, index=index).text()


def select_id(game_id: int, seat: int, version: int) -> str:
    return CustomId("select", game_id=game_id, seat=seat, version=version).text()


def section_id(game_id: int, seat: int, version: int) -> str:
    return CustomId("section", game_id=game_id, seat=seat, version=version).text()


def back_id(game_id: int, seat: int, version: int) -> str:
    return CustomId("back", game_id=game_id, seat=seat, version=version).text()


def undo_turn_id(game_id: int, seat: int, version: int) -> str:
    return CustomId("undo_turn", game_id=game_id, seat=seat, version=version).text()


def game_id_of(action: Action, game_id: int) -> str:
    """``alg:abort:{game}``, ``alg:keep:{game}`` or ``alg:resign:{game}``."""
    return CustomId(action, game_id=game_id).text()


def log_page_id(game_id: int, page: int) -> str:
    return CustomId("log", game_id=game_id, index=page).text()


def undo_id(request_id: int, approve: bool) -> str:
    return CustomId("undo", request_id=request_id, approve=approve).text()
