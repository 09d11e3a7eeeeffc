"""Plain results of the time features: player preferences, game timing, /mygames, notices."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tables.models import GameInfo
from tables.schedule import DEFAULT_REMIND_HOURS, Quiet


@dataclass(frozen=True)
class Prefs:
    """A player's own settings (``/settings``, ``/vacation``).

    ``dm``: a direct message when a turn becomes theirs. ``dm_failures`` counts DMs in a
    row that Discord refused (DMs closed); after ``DM_FAILURE_LIMIT`` of them ``dm`` is
    switched off and ``dm_off_reason`` says why."""

    tz: str = "UTC"
    quiet: Quiet | None = None
    dm: bool = False
    vacation: bool = False
    dm_failures: int = 0
    dm_failed_at: float | None = None
    dm_off_reason: str | None = None


@dataclass(frozen=True)
class Timing:
    """A game's timing: reminders every ``remind_hours`` (None: off), a turn time limit of
    ``limit_hours`` (None: none) and what happens when it runs out (``on_timeout``:
    remind, default, host)."""

    game_id: int
    remind_hours: float | None = DEFAULT_REMIND_HOURS
    limit_hours: float | None = None
    on_timeout: str = "remind"

    def describe(self) -> str:
        remind = f"every {self.remind_hours:g} h" if self.remind_hours else "off"
        if not self.limit_hours:
            return f"reminders {remind} · no turn time limit"
        action = {
            "remind": "a reminder",
            "default": "a safe default move",
            "host": "the host is asked to replace the player",
            "ai": "an AI player plays the turn",
        }.get(self.on_timeout, self.on_timeout)
        return f"reminders {remind} · turn time limit {self.limit_hours:g} h, then {action}"


@dataclass(frozen=True)
class MyGame:
    """One game of a player: ``waiting`` when one of their seats must act, since ``since``
    (the oldest of their open decisions); ``seats`` are their seat names there."""

    info: GameInfo
    waiting: bool
    since: float | None
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Notice:
    """A message that is not a turn post. ``channel_id`` None: a DM to ``user_id``.
    ``kind``: remind, limit (the time limit ran out), host (the host may replace the
    player), turn_dm (the turn became the player's)."""

    id: int
    game_id: int
    user_id: int
    channel_id: int | None
    kind: str
    payload: dict[str, Any]
    attempts: int
    created_at: float


@dataclass(frozen=True)
class TimerPass:
    """What one scheduler pass did; ``post_ids`` are turn posts of default moves."""

    opened: int = 0
    reminded: int = 0
    deferred: int = 0
    timed_out: int = 0
    post_ids: tuple[int, ...] = field(default_factory=tuple)
