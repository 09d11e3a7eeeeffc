"""The On Mars view, read once into plain dataclasses the drawing code relies on.

This is the only module that reads view keys (schema: the docstring of engine/mars/view.py),
so a schema change is a change here only. Missing or odd keys fall back to harmless defaults
rather than failing a turn post. Fixed rule numbers (turn-order bonuses, laboratory OP) come
from ``engine.mars.data`` when the view does not carry them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.mars import data as D

RESOURCES = D.RESOURCES
TYPES = D.TYPES


def _int(value: Any, default: int = 0) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass
class Building:
    type: str
    owner: int | None
    advanced: int | None
    blueprint: str | None
    colonist: int | None


@dataclass
class Hex:
    id: str
    x: float
    y: float
    building: Building | None
    crystal: bool
    tile: str | None  # None | "discovery" | "research:<colour><letter>"
    bots: list[int]
    rovers: list[int]


@dataclass
class Tech:
    id: str
    type: str
    owner: int | None
    level: int


@dataclass
class PlayerModel:
    seat: int
    name: str
    side: str = "orbit"
    resources: dict[str, int] = field(default_factory=dict)
    depot: int = 0
    below: int = 0
    depot_slots: int = D.OPEN_SLOTS
    goal_crystals: int = 0
    living_quarters: int = 0
    working_area: int = 0
    colonists_gained: int = 0
    ships: int = D.SHIPS  # still on the depot
    hangar: int = 0
    shelters_left: int = 0
    bots: list[str] = field(default_factory=list)
    rover: str | None = None
    techs: list[str] = field(default_factory=list)
    progress: list[str] = field(default_factory=list)
    blueprints: list[str] = field(default_factory=list)
    built: list[str] = field(default_factory=list)
    scientists: list[str] = field(default_factory=list)
    contracts: list[tuple[str, str, dict[str, int]]] = field(default_factory=list)
    research: list[str] = field(default_factory=list)
    bp_names: dict[str, str] = field(default_factory=dict)  # rules 10: the cards' names
    goals_held: int = 0
    goals: list[str] | None = None  # the asking seat's own goals only
    goal_done: str | None = None
    op: int = 0

    @property
    def initial(self) -> str:
        return self.name[:1].upper() or "?"


@dataclass
class Mission:
    id: str
    title: str
    left: int
    done: bool
    crystals: int


@dataclass
class GameModel:
    you: int | None
    round: int
    phase: str
    level: int
    marker: int
    end: str | None
    to_act: list[int]
    turn: int | None
    order: list[int]
    shuttle: str
    over: bool
    hexes: list[Hex]
    building_tiles: dict[str, int]
    building_cost: dict[str, tuple[str, int]]
    tech_grid: list[str]
    techs: dict[str, Tech]
    tech_grid_price: dict[str, dict[str, int]]  # tech id -> its space's crystals/battery/any
    lab_op: dict[int, int]
    lab_benefit: dict[int, str]
    bp_display: list[tuple[str, str]]
    bp_deck: int
    display: list[tuple[int, str | None, str | None]]  # (space, card, scientist|contract)
    contract_deck: int
    missions: list[Mission]
    warehouse: dict[str, int]
    lss: dict[str, tuple[int, str]]  # type -> (count, reward text)
    orbit_slots: dict[str, list[int]]
    turn_spaces: list[int | None]
    players: list[PlayerModel]
    last: list[str]
    last_seat: int | None
    last_hexes: set[str]
    scores: list[dict[str, Any]]
    # what each turn-order space gives (a code) and the side it lies on (rules 6+), from the view
    turn_bonus: list[str | None] = field(default_factory=list)
    turn_side: list[str | None] = field(default_factory=list)
    solo_rating: str | None = None
    # (slot, action, crystals) of each Executive action; Living Quarters end-OP steps and whether
    # they count Colonists in the Living Quarters (rules 2) or gained (rules 1): from the view
    exec_rows: list[tuple[int, str, int]] = field(default_factory=list)
    lq_steps: tuple[int, ...] = ()
    lq_in: bool = False
    discovery_up: tuple[str, ...] = ()  # the face-up Discovery tiles beside the map (rules 2+)

    def player(self, seat: int | None) -> PlayerModel | None:
        return next((p for p in self.players if p.seat == seat), None)


def _building(b: Any) -> Building | None:
    if not isinstance(b, dict):
        return None
    return Building(
        type=str(b.get("type") or "mine"),
        owner=_seat(b.get("owner")),
        advanced=_seat(b.get("advanced")),
        blueprint=str(b["blueprint"]) if b.get("blueprint") else None,
        colonist=_seat(b.get("colonist")),
    )


def _hex(h: dict[str, Any]) -> Hex:
    return Hex(
        id=str(h.get("id", "")),
        x=float(h.get("x", 0.0)),
        y=float(h.get("y", 0.0)),
        building=_building(h.get("building")),
        crystal=bool(h.get("crystal")),
        tile=str(h["tile"]) if h.get("tile") else None,
        bots=[s for s in map(_seat, h.get("bots") or []) if s is not None],
        rovers=[s for s in map(_seat, h.get("rovers") or []) if s is not None],
    )


def read_player(s: dict[str, Any], seat: int, name: str) -> PlayerModel:
    res = dict(s.get("resources") or {})
    goals = s.get("goals")
    return PlayerModel(
        seat=seat,
        name=str(s.get("name") or name),
        side=str(s.get("side") or "orbit"),
        resources={r: _int(res.get(r)) for r in RESOURCES},
        depot=_int(s.get("depot")),
        below=_int(s.get("below")),
        depot_slots=_int(s.get("depot_slots"), D.OPEN_SLOTS),
        goal_crystals=_int(s.get("goal_crystals")),
        living_quarters=_int(s.get("living_quarters")),
        working_area=_int(s.get("working_area")),
        colonists_gained=_int(s.get("colonists_gained")),
        ships=_int(s.get("ships_on_depot"), D.SHIPS),
        hangar=_int(s.get("hangar")),
        shelters_left=_int(s.get("shelters_left")),
        bots=[str(b) for b in s.get("bots") or []],
        rover=str(s["rover"]) if s.get("rover") else None,
        techs=[str(t) for t in s.get("techs") or []],
        progress=[str(t) for t in s.get("progress") or []],
        blueprints=[str(b) for b in s.get("blueprints") or []],
        built=[str(b) for b in s.get("built") or []],
        scientists=[str(x) for x in s.get("scientists") or []],
        contracts=[
            (
                str(c.get("id", "")),
                str(c.get("text", "")),
                {str(k): _int(v) for k, v in dict(c.get("items") or {}).items()},
            )
            for c in s.get("contracts") or []
            if isinstance(c, dict)
        ],
        research=[str(x) for x in s.get("research") or []],
        bp_names={str(k): str(v) for k, v in dict(s.get("blueprint_names") or {}).items()},
        goals_held=_int(s.get("goals_held")),
        goals=[str(g) for g in goals] if isinstance(goals, list) else None,
        goal_done=str(s["goal_done"]) if s.get("goal_done") else None,
        op=_int(s.get("op")),
    )


def read_game(view: dict[str, Any]) -> GameModel:
    names = [str(n) for n in view.get("players", [])]
    seats = [s for s in view.get("seats", []) if isinstance(s, dict)]
    players = [
        read_player(s, _int(s.get("seat"), i), names[i] if i < len(names) else f"Player {i + 1}")
        for i, s in enumerate(seats)
    ]
    lab = dict(view.get("laboratory") or {})
    bps = dict(view.get("blueprints") or {})
    last = dict(view.get("last") or {})
    lines = last.get("text") or []
    if isinstance(lines, str):
        lines = [lines]
    phase = str(view.get("phase", ""))
    return GameModel(
        you=_seat(view.get("you")),
        round=_int(view.get("round"), 1),
        phase=phase,
        level=_int(view.get("level"), 1),
        marker=_int(view.get("marker")),
        end=str(view["end"]) if view.get("end") else None,
        to_act=[_int(x) for x in view.get("to_act", [])],
        turn=_seat(view.get("turn")),
        order=[_int(x) for x in view.get("order", [])],
        shuttle=str(view.get("shuttle") or "orbit"),
        over=bool(view.get("over")) or phase == "over",
        hexes=[_hex(h) for h in dict(view.get("map") or {}).get("hexes", [])],
        building_tiles={str(k): _int(v) for k, v in dict(view.get("building_tiles") or {}).items()},
        building_cost={
            str(k): (str(v[0]), _int(v[1]))
            for k, v in dict(view.get("building_cost") or {}).items()
            if isinstance(v, list | tuple) and len(v) == 2
        },
        tech_grid=[str(t) for t in view.get("tech_grid", [])],
        tech_grid_price={
            str(k): {str(i): _int(n) for i, n in dict(v).items()}
            for k, v in dict(view.get("tech_grid_price") or {}).items()
            if isinstance(v, dict)
        },
        techs={
            str(k): Tech(
                str(k), str(t.get("type", "")), _seat(t.get("owner")), _int(t.get("level"))
            )
            for k, t in dict(view.get("techs") or {}).items()
            if isinstance(t, dict)
        },
        lab_op={_int(k): _int(v) for k, v in dict(lab.get("op") or D.LAB_OP).items()},
        lab_benefit={_int(k): str(v) for k, v in dict(lab.get("benefits") or {}).items()},
        bp_display=[(str(b.get("id", "")), str(b.get("text", ""))) for b in bps.get("display", [])],
        bp_deck=_int(bps.get("deck")),
        display=[
            (_int(c.get("space")), c.get("card"), c.get("kind"))
            for c in view.get("scientists", [])
            if isinstance(c, dict)
        ],
        contract_deck=len(view.get("contract_deck") or []),
        missions=[
            Mission(
                str(m.get("id", "")),
                str(m.get("title", "")),
                _int(m.get("left")),
                bool(m.get("done")),
                _int(m.get("crystals")),
            )
            for m in view.get("missions", [])
        ],
        warehouse={str(k): _int(v) for k, v in dict(view.get("warehouse") or {}).items()},
        lss={
            str(k): (_int(v.get("count")), str(v.get("reward_text", "")))
            for k, v in dict(view.get("lss") or {}).items()
            if isinstance(v, dict)
        },
        orbit_slots={
            str(k): [_int(x) for x in v] for k, v in dict(view.get("orbit_slots") or {}).items()
        },
        turn_spaces=[_seat(x) for x in view.get("turn_spaces", [])],
        turn_bonus=[_code(x) for x in view.get("turn_space_bonus") or []],
        turn_side=[_code(x) for x in view.get("turn_space_side") or []],
        players=players,
        last=[str(x) for x in lines][:3],
        last_seat=_seat(last.get("seat")),
        last_hexes={str(h) for h in last.get("hexes") or []},
        scores=[dict(s) for s in view.get("scores") or [] if isinstance(s, dict)],
        solo_rating=str(view["solo_rating"]) if view.get("solo_rating") else None,
        discovery_up=tuple(str(x) for x in view.get("discovery_face_up") or []),
        exec_rows=[
            (_int(r.get("slot")), str(r.get("action", "")), _int(r.get("cost")))
            for r in view.get("executive_slots") or []
            if isinstance(r, dict)
        ]
        or [(k, a, c) for k, (a, c) in D.EXEC_SLOTS.items()],
        lq_steps=tuple(_int(n) for n in view.get("living_quarters_steps") or D.LQ_STEPS[1:]),
        lq_in=view.get("living_quarters_counts") == "in",
    )


def turn_bonus(game: GameModel, space: int) -> str | None:
    """What turn-order space ``space`` gives in this game (a view before the rules-6 spaces
    carried none: the resources of rules 1-5)."""
    if game.turn_bonus:
        return game.turn_bonus[space] if space < len(game.turn_bonus) else None
    return D.TURN_BONUS[space] if 0 <= space < len(D.TURN_BONUS) else None


def turn_side(game: GameModel, space: int) -> str | None:
    return game.turn_side[space] if space < len(game.turn_side) else None


def _code(x: Any) -> str | None:
    return str(x) if isinstance(x, str) and x else None


def blueprint_parts(bp: str) -> tuple[str, str]:
    """ "mine-1a" -> ("mine", "1a"): the building type and level+letter of a Blueprint."""
    kind, _, rest = bp.partition("-")
    return kind, rest


def scientist_title(sid: str) -> tuple[str, str | None]:
    """(title, building type scored) of a Scientist id."""
    for s in D.SCIENTISTS:
        if s[0] == sid:
            return s[1], s[3]
    return sid, None


def goal_text(text: str) -> str:
    return text[:1].upper() + text[1:]


RESEARCH_LOOK = {"red": (200, 56, 48), "blue": (40, 100, 200)}


def blueprint_action(text: str) -> str:
    """The Executive action of a Blueprint from its view text ("...; action: X; ..."), after
    the card's name when the text starts with one (rules 10: "Casino, level 1 Shelter; ...")."""
    name = text.split(", level ")[0] if ", level " in text.split(";")[0] else ""
    for part in text.split(";"):
        part = part.strip()
        if part.startswith("action:"):
            action = part.removeprefix("action:").strip()
            return f"{name}: {action}" if name else action
    return text


def card_title(card: str | None) -> tuple[str, str]:
    """(title, detail) of a card on the Scientist display: a Scientist or an Earth Contract."""
    if not card:
        return "", ""
    for sid, title, cost, scored in D.SCIENTISTS:
        if sid == card:
            return title, f"{cost[1]} {cost[0]} · OP per {D.TYPE_TITLE.get(scored, scored)}"
    for cid, kind, need in D.CONTRACTS:
        if cid == card:
            if kind == "upgrade":
                return "Contract", f"upgrade a {D.TYPE_TITLE.get(str(need), need)}"
            items = " + ".join(f"{n} {k}" for k, n in dict(need).items())
            return "Contract", f"deliver {items}"
    return card, ""


def contract_need(cid: str) -> tuple[str, str | dict[str, int]]:
    """("upgrade", building type) or ("delivery", {item: n}) for an Earth Contract id."""
    for c, kind, need in D.CONTRACTS:
        if c == cid:
            return kind, need if isinstance(need, str) else dict(need)
    return "", {}


# Fixed rule tables the player picture shows (read here so drawing code needs no engine).
EXEC_SLOTS: dict[int, tuple[str, int]] = dict(D.EXEC_SLOTS)
EXEC_TITLE: dict[str, str] = dict(D.EXEC_TITLE)
LQ_STEPS: tuple[int, ...] = tuple(D.LQ_STEPS)
LQ_LADDER: tuple[int, ...] = tuple(D.LQ_LADDER)
PROGRESS_TYPES: tuple[str, ...] = tuple(D.PROGRESS_TYPES)
TECH_TITLE: dict[str, str] = dict(D.TECH_TITLE)
TECH_MAX = D.TECH_MAX
