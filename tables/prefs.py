"""Player preferences and settings, /vacation, /mygames and the notice outbox.

Preferences live in the generic per-user settings (``user_settings``) under the keys
below; nothing here knows Discord. Notices (reminders, time-out notices, DMs) are queued
by ``tables.reminders`` and sent by the front end, which reports back with
``notice_sent`` / ``notice_failed``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from storage.base import LIVE_STATUSES
from tables.errors import TableError
from tables.schedule import BadZone, Quiet, zone
from tables.side import next_retry
from tables.text import clean_key, clean_options
from tables.time_models import MyGame, Notice, Prefs

if TYPE_CHECKING:
    from storage.timing import NoticeRow
    from tables.access import GameAccess

# user_settings keys
TZ, QUIET, DM, VACATION = "tz", "quiet", "dm", "vacation"
DM_FAILURES, DM_FAILED_AT, DM_OFF = "dm_failures", "dm_failed_at", "dm_off_reason"
DM_FAILURE_LIMIT = 3
NOTICE_MAX_ATTEMPTS = 6


class PrefsError(TableError):
    """A setting out of range (bad time zone, bad hour)."""


def prefs_of(settings: dict[str, Any]) -> Prefs:
    """Prefs from stored settings; anything malformed falls back to the default."""
    stored = settings.get(TZ)
    tz = stored if isinstance(stored, str) else "UTC"
    try:
        zone(tz)
    except BadZone:
        tz = "UTC"
    quiet = None
    raw = settings.get(QUIET)
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(h, int) for h in raw):
        try:
            quiet = Quiet(tz, raw[0], raw[1])
        except ValueError:
            quiet = None
    failed_at = settings.get(DM_FAILED_AT)
    return Prefs(
        tz=tz,
        quiet=quiet if quiet is not None and not quiet.empty else None,
        dm=settings.get(DM) is True,
        vacation=settings.get(VACATION) is True,
        dm_failures=int(settings.get(DM_FAILURES) or 0),
        dm_failed_at=float(failed_at) if isinstance(failed_at, int | float) else None,
        dm_off_reason=settings.get(DM_OFF) if isinstance(settings.get(DM_OFF), str) else None,
    )


class Preferences:
    """A player's preferences and settings, their games, and the notice outbox."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    # ========================================================== preferences
    async def prefs(self, user_id: int) -> Prefs:
        return prefs_of(await self.games.store.settings(user_id))

    async def set_prefs(
        self,
        user_id: int,
        *,
        tz: str | None = None,
        quiet: tuple[int, int] | None = None,
        quiet_off: bool = False,
        dm: bool | None = None,
    ) -> Prefs:
        """Change some preferences (None: unchanged). ``quiet`` is (start, end) local hours;
        ``quiet_off`` removes them. Turning DMs on forgets earlier failures."""
        changes: dict[str, Any] = {}  # everything is checked before anything is written
        if tz is not None:
            try:
                changes[TZ] = zone(tz).key
            except BadZone as exc:
                raise PrefsError(str(exc)) from exc
        if quiet is not None:
            start, end = quiet
            if not (0 <= start <= 23 and 0 <= end <= 23):
                raise PrefsError("quiet hours are whole hours from 0 to 23")
            if start == end:
                raise PrefsError("quiet hours need a different start and end (or 'off')")
            changes[QUIET] = [start, end]
        if quiet_off:
            changes[QUIET] = None
        if dm is not None:
            changes[DM] = bool(dm)
            if dm:
                changes[DM_FAILURES] = changes[DM_OFF] = None
        if changes:
            await self.games.store.set_settings(user_id, changes, self.games.clock())
        return await self.prefs(user_id)

    async def set_vacation(self, user_id: int, on: bool) -> Prefs:
        """On vacation: no reminders and no DMs (the table sees it in /status and seats)."""
        await self.games.store.set_setting(
            user_id, VACATION, True if on else None, self.games.clock()
        )
        return await self.prefs(user_id)

    async def on_vacation(self, user_ids: list[int] | tuple[int, ...]) -> set[int]:
        """Which of these users are on vacation."""
        found = set()
        for uid in set(user_ids):
            if uid and await self.games.store.get_setting(uid, VACATION) is True:
                found.add(uid)
        return found

    # ======================================================== user settings
    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self.games.store.settings(user_id)

    async def user_setting(self, user_id: int, key: str) -> Any | None:
        return await self.games.store.get_setting(user_id, clean_key(key))

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        """Store a JSON value (None deletes the key)."""
        clean_options({"v": value})  # JSON-able and bounded
        await self.games.store.set_setting(user_id, clean_key(key), value, self.games.clock())

    # ============================================================== mygames
    async def my_games(self, user_id: int) -> list[MyGame]:
        """Every live game of ``user_id`` in any guild: those waiting on them first (the
        longest wait first), then the others (most recently active first)."""
        mine: list[MyGame] = []
        for row in await self.games.store.games_of_user(user_id, LIVE_STATUSES):
            held = [s for s in row.seats if s.user_id == user_id]
            opened = [row.waiting[s.seat] for s in held if s.seat in row.waiting]
            waiting = row.status == "active" and bool(opened)
            mine.append(
                MyGame(
                    self.games.info(row),
                    waiting,
                    min(opened) if waiting else None,
                    tuple(s.name for s in held),
                )
            )
        waiting_first = sorted((g for g in mine if g.waiting), key=lambda g: (g.since, g.info.id))
        others = sorted(
            (g for g in mine if not g.waiting), key=lambda g: (-g.info.updated_at, g.info.id)
        )
        return waiting_first + others

    # ============================================================== notices
    async def due_notices(self, limit: int = 20) -> list[Notice]:
        """Notices to send now. One that no longer applies (the game ended, or the player
        has moved since it was queued, e.g. a DM held back by quiet hours) is dropped."""
        now = self.games.clock()
        due = []
        for r in await self.games.store.claim_notices(now, limit, self.games.lease):
            if await self._still_applies(r):
                due.append(_notice(r))
            else:
                await self.games.store.notice_failed(r.id, "no longer applies", now, retry_in=None)
        return due

    async def _still_applies(self, r: NoticeRow) -> bool:
        row = await self.games.store.get_game(r.game_id)
        if row is None or row.status != "active":
            return False
        if r.kind == "host":
            return True
        seat, since = r.payload.get("seat"), r.payload.get("since")
        opened = row.waiting.get(seat) if isinstance(seat, int) else None
        return opened is not None and isinstance(since, int | float) and abs(opened - since) < 1e-3

    async def notice(self, notice_id: int) -> Notice | None:
        row = await self.games.store.get_notice(notice_id)
        return _notice(row) if row else None

    async def notice_sent(self, notice: Notice, message_id: int | None = None) -> bool:
        """Mark a notice made. A DM that got through resets the user's failure count."""
        done = await self.games.store.notice_sent(notice.id, message_id, self.games.clock())
        direct = done and notice.channel_id is None and notice.user_id
        if direct and await self.games.store.get_setting(notice.user_id, DM_FAILURES):
            await self.games.store.set_setting(
                notice.user_id, DM_FAILURES, None, self.games.clock()
            )
        return done

    async def notice_failed(
        self,
        notice: Notice,
        error: str,
        *,
        retry_in: float | None = None,
        give_up: bool = False,
        dm_closed: bool = False,
    ) -> bool:
        """Count a failed attempt (retried after ``retry_in`` s, default a backoff).

        ``dm_closed`` (Discord: cannot send messages to this user) gives the DM up at once,
        records when, and after ``DM_FAILURE_LIMIT`` refusals in a row turns DMs off: the
        game never waits on a DM and a closed inbox is not tried forever."""
        now = self.games.clock()
        retry = next_retry(
            notice.attempts, retry_in, give_up=give_up or dm_closed, limit=NOTICE_MAX_ATTEMPTS
        )
        changed = await self.games.store.notice_failed(notice.id, error, now, retry_in=retry)
        if changed and dm_closed and notice.user_id:
            uid = notice.user_id
            failures = int(await self.games.store.get_setting(uid, DM_FAILURES) or 0) + 1
            await self.games.store.set_setting(uid, DM_FAILURES, failures, now)
            await self.games.store.set_setting(uid, DM_FAILED_AT, now, now)
            if failures >= DM_FAILURE_LIMIT:
                await self.games.store.set_setting(uid, DM, False, now)
                reason = f"turned off after {failures} direct messages Discord refused"
                await self.games.store.set_setting(uid, DM_OFF, reason, now)
        return changed

    async def turn_link(self, game_id: int) -> tuple[int | None, int, int | None, int]:
        """(guild id, channel id, message id of the latest turn post or None, posts of
        that game still to make in its channel) for a jump link."""
        row = await self.games.store.get_game(game_id)
        if row is None:
            raise TableError(f"there is no game #{game_id}")
        message_id, pending = await self.games.store.latest_post(game_id, row.channel_id)
        return row.guild_id, row.channel_id, message_id, pending


def _notice(r: NoticeRow) -> Notice:
    return Notice(
        r.id, r.game_id, r.user_id, r.channel_id, r.kind, r.payload, r.attempts, r.created_at
    )
