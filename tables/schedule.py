"""Due-time maths for reminders, quiet hours and turn time limits (pure, no I/O).

Times are unix seconds (float). A player's quiet hours are whole local hours in their own
IANA time zone: ``start`` to ``end`` (``22``-``7`` crosses midnight; ``start == end`` means
none). Local wall-clock hours are turned into instants with ``zoneinfo``, so a window keeps
its local hours across daylight-saving changes; an end hour that does not exist on the day
clocks spring forward (a gap) maps to the first instant after the gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from datetime import time as dtime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

HOUR = 3600.0
DEFAULT_REMIND_HOURS = 24.0
MAX_HOURS = 24.0 * 30  # a month: longer settings are refused
MIN_HOURS = 1.0

COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Europe/Rome",
    "Europe/Warsaw",
    "Europe/Helsinki",
    "Europe/Moscow",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Toronto",
    "America/Sao_Paulo",
    "America/Mexico_City",
    "Asia/Tokyo",
    "Asia/Seoul",
    "Asia/Shanghai",
    "Asia/Singapore",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Australia/Sydney",
    "Australia/Perth",
    "Pacific/Auckland",
    "Africa/Johannesburg",
)


class BadZone(ValueError):
    """Not an IANA time zone name."""


def zone(name: str | None) -> ZoneInfo:
    """The ``ZoneInfo`` of an IANA name (``None``/empty: UTC); ``BadZone`` otherwise."""
    name = (name or "UTC").strip()
    if not name or len(name) > 64 or name.startswith(("/", ".")) or ".." in name:
        raise BadZone(f"'{name[:64]}' is not a time zone")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise BadZone(f"'{name}' is not a time zone (try a name like Europe/Paris)") from exc


def zone_choices(current: str, limit: int = 25) -> list[str]:
    """Zone names for autocomplete: the common ones first, then any matching name."""
    needle = current.strip().lower().replace(" ", "_")
    common = [z for z in COMMON_ZONES if needle in z.lower()]
    if len(common) >= limit or not needle:
        return common[:limit]
    rest = sorted(z for z in available_timezones() if needle in z.lower() and z not in common)
    return (common + rest)[:limit]


@dataclass(frozen=True)
class Quiet:
    """A player's quiet hours: local ``start`` (inclusive) to ``end`` (exclusive) in ``tz``."""

    tz: str
    start: int
    end: int

    @property
    def empty(self) -> bool:
        return self.start == self.end

    def __post_init__(self) -> None:
        if not (0 <= self.start <= 23 and 0 <= self.end <= 23):
            raise ValueError("quiet hours are whole hours 0-23")


def in_quiet(t: float, quiet: Quiet | None) -> bool:
    """Whether instant ``t`` falls inside the quiet window (in the player's local time)."""
    if quiet is None or quiet.empty:
        return False
    local = datetime.fromtimestamp(t, zone(quiet.tz))
    hour = local.hour + local.minute / 60 + local.second / 3600
    if quiet.start < quiet.end:
        return quiet.start <= hour < quiet.end
    return hour >= quiet.start or hour < quiet.end


def quiet_end(t: float, quiet: Quiet) -> float:
    """The end of the quiet window that contains ``t`` (``t`` itself when not inside)."""
    if not in_quiet(t, quiet):
        return t
    tz = zone(quiet.tz)
    local = datetime.fromtimestamp(t, tz)
    day = local.date()
    if quiet.start > quiet.end and local.hour >= quiet.start:
        day += timedelta(days=1)  # the window crosses midnight: it ends tomorrow
    end = datetime.combine(day, dtime(quiet.end), tzinfo=tz).timestamp()
    # a gap hour (spring forward) is read with the earlier offset, landing after the gap;
    # never go backwards, whatever the zone data says
    return max(end, t)


def out_of_quiet(t: float, quiet: Quiet | None) -> float:
    """``t``, or the end of the quiet window when ``t`` falls inside one."""
    return quiet_end(t, quiet) if quiet is not None and in_quiet(t, quiet) else t


def first_reminder(
    opened_at: float, every_hours: float | None, quiet: Quiet | None
) -> float | None:
    """When the first reminder of a decision opened at ``opened_at`` is due (None: off)."""
    if not every_hours:
        return None
    return out_of_quiet(opened_at + every_hours * HOUR, quiet)


def next_reminder(fired_at: float, every_hours: float | None, quiet: Quiet | None) -> float | None:
    """The reminder after one sent at ``fired_at``. Counted from the send, not from the
    due time, so a reminder missed during downtime is sent once, not once per interval."""
    if not every_hours:
        return None
    return out_of_quiet(fired_at + every_hours * HOUR, quiet)


def deadline(opened_at: float, limit_hours: float | None) -> float | None:
    """When the turn time limit of a decision runs out (None: no limit). Quiet hours do
    not move it: the host chose the table's pace."""
    return opened_at + limit_hours * HOUR if limit_hours else None


def parse_hours(text: str | float | int | None) -> float | None:
    """``"24"``, ``"12.5"``, ``"off"`` -> hours or None; ValueError when out of range."""
    if text is None:
        return None
    if isinstance(text, str):
        word = text.strip().lower().removesuffix("h").strip()
        if word in ("off", "none", "no", "0", ""):
            return None
        try:
            value = float(word)
        except ValueError:
            raise ValueError(f"'{text[:20]}' is not a number of hours or 'off'") from None
    else:
        value = float(text)
        if value == 0:
            return None
    if not MIN_HOURS <= value <= MAX_HOURS or value != value:
        raise ValueError(f"hours must be between {MIN_HOURS:g} and {MAX_HOURS:g}, or 'off'")
    return value
