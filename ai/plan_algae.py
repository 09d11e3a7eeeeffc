"""The goal-directed Algae, Inc. player: the 'normal' AI level and the strong search's
rollout policy (ai/policy.py), moved here from the balance harness (tests/algae/balance.py).

It keeps the production line moving towards its most valuable goods, exports to the city
that pays best (milestones, big cities, bonus tokens, cheap transport) with the delivery that
wastes the least value, recruits operators and engineers early, removes the science tiles that
raise values or open belts first, and spends energy at the weekend. It reads only its own
seat's boards and the public map (Algae is open information), and is deterministic, so
it is fair by construction. Frames it has no opinion on get a rule of thumb (``_other``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae.export import delivery_value, goods, target, transport_costs
from engine.algae.game import AlgaeGame
from engine.algae.monday import refine_cost
from engine.algae.science import affordable
from engine.algae.weekend import weekend_bonuses
from engine.algae.workweek import spot_action
from engine.core import Decision, Rng

# Science tiles worth removing first (earlier = better), per effect.
TILE_ORDER = ("value", "belt", "pairing", "refinery", "fridge", "transport", "income",
              "converter", "expand", "unlock")  # fmt: skip
WEEKEND_ORDER = ("vp2", "science2", "money2", "freelance", "choice")


def _frame(g: AlgaeGame, seat: int) -> dict:
    return g.s["stacks"][seat][-1]


def _reserve(g: AlgaeGame, p: dict) -> dict[str, int]:
    """Goods kept back: Biofuel keeps a crude fuel over the weekend to refine it on Monday."""
    s = g.s
    if p["dept"] == "biofuel" and s["week"] < D.WEEKS and s["day"] >= 4 and p["energy"] >= 1:
        src = B.dept(p)["refine"][0]
        return {src: 1} if p["cells"][src] else {}
    return {}


def _usable(g: AlgaeGame, p: dict) -> dict[str, int]:
    keep = _reserve(g, p)
    return {c: n - keep.get(c, 0) for c, n in goods(p).items() if n - keep.get(c, 0) > 0}


def _stock_value(p: dict, g: AlgaeGame | None = None) -> int:
    have = _usable(g, p) if g is not None else goods(p)
    return sum(B.value_of(p, c) * n for c, n in have.items())


def _line(p: dict) -> dict[str, int]:
    cells = p["cells"]
    spec = B.dept(p)["cells"]
    return {
        "algae": sum(cells[c] for c, k in spec.items() if k == "storage"),
        "s1": sum(cells[c] for c in B.dept(p)["inputs"]["b"]),
        "s2": sum(cells[c] for c in B.dept(p)["inputs"]["c"]),
        "mid": sum(cells[c] for c, k in spec.items() if k == "belt"),
    }


def wanted(g: AlgaeGame, seat: int) -> list[str]:  # noqa: C901  (one list of priorities)
    """Actions in order of preference for this turn."""
    s = g.s
    p = s["players"][seat]
    line = _line(p)
    value = _stock_value(p, g)
    out: list[str] = []
    late = s["week"] == D.WEEKS and s["day"] >= 4
    if value >= 4 or (late and value >= 2):
        out.append("team operators")
    caps = [f for f in ("cap_a", "cap_b", "cap_c") if p["fields"][f] is None]
    in_grid = sum(1 for i, st in p["grid_items"].items() if st and i.startswith(("cap", "conv")))
    if s["week"] <= 2 and len(caps) >= 2 and in_grid:
        out.append("team engineers")
    if line["s2"] or (line["mid"] and p["dept"] == "bioplastics"):
        out.append("machine c")
    if line["s1"] or line["mid"]:
        out.append("machine b")
    if line["algae"] >= 2 or (line["algae"] and not line["s1"]):
        out.append("machine a")
    if not late:
        for team, cap in (("engineers", 3), ("operators", 3), ("scientists", 2)):
            col = p["staff"][team] - 1
            short = p["staff"][team] < cap + (s["week"] >= 3) and col < len(D.STAFF_COST)
            if short and p["money"] >= D.STAFF_COST[col] + 1:
                out.append(f"recruit {team}")
                break
        if p["science"] >= 4 and p["board"]:
            out.append("team scientists")
        if any(st for st in p["grid_items"].values()) and s["week"] <= 3:
            out.append("team engineers")
    if line["algae"] < 2:
        out.append("team operators")
    out += ["team scientists", "machine a", "team engineers"]
    return out


def _spot(g: AlgaeGame, d: Decision) -> str:
    wants = wanted(g, d.seat)
    p = g.s["players"][d.seat]
    best, score = d.options[0].move, 99.0
    for o in d.options:
        name = o.move.split()[1]
        act = spot_action(g.s, int(name[0]) - 1, "abcd".index(name[1]))
        kind, _, what = act.partition(":")
        rank = 50.0
        for i, w in enumerate(wants):
            wk, _, ww = w.partition(" ")
            if kind == "recruit" and wk == "recruit":
                rank = i
            elif kind == wk and kind != "recruit" and (what == "any" or ww.endswith(what)):
                rank = i - (0.3 if what == "any" else 0)
            if rank < 50:
                break
        text = f"{o.label} {o.detail}"
        if "cannot be taken" in text:
            rank = 60
        if g.s["day"] == D.DAYS and "weekend bonus" in text and p["energy"] > 0:
            rank -= 0.5 if "2 VP" in text else 0
        if rank < score:
            best, score = o.move, rank
    return best


def _action(g: AlgaeGame, d: Decision) -> str:
    moves = {o.move for o in d.options}
    for w in wanted(g, d.seat):
        for pre in ("", "choice ", "wild "):
            if pre + w in moves:
                return pre + w
    return "alt"


@dataclass
class _Menu:
    """What every city of one export menu is scored against (worked out once a menu)."""

    costs: dict[str, int | None]  # transport_costs
    have: dict[str, int]  # _usable goods
    regions: Counter[str]  # cities held per region
    waste: dict[int, float] = field(default_factory=dict)  # per demand: the same for all


def _city_score(g: AlgaeGame, p: dict, move: str, menu: _Menu) -> float:
    if move == "contract":
        return 30.0
    city = move.split()[1]
    _, _, demand, region = D.CITIES[city]
    cost = menu.costs[city] or 0
    if move.startswith("reexport"):
        return -(-demand // 2) * 2 - cost
    score = 10.0 + demand * 0.5 - cost * 1.5
    if demand >= 5:
        score += 3
    if region not in menu.regions:
        score += 2
    if menu.regions[region] == 2:
        score += 2
    if not g.s["cities"][city]["disks"]:
        score += 1.5
    # deliveries that waste less value are better (the same for every city of one demand)
    if demand not in menu.waste:
        f = {"mode": "new", "city": city, "items": {}, "tok": 0}
        best = _best_delivery(p, f, menu.have)
        loss = 0.0
        if best is not None:
            loss = (delivery_value(p, best, 0) - demand) * 0.7 + sum(best.values()) * 0.5
        menu.waste[demand] = loss
    return score - menu.waste[demand]


def _best_delivery(p: dict, f: dict, have: dict[str, int]) -> dict[str, int] | None:
    """The goods (added to what is in ``f``) that meet the target with least waste."""
    cells = list(have)
    best, best_key = None, None
    ranges = [range(max(0, have[c] - f["items"].get(c, 0)) + 1) for c in cells]
    need, cubes, types = target(f)
    one_type = p["dept"] == "cosmetics" and f["mode"] != "contract"  # ALG-EXPORT-26
    kind = {c: v[1] for c, v in B.dept(p)["values"].items()}  # B.product_type
    for combo in itertools.product(*ranges):
        items = dict(f["items"])
        for c, n in zip(cells, combo, strict=True):
            if n:
                items[c] = items.get(c, 0) + n
        kinds = {kind[c] for c, n in items.items() if n}
        if one_type and len(kinds) > 1:
            continue
        value, count = delivery_value(p, items, 0), sum(items.values())
        if value < need or count < cubes or len(kinds) < types:  # export.met, no tokens
            continue
        key = (value - need, count)
        if best_key is None or key < best_key:
            best, best_key = items, key
    return best


def _deliver(g: AlgaeGame, d: Decision) -> str:
    moves = [o.move for o in d.options]
    p = g.s["players"][d.seat]
    f = _frame(g, d.seat)
    if "deliver" in moves:
        return "deliver"
    plan = _best_delivery(p, f, _usable(g, p)) or _best_delivery(p, f, goods(p))
    if plan:
        for c, n in plan.items():
            if n > f["items"].get(c, 0) and f"add {c}" in moves:
                return f"add {c}"
    if "token" in moves:
        return "token"
    return next((m for m in moves if m.startswith("add")), moves[0])


def _export(g: AlgaeGame, d: Decision) -> str:
    options = [o.move for o in d.options if o.move != "done"]
    if not options:
        return "done"
    p = g.s["players"][d.seat]
    regions = Counter(D.CITIES[c][3] for c in p["cities"])
    menu = _Menu(transport_costs(g.s, p), _usable(g, p), regions)
    return max(options, key=lambda m: _city_score(g, p, m, menu))


def _belt_move(g: AlgaeGame, d: Decision) -> str:
    """Move the cube nearest the dispatch, into the most valuable storage."""
    p = g.s["players"][d.seat]
    spec = B.dept(p)
    order = {"dispatch": 0, "belt": 1, "station": 2, "storage": 3}

    def key(o) -> tuple:
        if not o.move.startswith("move "):
            return (9, 0)
        a, b = o.move.split()[1].split(">")
        to_kind = spec["cells"][b]
        worth = B.value_of(p, b) if to_kind == "dispatch" else 0
        if p["dept"] == "bioplastics" and to_kind == "dispatch":
            worth += 2 if p["cells"]["bag" if b == "cup" else "cup"] > p["cells"][b] else 0
        loss = 1 if "lose €1" in o.label else 0
        return (order[spec["cells"][a]] if to_kind != "dispatch" else -1, -worth + loss)

    return min(d.options, key=key).move


def _sci_tiles(g: AlgaeGame, d: Decision) -> str:
    p = g.s["players"][d.seat]
    tiles = [o.move for o in d.options if o.move.startswith("tile ")]
    if not tiles:
        return "done"

    def rank(m: str) -> int:
        tile = m.split()[1]
        if tile in D.COMBO_SHAPES:
            return len(TILE_ORDER)
        eff = B.dept(p)["tiles"][tile][1]
        return TILE_ORDER.index(eff) if eff in TILE_ORDER else len(TILE_ORDER)

    return min(tiles, key=rank)


def _sci_pos(g: AlgaeGame, d: Decision) -> str:
    """The cheapest placement, with a bonus under it when one costs the same."""
    p = g.s["players"][d.seat]
    tile = _frame(g, d.seat)["tile"]
    spots = {f"at {name}": (cost, not any(c in D.GRID_BONUS for c in cells))
             for name, cells, cost in affordable(p, tile)}  # fmt: skip
    return min(d.options, key=lambda o: spots.get(o.move, (99, True))).move


def _weekend(g: AlgaeGame, d: Decision) -> str:
    moves = [o.move for o in d.options]
    p = g.s["players"][d.seat]
    keep = refine_cost(p) if p["dept"] == "biofuel" else 0  # Monday's refining comes next
    spend = p["energy"] - keep
    if spend <= 0:
        return "none"
    if "both" in moves and spend >= 2:
        return "both"
    bonuses = weekend_bonuses(g.s, d.seat)
    ranks = [WEEKEND_ORDER.index(b) if b in WEEKEND_ORDER else 9 for b in bonuses]
    return "left" if ranks[0] <= ranks[1] else "right"


def choose(g: AlgaeGame, d: Decision) -> str:  # noqa: PLR0911  (one answer per frame type)
    t = _frame(g, d.seat)["t"]
    p = g.s["players"][d.seat]
    moves = [o.move for o in d.options]
    handlers: dict[str, Any] = {
        "spot": _spot,
        "action": _action,
        "deliver": _deliver,
        "export": _export,
        "mach": _belt_move,
        "free_moves": _belt_move,
        "sci_tiles": _sci_tiles,
        "sci_pos": _sci_pos,
        "wknd": _weekend,
    }
    if t in handlers:
        return handlers[t](g, d)
    if t == "oper":
        return "export" if _stock_value(p, g) >= 2 and "export" in moves else "algae"
    if t == "sci":
        return "tiles" if p["science"] >= 4 else "gain"
    if t == "byp":
        n = g.s["byp"][_frame(g, d.seat)["kind"]]
        if p["energy"] < 2 and g.s["week"] < D.WEEKS:
            return "burn"  # energy for the weekend bonus
        return "store" if n < D.BYP_CAPACITY and B.byp_space_value(n) >= 2 else "burn"
    if t == "alt":
        return next((m for m in moves if m.startswith("move")), None) or (
            next((m for m in moves if m.startswith("algae")), "money")
        )
    if t == "after":
        return next((m for m in moves if m.startswith("2x")), "end")
    if t == "take_algae":
        return next((m for m in moves if m.startswith("take")), "done")
    if t == "refine":
        return "refine" if "refine" in moves else moves[0]
    return _other(t, moves)


def _other(t: str, moves: list[str]) -> str:
    """Frames with one obvious answer (engineering tiles, setup staff, belt gains ...)."""

    def first(*prefixes: str) -> str | None:
        return next((m for pre in prefixes for m in moves if m.startswith(pre)), None)

    if t == "eng":
        return first("take cap", "take conv", "take gen", "freelance", "take") or "done"
    if t == "setup_staff":
        return "staff operators" if "staff operators" in moves else moves[0]
    if t in ("gain", "refine"):
        return moves[0]
    non_done = [m for m in moves if m != "done"]
    return non_done[0] if non_done else moves[0]


def plan(g: AlgaeGame, d: Decision, rng: Rng | None = None) -> str:
    """The plan of ai/policy.py: deterministic (Algae is open information, no chance)."""
    return choose(g, d)
