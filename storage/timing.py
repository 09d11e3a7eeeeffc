"""Plain rows of the time tables (per-game timing, turn timers, notices); no SQL here.

``turn_timers`` holds, per seat with an open decision, the next reminder and the turn
deadline computed from the moment that decision opened (``games.waiting``). ``notices``
is a second outbox for messages that are not turn posts: reminders, time-out notices and
direct messages. A due timer is claimed and its notice inserted in ONE transaction, so a
reminder is sent once even across a crash or restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ON_TIMEOUT = ("remind", "default", "host", "ai")


@dataclass(frozen=True)
class TimingRow:
    """A game's timing settings; ``None`` hours mean off."""

    game_id: int
    remind_hours: float | None
    limit_hours: float | None
    on_timeout: str = "remind"


@dataclass(frozen=True)
class TimerRow:
    game_id: int
    seat: int
    user_id: int
    opened_at: float
    remind_at: float | None
    reminders: int = 0
    deadline_at: float | None = None
    timed_out: bool = False


@dataclass(frozen=True)
class TimerChange:
    """A seat whose open decision has no timer yet, or a timer for an older decision or
    another holder. ``last_user`` made the game's latest move (None: no move yet; 0: the
    system, e.g. a time-out)."""

    game_id: int
    seat: int
    user_id: int
    opened_at: float
    last_user: int | None
    had_timer: bool


@dataclass(frozen=True)
class NewNotice:
    """A message to send. ``channel_id=None`` is a direct message to ``user_id``."""

    game_id: int
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    user_id: int = 0
    channel_id: int | None = None
    due_at: float | None = None  # None: now


@dataclass(frozen=True)
class NoticeRow:
    id: int
    game_id: int
    user_id: int
    channel_id: int | None
    kind: str
    payload: dict[str, Any]
    created_at: float
    due_at: float
    attempts: int
    last_error: str | None
    sent_at: float | None
    message_id: int | None
    dead: bool
