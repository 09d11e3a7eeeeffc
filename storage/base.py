"""The storage interface the table layer calls, and the plain rows it passes.

Nothing here knows SQL. ``Store`` is a ``typing.Protocol``: the SQLite implementation lives in
``storage.sqlite``, the PostgreSQL one in ``storage.postgres`` (``storage.open`` picks one).

Rules every implementation keeps:

* ``commit_move`` and ``start_game`` are ONE transaction each (move row, snapshot, version
  bump, outbox rows); ``commit_move`` lands only when ``games.version`` still equals
  ``expected_version`` and the game is active, else it raises ``VersionConflict`` and
  changes nothing.
* Only one live game (lobby, active or broken) per channel: ``create_game`` raises
  ``ChannelTaken`` otherwise.
* A lobby is checked inside the write that changes it, since the table layer checked an
  earlier read and another task or process may have joined since: ``add_seat`` raises
  ``JoinRefused`` (``join_refusal``: seated, name taken, full) and ``start_game``
  ``SeatsChanged`` (the seats are not the players it names), and nothing is written.
* All times are unix seconds (float) given by the caller, so tests can use a fake clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from storage.history import NewUndo, ResultRow, UndoRequestRow, UndoRow
from storage.timing import NewNotice, NoticeRow, TimerChange, TimerRow, TimingRow

LIVE_STATUSES = ("lobby", "active", "broken")
STATUSES = ("lobby", "active", "finished", "aborted", "broken")


class StoreError(Exception):
    """Base of the storage errors the table layer handles."""


class VersionConflict(StoreError):
    """The game changed (another move landed) since it was loaded; nothing was written."""


class ChannelTaken(StoreError):
    """The channel already has a live game."""


class JoinRefused(StoreError):
    """The lobby as it is refuses the join; the text says why in players' words."""


class SeatsChanged(StoreError):
    """A lobby's seats are not the players a start names (someone joined or left since)."""


def join_refusal(
    seats: Sequence[tuple[int, str]], hotseat: bool, max_seats: int, user_id: int, name: str
) -> str | None:
    """Why a lobby whose seats are ``seats`` (user id, name) refuses ``user_id`` joining as
    ``name``, in the words players read; None when it takes them."""
    if not hotseat and any(uid == user_id for uid, _ in seats):
        return "you are already in this game"
    if any(taken.casefold() == name.casefold() for _, taken in seats):
        return f"the name '{name}' is taken in this game"
    if len(seats) >= max_seats:
        return f"the game is full ({max_seats} seats)"
    return None


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class GameRow:
    """A game's row without its snapshot (load that with ``Store.load_snapshot``)."""

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: str
    host_id: int
    seed: int
    options: dict[str, Any]
    hotseat: bool
    max_seats: int
    players: list[str] | None
    version: int
    waiting: dict[int, float]
    announced_seq: int
    broken_reason: str | None
    created_at: float
    updated_at: float
    started_at: float | None
    ended_at: float | None
    seats: tuple[SeatRow, ...] = ()


@dataclass(frozen=True)
class Snapshot:
    version: int
    text: str | None


@dataclass(frozen=True)
class NewGame:
    kind: str
    guild_id: int | None
    channel_id: int
    host_id: int
    host_name: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    hotseat: bool = False
    max_seats: int = 1
    status: str = "lobby"


@dataclass(frozen=True)
class NewMove:
    seat: int
    user_id: int
    move: str
    events: list[str]


@dataclass(frozen=True)
class MoveRow:
    game_id: int
    seq: int
    seat: int
    user_id: int
    move: str
    events: list[str]
    at: float


@dataclass(frozen=True)
class NewPost:
    """A post to make. ``channel_id=None`` fans out to the game channel and every link
    (spectator channels get ``payload["spectator"] = True``)."""

    kind: str
    payload: dict[str, Any]
    channel_id: int | None = None


@dataclass(frozen=True)
class PostRow:
    id: int
    game_id: int
    channel_id: int
    kind: str
    payload: dict[str, Any]
    created_at: float
    due_at: float
    attempts: int
    last_error: str | None
    sent_at: float | None
    message_id: int | None
    dead: bool


@dataclass(frozen=True)
class LinkRow:
    game_id: int
    channel_id: int
    created_at: float


class Store(Protocol):
    """What the table layer needs from a database. All methods are coroutines."""

    async def close(self) -> None: ...

    async def install_secret(self) -> bytes:
        """This installation's random secret (never shown), mixed into lobby seeds."""
        ...

    # games and seats
    async def create_game(self, new: NewGame, now: float) -> int:
        """Insert a game with its host in seat 0; raise ChannelTaken."""
        ...

    async def get_game(self, game_id: int) -> GameRow | None: ...

    async def find_game(self, channel_id: int) -> GameRow | None:
        """The live game (lobby, active or broken) of a channel, or None."""
        ...

    async def list_games(
        self, guild_id: int | None, statuses: tuple[str, ...] = LIVE_STATUSES
    ) -> list[GameRow]: ...

    async def add_seat(self, game_id: int, user_id: int, name: str, now: float) -> int:
        """Append a seat to a lobby; return its number. Raise StoreError if not a lobby,
        JoinRefused if the lobby as it is refuses the join (``join_refusal``)."""
        ...

    async def remove_seats(self, game_id: int, user_id: int, now: float) -> int:
        """Remove a user's seats from a lobby (the others close ranks); return how many."""
        ...

    async def set_host(self, game_id: int, host_id: int, now: float) -> None: ...

    async def replace_seat(
        self, game_id: int, seat: int, user_id: int, name: str, now: float
    ) -> None: ...

    async def set_status(
        self,
        game_id: int,
        status: str,
        now: float,
        *,
        only_from: tuple[str, ...],
        reason: str | None = None,
    ) -> bool:
        """Change the status when it is one of ``only_from``; return whether it changed."""
        ...

    async def start_game(
        self,
        game_id: int,
        players: list[str],
        snapshot: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> list[int]:
        """Lobby -> active with version 0 and the first snapshot; returns outbox ids.
        Raises SeatsChanged when the lobby's seats are not ``players``, in order."""
        ...

    # moves and snapshots
    async def load_snapshot(self, game_id: int) -> Snapshot: ...

    async def save_snapshot(self, game_id: int, version: int, text: str) -> bool:
        """Rewrite the snapshot when the version still matches (rebuilt from the log)."""
        ...

    async def commit_move(
        self,
        game_id: int,
        expected_version: int,
        move: NewMove,
        snapshot: str,
        *,
        status: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
        forced: Sequence[NewMove] = (),
    ) -> list[int]:
        """One transaction: move row seq=expected_version+1 (then the ``forced`` moves the
        table layer played after it, one row each), snapshot, version bump, status, outbox
        rows (and ``announced_seq`` moves up when there are posts). Returns outbox ids;
        raises VersionConflict when the version moved on or the game is not active."""
        ...

    async def moves(
        self, game_id: int, *, after_seq: int = 0, limit: int | None = None
    ) -> list[MoveRow]: ...

    async def count_moves(self, game_id: int) -> int: ...

    # spectator links
    async def add_link(self, game_id: int, channel_id: int, now: float) -> bool: ...

    async def remove_link(self, game_id: int, channel_id: int) -> bool: ...

    async def links(self, game_id: int) -> list[LinkRow]: ...

    # outbox
    async def due_posts(self, now: float, limit: int) -> list[PostRow]: ...

    async def get_post(self, post_id: int) -> PostRow | None: ...

    async def claim_posts(
        self, now: float, limit: int, lease: float, ids: list[int] | None = None
    ) -> list[PostRow]:
        """Pending posts due now (``ids``: only those), oldest first.
        A store shared by several processes hands each one to one process only: its
        ``due_at`` moves ``lease`` seconds on, so no other process takes it before this
        one marked it sent or failed (or died and the lease ran out)."""
        ...

    async def claim_notices(self, now: float, limit: int, lease: float) -> list[NoticeRow]:
        """Due notices, claimed like ``claim_posts``."""
        ...

    async def post_sent(self, post_id: int, message_id: int | None, now: float) -> bool: ...

    async def post_failed(
        self, post_id: int, error: str, now: float, *, retry_in: float | None
    ) -> bool:
        """Count a failed attempt; retry after ``retry_in`` seconds, or give up when None."""
        ...

    async def prune_posts(self, before: float) -> int:
        """Delete posts made or given up before ``before``; return how many."""
        ...

    async def pending_posts_of(self, game_id: int) -> list[PostRow]:
        """A game's posts still to make (due or not), in id order (= move order)."""
        ...

    async def sent_post_before(self, game_id: int, channel_id: int, post_id: int) -> PostRow | None:
        """The latest post of a game made in a channel before post ``post_id``."""
        ...

    # user settings
    async def get_setting(self, user_id: int, key: str) -> Any | None: ...

    async def set_setting(self, user_id: int, key: str, value: Any, now: float) -> None: ...

    async def set_settings(self, user_id: int, values: dict[str, Any], now: float) -> None:
        """Several settings in one transaction (None deletes a key): all or none."""
        ...

    async def settings(self, user_id: int) -> dict[str, Any]: ...

    # time: game timing, turn timers, notices (storage.timing); games by user
    async def get_timing(self, game_id: int) -> TimingRow | None: ...

    async def set_timing(self, timing: TimingRow, now: float) -> None: ...

    async def timer_changes(self, limit: int = 200) -> list[TimerChange]:
        """Open decisions of active games whose timer is missing or stale."""
        ...

    async def drop_stale_timers(self) -> int: ...

    async def put_timer(self, timer: TimerRow, notices: list[NewNotice], now: float) -> bool:
        """Write a seat's timer and queue ``notices``; False (nothing queued) when a timer for
        the same decision and holder is there already."""
        ...

    async def timers(self, game_id: int | None = None) -> list[TimerRow]: ...

    async def due_timers(self, now: float, limit: int = 100) -> list[TimerRow]: ...

    async def claim_reminder(
        self,
        game_id: int,
        seat: int,
        due: float,
        next_at: float | None,
        notices: list[NewNotice],
        now: float,
        *,
        counted: bool,
    ) -> bool:
        """One transaction: move the reminder due at ``due`` on and queue ``notices``."""
        ...

    async def claim_deadline(
        self, game_id: int, seat: int, due: float, notices: list[NewNotice], now: float
    ) -> bool: ...

    async def reschedule_timer(
        self, game_id: int, seat: int, remind_at: float | None, deadline_at: float | None
    ) -> None: ...

    async def add_notices(self, notices: list[NewNotice], now: float) -> None: ...

    async def due_notices(self, now: float, limit: int) -> list[NoticeRow]: ...

    async def notices(self, game_id: int) -> list[NoticeRow]: ...

    async def get_notice(self, notice_id: int) -> NoticeRow | None: ...

    async def notice_sent(self, notice_id: int, message_id: int | None, now: float) -> bool: ...

    async def notice_failed(
        self, notice_id: int, error: str, now: float, *, retry_in: float | None
    ) -> bool: ...

    async def games_of_user(
        self, user_id: int, statuses: tuple[str, ...] = LIVE_STATUSES
    ) -> list[GameRow]: ...

    async def latest_post(self, game_id: int, channel_id: int) -> tuple[int | None, int]: ...

    # history: undos, undo requests, results, imports (storage.history; sqlite_history)
    async def undos(self, game_id: int) -> list[UndoRow]: ...

    async def commit_undo(
        self,
        game_id: int,
        expected_version: int,
        undo: NewUndo,
        snapshot: str,
        *,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> list[int]:
        """One transaction like ``commit_move``: the undo row at log position
        expected_version + 1 (no move row), snapshot, version, posts; VersionConflict."""
        ...

    async def add_undo_request(
        self,
        game_id: int,
        requester_id: int,
        at_version: int,
        count: int,
        approvers: list[int],
        now: float,
    ) -> int: ...

    async def get_undo_request(self, request_id: int) -> UndoRequestRow | None: ...

    async def open_undo_request(self, game_id: int) -> UndoRequestRow | None:
        """The game's open request (the newest, should there be more), or None."""
        ...

    async def vote_undo_request(
        self, request_id: int, user_id: int, approve: bool, now: float
    ) -> UndoRequestRow | None: ...

    async def close_undo_request(self, request_id: int, status: str, now: float) -> bool: ...

    async def set_undo_request_message(
        self, request_id: int, channel_id: int, message_id: int
    ) -> None:
        """Remember the public message asking for consent (migration 8)."""
        ...

    async def cancel_undo_requests(self, game_id: int, now: float) -> list[tuple[int, int]]:
        """Cancel the game's open requests; the (channel id, message id) of each."""
        ...

    async def finish_game(
        self,
        game_id: int,
        expected_version: int,
        results: list[ResultRow],
        posts: list[NewPost],
        now: float,
    ) -> list[int]: ...

    async def save_results(self, results: list[ResultRow]) -> None: ...

    async def results_of(self, user_id: int) -> list[ResultRow]: ...

    async def unscored_games(self, user_id: int) -> list[int]: ...

    # AI seats (storage.sqlite_ai): who resigned a seat to an AI
    async def add_handover(
        self, game_id: int, seat: int, user_id: int, name: str, now: float
    ) -> None: ...

    async def handovers(self, game_id: int) -> dict[int, tuple[int, str]]: ...

    async def resigned_to_ai(self, user_id: int) -> list[int]: ...

    async def games_with_ai(self, user_id: int) -> set[int]: ...

    async def last_game_in(self, channel_id: int) -> GameRow | None: ...

    async def import_game(
        self,
        new: NewGame,
        players: list[str],
        moves: list[NewMove],
        snapshot: str,
        *,
        status: str,
        waiting: dict[int, float],
        posts: list[NewPost],
        now: float,
    ) -> tuple[int, list[int]]: ...
