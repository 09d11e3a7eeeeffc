"""The move log as people read it: moves and undos in log order, filtered and paged.

Undone moves stay in the log (marked with the undo that took them back). The round filter
uses what the engine's public view offers (``week`` in Algae, else ``round``): the log is
walked once from the start, replaying after each undo, so every move, also an undone one,
gets the round it was played in. That walk is CPU work and runs off the event loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.core import replay
from storage.base import MoveRow
from tables.line import LogLine, record_of

if TYPE_CHECKING:
    from storage.base import GameRow, UndoRow


@dataclass(frozen=True)
class LogItem:
    """One log line: a move (``kind`` "move") or an undo ("undo", ``seat`` None)."""

    seq: int
    kind: str
    seat: int | None
    user_id: int
    name: str
    move: str
    events: tuple[str, ...]
    at: float
    undone_by: int | None = None  # the log position of the undo that took it back


@dataclass(frozen=True)
class HistoryPage:
    """``page`` is 1-based and ``pages`` at least 1; ``total`` counts the filtered lines."""

    game_id: int
    items: tuple[LogItem, ...]
    page: int
    pages: int
    total: int
    filters: tuple[str, ...] = ()


def rounds_by_seq(row: GameRow, line: LogLine) -> dict[int, Any]:
    """The round each log position was played in (undos: the round they returned to), as
    the game's ``progress()`` counts them (the week in Algae)."""
    game = replay(record_of(row, []))
    live: list[MoveRow] = []
    found: dict[int, Any] = {}
    steps: list[tuple[int, MoveRow | UndoRow]] = sorted(
        [*((m.seq, m) for m in line.moves), *((u.seq, u) for u in line.undos)], key=lambda x: x[0]
    )
    try:
        for seq, step in steps:
            if isinstance(step, MoveRow):
                found[seq] = game.progress().round
                game.play(step.seat, step.move)
                live.append(step)
            else:
                live = [m for m in live if m.seq not in set(step.undone)]
                game = replay(record_of(row, live))
                found[seq] = game.progress().round
    except Exception:  # a log that no longer replays: the rounds found so far
        pass
    return found


def items_of(row: GameRow, line: LogLine) -> list[LogItem]:
    names = {s.seat: s.name for s in row.seats}
    users: dict[int, str] = {}
    for s in row.seats:
        users.setdefault(s.user_id, s.name)
    items = [
        LogItem(
            m.seq,
            "move",
            m.seat,
            m.user_id,
            names.get(m.seat, "?"),
            m.move,
            tuple(m.events),
            m.at,
            line.undone_at.get(m.seq),
        )
        for m in line.moves
    ]
    items += [
        LogItem(u.seq, "undo", None, u.user_id, users.get(u.user_id, "?"), "", (u.line,), u.at)
        for u in line.undos
    ]
    return sorted(items, key=lambda i: i.seq)


async def filtered(
    row: GameRow, line: LogLine, *, player: str | None, round_: int | None
) -> tuple[list[LogItem], tuple[str, ...]]:
    """The log items matching the filters, and the filters as words."""
    items = items_of(row, line)
    words: list[str] = []
    if player:
        wanted = player.strip().casefold()
        items = [i for i in items if i.name.casefold() == wanted]
        words.append(f"player {player.strip()}")
    if round_ is not None:
        started = row.players is not None and row.status != "lobby"
        rounds = await asyncio.to_thread(rounds_by_seq, row, line) if started else {}
        items = [i for i in items if str(rounds.get(i.seq)) == str(round_)]
        words.append(f"round {round_}")
    return items, tuple(words)
