"""The science grid: engineers take tiles out of it, scientists place science tiles in it."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae.frames import applies, decision, push
from engine.algae.gains import BONUS_TEXT, gain, store_byproduct

ROW = {r: i for i, r in enumerate(D.GRID_ROWS)}


def zone(cell: str) -> int:
    return ROW[cell[0]]


def occupied(p: dict) -> set[str]:
    cells = set(p["grid_placed"])
    for item, stack in p["grid_items"].items():
        if stack:
            cells.update(D.GRID_ITEMS[item][0])
    return cells


def eng_cost(item: str) -> int:
    """ALG-ENG-05: the zone's engineering cost; across two zones the higher one."""
    return max(D.ZONE_ENG[zone(c)] for c in D.GRID_ITEMS[item][0])


@cache
def _straight(length: int) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """Every straight placement of a tile on the empty grid, (name, cells, science cost):
    ``b3h`` runs right, ``b3v`` down (cached: the grid never changes shape, and AI rollouts
    ask all the time)."""
    out = []
    for r in range(len(D.GRID_ROWS)):
        for c in range(1, D.GRID_COLS + 1):
            dirs = ("",) if length == 1 else ("h", "v")
            for d in dirs:
                cells = []
                for k in range(length):
                    rr, cc = (r, c + k) if d != "v" else (r + k, c)
                    if rr >= len(D.GRID_ROWS) or cc > D.GRID_COLS:
                        break
                    cells.append(f"{D.GRID_ROWS[rr]}{cc}")
                if len(cells) == length:
                    out.append((f"{D.GRID_ROWS[r]}{c}{d}", tuple(cells), sci_cost(tuple(cells))))
    return tuple(out)


def sci_cost(cells: tuple[str, ...]) -> int:
    """ALG-SCI-08/09: the zone's science cost; across two zones the higher one."""
    return max(D.ZONE_SCI[zone(c)] for c in cells)


def tile_length(p: dict, tile: str) -> int:
    if tile in D.COMBO_SHAPES:
        return D.COMBO_SHAPES[tile]
    return B.dept(p)["tiles"][tile][0]


# ------------------------------------------------------------------ engineers
def _field_choices(p: dict, tile: str) -> list[str]:
    shape, _ = D.ENG_TILES[tile]
    if tile == "gen2":  # ALG-ENG-11: the second level replaces the first
        return ["gen"] if p["fields"]["gen"] == "gen1" else []
    return [f for f, sh in D.FIELDS.items() if sh == shape and p["fields"][f] is None]


ENG_TEXT = {
    "conveyor": "2 free moves into the next machine after machine A or B",
    "energy1": "+1 energy each Monday",
    "energy2": "replaces gen1: +2 energy each Monday",
    "combo": "kept beside your board as a science tile",
}


def eng_text(p: dict, tile: str) -> str:
    """What an engineering tile does once on the board (capacity as it is for this player)."""
    if tile in D.COMBO_SHAPES:
        return ENG_TEXT["combo"]
    effect = D.ENG_TILES[tile][1]
    if effect == "capacity":
        plain, flipped = B.dept(p)["capacity"]
        return f"a machine's capacity {flipped if p['upg']['engineers'] else plain}"
    return ENG_TEXT[effect]


def _eng_prompt(g: Any, seat: int, f: dict) -> str:
    return f"Engineers: {f['pts']} point(s), up to {f['left']} more tile(s) from your grid"


@decision("eng", _eng_prompt, chain=True)
def _eng_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    out = []
    if p["freelance"] > 0 and f["took"] == 0:  # ALG-ENG-03: points first, then tiles
        out.append(
            ("freelance", f"Spend a freelance engineer token: +1 point ({p['freelance']} left)")
        )
    if f["left"] > 0:
        for item, stack in p["grid_items"].items():
            if not stack:
                continue
            tile = stack[0]
            cost = eng_cost(item)
            if cost > f["pts"]:
                continue
            if tile in D.ENG_TILES and not _field_choices(p, tile):
                continue
            out.append(
                (
                    f"take {tile}",
                    f"{cost} point(s): take {B.tile_name(tile)} from "
                    f"{'/'.join(D.GRID_ITEMS[item][0])}: " + eng_text(p, tile),
                )
            )
    if not out:
        return []
    return [*out, ("done", "Stop (unspent points are lost)")]


@applies("eng")
def _eng_apply(g: Any, seat: int, f: dict, move: str) -> None:
    p = g.s["players"][seat]
    if move == "done":
        f["left"] = f["pts"] = 0  # ALG-ENG-09: unspent points are lost
        f["took"] = max(1, f["took"])
        return
    if move == "freelance":
        p["freelance"] -= 1
        f["pts"] += 1
        return
    tile = move.split()[1]
    item = next(i for i, st in p["grid_items"].items() if st and st[0] == tile)
    f["pts"] -= eng_cost(item)
    f["left"] -= 1
    f["took"] += 1
    p["grid_items"][item].pop(0)
    if tile in D.COMBO_SHAPES:  # ALG-ENG-08
        p["beside"].append(tile)
        g.log(seat, f"{g.name(seat)} takes {B.tile_name(tile)} and keeps it beside the board")
        return
    fields = _field_choices(p, tile)
    if len(fields) == 1:
        place_eng(g, seat, tile, fields[0])
    else:
        push(g, seat, "field", tile=tile)  # ALG-ENG-07


def place_eng(g: Any, seat: int, tile: str, field: str) -> None:
    """ALG-ENG-06: face up on its matching field of the department board."""
    g.s["players"][seat]["fields"][field] = tile
    g.log(seat, f"{g.name(seat)} places {B.tile_name(tile)} on {B.field_name(field)}")


@decision("field", lambda g, seat, f: f"Choose the field for {B.tile_name(f['tile'])}")
def _field_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    out = []
    for x in _field_choices(p, f["tile"]):
        kind, _, machine = x.partition("_")
        what = "capacity" if kind == "cap" else "conveyor belt"
        out.append(
            (
                f"field {x}",
                f"Place {B.tile_name(f['tile'])} on machine {machine.upper()}'s {what} field",
            )
        )
    return out


@applies("field")
def _field_apply(g: Any, seat: int, f: dict, move: str) -> None:
    place_eng(g, seat, f["tile"], move.split()[1])


# ------------------------------------------------------------------ scientists
def _tiles_prompt(g: Any, seat: int, f: dict) -> str:
    p = g.s["players"][seat]
    return f"Scientists: place up to {f['n']} more science tile(s); you have {p['science']} science"


def affordable(
    p: dict, tile: str, taken: set[str] | None = None
) -> list[tuple[str, tuple[str, ...], int]]:
    """Free placements of ``tile`` the player's science pays for: (name, cells, cost).
    ``taken``: ``occupied(p)`` when the caller asks about many tiles of one state."""
    taken = occupied(p) if taken is None else taken
    science = p["science"]
    return [
        (name, cells, cost)
        for name, cells, cost in _straight(tile_length(p, tile))
        if cost <= science and taken.isdisjoint(cells)
    ]


@decision("sci_tiles", _tiles_prompt, chain=True)
def _tiles_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    if f["n"] <= 0 or p["science"] < D.ZONE_SCI[0]:
        return []
    out = []
    dept = B.dept(p)
    taken = occupied(p)
    for tile in [*p["board"], *p["beside"]]:
        if not affordable(p, tile, taken):
            continue
        if tile in D.COMBO_SHAPES:
            n = D.COMBO_SHAPES[tile]
            out.append(
                (f"tile {tile}", f"Place {B.tile_name(tile)} (length {n}): only its bonuses")
            )
        else:
            length = dept["tiles"][tile][0]
            out.append(
                (
                    f"tile {tile}",
                    f"Remove the {B.tile_name(tile)} (length {length}): {B.tile_text(p, tile)}",
                )
            )
    return [*out, ("done", "Place no more science tiles")] if out else []


@applies("sci_tiles")
def _tiles_apply(g: Any, seat: int, f: dict, move: str) -> None:
    if move == "done":
        f["n"] = 0
        return
    f["n"] -= 1  # ALG-SCI-05
    push(g, seat, "sci_pos", tile=move.split()[1])


@decision(
    "sci_pos",
    lambda g, seat, f: f"Where in your science grid does the {B.tile_name(f['tile'])} go?",
)
def _pos_opts(g: Any, seat: int, f: dict) -> list:
    p = g.s["players"][seat]
    spots = affordable(p, f["tile"])
    out = []
    for name, cells, cost in spots:
        bonuses = [D.GRID_BONUS[c] for c in cells if c in D.GRID_BONUS]
        gets = ", ".join(BONUS_TEXT[b] for b in bonuses) or "no bonus"
        group = (
            f"Zone {name[0].upper()} (science {D.ZONE_SCI[zone(name)]})" if len(spots) > 25 else ""
        )
        out.append((f"at {name}", f"{cost} science: {'-'.join(cells)}, gain {gets}", group))
    return out


@applies("sci_pos")
def _pos_apply(g: Any, seat: int, f: dict, move: str) -> None:
    """ALG-SCI-06..13 and ALG-GRID-01..10."""
    s = g.s
    p = s["players"][seat]
    tile = f["tile"]
    name = move.split()[1]
    cells = dict((n, c) for n, c, _ in affordable(p, tile))[name]
    p["science"] -= sci_cost(cells)
    for c in cells:
        p["grid_placed"][c] = tile
    if tile in p["beside"]:
        p["beside"].remove(tile)
        g.log(seat, f"{g.name(seat)} places {B.tile_name(tile)} at {'-'.join(cells)}")
    else:
        p["board"].remove(tile)
        g.log(seat, f"{g.name(seat)} places the {B.tile_name(tile)} at {'-'.join(cells)}")
        _unlock(g, seat, tile)
    for c in cells:
        if c in D.GRID_BONUS:
            gain(g, seat, D.GRID_BONUS[c], "grid")


def _unlock(g: Any, seat: int, tile: str) -> None:
    """ALG-SCI-11/12/13: storage tiles also raise that species' tank capacity (at most 6)."""
    p = g.s["players"][seat]
    _, eff, arg = B.dept(p)["tiles"][tile]
    if eff in ("unlock", "expand"):
        tank = g.s["tanks"][arg]
        tank["cap"] = min(D.TANK_MAX, tank["cap"] + 1)


# ------------------------------------------------------- the "+" bonus (ALG-GRID-04..06)
@decision("byp_plus", lambda g, seat, f: f"Put {f['n']} byproduct cube(s) into a tank", chain=True)
def _plus_opts(g: Any, seat: int, f: dict) -> list:
    if f["n"] <= 0:
        return []
    out = []
    chosen = f.get("kind")
    for kind in D.BYPRODUCTS:
        n = g.s["byp"][kind]
        if chosen and kind != chosen and g.s["byp"][chosen] < D.BYP_CAPACITY:
            continue  # all cubes go into the tank chosen first, while it has room
        if n < D.BYP_CAPACITY:
            out.append((f"into {kind}", f"Into the {kind} tank for €{B.byp_space_value(n)}"))
    return out


@applies("byp_plus")
def _plus_apply(g: Any, seat: int, f: dict, move: str) -> None:
    kind = move.split()[1]
    f.setdefault("kind", kind)
    euros = store_byproduct(g, seat, kind)
    f["n"] -= 1
    g.log(seat, f"{g.name(seat)} puts a cube into the {kind} tank for €{euros}")
    if f["n"] > 0 and all(g.s["byp"][b] >= D.BYP_CAPACITY for b in D.BYPRODUCTS):
        g.s["players"][seat]["money"] += f["n"]
        f["n"] = 0
