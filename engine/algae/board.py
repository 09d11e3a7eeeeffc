"""Questions about a player's boards: what is unlocked, capacities, values, incomes."""

from __future__ import annotations

from functools import cache

from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.state import P, S


def dept(p: P) -> dict:
    """The player's department board under the rules version the game started with."""
    if p.get("rules", 1) == D.RULES_VERSION:  # the current rules (the hot path: no lookup)
        return D.DEPARTMENTS[p["dept"]]
    return R.get(p, "DEPARTMENTS")[p["dept"]]


def removed(p: P, tile: str) -> bool:
    """A science tile of the department counts as removed once it left the board."""
    return tile in dept(p)["tiles"] and tile not in p["board"]


def has_effect(p: P, effect: str, arg: str = "") -> bool:
    """A science tile with this effect (and argument, if given) has left the player's board."""
    board = p["board"]
    return any(t not in board for t in _tiles_with(p.get("rules", 1), p["dept"], effect, arg))


@cache
def _tiles_with(rules: int, name: str, effect: str, arg: str) -> tuple[str, ...]:
    """The department's science tiles with ``effect`` (and ``arg``, if given) under a rules
    version (cached like ``_edges``: hot in AI rollouts)."""
    tiles = dept({"rules": rules, "dept": name})["tiles"]
    return tuple(t for t, (_, e, a) in tiles.items() if e == effect and (not arg or a == arg))


def storage_open(p: P, species: str) -> bool:
    """ALG-OPER-03 / ALG-MON-13: storage of a locked species opens with its storage tile."""
    spec = dept(p)
    if species not in spec["locked"]:
        return True
    return has_effect(p, "unlock", species)


def storage_room(p: P, species: str) -> int:
    if not storage_open(p, species):
        return 0
    room = dept(p)["storage"][species]
    if has_effect(p, "expand", species):
        room += D.STORAGE_EXPAND
    return room - p["cells"][species]


def edge_open(p: P, lock: str) -> bool:
    return not lock or removed(p, lock)


@cache
def _edges(rules: int, name: str) -> tuple[tuple[str, str, str, str], ...]:
    """The department's main belts under a rules version (cached: hot in AI rollouts)."""
    return tuple(dept({"rules": rules, "dept": name})["edges"])


def main_edges(p: P, machine: str | None = None) -> list[tuple[str, str, str]]:
    """Open main belts as (from, to, machine)."""
    out = []
    spec = dept(p)  # edge_open and storage_open, with the board looked up once
    tiles, cells, locked, board = spec["tiles"], spec["cells"], spec["locked"], p["board"]
    for a, b, m, lock in _edges(p.get("rules", 1), p["dept"]):
        if machine is not None and m != machine:
            continue
        if lock and not (lock in tiles and lock not in board):
            continue
        if cells[a] == "storage" and a in locked and not has_effect(p, "unlock", a):
            continue
        out.append((a, b, m))
    return out


def movable_edges(p: P, machine: str | None = None) -> list[tuple[str, str, str]]:
    """Main belts along which a cube can move now."""
    return [e for e in main_edges(p, machine) if p["cells"][e[0]] > 0]


def machine_ready(p: P, machine: str) -> bool:
    """ALG-MACH-04/05: the station on the machine's left must hold a cube that can move."""
    inputs = dept(p)["inputs"][machine]
    return any(p["cells"][a] > 0 and a in inputs for a, _, _ in main_edges(p, machine))


def capacity(p: P, machine: str) -> int:
    """ALG-MACH-02, ALG-UPG-01..05."""
    field = p["fields"][f"cap_{machine}"]
    if field is None:
        return D.CAPACITY_BASE
    tile, flipped = dept(p)["capacity"]
    return flipped if p["upg"]["engineers"] else tile


def has_conveyor(p: P, machine: str) -> bool:
    return f"conv_{machine}" in p["fields"] and p["fields"][f"conv_{machine}"] is not None


def secondary_on(p: P, edge: str) -> list[tuple[str, str, bool]]:
    """Open secondary belts on a main belt: (id, effect, infinite)."""
    return [
        (sid, eff, inf)
        for sid, on, eff, inf, lock in dept(p)["secondary"]
        if on == edge and edge_open(p, lock)
    ]


def value_of(p: P, cell: str) -> int:
    """ALG-EXPORT-03: the market value printed beside a dispatch storage, plus value tiles."""
    base, tiles = _value_tiles(p.get("rules", 1), p["dept"], cell)
    board = p["board"]
    return base + sum(1 for tile in tiles if tile not in board)


@cache
def _value_tiles(rules: int, name: str, cell: str) -> tuple[int, tuple[str, ...]]:
    """A dispatch cell's printed value and the value tiles that raise it (a degraded cell
    counts its fresh product's tile), under a rules version."""
    spec = dept({"rules": rules, "dept": name})
    degrade = spec.get("degrade", {})
    tiles = tuple(
        tile
        for tile, (_, eff, arg) in spec["tiles"].items()
        if eff == "value" and (arg == cell or degrade.get(arg) == cell)
    )
    return spec["values"][cell][0], tiles


def cell_text(p: P, cell: str) -> str:
    """A factory cell as a player reads it: "green storage", "Station 1", "cream"."""
    kind = dept(p)["cells"][cell]
    if kind == "storage":
        return f"{cell} storage"
    if kind == "station":
        return f"Station {cell[1:]}"
    if kind == "belt":
        return f"{cell} belt"
    return cell.replace("_old", " (degraded)")


ENG_NAMES = {"cap": "capacity tile", "conv": "conveyor belt tile", "gen": "generator tile"}
SCI_NAMES = {
    "inc": "{} income tile",
    "store": "{} storage tile",
    "val": "{} value tile",
    "belt": "{} belt tile",
}
TEAM_WORDS = {"sci": "scientist", "eng": "engineer", "ops": "operator"}
FIELD_NAMES = {"cap": "capacity field", "conv": "conveyor belt field", "gen": "generator field"}


@cache
def tile_name(tile: str) -> str:
    """A tile as players read it: "capacity tile 2", "combo tile 1", "scientists income
    tile", "brown storage tile", "secondary belt tile" (never its id, issue 12 item 6)."""
    kind, _, rest = tile.partition("_")
    if rest:
        if kind == "belt" and rest == "sec":
            return "secondary belt tile"
        rest = TEAM_WORDS.get(rest, rest.replace("_", " "))
        return SCI_NAMES.get(kind, "{} tile").format(rest)
    for prefix, name in {**ENG_NAMES, "combo": "combo tile"}.items():
        if tile.startswith(prefix) and tile[len(prefix) :].isdigit():
            return f"{name} {tile[len(prefix) :]}"
    return f"{tile} tile"


def field_name(field: str) -> str:
    """An engineering field: "capacity field B", "generator field"."""
    kind, _, letter = field.partition("_")
    name = FIELD_NAMES.get(kind, f"{kind} field")
    return f"{name} {letter.upper()}" if letter else name


def belt_name(sid: str) -> str:
    """A secondary belt: "secondary belt 3"."""
    return f"secondary belt {sid.removeprefix('sec')}"


def edge_text(p: P, edge: str) -> str:
    return _edge_text(p.get("rules", 1), p["dept"], edge)


@cache
def _edge_text(rules: int, name: str, edge: str) -> str:
    """A belt in words under a rules version (cached: every belt move's label has one)."""
    a, b = edge.split(">")
    p = {"rules": rules, "dept": name}
    return f"{cell_text(p, a)} → {cell_text(p, b)}"


SECONDARY_TEXT = {
    "energy": "may gain 1 energy",
    "add": "may add a byproduct cube",
    "pay1": "lose €1",
}


def tile_text(p: P, tile: str) -> str:
    """What removing a department science tile unlocks, in words (ALG-SCI-11)."""
    _, eff, arg = dept(p)["tiles"][tile]
    if eff == "income":
        return f"{arg} Monday income +2"
    if eff == "unlock":
        return f"opens {arg} algae storage; {arg} tank +1"
    if eff == "expand":
        return f"{arg} storage +{D.STORAGE_EXPAND} room; {arg} tank +1"
    if eff == "value":
        return f"{arg} market value +1"
    if eff == "belt" and ">" in arg:
        return f"opens the belt {edge_text(p, arg)}"
    if eff == "belt":
        effect = next(e for sid, _, e, _, _ in dept(p)["secondary"] if sid == arg)
        return f"opens {belt_name(arg)} ({SECONDARY_TEXT[effect]})"
    return {
        "transport": "cheaper transport (€0/€1/€3 for 1/2/3 steps)",
        "converter": "converter upgrade: each byproduct cube gives 1 energy and is stored",
        "pairing": "+1 more value per cup-and-bag pair",
        "fridge": "degraded food no longer spoils",
        "refinery": "refining costs no energy",
    }[eff]


def dispatch_cells(p: P) -> list[str]:
    return list(dept(p)["values"])


def product_type(p: P, cell: str) -> str:
    return dept(p)["values"][cell][1]


def income(p: P, team: str) -> int:
    """ALG-MON-20/23..25: Monday income is one per member, +2 with the team income tile."""
    n = p["staff"][team]
    if has_effect(p, "income", team):
        n += 2
    return n


def revealed_icons(p: P) -> dict[str, int]:
    """ALG-MON-06/07: icons revealed on export/2x tiles still on the side board."""
    out = {"money": 0, "vp": 0}
    for tid, covers in D.SIDE_TILES.items():
        if tid in p["x_used"]:
            continue
        for item, icon in covers:
            if item_gone(p, item):
                out[icon] += 1
    return out


def item_gone(p: P, item: tuple[str, int]) -> bool:
    kind, idx = item
    if kind == "disk":
        return D.DISKS - p["disks"] > idx
    return D.MARKERS - p["markers"] > idx


def unlocked_tiles(p: P) -> list[str]:
    """ALG-TOKEN-05: an export/2x tile is usable once both items covering it are gone."""
    return [
        tid
        for tid, covers in D.SIDE_TILES.items()
        if tid not in p["x_used"] and all(item_gone(p, item) for item, _ in covers)
    ]


def tank_capacity(s: S, species: str) -> int:
    return s["tanks"][species]["cap"]


def byp_rows(n: int) -> int:
    """Non-empty rows of a byproduct tank filled bottom up."""
    return (n + D.BYP_ROW_SPACES - 1) // D.BYP_ROW_SPACES


def byp_space_value(n: int) -> int:
    """Euros printed on the space the next cube fills when the tank holds n (ALG-BYP-08)."""
    return D.BYP_ROWS[n // D.BYP_ROW_SPACES]
