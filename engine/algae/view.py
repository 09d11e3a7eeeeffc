"""What a renderer needs to draw Algae, Inc.: ``build_view(game, seat)``.

Algae is open information, so every seat (and ``None``, the public) gets the same view except
``you`` (the asking seat or None). The schema below is stable: keys may be added, never renamed.

    {
      "kind": "algae", "you": int | None, "players": [str],
      "week": 1..4, "day": 0..5 (0 outside the Work Week), "phase": str,
          # setup_staff | mon_a | mon_de | work | over
      "phase_text": str, "first": seat, "turn": seat | None, "to_act": [seat],
      "over": bool,
      "board": {                                   # the action board
        "strips": [ {"strip": 1..5, "side": 0|1,
                     "spots": [ {"id": "1a", "action": "team:any", "text": str,
                                 "supervisors": [seat], "links": ["2a", "2b"]} ]} ],
        "weekend": {"side": 0|1, "bonuses": [str x5], "texts": [str x5]},
            # last-strip spot i touches bonuses i and i+1
        "week_marker": 1..4,
        "export_bonus": [ {"week": 1..4, "bonus": str, "face_up": bool} ],
      },
      "cities": [ {"name": "lyon", "title": "Lyon", "x": 0..1000, "y": 0..1000,
                   "demand": int, "region": str, "token": str | None,   # None once taken
                   "token_text": str,
                   "disks": [seat] (bottom first), "links": ["paris", ...]} ],
      "tanks": {"algae": [ {"species": "green", "cubes": int, "capacity": int} ],
                "byproduct": [ {"kind": "lipid", "cubes": int, "capacity": 8,
                                "rows": [3, 2, 2, 1] (euros per space, bottom row first),
                                "row_spaces": 2} ]},
      "milestones": [ {"id": str, "text": str, "vp": [int x4], "reached": [seat in order]} ],
      "seats": [ {                                  # one panel per player
        "seat": int, "name": str, "department": str, "department_title": str,
        "department_rule": str, "rules": int (the rules version the seat's board follows),
        "money": int, "energy": int, "science": int (0..10), "vp": int,
        "vp_breakdown": {source: int},
        "tokens": {"freelance": int, "choice": int, "wild": int, "value": int},
        "staff": {team: {"count": int, "upgraded": bool, "income": int,
                         "row": [ {"cost": €, "bonus": str, "vp": int, "filled": bool} ]}},
        "machines": {"a"|"b"|"c": {"capacity": int, "ready": bool, "conveyor": bool}},
        "factory": {
          "cells": [ {"id": str, "kind": "storage|belt|station|dispatch", "cubes": int,
                      "step": int (layout column: main-belt steps from the algae storage),
                      "room": int | None (storage), "open": bool,
                      "value": int | None (dispatch market value), "type": str | None} ],
          "belts": [ {"from": str, "to": str, "machine": "a|b|c", "open": bool} ],
          "secondary": [ {"id": str, "on": "from>to", "effect": "energy|add|pay1",
                          "infinite": bool, "open": bool} ],
        },
        "department_board": {
          "science_tiles": [ {"id": str, "name": str (as players read it), "length": int,
                              "effect": str, "arg": str, "on_board": bool} ],
          "fields": {field: tile | None},          # cap_a cap_b cap_c conv_a conv_b gen
          "beside": [combo tile],
          "tile_names": {tile: str},  # the engineering and combo tiles as players read them
          "field_names": {field: str},  # "capacity field A" ... "generator field"
        },
        "grid": {"rows": "abcd", "cols": 6, "zone_eng": [0,1,2,3], "zone_sci": [2,3,4,5],
                 "cells": [ {"id": "a1", "zone": 0, "bonus": str | None, "bonus_text": str,
                             "item": engineering/combo tile on it | None,
                             "science": placed science tile | None} ]},
        "side_board": {"disks": int left, "disks_total": 14, "markers": int left,
                       "markers_total": 6,
                       "tiles": [ {"id": "x1", "covers": [ {"item": "disk|marker",
                                   "index": int, "icon": "money|vp", "gone": bool} ],
                                   "unlocked": bool, "used": bool} ]},
        "cities": [city], "contract": {"id": str, "text": str, "done": bool},
        "milestones": [id], "reexports": int, "city_tokens": [token won],
        "supervisor": "2c" | None,
      } ],
      "last": {"seat": int, "move": str, "text": [str]} | {},
      "pending": [ {"seat": int, "prompt": str} ],
      "scores": [ {"seat", "name", "vp", "rank", "breakdown": {...}} ],
      "final": bool, "solo_rating": str | None (solo games at the end),
    }
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.export import links
from engine.algae.gains import BONUS_TEXT
from engine.algae.state import vp_total
from engine.algae.workweek import action_text, spot_action, spot_name

# every engineering and combo tile (the same in every department and rules version)
PLAIN_TILE_NAMES = {t: B.tile_name(t) for t in (*D.ENG_TILES, *D.COMBO_SHAPES)}
FIELD_NAMES = {f: B.field_name(f) for f in D.FIELDS}
PHASE_TEXT = {
    "setup": "Setup",
    "setup_staff": "Setup: choose your extra staff member",
    "mon_a": "Monday Morning, step A (algae income in turn order)",
    "mon_de": "Monday Morning, steps D, E and the department step (all at once)",
    "work": "Work Week",
    "weekend": "Weekend: choose your weekend bonus (1 energy each)",
    "over": "End of the Month",
}


def build_view(g: Any, seat: int | None) -> dict[str, Any]:
    s = g.s
    pending = g.pending()
    out: dict[str, Any] = {
        "kind": "algae",
        "you": seat,
        "players": list(g.players),
        "week": s["week"],
        "day": s["day"],
        "phase": s["phase"],
        "phase_text": PHASE_TEXT.get(s["phase"], s["phase"]),
        "first": s["first"],
        "turn": s["turn"],
        "to_act": [d.seat for d in pending],
        "over": not pending,
        "board": _board(s),
        "cities": _cities(s),
        "tanks": _tanks(s),
        "milestones": [
            {"id": m, "text": lbl, "vp": list(vps), "reached": list(s["milestones"][m])}
            for m, (lbl, _, _, vps) in R.get(s, "MILESTONES").items()
        ],
        "seats": [_seat(g, i) for i in range(len(g.players))],
        "last": dict(s.get("last") or {}),
        "pending": [{"seat": d.seat, "prompt": d.prompt} for d in pending],
        "scores": [
            {
                "seat": ln.seat,
                "name": ln.player,
                "vp": ln.vp,
                "rank": ln.rank,
                "breakdown": ln.breakdown,
            }
            for ln in g.scores()
        ],
        "final": bool(s["final"]),
        "solo_rating": None,
    }
    if s["final"] and len(g.players) == 1:
        from engine.algae.scoring import solo_rating

        out["solo_rating"] = solo_rating(vp_total(s["players"][0]))
    return out


def _board(s: dict) -> dict[str, Any]:
    strips = []
    for i in range(D.DAYS):
        spots = []
        for j in range(len(D.SPOTS)):
            action = spot_action(s, i, j)
            spots.append(
                {
                    "id": spot_name(i, j),
                    "action": action,
                    "text": action_text(action),
                    "supervisors": [k for k, x in enumerate(s["sup"]) if x == [i, j]],
                    "links": list(_spot_links(i, j)),
                }
            )
        strips.append({"strip": i + 1, "side": s["strip_side"][i], "spots": spots})
    return {
        "strips": strips,
        "weekend": {
            "side": s["weekend_side"],
            "bonuses": list(D.WEEKEND_STRIP),
            "texts": [BONUS_TEXT[b] for b in D.WEEKEND_STRIP],
        },
        "week_marker": s["week"],
        "export_bonus": [
            {"week": w + 1, "bonus": b, "face_up": w + 1 == s["week"]}
            for w, b in enumerate(s["bonus_tiles"])
        ],
    }


@cache
def _spot_links(i: int, j: int) -> tuple[str, ...]:
    """The next strip's spots connected to spot ``j`` of strip ``i`` (cached: a view per AI
    decision)."""
    return tuple(
        spot_name(i + 1, k) for k in range(len(D.SPOTS)) if i + 1 < D.DAYS and D.connected(j, k)
    )


def _cities(s: dict) -> list[dict[str, Any]]:
    near = links()
    return [
        {
            "name": c,
            "title": c.title(),
            "x": x,
            "y": y,
            "demand": demand,
            "region": region,
            "token": s["cities"][c]["token"],
            "token_text": BONUS_TEXT.get(s["cities"][c]["token"] or "", ""),
            "disks": list(s["cities"][c]["disks"]),
            "links": list(near[c]),
        }
        for c, (x, y, demand, region) in D.CITIES.items()
    ]


def _tanks(s: dict) -> dict[str, Any]:
    return {
        "algae": [
            {"species": sp, "cubes": t["n"], "capacity": t["cap"]} for sp, t in s["tanks"].items()
        ],
        "byproduct": [
            {
                "kind": k,
                "cubes": n,
                "capacity": D.BYP_CAPACITY,
                "rows": list(D.BYP_ROWS),
                "row_spaces": D.BYP_ROW_SPACES,
            }
            for k, n in s["byp"].items()
        ],
    }


def _seat(g: Any, seat: int) -> dict[str, Any]:
    s = g.s
    p = s["players"][seat]
    spec = B.dept(p)
    sup = s["sup"][seat]
    unlocked = B.unlocked_tiles(p)
    return {
        "seat": seat,
        "name": g.players[seat],
        "department": p["dept"],
        "department_title": spec["title"],
        "department_rule": spec["rule"],
        "rules": R.version(p),
        "money": p["money"],
        "energy": p["energy"],
        "science": p["science"],
        "vp": vp_total(p),
        "vp_breakdown": dict(p["vp"]),
        "tokens": {k: p[k] for k in ("freelance", "choice", "wild", "value")},
        "staff": {
            t: {
                "count": p["staff"][t],
                "upgraded": p["upg"][t],
                "income": B.income(p, t),
                "row": [
                    {"cost": D.STAFF_COST[i], "bonus": b, "vp": v, "filled": p["staff"][t] - 1 > i}
                    for i, (b, v) in enumerate(D.STAFF_ROWS[t])
                ],
            }
            for t in D.TEAMS
        },
        "machines": {
            m: {
                "capacity": B.capacity(p, m),
                "ready": B.machine_ready(p, m),
                "conveyor": B.has_conveyor(p, m),
            }
            for m in D.MACHINES
        },
        "factory": _factory(p),
        "department_board": {
            "science_tiles": [
                {
                    "id": t,
                    "name": B.tile_name(t),
                    "length": ln,
                    "effect": e,
                    "arg": a,
                    "on_board": t in p["board"],
                }
                for t, (ln, e, a) in spec["tiles"].items()
            ],
            "fields": dict(p["fields"]),
            "beside": list(p["beside"]),
            "tile_names": PLAIN_TILE_NAMES,
            "field_names": FIELD_NAMES,
        },
        "grid": _grid(p),
        "side_board": {
            "disks": p["disks"],
            "disks_total": D.DISKS,
            "markers": p["markers"],
            "markers_total": D.MARKERS,
            "tiles": [
                {
                    "id": tid,
                    "covers": [
                        {"item": k, "index": i, "icon": icon, "gone": B.item_gone(p, (k, i))}
                        for (k, i), icon in covers
                    ],
                    "unlocked": tid in unlocked,
                    "used": tid in p["x_used"],
                }
                for tid, covers in D.SIDE_TILES.items()
            ],
        },
        "cities": list(p["cities"]),
        "contract": {
            "id": p["contract"],
            "text": D.CONTRACTS[p["contract"]][0],
            "done": p["contract_done"],
        },
        "milestones": list(p["milestones"]),
        "reexports": p["reexports"],
        "city_tokens": list(p["tokens_taken"]),
        "supervisor": spot_name(*sup) if sup else None,
    }


def belt_steps(spec: dict) -> dict[str, int]:
    """Layout column of each cell: main-belt steps from the algae storage (storage = 0)."""
    step = {c: 0 for c, kind in spec["cells"].items() if kind == "storage"}
    changed = True
    while changed:
        changed = False
        for a, b, _, _ in spec["edges"]:
            if a in step and step.get(b, -1) < step[a] + 1:
                step[b] = step[a] + 1
                changed = True
    return step


@cache
def _steps(rules: int, name: str) -> dict[str, int]:
    """``belt_steps`` of a department under a rules version (cached; read only)."""
    return belt_steps(B.dept({"rules": rules, "dept": name}))


def _factory(p: dict) -> dict[str, Any]:
    spec = B.dept(p)
    steps = _steps(p.get("rules", 1), p["dept"])
    cells = []
    for c, kind in spec["cells"].items():
        storage = kind == "storage"
        value = spec["values"].get(c)
        cells.append(
            {
                "id": c,
                "kind": kind,
                "step": steps.get(c, max(steps.values())),  # refined / degraded: last
                "cubes": p["cells"][c],
                "room": B.storage_room(p, c) if storage else None,
                "open": B.storage_open(p, c) if storage else True,
                "value": B.value_of(p, c) if value else None,
                "type": value[1] if value else None,
            }
        )
    return {
        "cells": cells,
        "belts": [
            {"from": a, "to": b, "machine": m, "open": B.edge_open(p, lock)}
            for a, b, m, lock in spec["edges"]
        ],
        "secondary": [
            {"id": sid, "on": on, "effect": eff, "infinite": inf, "open": B.edge_open(p, lock)}
            for sid, on, eff, inf, lock in spec["secondary"]
        ],
    }


@cache
def _grid_cells() -> tuple[tuple[str, int, str | None, str], ...]:
    """Each science grid cell's id, zone, bonus and its text (the grid's printed part)."""
    return tuple(
        (cid, r, D.GRID_BONUS.get(cid), BONUS_TEXT.get(D.GRID_BONUS.get(cid) or "", ""))
        for r, row in enumerate(D.GRID_ROWS)
        for cid in (f"{row}{col}" for col in range(1, D.GRID_COLS + 1))
    )


def _grid(p: dict) -> dict[str, Any]:
    item_at = {}
    for item, stack in p["grid_items"].items():
        if stack:
            for c in D.GRID_ITEMS[item][0]:
                item_at[c] = stack[0]
    placed = p["grid_placed"]
    cells = [
        {
            "id": cid,
            "zone": r,
            "bonus": bonus,
            "bonus_text": text,
            "item": item_at.get(cid),
            "science": placed.get(cid),
        }
        for cid, r, bonus, text in _grid_cells()
    ]
    return {
        "rows": D.GRID_ROWS,
        "cols": D.GRID_COLS,
        "zone_eng": list(D.ZONE_ENG),
        "zone_sci": list(D.ZONE_SCI),
        "cells": cells,
    }
