"""Turn timers: reminders, the turn time limit and what happens after it.

One scheduler pass (``run_timers``), called every few seconds by the front end:

1. sync: every open decision (``games.waiting``) gets a timer row computed from when it
   opened: the first reminder (after the game's interval, moved out of the player's quiet
   hours) and the deadline of the turn time limit. Timers of decisions that closed are
   dropped. A turn that newly became a player's queues their opt-in DM.
2. fire: each due timer is claimed in one transaction with the notice it makes (guarded by
   its old due time), so a reminder is sent once, also across restarts; the next one is
   counted from the send, so downtime yields one reminder, not one per missed interval.
   A reminder due on vacation is skipped, one in quiet hours is moved to their end.
   A deadline acts once: a reminder, a note to the host, or the game's safe default move
   played as a system move (user id 0) with a "timed out" line in the log.

Everything is stored, nothing is kept in memory between passes.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from engine.core import Event, Game
from storage.base import VersionConflict
from storage.timing import ON_TIMEOUT, NewNotice, TimerChange, TimerRow, TimingRow
from tables.commit import play_on_copy
from tables.errors import LobbyError, check_host
from tables.schedule import (
    deadline,
    first_reminder,
    in_quiet,
    next_reminder,
    out_of_quiet,
    parse_hours,
    quiet_end,
)
from tables.time_models import TimerPass, Timing

if TYPE_CHECKING:
    from storage.base import GameRow
    from tables.access import GameAccess
    from tables.commit import Committer
    from tables.models import TurnResult
    from tables.prefs import Preferences

log = logging.getLogger(__name__)

DM_FRESH_SECONDS = 6 * 3600.0  # a decision older than this when first seen gets no DM
MAX_DEFAULT_STEPS = 12  # default moves played for one time-out (a chain of sub-choices)
SAME = 1e-3  # opening times equal within this (floats through JSON and SQL)


class Reminders:
    """Turn timers: reminders, the turn time limit and what happens after it."""

    def __init__(self, games: GameAccess, committer: Committer, preferences: Preferences) -> None:
        self.games = games
        self.committer = committer
        self.preferences = preferences

    # ================================================================ timing
    async def timing(self, channel_id: int | None, *, game_id: int | None = None) -> Timing:
        row = await self.games.row(channel_id, game_id)
        return await self._timing_of(row.id)

    async def _timing_of(self, game_id: int) -> Timing:
        t = await self.games.store.get_timing(game_id)
        if t is None:
            return Timing(game_id)
        return Timing(game_id, t.remind_hours, t.limit_hours, t.on_timeout)

    async def set_timing(
        self,
        channel_id: int | None,
        actor_id: int,
        *,
        reminders: str | float | None = "",
        limit: str | float | None = "",
        on_timeout: str | None = None,
        is_admin: bool = False,
        game_id: int | None = None,
    ) -> Timing:
        """The host (or an admin) sets reminders (hours or "off"), the turn time limit
        (hours or "off") and ``on_timeout`` (remind, default, host). ``""`` keeps a value.
        Open decisions are rescheduled from when they opened."""
        row = await self.games.row(channel_id, game_id)
        check_host(row.host_id, actor_id, is_admin)
        if row.status not in ("lobby", "active"):
            raise LobbyError(f"this game is {row.status}")
        old = await self._timing_of(row.id)
        try:
            remind = old.remind_hours if reminders == "" else parse_hours(reminders)
            cap = old.limit_hours if limit == "" else parse_hours(limit)
        except ValueError as exc:
            raise LobbyError(str(exc)) from exc
        action = old.on_timeout if on_timeout is None else on_timeout.strip().lower()
        if action not in ON_TIMEOUT:
            raise LobbyError(f"on_timeout is one of: {', '.join(ON_TIMEOUT)}")
        now = self.games.clock()
        await self.games.store.set_timing(TimingRow(row.id, remind, cap, action), now)
        new = Timing(row.id, remind, cap, action)
        for t in await self.games.store.timers(row.id):
            quiet = (await self.preferences.prefs(t.user_id)).quiet
            if t.reminders == 0:
                remind_at = first_reminder(t.opened_at, remind, quiet)
            else:
                remind_at = next_reminder(now, remind, quiet)
            due = None if t.timed_out else deadline(t.opened_at, cap)
            await self.games.store.reschedule_timer(row.id, t.seat, remind_at, due)
        return new

    # ========================================================== the pass
    async def run_timers(self, limit: int = 100) -> TimerPass:
        """One scheduler pass: sync timers with the open decisions, then act on due ones."""
        now = self.games.clock()
        await self.games.store.drop_stale_timers()
        opened = 0
        for change in await self.games.store.timer_changes(limit):
            try:
                opened += await self._open_timer(change, now)  # 0: another pass did
            except Exception:
                log.exception("timer for game %s seat %s", change.game_id, change.seat)
        reminded = deferred = timed_out = 0
        post_ids: list[int] = []
        for timer in await self.games.store.due_timers(now, limit):
            try:
                if timer.remind_at is not None and timer.remind_at <= now:
                    sent = await self._remind(timer, now)
                    reminded += sent is True
                    deferred += sent is False
                if timer.deadline_at is not None and timer.deadline_at <= now:
                    ids = await self._time_out(timer, now)
                    if ids is not None:
                        timed_out += 1
                        post_ids += ids
            except Exception:
                log.exception("due timer of game %s seat %s", timer.game_id, timer.seat)
        return TimerPass(opened, reminded, deferred, timed_out, tuple(post_ids))

    async def _open_timer(self, change: TimerChange, now: float) -> bool:
        if change.user_id < 0:  # an AI seat: never reminded, never timed out, never DMed
            idle = TimerRow(change.game_id, change.seat, change.user_id, change.opened_at, None)
            return await self.games.store.put_timer(idle, [], now)
        timing = await self._timing_of(change.game_id)
        prefs = await self.preferences.prefs(change.user_id)
        start = change.opened_at
        if change.had_timer:
            old = next(
                (t for t in await self.games.store.timers(change.game_id) if t.seat == change.seat),
                None,
            )
            if old is not None and abs(old.opened_at - change.opened_at) <= SAME:
                # the same decision, a new holder (/game replace): their clock starts now,
                # or a replacement for a timed-out player would time out at once
                start = max(now, change.opened_at)
        timer = TimerRow(
            game_id=change.game_id,
            seat=change.seat,
            user_id=change.user_id,
            opened_at=change.opened_at,
            remind_at=first_reminder(start, timing.remind_hours, prefs.quiet),
            deadline_at=deadline(start, timing.limit_hours),
        )
        notices = []
        fresh = now - start < DM_FRESH_SECONDS
        if prefs.dm and not prefs.vacation and fresh and change.last_user != change.user_id:
            row = await self.games.store.get_game(change.game_id)
            if row is not None:
                data = await self._payload(row, change.seat, change.user_id, change.opened_at)
                notices.append(
                    NewNotice(
                        row.id,
                        "turn_dm",
                        data,
                        user_id=change.user_id,
                        due_at=out_of_quiet(now, prefs.quiet),
                    )
                )
        return await self.games.store.put_timer(timer, notices, now)

    async def _current(self, timer: TimerRow) -> GameRow | None:
        """The game row when the timer still describes its open decision, else None."""
        row = await self.games.store.get_game(timer.game_id)
        if row is None or row.status != "active":
            return None
        opened = row.waiting.get(timer.seat)
        holder = next((s.user_id for s in row.seats if s.seat == timer.seat), None)
        if opened is None or abs(opened - timer.opened_at) > SAME or holder != timer.user_id:
            return None
        return row

    async def _remind(self, timer: TimerRow, now: float) -> bool | None:
        """True: a reminder queued; False: deferred (quiet hours, vacation); None: stale."""
        due = timer.remind_at
        assert due is not None
        row = await self._current(timer)
        if row is None:
            return None
        timing = await self._timing_of(row.id)
        prefs = await self.preferences.prefs(timer.user_id)
        if timing.remind_hours is None:
            await self.games.store.claim_reminder(
                row.id, timer.seat, due, None, [], now, counted=False
            )
            return None
        if prefs.vacation:
            later = next_reminder(now, timing.remind_hours, prefs.quiet)
            await self.games.store.claim_reminder(
                row.id, timer.seat, due, later, [], now, counted=False
            )
            return False
        if prefs.quiet is not None and in_quiet(now, prefs.quiet):
            later = quiet_end(now, prefs.quiet)
            await self.games.store.claim_reminder(
                row.id, timer.seat, due, later, [], now, counted=False
            )
            return False
        data = await self._payload(row, timer.seat, timer.user_id, timer.opened_at)
        data["count"] = timer.reminders + 1
        if timing.on_timeout == "default" and timer.deadline_at is not None:
            data["default_at"] = timer.deadline_at  # the reminder warns of it (issue 12)
        notice = NewNotice(row.id, "remind", data, user_id=timer.user_id, channel_id=row.channel_id)
        later = next_reminder(now, timing.remind_hours, prefs.quiet)
        return await self.games.store.claim_reminder(
            row.id, timer.seat, due, later, [notice], now, counted=True
        )

    async def _time_out(self, timer: TimerRow, now: float) -> list[int] | None:
        """Act once on a deadline; the post ids of default moves ([] for a notice),
        None when the timer was stale or already claimed."""
        due = timer.deadline_at
        assert due is not None
        row = await self._current(timer)
        if row is None:
            return None
        timing = await self._timing_of(row.id)
        data = await self._payload(row, timer.seat, timer.user_id, timer.opened_at)
        data["limit_hours"] = timing.limit_hours
        data["host_id"] = row.host_id
        action = timing.on_timeout
        # a note pinging someone waits for the end of that person's quiet hours
        if action == "remind":
            when = out_of_quiet(now, (await self.preferences.prefs(timer.user_id)).quiet)
            notice = NewNotice(row.id, "limit", data, timer.user_id, row.channel_id, when)
            claimed = await self.games.store.claim_deadline(row.id, timer.seat, due, [notice], now)
            return [] if claimed else None
        when = out_of_quiet(now, (await self.preferences.prefs(row.host_id)).quiet)
        host = NewNotice(row.id, "host", data, row.host_id, row.channel_id, when)
        if action == "host":
            claimed = await self.games.store.claim_deadline(row.id, timer.seat, due, [host], now)
            return [] if claimed else None
        # "default" or "ai": claimed first, so a crash or a failing move never repeats it
        if not await self.games.store.claim_deadline(row.id, timer.seat, due, [], now):
            return None
        results = await self.play_timeout(row.id, timer.seat, ai=action == "ai")
        if not results:
            data["no_default"] = True
            await self.games.store.add_notices([host], now)
            return []
        return [i for r in results for i in r.post_ids]

    # ===================================================== the default move
    async def play_timeout(self, game_id: int, seat: int, *, ai: bool = False) -> list[TurnResult]:
        """Play the game's safe default move(s) for ``seat`` as a system move (user id 0),
        or with ``ai`` the moves a normal AI player chooses (decided in a worker process):
        one move, and more only while the seat still acts within the same ``turn_key``
        (a chain of sub-choices, such as Algae's alternate action and its pick), at most
        ``MAX_DEFAULT_STEPS``. The first move's log lines start with "timed out: ...". [] when the
        game has no default move for that seat now."""
        results: list[TurnResult] = []
        step = conflicts = 0
        async with self.games.lock(game_id):
            while step < MAX_DEFAULT_STEPS * (4 if ai else 1):
                row = await self.games.store.get_game(game_id)
                if row is None or row.status != "active":
                    break
                cached = await self.games.engine(row)
                decision = cached.decision_for(seat)
                move = None
                if decision is not None:
                    move = await _ai_move(cached, seat) if ai else cached.default_move(seat)
                if decision is None or move is None:
                    break
                try:
                    trial = play_on_copy(cached, seat, move)
                except Exception:
                    log.exception("game %s: default move %r of seat %s failed", game_id, move, seat)
                    break
                game, events = trial.game, trial.events
                name = next((s.name for s in row.seats if s.seat == seat), f"seat {seat}")
                if step == 0:
                    what = "an AI plays the turn" if ai else "the safe default is played"
                    line = f"timed out: {name} ran out of time; {what}"
                    events = [Event(line, seat), *events]
                try:
                    result = await self.committer.commit(
                        row, game, seat, 0, trial.before, events, trial.keys
                    )
                except VersionConflict:
                    # another process moved the game meanwhile (another seat's move or
                    # time-out): look again, the seat may still have to act
                    self.games.evict(game_id)
                    conflicts += 1
                    if conflicts > MAX_DEFAULT_STEPS:
                        break
                    continue
                step += 1
                self.games.keep(game_id, result.version, game)
                results.append(result)
                # go on only within one named turn (a chain of sub-choices); a game that
                # does not name its turns gets one move per deadline
                key_after = game.turn_key()
                if (
                    game.decision_for(seat) is None
                    or key_after is None
                    or key_after != trial.key_before
                ):
                    break
        return results

    async def _payload(self, row: GameRow, seat: int, user_id: int, since: float) -> dict:
        """What a notice about ``seat`` needs (plain data; the front end writes the text)."""
        info = self.games.info(row)
        prompt = ""
        try:
            decision = (await self.games.engine(row)).decision_for(seat)
            prompt = decision.prompt if decision is not None else ""
        except Exception:  # a broken game still gets its notice
            pass
        name = next((s.name for s in row.seats if s.seat == seat), f"seat {seat}")
        return {
            "game_id": row.id,
            "title": info.title,
            "guild_id": row.guild_id,
            "channel_id": row.channel_id,
            "seat": seat,
            "user_id": user_id,
            "name": name,
            "prompt": prompt,
            "since": since,
        }


async def _ai_move(game: Game, seat: int) -> str | None:
    """The move a normal AI plays for an overdue seat (None when it cannot decide)."""
    from tables.ai_seats import default_decide

    try:
        return await default_decide(game, seat, "normal")
    except Exception:
        log.exception("the AI could not decide for seat %s", seat)
        return None
