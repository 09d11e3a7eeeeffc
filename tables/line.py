"""The log line of a game: which moves are live at a log position, after undos.

``games.version`` is a log position: every accepted move and every undo takes the next
one (moves.seq, undos.seq), so it only ever rises and the optimistic version check and the
stale-menu checks keep working across an undo. An undo names the moves it took back; they
stay in the log. The live line at position ``p`` is every move at or before ``p`` not taken
back by an undo at or before ``p``; replaying it gives the game as it stood at ``p``.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game, replay
from storage.base import GameRow, MoveRow
from storage.history import UndoRow


class LogLine:
    """A game's moves and undos, oldest first."""

    def __init__(self, moves: list[MoveRow], undos: list[UndoRow]) -> None:
        self.moves = sorted(moves, key=lambda m: m.seq)
        self.undos = sorted(undos, key=lambda u: u.seq)
        self.undone_at: dict[int, int] = {s: u.seq for u in self.undos for s in u.undone}

    def live(self, position: int | None = None) -> list[MoveRow]:
        """The live moves at ``position`` (None: now)."""
        end = position if position is not None else float("inf")
        return [
            m
            for m in self.moves
            if m.seq <= end and (m.seq not in self.undone_at or self.undone_at[m.seq] > end)
        ]

    def check(self, version: int) -> None:
        """Raise ValueError unless moves and undos fill the positions 1..version exactly."""
        seen = sorted([m.seq for m in self.moves] + [u.seq for u in self.undos])
        if seen != list(range(1, version + 1)):
            raise ValueError(
                f"the log holds {len(self.moves)} moves and {len(self.undos)} undos, "
                f"the game is at {version}"
            )


def record_of(row: GameRow, moves: list[MoveRow]) -> dict[str, Any]:
    """The engine record of ``row`` with these moves."""
    return {
        "kind": row.kind,
        "players": list(row.players or []),
        "seed": row.seed,
        "options": dict(row.options),
        "moves": [[m.seat, m.move] for m in moves],
    }


def replayed(row: GameRow, line: LogLine, version: int) -> Game:
    """The game ``row`` rebuilt from its live moves at log position ``version`` (CPU-bound:
    call it off the event loop). Raises when the log does not fill 1..version or a move no
    longer applies."""
    live = line.live()
    line.check(version)
    game = replay(record_of(row, live))
    if version != len(live):  # after an undo: versions above the log position
        game.rebase_versions(version - len(live))
    return game


def apply_names(game: Game, row: GameRow) -> Game:
    """Give the engine the seat holders' names (after ``/game replace`` the new player's
    name is the one the log, the pictures, /status and the standings use from then on;
    what was logged before stays as it was). Returns ``game``."""
    for seat in row.seats:
        if seat.user_id < 0:  # an AI seat keeps the name of the player it stands in for
            continue
        if 0 <= seat.seat < len(game.players) and game.players[seat.seat] != seat.name:
            game.players[seat.seat] = seat.name
            game.invalidate()  # prompts name players: decisions are worked out again
    return game
