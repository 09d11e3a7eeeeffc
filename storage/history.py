"""Plain rows of the history tables (undos, undo requests, results); no SQL here.

The move log stays append-only. An undo is a row of its own in ``undos`` at the next log
position (``games.version`` counts moves AND undos, so it only ever rises); it names the
``seq`` of the moves it took back. The live line of a game is every move not named by an
undo; its snapshot is rebuilt by replaying that line. ``results`` holds the final standing
of each seat of a finished game, for /stats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

REQUEST_STATUSES = ("open", "applied", "refused", "cancelled")


@dataclass(frozen=True)
class NewUndo:
    """An undo to record: who, which move seqs it takes back, the log line."""

    user_id: int
    undone: list[int]
    line: str
    request_id: int | None = None


@dataclass(frozen=True)
class UndoRow:
    game_id: int
    seq: int  # its own log position
    user_id: int
    undone: list[int]
    line: str
    request_id: int | None
    at: float


@dataclass(frozen=True)
class UndoRequestRow:
    """An undo waiting for consent. ``approvers`` maps user id -> None (not yet), True, False."""

    id: int
    game_id: int
    requester_id: int
    at_version: int  # games.version when asked; any later move or undo cancels it
    count: int
    approvers: dict[int, bool | None]
    status: str
    created_at: float
    decided_at: float | None = None
    channel_id: int | None = None  # the public message asking (once it is posted)
    message_id: int | None = None


@dataclass(frozen=True)
class ResultRow:
    """One seat's final standing; ``won`` is rank 1 (ties share it)."""

    game_id: int
    seat: int
    user_id: int
    name: str
    kind: str
    rank: int
    vp: int
    won: bool
    resigned: bool = False
    at: float = 0.0


@dataclass(frozen=True)
class KindTotals:
    kind: str
    played: int
    won: int
    resigned: int = 0
    best_vp: int | None = None
    extra: dict[str, int] = field(default_factory=dict)
