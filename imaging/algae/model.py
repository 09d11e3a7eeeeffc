"""The Algae view, read once into plain dataclasses the drawing code can rely on.

Everything the pictures need from the view (schema: the docstring of engine/algae/view.py)
goes through here, so a change to that schema is a change to this file only. Fixed board
geometry (strip layout, city positions, each department's factory) is read from
``engine.algae.data``, the same tables the view is built from. Missing keys fall back to
harmless defaults rather than failing a turn post.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.algae import data as D
from engine.algae import rules as R


@dataclass
class PlayerModel:
    seat: int
    name: str
    dept: str
    dept_title: str
    vp: int = 0
    vp_sources: dict[str, int] = field(default_factory=dict)
    money: int = 0
    energy: int = 0
    science: int = 0
    tokens: dict[str, int] = field(default_factory=dict)  # choice, wild, freelance, value
    staff: dict[str, int] = field(default_factory=dict)
    upgrades: dict[str, bool] = field(default_factory=dict)
    capacity: dict[str, int] = field(default_factory=dict)  # machine -> capacity
    cells: dict[str, int] = field(default_factory=dict)  # factory cell -> cubes
    storage_open: dict[str, bool] = field(default_factory=dict)
    storage_room: dict[str, int] = field(default_factory=dict)
    disks: int = D.DISKS
    markers: int = D.MARKERS
    x_tiles: dict[str, str] = field(default_factory=dict)  # tile -> covered|ready|used
    cities: list[str] = field(default_factory=list)
    contract: str = ""
    contract_done: bool = False
    board: list[str] = field(default_factory=list)  # science tiles on the department board
    tile_names: dict[str, str] = field(default_factory=dict)  # any tile id -> its name
    grid: dict[str, tuple[str, str]] = field(default_factory=dict)  # cell -> (tile, item|placed)
    income: dict[str, int] = field(default_factory=dict)
    belts_open: set[str] = field(default_factory=set)  # "from>to" of open main belts
    secondary_open: set[str] = field(default_factory=set)  # ids of open secondary belts
    contract_text: str = ""
    values: dict[str, int] = field(default_factory=dict)  # dispatch cell -> market value now
    fields: dict[str, str | None] = field(default_factory=dict)
    field_names: dict[str, str] = field(default_factory=dict)  # field -> its name
    beside: list[str] = field(default_factory=list)
    milestones: list[str] = field(default_factory=list)
    supervisor: tuple[int, int] | None = None
    rules: int = D.RULES_VERSION  # the rules version this board follows (older games keep theirs)


def department(p: PlayerModel) -> dict[str, Any]:
    """The seat's department board (belts, badges, values) under the seat's rules version."""
    return R.get(p.rules, "DEPARTMENTS")[p.dept]


@dataclass
class GameModel:
    week: int
    day: int  # 1..5 during the work week, 0 otherwise
    phase: str
    first: int
    to_act: list[int]
    strip_side: list[int]
    weekend_side: int
    tanks: dict[str, tuple[int, int]]  # species -> (cubes, capacity)
    byp: dict[str, int]  # byproduct -> cubes
    cities: dict[str, dict[str, Any]]  # name -> {"disks": [seat...], "token": str|None}
    bonus_tiles: list[str]
    milestones: dict[str, list[int]]
    players: list[PlayerModel]
    last: list[str]  # short lines about the last turn
    last_seat: int | None
    over: bool
    phase_text: str = ""
    # id -> (label, VP by order of arrival) as the game's own rules version prints them
    milestone_rows: dict[str, tuple[str, tuple[int, ...]]] = field(default_factory=dict)


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _milestone_rows(view: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...]]]:
    """Each milestone's label and VP from the view (an older rules version's game shows its
    own), or the current rules' for a view that lists none."""
    rows = {
        str(m.get("id")): (str(m.get("text", "")), tuple(_int(v) for v in m.get("vp", [])))
        for m in view.get("milestones", [])
        if m.get("text") and m.get("vp")
    }
    return rows or {mid: (label, vps) for mid, (label, _, _, vps) in D.MILESTONES.items()}


def _spot(name: Any) -> tuple[int, int] | None:
    """ "2c" -> (strip index 1, spot index 2)."""
    if not isinstance(name, str) or len(name) != 2 or name[1] not in D.SPOTS:
        return None
    return _int(name[0]) - 1, D.SPOTS.index(name[1])


def _rules(value: Any) -> int:
    """A seat's rules version from the view: a known one, else the current rules."""
    v = _int(value, D.RULES_VERSION)
    return v if 1 <= v <= D.RULES_VERSION else D.RULES_VERSION


def read_player(s: dict[str, Any], seat: int, name: str) -> PlayerModel:
    dept = str(s.get("department", "cosmetics"))
    if dept not in D.DEPARTMENTS:
        dept = "cosmetics"
    spec = D.DEPARTMENTS[dept]
    staff = dict(s.get("staff") or {})
    factory = dict(s.get("factory") or {})
    cells = {str(c.get("id")): c for c in factory.get("cells", [])}
    board = dict(s.get("department_board") or {})
    side = dict(s.get("side_board") or {})
    grid = {}
    for c in dict(s.get("grid") or {}).get("cells", []):
        if c.get("science"):
            grid[str(c["id"])] = (str(c["science"]), "placed")
        elif c.get("item"):
            grid[str(c["id"])] = (str(c["item"]), "item")
    x_tiles = {}
    for t in side.get("tiles", []):
        x_tiles[str(t.get("id"))] = (
            "used" if t.get("used") else ("ready" if t.get("unlocked") else "covered")
        )
    contract = dict(s.get("contract") or {})
    machines = dict(s.get("machines") or {})
    return PlayerModel(
        seat=seat,
        name=str(s.get("name") or name),
        dept=dept,
        dept_title=str(s.get("department_title") or spec["title"]),
        vp=_int(s.get("vp")),
        vp_sources={str(k): _int(v) for k, v in dict(s.get("vp_breakdown") or {}).items()},
        money=_int(s.get("money")),
        energy=_int(s.get("energy")),
        science=_int(s.get("science")),
        tokens={
            k: _int(dict(s.get("tokens") or {}).get(k))
            for k in ("choice", "wild", "freelance", "value")
        },
        staff={t: _int(dict(staff.get(t) or {}).get("count"), 1) for t in D.TEAMS},
        upgrades={t: bool(dict(staff.get(t) or {}).get("upgraded")) for t in D.TEAMS},
        income={t: _int(dict(staff.get(t) or {}).get("income"), 1) for t in D.TEAMS},
        capacity={
            m: _int(dict(machines.get(m) or {}).get("capacity"), D.CAPACITY_BASE)
            for m in D.MACHINES
        },
        cells={c: _int(cells.get(c, {}).get("cubes")) for c in spec["cells"]},
        values={c: _int(v.get("value")) for c, v in cells.items() if v.get("value") is not None},
        storage_open={sp: bool(cells.get(sp, {}).get("open", True)) for sp in D.SPECIES},
        storage_room={sp: _int(cells.get(sp, {}).get("room")) for sp in D.SPECIES},
        belts_open={
            f"{b.get('from')}>{b.get('to')}" for b in factory.get("belts", []) if b.get("open")
        },
        secondary_open={str(b.get("id")) for b in factory.get("secondary", []) if b.get("open")},
        disks=_int(side.get("disks"), D.DISKS),
        markers=_int(side.get("markers"), D.MARKERS),
        x_tiles=x_tiles,
        cities=[str(c) for c in s.get("cities", [])],
        contract=str(contract.get("id") or ""),
        contract_text=str(contract.get("text") or ""),
        contract_done=bool(contract.get("done")),
        board=[str(t["id"]) for t in board.get("science_tiles", []) if t.get("on_board")],
        tile_names={
            **{str(k): str(v) for k, v in dict(board.get("tile_names") or {}).items()},
            **{str(t["id"]): str(t.get("name") or t["id"]) for t in board.get("science_tiles", [])},
        },
        grid=grid,
        fields=dict(board.get("fields") or {}),
        field_names={str(k): str(v) for k, v in dict(board.get("field_names") or {}).items()},
        beside=[str(t) for t in board.get("beside", [])],
        milestones=[str(m) for m in s.get("milestones", [])],
        rules=_rules(s.get("rules")),
        supervisor=_spot(s.get("supervisor")),
    )


def read_game(view: dict[str, Any]) -> GameModel:
    names = [str(n) for n in view.get("players", [])]
    seats = [s for s in view.get("seats", []) if isinstance(s, dict)]
    players = [
        read_player(s, i, names[i] if i < len(names) else f"Player {i + 1}")
        for i, s in enumerate(seats)
    ]
    board = dict(view.get("board") or {})
    sides = [0] * D.DAYS
    for strip in board.get("strips", []):
        i = _int(strip.get("strip")) - 1
        if 0 <= i < D.DAYS:
            sides[i] = _int(strip.get("side"))
    tanks_view = dict(view.get("tanks") or {})
    tanks = {sp: (0, D.TANK_BASE) for sp in D.SPECIES}
    for t in tanks_view.get("algae", []):
        tanks[str(t.get("species"))] = (_int(t.get("cubes")), _int(t.get("capacity"), D.TANK_BASE))
    byp = {b: 0 for b in D.BYPRODUCTS}
    for t in tanks_view.get("byproduct", []):
        byp[str(t.get("kind"))] = _int(t.get("cubes"))
    cities: dict[str, dict[str, Any]] = {c: {"disks": [], "token": None} for c in D.CITIES}
    for c in view.get("cities", []):
        cities[str(c.get("name"))] = {
            "disks": [_int(x) for x in c.get("disks", [])],
            "token": c.get("token"),
        }
    bonus = sorted(board.get("export_bonus", []), key=lambda e: _int(e.get("week")))
    last = dict(view.get("last") or {})
    lines = last.get("text") or []
    if isinstance(lines, str):
        lines = [lines]
    return GameModel(
        week=_int(view.get("week"), 1),
        day=_int(view.get("day")),
        phase=str(view.get("phase", "")),
        first=_int(view.get("first")),
        to_act=[_int(x) for x in view.get("to_act", [])],
        strip_side=sides,
        weekend_side=_int(dict(board.get("weekend") or {}).get("side")),
        tanks=tanks,
        byp=byp,
        cities=cities,
        bonus_tiles=[str(e.get("bonus")) for e in bonus],
        milestones={
            str(m.get("id")): [_int(x) for x in m.get("reached", [])]
            for m in view.get("milestones", [])
        },
        players=players,
        milestone_rows=_milestone_rows(view),
        last=[str(x) for x in lines][:3],
        last_seat=last.get("seat") if isinstance(last.get("seat"), int) else None,
        over=bool(view.get("over")) or view.get("phase") == "over",
        phase_text=str(view.get("phase_text", "")),
    )
