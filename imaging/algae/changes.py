"""What the last turn changed on the Algae board: the view before (``previous=``) compared
with the view now. Posts carry these marks as data (``to_data``), so drawing a post never
needs the board before it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.kit import marks


@dataclass
class Changes:
    fields: dict[int, set[str]] = field(default_factory=dict)  # seat -> panel fields
    moved: set[int] = field(default_factory=set)  # seats whose supervisor moved
    disks: dict[str, set[int]] = field(default_factory=dict)  # city -> seats with a new disk


def player_changes(p: PlayerModel, q: PlayerModel) -> set[str]:
    out = {
        k for k in ("vp", "money", "energy", "science", "disks") if getattr(p, k) != getattr(q, k)
    }
    out |= {k for k, v in p.tokens.items() if q.tokens.get(k) != v}
    out |= {f"staff.{t}" for t, v in p.staff.items() if q.staff.get(t) != v}
    out |= {f"cell.{c}" for c, v in p.cells.items() if q.cells.get(c) != v}
    return out


def changes(game: GameModel, prev: GameModel | None) -> Changes:
    out = Changes()
    if prev is None or len(prev.players) != len(game.players):
        return out
    for p, q in zip(game.players, prev.players, strict=True):
        if f := player_changes(p, q):
            out.fields[p.seat] = f
        if p.supervisor != q.supervisor and p.supervisor is not None:
            out.moved.add(p.seat)
    for city, info in game.cities.items():
        new = set(info["disks"]) - set(prev.cities.get(city, {}).get("disks", []))
        if new:
            out.disks[city] = new
    return out


def marks_of(
    game: GameModel, previous: dict[str, Any] | None, data: dict[str, Any] | None
) -> Changes:
    """The marks a post carries (``data``), else those computed from ``previous``."""
    if data is not None:
        return marks.from_data(Changes, data)
    return changes(game, read_game(previous) if previous else None)


def change_data(view: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    """The marks between two public views, as JSON data for a post."""
    return marks.to_data(changes(read_game(view), read_game(previous) if previous else None))
