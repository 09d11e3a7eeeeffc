"""What the last turn changed, for the public board's marks: the view before the turn
(``previous=``) compared with the view now, plus the hexes the view itself names
(``last.hexes``, marked even without ``previous``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from imaging.kit import marks
from imaging.mars.model import GameModel, PlayerModel, read_game


@dataclass
class Changes:
    fields: dict[int, set[str]] = field(default_factory=dict)  # seat -> panel fields
    hexes: set[str] = field(default_factory=set)  # contents changed
    moved: set[str] = field(default_factory=set)  # a Bot or Rover arrived
    board: set[str] = field(default_factory=set)  # "space.3", "wh.water", "mission.bot"


def player_changes(p: PlayerModel, q: PlayerModel) -> set[str]:
    out = {f"res.{r}" for r, n in p.resources.items() if q.resources.get(r) != n}
    pairs = {
        "op": (p.op, q.op),
        "depot": ((p.depot, p.below), (q.depot, q.below)),
        "colonists": ((p.living_quarters, p.working_area), (q.living_quarters, q.working_area)),
        "techs": (p.techs, q.techs),
        "side": (p.side, q.side),
        "ships": ((p.ships, p.hangar), (q.ships, q.hangar)),
        "bots": (len(p.bots), len(q.bots)),
        "blueprints": ((p.blueprints, p.built), (q.blueprints, q.built)),
        "scientists": (p.scientists, q.scientists),
        "contracts": (p.contracts, q.contracts),
    }
    return out | {k for k, (a, b) in pairs.items() if a != b}


def _hex_state(game: GameModel) -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for h in game.hexes:
        b = h.building
        key = None if b is None else (b.type, b.owner, b.advanced, b.colonist)
        out[h.id] = (key, h.crystal, h.tile)
    return out


def changes(game: GameModel, prev: GameModel | None) -> Changes:
    out = Changes(hexes=set(game.last_hexes))
    if prev is None or len(prev.players) != len(game.players):
        return out
    for p, q in zip(game.players, prev.players, strict=True):
        if f := player_changes(p, q):
            out.fields[p.seat] = f
    now, before = _hex_state(game), _hex_state(prev)
    out.hexes |= {h for h, v in now.items() if before.get(h) != v}
    pieces = {h.id: (h.bots, h.rovers) for h in prev.hexes}
    for h in game.hexes:
        bots, rovers = pieces.get(h.id, ([], []))
        if any(s not in bots for s in h.bots) or any(s not in rovers for s in h.rovers):
            out.moved.add(h.id)
    for i, seat in enumerate(game.turn_spaces):
        if i >= len(prev.turn_spaces) or prev.turn_spaces[i] != seat:
            out.board.add(f"space.{i}")
    out.board |= {f"wh.{k}" for k, n in game.warehouse.items() if prev.warehouse.get(k) != n}
    left = {m.id: (m.left, m.done) for m in prev.missions}
    out.board |= {f"mission.{m.id}" for m in game.missions if left.get(m.id) != (m.left, m.done)}
    return out


def marks_of(
    game: GameModel, previous: dict[str, Any] | None, data: dict[str, Any] | None
) -> Changes:
    """The marks a post carries (``data``), else those computed from ``previous``."""
    if data is not None:
        found = marks.from_data(Changes, data)
        found.hexes |= set(game.last_hexes)
        return found
    return changes(game, read_game(previous) if previous else None)


def change_data(view: dict[str, Any], previous: dict[str, Any] | None) -> dict[str, Any]:
    """The marks between two public views, as JSON data for a post."""
    return marks.to_data(changes(read_game(view), read_game(previous) if previous else None))
