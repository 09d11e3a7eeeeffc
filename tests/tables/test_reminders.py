"""Turn timers through the table layer: reminders, quiet hours, downtime, DMs, vacation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tables import Tables, open_tables
from tables.prefs import DM_FAILURE_LIMIT
from tests.tables.conftest import ANN, BOB, CHAN, GUILD, FakeClock, started

H = 3600.0


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()


async def reminders(tables: Tables, kind: str = "remind") -> list:
    return [n for n in await tables.due_notices(100) if n.kind == kind]


async def send_all(tables: Tables) -> None:
    for n in await tables.due_notices(100):
        await tables.notice_sent(n, 1)


async def test_reminders_after_the_interval_then_at_most_every_interval(
    tables: Tables, clock: FakeClock
) -> None:
    start = clock.now
    await started(tables)  # both players choose a stake at once
    done = await tables.run_timers()
    assert done.opened == 2 and done.reminded == 0
    assert {t.remind_at for t in await tables.store.timers()} == {start + 24 * H}
    clock.advance(23 * H)
    assert (await tables.run_timers()).reminded == 0
    clock.advance(1 * H)
    assert (await tables.run_timers()).reminded == 2
    found = await reminders(tables)
    assert {(n.user_id, n.channel_id) for n in found} == {(ANN, CHAN), (BOB, CHAN)}
    assert found[0].payload["prompt"] == "Choose your stake"
    assert found[0].payload["since"] == start and found[0].payload["count"] == 1
    await send_all(tables)
    for _ in range(3):  # later passes within the interval send nothing more
        clock.advance(7 * H)
        assert (await tables.run_timers()).reminded == 0
    clock.advance(3 * H)  # 24 h after the first reminder
    assert (await tables.run_timers()).reminded == 2
    assert {n.payload["count"] for n in await reminders(tables)} == {2}


async def test_a_move_stops_that_seats_reminders_only(tables: Tables, clock: FakeClock) -> None:
    start = clock.now
    await started(tables)
    await tables.run_timers()
    clock.advance(5 * H)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.run_timers()
    timers = await tables.store.timers()
    assert [(t.seat, t.opened_at) for t in timers] == [(1, start)]  # bob still waits
    clock.advance(19 * H)
    await tables.run_timers()
    assert [n.user_id for n in await reminders(tables)] == [BOB]


async def test_reminders_off_and_a_new_interval_reschedules(
    tables: Tables, clock: FakeClock
) -> None:
    start = clock.now
    await started(tables)
    await tables.run_timers()
    timing = await tables.set_timing(CHAN, ANN, reminders="6")
    assert timing.remind_hours == 6 and "every 6 h" in timing.describe()
    assert {t.remind_at for t in await tables.store.timers()} == {start + 6 * H}
    await tables.set_timing(CHAN, ANN, reminders="off")
    assert {t.remind_at for t in await tables.store.timers()} == {None}
    clock.advance(100 * H)
    assert (await tables.run_timers()).reminded == 0


async def test_only_the_host_sets_timing_and_values_are_checked(tables: Tables) -> None:
    from tables import LobbyError, NotHost

    await started(tables)
    with pytest.raises(NotHost):
        await tables.set_timing(CHAN, BOB, reminders="3")
    assert (await tables.set_timing(CHAN, BOB, reminders="3", is_admin=True)).remind_hours == 3
    with pytest.raises(LobbyError, match="between"):
        await tables.set_timing(CHAN, ANN, limit="0.1")
    with pytest.raises(LobbyError, match="on_timeout"):
        await tables.set_timing(CHAN, ANN, on_timeout="explode")
    timing = await tables.timing(CHAN)
    assert (timing.remind_hours, timing.limit_hours, timing.on_timeout) == (3, None, "remind")


async def test_quiet_hours_defer_a_reminder_to_their_end(tables: Tables, clock: FakeClock) -> None:
    # the clock starts at 2023-11-14 22:13:20 UTC: 07:13 next day in Tokyo, 17:13 in New York
    await tables.set_prefs(BOB, tz="Asia/Tokyo", quiet=(22, 8))
    await tables.set_prefs(ANN, tz="America/New_York", quiet=(22, 8))
    await started(tables)
    await tables.run_timers()
    timers = {t.user_id: t.remind_at for t in await tables.store.timers()}
    assert timers[ANN] == clock.now + 24 * H  # 17:13 in New York: not quiet
    assert timers[BOB] == utc(2023, 11, 15, 23, 0)  # due 07:13 in Tokyo -> 08:00
    clock.advance(24 * H)
    assert [n.user_id for n in (await reminders(tables)) or []] == []
    await tables.run_timers()
    assert [n.user_id for n in await reminders(tables)] == [ANN]
    clock.now = utc(2023, 11, 15, 22, 59)
    await tables.run_timers()
    assert [n.user_id for n in await reminders(tables)] == [ANN]
    clock.now = utc(2023, 11, 15, 23, 0)
    await tables.run_timers()
    assert sorted(n.user_id for n in await reminders(tables)) == [ANN, BOB]


async def test_quiet_hours_set_later_are_respected_when_the_reminder_falls_due(
    tables: Tables, clock: FakeClock
) -> None:
    await started(tables)
    await tables.run_timers()
    # the reminder is due at 22:13 UTC tomorrow; bob now asks for quiet 22-06 UTC
    await tables.set_prefs(BOB, quiet=(22, 6))
    clock.advance(24 * H)
    done = await tables.run_timers()
    assert (done.reminded, done.deferred) == (1, 1)
    bob = next(t for t in await tables.store.timers() if t.user_id == BOB)
    assert bob.remind_at == utc(2023, 11, 16, 6, 0)


async def test_a_reminder_due_during_downtime_is_sent_once_after_a_restart(
    backend, clock: FakeClock
) -> None:
    tables = await open_tables(backend.target, clock=clock, lease=0.0)
    await started(tables)
    await tables.run_timers()
    await tables.close()  # the bot stops ...
    clock.advance(100 * H)  # ... for four days and more
    tables = await open_tables(backend.target, clock=clock, lease=0.0)
    try:
        assert (await tables.run_timers()).reminded == 2  # once each, not four times
        assert (await tables.run_timers()).reminded == 0
        assert len(await reminders(tables)) == 2
        assert {t.remind_at for t in await tables.store.timers()} == {clock.now + 24 * H}
    finally:
        await tables.close()
    again = await open_tables(
        backend.target, clock=clock, lease=0.0
    )  # and another restart: still not repeated
    try:
        assert (await again.run_timers()).reminded == 0
        assert len(await reminders(again)) == 2
    finally:
        await again.close()


async def test_a_claimed_reminder_is_not_claimed_twice(tables: Tables, clock: FakeClock) -> None:
    await started(tables)
    await tables.run_timers()
    clock.advance(24 * H)
    timer = (await tables.store.timers())[0]
    due = timer.remind_at
    assert due is not None
    first = await tables.store.claim_reminder(
        timer.game_id, timer.seat, due, clock.now + H, [], clock.now, counted=True
    )
    second = await tables.store.claim_reminder(
        timer.game_id, timer.seat, due, clock.now + H, [], clock.now, counted=True
    )
    assert (first, second) == (True, False)


async def test_vacation_means_no_reminders_and_no_dms(tables: Tables, clock: FakeClock) -> None:
    await tables.set_prefs(BOB, dm=True)
    await tables.set_vacation(BOB, True)
    assert (await tables.prefs(BOB)).vacation
    assert await tables.on_vacation([ANN, BOB]) == {BOB}
    await started(tables)
    await tables.run_timers()
    assert await reminders(tables, "turn_dm") == []
    clock.advance(24 * H)
    await tables.run_timers()
    assert [n.user_id for n in await reminders(tables)] == [ANN]
    await tables.set_vacation(BOB, False)
    clock.advance(24 * H)
    await tables.run_timers()
    assert sorted(n.user_id for n in await reminders(tables)) == [ANN, ANN, BOB]


async def test_a_dm_when_the_turn_becomes_yours_not_for_your_own_next_step(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.set_prefs(ANN, dm=True)
    await tables.set_prefs(BOB, dm=True)
    await started(tables)
    await tables.run_timers()
    dms = await reminders(tables, "turn_dm")
    assert sorted(n.user_id for n in dms) == [ANN, BOB] and all(n.channel_id is None for n in dms)
    await send_all(tables)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.run_timers()
    assert await reminders(tables, "turn_dm") == []  # bob's decision did not change
    await tables.play(CHAN, BOB, "stake 2")  # ann now draws
    await tables.run_timers()
    dms = await reminders(tables, "turn_dm")
    assert [(n.user_id, n.payload["prompt"]) for n in dms] == [(ANN, "Draw or stop")]
    await send_all(tables)
    await tables.play(CHAN, ANN, "draw")  # her own next step: a new decision, no DM
    await tables.run_timers()
    assert await reminders(tables, "turn_dm") == []


async def test_a_turn_dm_waits_for_the_end_of_quiet_hours(tables: Tables, clock: FakeClock) -> None:
    await tables.set_prefs(ANN, dm=True, tz="UTC", quiet=(22, 7))  # it is 22:13 UTC
    await started(tables)
    await tables.run_timers()
    assert await reminders(tables, "turn_dm") == []
    clock.now = utc(2023, 11, 15, 6, 59)
    assert await reminders(tables, "turn_dm") == []
    clock.now = utc(2023, 11, 15, 7, 0)
    assert [n.user_id for n in await reminders(tables, "turn_dm")] == [ANN]


async def test_closed_dms_are_recorded_and_switched_off_after_a_few(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.set_prefs(ANN, dm=True)
    for _ in range(DM_FAILURE_LIMIT):
        await tables.create("tally", GUILD, CHAN, ANN, "ann")
        await tables.join(CHAN, BOB, "bob")
        await tables.start(CHAN, ANN)
        await tables.run_timers()
        [dm] = await reminders(tables, "turn_dm")
        assert await tables.notice_failed(
            dm, "403 Cannot send messages to this user", dm_closed=True
        )
        assert await reminders(tables, "turn_dm") == []  # given up at once, never retried
        prefs = await tables.prefs(ANN)
        assert prefs.dm_failed_at == clock.now
        await tables.abort(CHAN, ANN)
        clock.advance(60)
    prefs = await tables.prefs(ANN)
    assert not prefs.dm and prefs.dm_failures == DM_FAILURE_LIMIT
    assert "turned off" in (prefs.dm_off_reason or "")
    prefs = await tables.set_prefs(ANN, dm=True)  # turning them on again starts afresh
    assert prefs.dm and prefs.dm_failures == 0 and prefs.dm_off_reason is None


async def test_a_dm_that_gets_through_resets_the_failure_count(
    tables: Tables, clock: FakeClock
) -> None:
    await tables.set_prefs(ANN, dm=True)
    await started(tables)
    await tables.store.set_setting(ANN, "dm_failures", 2, clock.now)
    await tables.run_timers()
    [dm] = await reminders(tables, "turn_dm")
    assert await tables.notice_sent(dm, 5)
    assert not await tables.notice_sent(dm, 5)  # never twice
    assert (await tables.prefs(ANN)).dm_failures == 0


async def test_other_failures_are_retried_with_a_backoff(tables: Tables, clock: FakeClock) -> None:
    await started(tables)
    await tables.run_timers()
    clock.advance(24 * H)
    await tables.run_timers()
    first = (await reminders(tables))[0]
    await tables.notice_failed(first, "500")
    assert first.id not in {n.id for n in await tables.due_notices()}
    clock.advance(31)
    assert first.id in {n.id for n in await tables.due_notices()}


async def test_bad_preferences_are_refused(tables: Tables) -> None:
    from tables.prefs import PrefsError

    with pytest.raises(PrefsError, match="time zone"):
        await tables.set_prefs(ANN, tz="Mars/Olympus")
    with pytest.raises(PrefsError):
        await tables.set_prefs(ANN, quiet=(25, 3))
    with pytest.raises(PrefsError):
        await tables.set_prefs(ANN, quiet=(4, 4))
    prefs = await tables.set_prefs(ANN, tz="europe/paris".title().replace("paris", "Paris"))
    assert prefs.tz == "Europe/Paris"
    prefs = await tables.set_prefs(ANN, quiet=(23, 6))
    assert prefs.quiet is not None and (prefs.quiet.tz, prefs.quiet.start) == ("Europe/Paris", 23)
    assert (await tables.set_prefs(ANN, quiet_off=True)).quiet is None


async def test_a_notice_that_no_longer_applies_is_dropped(tables: Tables, clock: FakeClock) -> None:
    await tables.set_prefs(ANN, dm=True, quiet=(22, 7))  # it is 22:13 UTC: the DM waits
    await tables.set_prefs(BOB, dm=True)
    await started(tables)
    await tables.run_timers()
    assert [n.user_id for n in await reminders(tables, "turn_dm")] == [BOB]
    await send_all(tables)
    await tables.play(CHAN, ANN, "stake 1")  # ann moved before her quiet hours ended
    clock.now = utc(2023, 11, 15, 7, 0)
    assert await reminders(tables, "turn_dm") == []
    clock.advance(24 * H)
    await tables.run_timers()
    [bob] = await reminders(tables)
    await tables.abort(CHAN, ANN)  # the game ends before the reminder goes out
    assert await tables.due_notices() == []
    notice = await tables.store.get_notice(bob.id)
    assert notice is not None and notice.dead


async def test_a_reminder_carries_when_the_default_move_comes(
    tables: Tables, clock: FakeClock
) -> None:
    start = clock.now
    await started(tables)
    await tables.set_timing(CHAN, ANN, reminders="1", limit="5", on_timeout="default")
    await tables.run_timers()
    clock.advance(1 * H)
    assert (await tables.run_timers()).reminded == 2
    found = await reminders(tables)
    assert {n.payload["default_at"] for n in found} == {start + 5 * H}
