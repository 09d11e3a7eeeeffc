"""What a renderer needs to draw On Mars: ``build_view(game, seat)``. Keys may be added, never
renamed. Private goals appear only in the asking seat's own panel; ``view(None)`` is public.

    {
      "kind": "mars", "you": int | None, "players": [str], "round": int,
      "phase": "picks|colonize|shuttle|over", "level": 1..5, "marker": 0..3,
      "end": None | "trigger" | "final" | "now", "to_act": [seat], "turn": seat | None,
      "order": [seat], "shuttle": "orbit|colony", "over": bool,
      "map": {"radius": 4, "hexes": [ {"id": "e5", "q": 0, "r": 0, "x": float, "y": float,
               "building": None | {"type", "owner", "advanced": seat|None, "blueprint",
                                   "colonist": seat|None},
               "crystal": bool, "tile": None | "discovery" | "research:<colour><letter>",
               "tile_text": None | str (a Discovery tile placed face up: what it gives),
               "bots": [seat], "rovers": [seat]} ]},
      "building_tiles": {type: tiles left}, "building_cost": {type: [item, n]},
      "tech_grid": [tech], "techs": {id: {"type", "owner", "level"}},
      "tech_grid_rows": {tech: row} (rules 11: 0 = bottom; rules 2-10: 0 = the free row),
      "tech_grid_cost": {tech: "free" | "1 crystal" | "1 battery" | "1 battery + 1 Resource"},
      "tech_grid_price": {tech: {"crystal", "battery", "any"}} (rules 2+: what the space costs),
      "laboratory": {"levels": [1..4], "op": {level: OP}, "benefits": {level: str}},
      "blueprints": {"display": [ {"id", "text"} ], "deck": int},
      "scientists": [ {"space": i, "card": id | None, "kind": "scientist|contract"} ],
      "scientist_at": {scientist: hex}, "contract_deck": [id],
      "missions": [ {"id", "title", "left", "done", "crystals"} ],
      "warehouse": {item: n}, "lss": {type: {"count", "reward", "reward_text"}},
      "orbit_slots": {action: [seat]}, "turn_spaces": [seat | None],
      "turn_space_bonus": [code | None] (what each space gives: rules 1-5 a resource code,
      rules 6+ a benefit such as "colonist"), "turn_space_text": [str],
      "turn_space_side": ["orbit" | "colony" | None] (rules 6+: the side each space lies on),
      "seats": [ {"seat", "name", "side", "resources": {res: n}, "depot": n, "below": n,
                  "depot_slots": n, "goal_crystals": n, "living_quarters": n,
                  "working_area": n, "colonists_gained": n, "ships_on_depot": n,
                  "hangar": n, "shelters_left": n, "bots": [hex], "rover": hex,
                  "techs": [id], "progress": [type], "blueprints": [id], "built": [id],
                  "blueprint_names": {id: card name} (rules 10+),
                  "scientists": [id], "contracts": [ {"id", "items", "text"} ],
                  "research": [id], "goals_held": n, "goals": [text] (own seat only),
                  "goal_done": text | None, "op": n} ],
      "last": {"seat", "move", "text": [str], "hexes": [changed hex]},
      "scores": [ {"seat", "vp", "breakdown", "rank", "tiebreak", "solo"?} ],
      "final": bool, "solo_rating": str | None (1 player, at the end),
    }
"""

from __future__ import annotations

from typing import Any

from engine.mars import actions, blueprints, build, order
from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import tech_grid as TG
from engine.mars.rules import known_tile


def _hex(g: Any, h: str) -> dict[str, Any]:
    cell = g.s["hex"][h]
    q, r = H.AX[h]
    x, y = H.position(h)
    b = cell["b"]
    tile = cell["tile"]
    if tile in D.RESEARCH:
        tile = "research:" + "".join(D.RESEARCH[tile][:2])
    elif tile:
        tile = "discovery"
    return {
        "id": h,
        "q": q,
        "r": r,
        "x": x,
        "y": y,
        "building": None
        if b is None
        else {
            "type": b["type"],
            "owner": b["owner"],
            "advanced": b["adv"],
            "blueprint": b["bp"],
            "colonist": b["col"],
        },
        "crystal": bool(cell["cry"]),
        "tile": tile,
        "tile_text": D.TILE_TEXT[k] if (k := known_tile(g.s, h)) else None,
        "bots": [i for i, p in enumerate(g.s["players"]) for b in p["bots"] if b == h],
        "rovers": [i for i, p in enumerate(g.s["players"]) if p["rover"] == h],
    }


def blueprint_names(g: Any, bps: list[str]) -> dict[str, str]:
    """Rules 10: the published cards' names ("gen-1b": "Wind Turbines"); none before."""
    return {bp: blueprints.CARDS[bp][0] for bp in bps} if blueprints.v10(g) else {}


def _seat(g: Any, seat: int, you: int | None) -> dict[str, Any]:
    p = g.s["players"][seat]
    out = {
        "seat": seat,
        "name": g.name(seat),
        "side": p["side"],
        "resources": dict(p["res"]),
        "depot": p["depot"],
        "below": p["below"],
        "depot_slots": D.OPEN_SLOTS + D.SHIPS - p["ships"],
        "goal_crystals": p["gcry"],
        "living_quarters": p["lq"],
        "working_area": p["wa"],
        "colonists_gained": p["gained"],
        "ships_on_depot": p["ships"],
        "hangar": p["hangar"],
        "shelters_left": p["shelters"],
        "bots": list(p["bots"]),
        "rover": p["rover"],
        "techs": list(p["techs"]),
        "progress": list(p["progress"]),
        "blueprints": list(p["bps"]),
        "built": list(p["built"]),
        "blueprint_names": blueprint_names(g, [*p["bps"], *p["built"]]),
        "scientists": list(p["scientists"]),
        "contracts": [
            {"id": c["id"], "items": dict(c["items"]), "text": actions.contract_text(c["id"])}
            for c in p["contracts"]
        ],
        "research": list(p["research"]),
        "discovery_taken": p.get("disc_taken", 0),
        "goals_held": len(p["goals"]),
        "goal_done": D.goal_text(p["goal_done"]) if p["goal_done"] else None,
        "op": p["op"],
    }
    if you == seat:
        out["goals"] = [D.goal_text(gid) for gid in p["goals"]]
    return out


def build_view(g: Any, seat: int | None) -> dict[str, Any]:
    s = g.s
    cards = {c[0] for c in D.CONTRACTS}
    return {
        "kind": "mars",
        "rules": s.get("rules", 1),
        "ended_by": s.get("ended_by"),
        "discovery_face_up": [D.TILE_TEXT[t] for t in s.get("disc_up", [])],
        "executive_slots": [
            {"slot": k, "action": a, "cost": c, "title": D.EXEC_TITLE[a]}
            for k, a, c in D.exec_layout(s.get("rules", 1))
        ],
        "living_quarters_steps": list(
            D.LQ_STEPS_2[1:] if s.get("rules", 1) >= 2 else D.LQ_STEPS[1:]
        ),
        "living_quarters_counts": "in" if s.get("rules", 1) >= 2 else "gained",
        "tech_grid_rows": {t: TG.row(g, t) for t in s.get("grid_pos", {})},
        "tech_grid_cost": {t: TG.row_text(g, t) for t in s.get("grid_pos", {})},
        "tech_grid_price": {t: TG.price(g, t) for t in s.get("grid_pos", {})},
        "you": seat,
        "players": list(g.players),
        "round": s["round"],
        "phase": s["phase"],
        "level": s["level"],
        "marker": s["marker"],
        "end": s["end"],
        "to_act": [d.seat for d in g.pending()],
        "turn": s["turn"]["seat"] if s["turn"] else None,
        "order": list(s["order"]),
        "shuttle": s["shuttle"],
        "over": s["phase"] == "over",
        "map": {"radius": D.RADIUS, "hexes": [_hex(g, h) for h in H.HEXES]},
        "building_tiles": {k: len(v) for k, v in s["stacks"].items()},
        "building_cost": {k: list(build.cost_of(g, k)) for k in D.TYPES},
        "tech_grid": list(s["grid"]),
        "techs": {
            k: {"type": t["type"], "owner": t["owner"], "level": t["lvl"]}
            for k, t in s["techs"].items()
        },
        "laboratory": {
            "levels": list(D.LAB_OP),
            "op": dict(D.LAB_OP),
            "benefits": dict(D.LAB_BENEFIT),
        },
        "blueprints": {
            "display": [{"id": b, "text": actions.bp_text(g, b)} for b in s["bp_display"]],
            "deck": len(s["bp_deck"]),
        },
        "scientists": [
            {
                "space": i,
                "card": c,
                "kind": None if c is None else ("contract" if c in cards else "scientist"),
            }
            for i, c in enumerate(s["sci_display"])
        ],
        "scientist_at": dict(s["sci_where"]),
        "contract_deck": list(s["contract_deck"]),
        "missions": [
            {
                "id": m,
                "title": D.MISSIONS[m][0],
                "left": v["left"],
                "done": v["done"],
                "crystals": D.MISSIONS[m][2],
            }
            for m, v in s["missions"].items()
        ],
        "warehouse": dict(s["warehouse"]),
        "lss": {
            t: {
                "count": s["lss"][t],
                "reward": s["lss_rewards"][t],
                "reward_text": D.LSS_REWARD_TITLE[s["lss_rewards"][t]],
            }
            for t in s["lss"]
        },
        "orbit_slots": {a: list(v) for a, v in s["orbit_slots"].items()},
        "turn_spaces": list(s["spaces"]),
        **order.space_view(g),
        "seats": [_seat(g, i, seat) for i in range(len(g.players))],
        "last": dict(s["last"]),
        "scores": [
            {
                "seat": x.seat,
                "vp": x.vp,
                "breakdown": x.breakdown,
                "rank": x.rank,
                "tiebreak": list(x.tiebreak),
            }
            for x in g.scores()
        ],
        "final": bool(s["final"]),
        "solo_rating": (s["final"][0].get("solo") if s["final"] else None),
    }
