"""Due-time maths: quiet windows (crossing midnight, DST, time zones), repeats, catch-up."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tables.schedule import (
    HOUR,
    BadZone,
    Quiet,
    deadline,
    first_reminder,
    in_quiet,
    next_reminder,
    out_of_quiet,
    parse_hours,
    quiet_end,
    zone,
    zone_choices,
)


def at(tz: str, year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    """Unix time of a local wall-clock time."""
    return datetime(year, month, day, hour, minute, tzinfo=ZoneInfo(tz)).timestamp()


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()


def test_a_window_within_one_day() -> None:
    q = Quiet("UTC", 1, 7)
    assert not in_quiet(utc(2026, 5, 1, 0, 59), q)
    assert in_quiet(utc(2026, 5, 1, 1, 0), q)
    assert in_quiet(utc(2026, 5, 1, 6, 59), q)
    assert not in_quiet(utc(2026, 5, 1, 7, 0), q)  # the end hour is not quiet
    assert quiet_end(utc(2026, 5, 1, 3, 30), q) == utc(2026, 5, 1, 7)
    assert quiet_end(utc(2026, 5, 1, 12), q) == utc(2026, 5, 1, 12)  # not inside: itself


def test_a_window_crossing_midnight_in_the_players_zone() -> None:
    q = Quiet("Europe/Paris", 22, 7)
    late = at("Europe/Paris", 2026, 5, 1, 23, 30)
    early = at("Europe/Paris", 2026, 5, 2, 3, 0)
    noon = at("Europe/Paris", 2026, 5, 2, 12, 0)
    assert in_quiet(late, q) and in_quiet(early, q) and not in_quiet(noon, q)
    # before midnight the window ends tomorrow morning, after it this morning
    assert quiet_end(late, q) == at("Europe/Paris", 2026, 5, 2, 7)
    assert quiet_end(early, q) == at("Europe/Paris", 2026, 5, 2, 7)
    assert out_of_quiet(noon, q) == noon


def test_the_same_instant_is_quiet_for_one_zone_and_not_another() -> None:
    instant = utc(2026, 1, 15, 14, 0)  # 23:00 in Tokyo, 09:00 in New York
    assert in_quiet(instant, Quiet("Asia/Tokyo", 22, 8))
    assert not in_quiet(instant, Quiet("America/New_York", 22, 8))
    assert quiet_end(instant, Quiet("Asia/Tokyo", 22, 8)) == utc(2026, 1, 15, 23, 0)


def test_spring_forward_the_end_hour_does_not_exist() -> None:
    # Berlin, 29 March 2026: 02:00 CET jumps to 03:00 CEST (01:00 UTC)
    q = Quiet("Europe/Berlin", 22, 2)
    start = at("Europe/Berlin", 2026, 3, 28, 23, 0)
    end = quiet_end(start, q)
    assert end == utc(2026, 3, 29, 1, 0)  # the first instant after the gap
    assert not in_quiet(end, q)
    assert end > start


def test_fall_back_the_night_is_an_hour_longer() -> None:
    # Berlin, 25 October 2026: 03:00 CEST goes back to 02:00 CET
    q = Quiet("Europe/Berlin", 0, 7)
    start = at("Europe/Berlin", 2026, 10, 25, 0, 30)
    end = quiet_end(start, q)
    assert end == utc(2026, 10, 25, 6, 0)  # 07:00 CET
    assert end - start == 7.5 * HOUR  # 6.5 wall-clock hours plus the repeated one
    assert in_quiet(utc(2026, 10, 25, 1, 30), q)  # 02:30 CEST (first pass)
    assert in_quiet(utc(2026, 10, 25, 2, 30), q)  # 02:30 CET (second pass)


def test_quiet_hours_in_summer_and_winter_keep_their_local_hours() -> None:
    q = Quiet("America/New_York", 23, 7)
    winter = quiet_end(at("America/New_York", 2026, 1, 10, 23, 30), q)
    summer = quiet_end(at("America/New_York", 2026, 7, 10, 23, 30), q)
    assert winter == utc(2026, 1, 11, 12, 0)  # 07:00 EST
    assert summer == utc(2026, 7, 11, 11, 0)  # 07:00 EDT


def test_no_window_when_start_equals_end_or_none() -> None:
    t = utc(2026, 5, 1, 3)
    assert not in_quiet(t, Quiet("UTC", 5, 5))
    assert not in_quiet(t, None)
    assert out_of_quiet(t, None) == t
    with pytest.raises(ValueError):
        Quiet("UTC", 24, 3)


def test_first_reminder_after_the_interval_then_out_of_quiet_hours() -> None:
    q = Quiet("UTC", 22, 7)
    opened = utc(2026, 5, 1, 12)
    assert first_reminder(opened, 24, None) == utc(2026, 5, 2, 12)
    assert first_reminder(opened, 12, q) == utc(2026, 5, 2, 7)  # 00:00 is quiet -> 07:00
    assert first_reminder(opened, None, q) is None  # reminders off


def test_repeats_count_from_the_send_so_downtime_gives_one_reminder() -> None:
    due = utc(2026, 5, 2, 12)
    back = due + 100 * HOUR  # the bot was down for four days
    following = next_reminder(back, 24, None)
    assert following == back + 24 * HOUR  # one now, the next a full interval later
    assert next_reminder(due, 24, Quiet("UTC", 10, 14)) == utc(2026, 5, 3, 14)
    assert next_reminder(due, None, None) is None


def test_deadline_ignores_quiet_hours() -> None:
    assert deadline(1000.0, 2) == 1000.0 + 2 * HOUR
    assert deadline(1000.0, None) is None


def test_parse_hours() -> None:
    assert parse_hours("24") == 24.0
    assert parse_hours(" 12.5h ") == 12.5
    assert parse_hours("off") is None and parse_hours("0") is None and parse_hours(0) is None
    for bad in ("abc", "0.5", "100000", "nan", "-3"):
        with pytest.raises(ValueError):
            parse_hours(bad)


def test_zones_are_validated_and_offered() -> None:
    assert zone("Europe/Paris").key == "Europe/Paris"
    assert zone(None).key == "UTC"
    for bad in ("Mars/Olympus", "../etc/passwd", "/etc/localtime", "x" * 100):
        with pytest.raises(BadZone):
            zone(bad)
    assert zone_choices("")[0] == "UTC" and len(zone_choices("")) <= 25
    assert "Europe/Paris" in zone_choices("paris")
    assert "America/Argentina/Buenos_Aires" in zone_choices("buenos aires")
    assert all("tokyo" in z.lower() for z in zone_choices("tokyo"))
