"""Constructing, upgrading, displacement, the LSS track and Colony level-ups."""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars import names as N
from engine.mars import paying
from engine.mars.frames import push
from engine.mars.rules import (
    P,
    complex_of,
    contribute,
    count_type,
    gain,
    lose_tile,
    same_type,
    usable_techs,
    v2,
    v13,
)


def zone(g: Any, seat: int) -> list[str]:
    """MARS-BOT-01/02, GAP-09: the union of the player's own Bots' Building Zones."""
    out: set[str] = set()
    for b in P(g, seat)["bots"]:
        out.add(b)
        out.update(H.NEIGHBOURS[b])
    return sorted(out, key=H.INDEX.__getitem__)


def cost_of(g: Any, kind: str) -> tuple[str, int]:
    """MARS-BUILD-08..10: (what is paid, how many)."""
    if kind == "shelter":
        return "oxygen", D.SHELTER_COST
    if kind == "mine":
        return "colonist", 1
    return D.PAID_WITH[kind], D.build_cost(kind, g.s["level"], g.s.get("rules", 1))


def can_pay(g: Any, seat: int, kind: str) -> bool:
    p = P(g, seat)
    what, n = cost_of(g, kind)
    if kind == "shelter" and p["shelters"] <= 0:
        return False
    if kind != "shelter" and not g.s["stacks"][kind]:
        return False
    if what == "colonist":
        return p["lq"] >= n
    return paying.can_pay(g, seat, {what: n})  # rules 4: a Mineral may stand in


def placement(g: Any, seat: int, kind: str, h: str) -> int | None:
    """None if ``h`` is not a legal place; else the Tech level it needs (0: none).

    MARS-BUILD-01..05 and GAP-13: next to the same type (Tech level >= the Buildings joined),
    or exactly 2 hexes from one and next to none; with none of the type on Mars, anywhere.
    """
    if g.s["hex"][h]["b"] is not None:
        return None
    adj = [n for n in H.NEIGHBOURS[h] if same_type(g, n, kind, seat)]
    if adj:
        joined: set[str] = set()
        for n in adj:
            joined.update(complex_of(g, n))
        return len(joined)
    anywhere = [x for x in H.HEXES if same_type(g, x, kind, seat)]
    if not anywhere:
        return 0
    if any(H.dist(h, x) == 2 for x in anywhere):
        return 0
    return None


def tech_type(kind: str) -> str:
    return kind


def build_spots(g: Any, seat: int, kind: str, plus: int = 0) -> list[tuple[str, int]]:
    """Legal (hex, tech level needed) in the player's Bot zones, Tech available; ``plus``:
    levels Colonists add to a Tech in play (rules 10 Blueprints, MARS-EXEC-12/13)."""
    out = []
    for h in zone(g, seat):
        need = placement(g, seat, kind, h)
        if need is None:
            continue
        if need and not usable_techs(g, seat, kind, max(1, need - plus)):
            continue
        out.append((h, need))
    return out


def displace(g: Any, h: str) -> None:
    """MARS-DISP-01..03: crystal to supply, tile out of the game, pieces moved away (rules 2:
    the owner chooses among the closest free hexes; rules 1: the engine chose)."""
    cell = g.s["hex"][h]
    if cell["cry"]:
        cell["cry"] = 0
        g.log(None, f"The crystal on {h} returns to the supply")
    if cell["tile"]:
        g.log(None, f"The tile on {h} is removed from the game")
        lose_tile(g, h)
    if v2(g):
        ask_owners(g, h)
        return
    for seat, p in enumerate(g.s["players"]):
        for i, b in enumerate(p["bots"]):
            if b == h:
                p["bots"][i] = nearest_free(g, h)
                g.log(seat, f"{g.name(seat)}'s Bot moves from {h} to {p['bots'][i]}")
        if p["rover"] == h:
            p["rover"] = nearest_free(g, h)
            g.log(seat, f"{g.name(seat)}'s Rover moves from {h} to {p['rover']}")


def occupied(g: Any, h: str) -> bool:
    """A hex where no piece may end (MARS-MOVE-02..05): advanced, colonist, bot, rover."""
    b = g.s["hex"][h]["b"]
    if b and (b["adv"] is not None or b["col"] is not None):
        return True
    return any(h in p["bots"] or p["rover"] == h for p in g.s["players"])


def ask_owners(g: Any, h: str) -> None:
    """Rules 2, MARS-DISP-03: each piece's owner is asked where it goes (moves.py "disp")."""
    for seat, p in enumerate(g.s["players"]):
        for i, b in enumerate(p["bots"]):
            if b == h:
                push(g, seat, "disp", hex=h, piece="bot", bi=i)
        if p["rover"] == h:
            push(g, seat, "disp", hex=h, piece="rover", bi=-1)


def closest_free(g: Any, h: str) -> list[str]:
    """MARS-DISP-03: every closest empty hex or Building with no piece (reading order)."""
    free = [
        x
        for x in H.HEXES
        if x != h and not occupied(g, x) and not g.s["hex"][x]["cry"] and not g.s["hex"][x]["tile"]
    ]
    near = min((H.dist(h, x) for x in free), default=0)
    return [x for x in free if H.dist(h, x) == near]


def pieces_on(g: Any, h: str) -> bool:
    return any(h in p["bots"] or p["rover"] == h for p in g.s["players"])


def nearest_free(g: Any, h: str) -> str:
    """Rules 1: the closest empty hex or Building with no piece (ties in reading order)."""
    best = sorted(
        (
            x
            for x in H.HEXES
            if x != h
            and not occupied(g, x)
            and not g.s["hex"][x]["cry"]
            and not g.s["hex"][x]["tile"]
        ),
        key=lambda x: (H.dist(h, x), H.INDEX[x]),
    )
    return best[0]


def construct(g: Any, seat: int, kind: str, h: str, tid: str | None) -> None:
    """MARS-BUILD-07: steps 1-5 in order, after displacement of what is on the hex."""
    s = g.s
    p = P(g, seat)
    what, n = cost_of(g, kind)
    # step 1: pay
    if what == "colonist":
        p["lq"] -= 1
        paid = f"{n} colonist"
    else:
        paid = paying.pay(g, seat, {what: n})
    displace(g, h)
    # step 2: tile face down, crystals where the arrows point, flip
    if kind == "shelter":
        p["shelters"] -= 1
        arrows: list[int] = []
    else:
        arrows = s["stacks"][kind].pop(0)
        g.mark_reveal()  # the face-down stack's top tile: where its crystals land shows it
    s["hex"][h]["b"] = {
        "type": kind,
        "owner": seat if kind == "shelter" else None,
        "adv": None,
        "bp": None,
        "col": seat if kind == "mine" else None,
    }
    placed = []
    for d in arrows:
        t = H.toward(h, d)
        if not t or s["hex"][t]["b"] is not None or s["hex"][t]["cry"] or s["hex"][t]["tile"]:
            continue
        if v2(g) and pieces_on(g, t):  # MARS-BUILD-12: a hex with a Bot or Rover is not empty
            continue
        s["hex"][t]["cry"] = 1
        placed.append(t)
    if tid:
        from engine.mars.rules import use_tech

        use_tech(g, seat, tid)
    g.log(
        seat,
        f"{g.name(seat)} builds a {D.TYPE_TITLE[kind]} on {h} (paid {paid})"
        + (f"; crystals appear on {', '.join(placed)}" if placed else "")
        + (f"; {arrows_text(arrows)}" if v13(g) and kind != "shelter" else ""),
    )
    # step 3: resources = complex size
    size = len(complex_of(g, h))
    gain(g, seat, D.PRODUCES[kind], size, f"Complex of {size}")
    # step 4: progress cube
    if kind != "shelter" and size >= 2 and kind not in p["progress"]:
        p["progress"].append(kind)
        g.log(seat, f"{g.name(seat)} moves the {D.TYPE_TITLE[kind]} Progress cube")
        contribute(g, seat, "progress")
    # step 5: LSS
    if kind in D.LSS_TYPES:
        lss_up(g, seat, kind)
    check_contracts(g)


DIR_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")  # D.DIRS


def arrows_text(arrows: list[int]) -> str:
    """Rules 13: the tile lay face down for all to see (MARS-BUILD-11..13), so its arrows are
    public: which tile left the stack is no secret an AI's copy could keep."""
    if not arrows:
        return "its tile shows no arrows"
    return "its tile's arrows point " + " and ".join(DIR_WORDS[d] for d in arrows)


def check_contracts(g: Any) -> None:
    """Rules 2 (KDC-Solo card database: "Earth Contracts completed"): a contract counts for the
    Contracts mission when it is completed, for its holder, once."""
    if not v2(g):
        return
    from engine.mars.scoring import contract_done

    for seat, p in enumerate(g.s["players"]):
        for c in p["contracts"]:
            if not c.get("done") and contract_done(g, seat, c):
                c["done"] = True
                g.log(seat, f"{g.name(seat)} completes {N.contract_name(c['id'])}")
                contribute(g, seat, "contract")


def lss_up(g: Any, seat: int, kind: str) -> None:
    """MARS-BUILD-19/20, GAP-16: the marker counts Buildings of the type; passing the colony
    level line scores that column's reward tile for the builder and gives a benefit."""
    s = g.s
    s["lss"][kind] = count_type(g, kind)
    if s["lss"][kind] >= level_line(g) and s["lss_paid"][kind] < s["level"]:
        s["lss_paid"][kind] = s["level"]
        reward = s["lss_rewards"][kind]
        op = lss_reward_op(g, seat, reward)
        P(g, seat)["op"] += op
        g.log(
            seat,
            f"{g.name(seat)} passes the level line on the {D.TYPE_TITLE[kind]} LSS "
            f"track: {op} OP ({D.LSS_REWARD_TITLE[reward]})",
        )
        push(g, seat, "lssben")
    while all(s["lss"][t] >= level_line(g) for t in D.LSS_TYPES) and s["level"] < D.MAX_LEVEL:
        level_up(g)
        if not v2(g):
            break  # rules 1: one level per Building


def level_line(g: Any) -> int:
    """Buildings of each LSS type the next level needs: rules 1 level + 1 at every count;
    rules 2 by player count (data.LEVEL_LINE)."""
    s = g.s
    if not v2(g) or s["level"] >= D.MAX_LEVEL:
        return s["level"] + 1
    lines = D.LEVEL_LINE_4 if s.get("rules", 1) >= 4 else D.LEVEL_LINE
    return lines[len(s["players"])][s["level"] + 1]


def lss_reward_op(g: Any, seat: int, reward: str) -> int:
    p = P(g, seat)
    if reward == "tech":
        return max((g.s["techs"][t]["lvl"] for t in p["techs"]), default=0)
    if reward == "ship":
        return 2 * (D.SHIPS - p["ships"])
    if reward == "adv":
        return 2 * len(p["built"])
    if reward == "mine":
        return 2 * sum(
            1
            for h in H.HEXES
            if (b := g.s["hex"][h]["b"]) and b["type"] == "mine" and seat in (b["col"], b["adv"])
        )
    if reward == "bot":
        return 2 * len(p["bots"])
    if reward == "disc":
        return 2 * p["tiles_taken"]
    if reward == "shelter":
        return 2 * (D.SHELTERS_PER_PLAYER - p["shelters"])
    return p["lq"]


def refill_grid(g: Any) -> None:
    """MARS-ORBIT-04: refilled only at a level-up (never with 1-2 players); rules 2: into the
    grid's first empty spaces."""
    s = g.s
    while len(s["grid"]) < len(D.TECH_TYPES) and s["reserve"]:
        tid = s["reserve"].pop(0)
        s["grid"].append(tid)
        if v2(g):
            used = set(s["grid_pos"].values())
            s["grid_pos"][tid] = min(i for i in range(len(D.TECH_TYPES)) if i not in used)


def level_up(g: Any) -> None:
    """MARS-GAP-06 (facts.md krindale): marker up; blueprints; tech grid; warehouse;
    progress cubes score at levels 2-3; Remaining Missions marker at levels 3-4."""
    s = g.s
    s["level"] += 1
    g.log(None, f"The Colony reaches level {s['level']}")
    if s["bp_deck"] or s["reserve"]:
        g.mark_reveal()  # cards from face-down decks are turned up
    for _ in range(D.BP_ADD_ON_LEVEL):
        if s["bp_deck"]:
            s["bp_display"].append(s["bp_deck"].pop(0))
    refill_grid(g)
    wh = D.warehouse_start(len(g.players))
    s["warehouse"] = {i: wh for i in D.WAREHOUSE_ITEMS}
    if s["level"] in (2, 3):
        for seat, p in enumerate(s["players"]):
            if p["progress"]:
                p["op"] += D.LEVEL_PROGRESS_OP * len(p["progress"])
                g.log(seat, f"{g.name(seat)} scores {len(p['progress'])} OP for Progress cubes")
    if s["level"] in (3, 4):
        s["marker"] += 1
        g.log(None, f"Remaining Missions marker to {s['marker']}")
    from engine.mars.rules import check_end

    check_end(g)


# -------------------------------------------------------------------- upgrading
def upgrade_targets(g: Any, seat: int, bp: str, anywhere: bool = False) -> list[str]:
    """MARS-UPGRADE-01, 04..08: matching, unupgraded Buildings in the player's Bot zones
    (``anywhere``: on the whole map, the rules-10 Builder Drone)."""
    kind, lvl = bp.split("-")[0], int(bp.split("-")[1][0])
    out = []
    for h in H.HEXES if anywhere else zone(g, seat):
        b = g.s["hex"][h]["b"]
        if b is None or b["type"] != kind or b["adv"] is not None:
            continue
        if kind == "shelter" and b["owner"] != seat:
            continue
        if lvl == 3 and len(complex_of(g, h)) < 3:
            continue
        out.append(h)
    return out


def upgradable(g: Any, seat: int, free: bool = False, anywhere: bool = False) -> list[str]:
    p = P(g, seat)
    if p["res"]["mineral"] < 1 and not free:
        return []
    return [bp for bp in p["bps"] if upgrade_targets(g, seat, bp, anywhere)]


def upgrade(g: Any, seat: int, bp: str, h: str, free: bool = False) -> None:
    """MARS-UPGRADE-02/03/09/11: 1 Mineral; marker onto the Building; Mine colonist home."""
    p = P(g, seat)
    if not free:
        p["res"]["mineral"] -= 1
    displace(g, h)
    b = g.s["hex"][h]["b"]
    b["adv"] = seat
    b["bp"] = bp
    if b["col"] is not None:
        P(g, b["col"])["lq"] += 1
        g.log(b["col"], f"{g.name(b['col'])}'s Colonist on {h} returns to Living Quarters")
        b["col"] = None
    p["bps"].remove(bp)
    p["built"].append(bp)
    g.s["bp_where"][bp] = h
    check_contracts(g)
    g.log(
        seat,
        f"{g.name(seat)} upgrades the {D.TYPE_TITLE[b['type']]} on {h} with "
        f"{N.blueprint_name(bp, g)} ({'free' if free else 'paid 1 mineral'})",
    )
    contribute(g, seat, "advanced")
