"""The Algae view, read once into plain dataclasses the drawing code can rely on.

Everything the pictures need from ``engine.algae`` goes through here, so a change to the
engine's view schema is a change to this file only. Board geometry (strips, cities, the
factory of each department) comes from ``engine.algae.data``; the changing state from the
view. Missing keys fall back to harmless defaults rather than failing a turn post.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.algae import data as D


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
    grid_items: dict[str, list[str]] = field(default_factory=dict)
    grid_placed: dict[str, str] = field(default_factory=dict)
    fields: dict[str, str | None] = field(default_factory=dict)
    beside: list[str] = field(default_factory=list)
    milestones: list[str] = field(default_factory=list)
    supervisor: tuple[int, int] | None = None


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


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _vp(value: Any) -> tuple[int, dict[str, int]]:
    if isinstance(value, dict):
        sources = {str(k): _int(v) for k, v in value.items()}
        return sum(sources.values()), sources
    return _int(value), {}


def read_player(seat: int, p: dict[str, Any], name: str) -> PlayerModel:
    dept = str(p.get("dept", "cosmetics"))
    spec = D.DEPARTMENTS.get(dept, D.DEPARTMENTS["cosmetics"])
    vp, sources = _vp(p.get("vp", 0))
    if "vp_total" in p:
        vp = _int(p["vp_total"], vp)
    board = list(p.get("board", spec["tiles"]))
    removed = {t for t in spec["tiles"] if t not in board}
    storage_open, storage_room = {}, {}
    for sp in D.SPECIES:
        is_open = sp not in spec["locked"] or any(
            spec["tiles"][t][1:] == ("unlock", sp) for t in removed
        )
        room = spec["storage"][sp] + (
            D.STORAGE_EXPAND if any(spec["tiles"][t][1:] == ("expand", sp) for t in removed) else 0
        )
        storage_open[sp], storage_room[sp] = is_open, room if is_open else 0
    fields = dict(p.get("fields", {}))
    capacity = {}
    upg = {t: bool(v) for t, v in dict(p.get("upg", {})).items()}
    for m in D.MACHINES:
        if isinstance(p.get("capacity"), dict) and m in p["capacity"]:
            capacity[m] = _int(p["capacity"][m], D.CAPACITY_BASE)
        elif fields.get(f"cap_{m}") is None:
            capacity[m] = D.CAPACITY_BASE
        else:
            capacity[m] = spec["capacity"][1 if upg.get("engineers") else 0]
    disks, markers = _int(p.get("disks", D.DISKS)), _int(p.get("markers", D.MARKERS))
    used = set(p.get("x_used", []))
    x_tiles = {}
    for tid, covers in D.SIDE_TILES.items():
        gone = all(
            (D.DISKS - disks > i) if kind == "disk" else (D.MARKERS - markers > i)
            for (kind, i), _ in covers
        )
        x_tiles[tid] = "used" if tid in used else ("ready" if gone else "covered")
    sup = p.get("sup")
    return PlayerModel(
        seat=seat,
        name=name,
        dept=dept,
        dept_title=str(spec.get("title", dept.title())),
        vp=vp,
        vp_sources=sources,
        money=_int(p.get("money")),
        energy=_int(p.get("energy")),
        science=_int(p.get("science")),
        tokens={k: _int(p.get(k)) for k in ("choice", "wild", "freelance", "value")},
        staff={t: _int(dict(p.get("staff", {})).get(t, 1), 1) for t in D.TEAMS},
        upgrades={t: upg.get(t, False) for t in D.TEAMS},
        capacity=capacity,
        cells={c: _int(dict(p.get("cells", {})).get(c)) for c in spec["cells"]},
        storage_open=storage_open,
        storage_room=storage_room,
        disks=disks,
        markers=markers,
        x_tiles=x_tiles,
        cities=list(p.get("cities", [])),
        contract=str(p.get("contract") or ""),
        contract_done=bool(p.get("contract_done")),
        board=board,
        grid_items={k: list(v) for k, v in dict(p.get("grid_items", {})).items()},
        grid_placed=dict(p.get("grid_placed", {})),
        fields=fields,
        beside=list(p.get("beside", [])),
        milestones=list(p.get("milestones", [])),
        supervisor=tuple(sup) if isinstance(sup, list | tuple) and len(sup) == 2 else None,  # type: ignore[arg-type]
    )


def _names(view: dict[str, Any], n: int) -> list[str]:
    names = view.get("names")
    if isinstance(names, list) and len(names) == n:
        return [str(x) for x in names]
    out = []
    for i, p in enumerate(view.get("players", [])):
        out.append(str(p.get("name") or p.get("player") or f"Player {i + 1}"))
    return out


def read_game(view: dict[str, Any]) -> GameModel:
    raw_players = [p for p in view.get("players", []) if isinstance(p, dict)]
    names = _names(view, len(raw_players))
    sups = view.get("sup") or [None] * len(raw_players)
    players = []
    for i, p in enumerate(raw_players):
        if "sup" not in p and i < len(sups):
            p = {**p, "sup": sups[i]}
        players.append(read_player(i, p, names[i]))
    tanks = {}
    for sp in D.SPECIES:
        t = dict(view.get("tanks", {})).get(sp, {})
        tanks[sp] = (_int(t.get("n")), _int(t.get("cap"), D.TANK_BASE))
    cities = {}
    for c in D.CITIES:
        info = dict(view.get("cities", {})).get(c, {})
        cities[c] = {"disks": [int(s) for s in info.get("disks", [])], "token": info.get("token")}
    to_act = view.get("to_act")
    if not isinstance(to_act, list):
        turn = view.get("turn")
        to_act = [turn] if isinstance(turn, int) else []
    last = view.get("last") or {}
    lines = last.get("events") if isinstance(last, dict) else last
    return GameModel(
        week=_int(view.get("week"), 1),
        day=_int(view.get("day")),
        phase=str(view.get("phase", "")),
        first=_int(view.get("first")),
        to_act=[int(s) for s in to_act if isinstance(s, int)],
        strip_side=[_int(s) for s in view.get("strip_side", [0] * D.DAYS)],
        weekend_side=_int(view.get("weekend_side")),
        tanks=tanks,
        byp={b: _int(dict(view.get("byp", {})).get(b)) for b in D.BYPRODUCTS},
        cities=cities,
        bonus_tiles=list(view.get("bonus_tiles", [])),
        milestones={m: list(v) for m, v in dict(view.get("milestones", {})).items()},
        players=players,
        last=[str(x) for x in (lines or [])][:3],
        last_seat=last.get("seat") if isinstance(last, dict) else None,
        over=bool(view.get("over")) or view.get("phase") == "over",
    )
