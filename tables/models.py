"""Plain results the table layer returns (no discord.py, no SQL)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Decision, ScoreLine


@dataclass(frozen=True)
class Where:
    """Where a click or command arrived: its guild (None in a DM) and channel. A control
    counts only where its game lives, whatever its custom id claims."""

    guild_id: int | None
    channel_id: int | None


@dataclass(frozen=True)
class MenuOpening:
    """What the Play button opens: the caller's first open decision, and how many seats
    of theirs have one (hot-seat menus say which seat)."""

    decision: Decision
    open_seats: int


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class GameInfo:
    """A game as the front ends see it. ``status``: lobby, active, finished, aborted, broken."""

    id: int
    kind: str
    title: str
    guild_id: int | None
    channel_id: int
    status: str
    host_id: int
    seats: tuple[SeatInfo, ...]
    seed: int
    options: dict[str, Any]
    hotseat: bool
    max_seats: int
    min_players: int
    version: int
    created_at: float
    updated_at: float
    started_at: float | None = None
    ended_at: float | None = None
    broken_reason: str | None = None
    # the last move whose lines went into a public post: a Play button of an older post
    # is out of date once this moves past the version it was posted at
    announced_seq: int = 0

    def seats_of(self, user_id: int) -> tuple[SeatInfo, ...]:
        return tuple(s for s in self.seats if s.user_id == user_id)

    def seat(self, seat: int) -> SeatInfo | None:
        for s in self.seats:
            if s.seat == seat:
                return s
        return None


@dataclass(frozen=True)
class ToAct:
    """A seat with an open decision; ``since`` is when that decision opened (unix time)."""

    seat: int
    user_id: int
    name: str
    prompt: str
    version: int
    since: float | None = None


def mentions_of(acting: tuple[ToAct, ...]) -> tuple[int, ...]:
    """The distinct users to ping for these seats, first seen first (a seat held by
    nobody, user id 0, or by an AI, a negative id, pings no one)."""
    return tuple(dict.fromkeys(t.user_id for t in acting if t.user_id > 0))


@dataclass(frozen=True)
class TurnResult:
    """What happened after ``start`` or ``play``, and what to announce.

    ``events`` are the short lines of this move; ``lines`` the lines of the public post when
    one was made (``posted``: the mover's turn ended, someone new must act, or the game
    ended), covering every move since the previous post. ``mentions`` are the distinct user
    ids to ping. ``version`` is the game version (moves accepted); each ``ToAct.version`` is
    that seat's decision version, the one to carry in buttons as ``expected_version``.
    """

    game_id: int
    channel_id: int
    kind: str
    version: int
    events: tuple[str, ...]
    to_act: tuple[ToAct, ...]
    over: bool
    scores: tuple[ScoreLine, ...]
    posted: bool = False
    lines: tuple[str, ...] = ()
    post_ids: tuple[int, ...] = ()
    seat: int | None = None
    move: str | None = None
    next: Decision | None = None  # the mover's next open decision (set by ``play``)
    pings: tuple[int, ...] | None = None  # who the post pings (None: everyone to act)
    forced: int = 0  # moves played for players after this one (their only option)
    # (channel id, message id) of undo requests this move cancelled: their buttons go
    closed_requests: tuple[tuple[int, int], ...] = ()

    @property
    def mentions(self) -> tuple[int, ...]:
        """The users the post pings: ``pings`` when the table layer chose, else all to act."""
        return self.pings if self.pings is not None else mentions_of(self.to_act)

    @property
    def waiting_text(self) -> str:
        """ "alice (Choose your stake), bob (...)" or "the game is over"."""
        if self.over:
            return "the game is over"
        return ", ".join(f"{t.name} ({t.prompt})" for t in self.to_act)


@dataclass(frozen=True)
class Post:
    """One outbox entry: a message still to make (or made). ``payload`` is JSON data:
    ``{"lines": [...], "to_act": [{"seat","user_id","name","prompt","version"}],
    "mentions": [user ids], "version": n, "over": bool, "scores": [...],
    "spectator": bool}``."""

    id: int
    game_id: int
    channel_id: int
    kind: str  # "start", "turn", "final"
    payload: dict[str, Any]
    attempts: int
    created_at: float
    last_error: str | None = None
    sent_at: float | None = None
    message_id: int | None = None
    dead: bool = False


@dataclass(frozen=True)
class LogEntry:
    seq: int
    seat: int
    user_id: int
    name: str
    move: str
    events: tuple[str, ...]
    at: float


@dataclass(frozen=True)
class LogPage:
    """``page`` is 1-based; ``pages`` is at least 1 even for an empty log."""

    game_id: int
    entries: tuple[LogEntry, ...]
    page: int
    pages: int
    total: int


@dataclass(frozen=True)
class GameStatus:
    info: GameInfo
    to_act: tuple[ToAct, ...]
    over: bool
    scores: tuple[ScoreLine, ...]
    round: int | None = None  # Game.progress(): the round (the week in Algae) ...
    phase: str | None = None  # ... and the stage in words
    round_name: str = "round"
    extra: dict[str, Any] = field(default_factory=dict)
