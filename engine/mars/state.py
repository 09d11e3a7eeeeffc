"""The On Mars state as plain JSON-able data, built from the seed (MARS-GAP-11 and setup).

``s`` is the whole state; ``s["players"][i]`` one player's board. Pending questions are data:
``s["stack"]`` is a list of frames (dicts with a type ``t`` and the ``seat`` asked), top last.
"""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.mars import data as D
from engine.mars import hexmap as H

S = dict[str, Any]


def new_player(seat: int, goals: list[str]) -> dict[str, Any]:
    return {
        "side": "orbit",
        "res": dict(D.START_RES),
        "depot": D.START_CRYSTALS,
        "below": 0,
        "gcry": 0,  # discarded private goals usable as crystals (not for contracts)
        "lq": D.START_COLONISTS,  # colonists in the Living Quarters
        "wa": 0,  # in the Working Area
        "gained": D.START_COLONISTS,  # colonists taken from the board so far (of 12)
        "ships": D.SHIPS,  # still covering depot slots
        "hangar": 0,
        "shelters": D.SHELTERS_PER_PLAYER - 1,
        "bots": [],
        "bots_left": D.BOTS - 1,
        "rover": H.name(D.START_MINE),
        "techs": [],  # tech ids in this player's laboratory
        "progress": [],  # building types whose cube is in the Progress area
        "bps": [],  # blueprint ids held, unbuilt
        "built": [],  # blueprint ids built (Advanced Buildings)
        "scientists": [],
        "contracts": [],  # {"id", "items": {item: n}}
        "research": [],
        "tiles_taken": 0,
        "disc_taken": 0,  # Discovery tiles (not Research) taken by the Rover
        "goals": goals,
        "goal_done": None,
        "op": 0,
        "space": None,
        "seat": seat,
    }


def _tech_set(k: int) -> dict[str, dict[str, Any]]:
    return {f"{t}{k}": {"type": t, "owner": None, "lvl": 1} for t in D.TECH_TYPES}


# One reading of the set-up in rule order; the draws must keep their order (seeds replay).
def new_state(n: int, rng: Rng, rules: int = D.RULES_LATEST) -> S:  # noqa: C901, PLR0912, PLR0915
    """The seeded setup. ``rules`` 1 draws exactly as the first engine did (old games replay);
    rules 2 is the published setup (RULINGS.md)."""
    hexes: dict[str, dict[str, Any]] = {h: {"b": None, "cry": 0, "tile": None} for h in H.HEXES}

    def put(ax: tuple[int, int], kind: str, owner: int | None = None) -> None:
        hexes[H.name(ax)]["b"] = {
            "type": kind,
            "owner": owner,
            "adv": None,
            "bp": None,
            "col": None,
        }

    put(D.START_MINE, "mine")
    for ax, kind in D.START_BUILDINGS.items():
        put(ax, kind)
    goals = list(D.GOALS if rules < 2 else D.GOALS_2)
    rng.shuffle(goals)
    players = []
    for seat in range(n):
        put(D.START_SHELTERS[seat], "shelter", seat)
        p = new_player(seat, goals[seat * D.GOALS_DEALT : (seat + 1) * D.GOALS_DEALT])
        p["bots"] = [H.name(D.START_BOTS[seat])]
        p["techs"] = [f"shelter{seat}"]
        if rules >= 4:
            p["depot"] = D.START_CRYSTALS_4
        players.append(p)
    techs: dict[str, dict[str, Any]] = {}
    shelter_lvl = D.SHELTER_TECH_START_4 if rules >= 4 else 1
    for seat in range(n):
        techs[f"shelter{seat}"] = {"type": "shelter", "owner": seat, "lvl": shelter_lvl}
    grid = _tech_set(1)
    techs.update(grid)
    reserve = [] if n <= 2 else list(_tech_set(2))
    if n > 2:
        techs.update(_tech_set(2))
    if rules >= 2:
        rng.shuffle(reserve)  # the refill stacks are face down and shuffled
    if rules >= 11:  # the rulebook: the set is placed "at random" on the Tech Grid's spaces
        spaces = list(grid)
        rng.shuffle(spaces)
        grid = {t: grid[t] for t in spaces}
    for tid in techs:
        techs[tid].setdefault("owner", None)
    # Random map contents: crystals, Discovery and Research tiles on empty hexes
    free = [h for h in H.HEXES if hexes[h]["b"] is None and H.dist(h, "e5") >= 1]
    free = [h for h in free if h not in {H.name(a) for a in D.START_BOTS[:n]}]
    spots = [H.name(a) for a in D.RESEARCH_SPOTS] if rules >= 2 else []
    free = [h for h in free if h not in spots]
    rng.shuffle(free)
    disc = list(D.DISCOVERY_9 if rules >= 9 else D.DISCOVERY)  # rules 9: published kinds
    rng.shuffle(disc)
    research = list(D.RESEARCH)
    rng.shuffle(research)
    for h in free[: D.MAP_CRYSTALS]:
        hexes[h]["cry"] = 1
    k = D.MAP_CRYSTALS
    for h in free[k : k + D.MAP_DISCOVERY]:
        hexes[h]["tile"] = disc.pop()
    k += D.MAP_DISCOVERY
    if rules >= 2:
        for h in spots:  # all 8 on their marked spaces
            hexes[h]["tile"] = research.pop()
        disc_up = [disc.pop() for _ in range(D.DISC_FACE_UP)]
    else:
        for h in free[k : k + D.MAP_RESEARCH]:
            hexes[h]["tile"] = research.pop()
        disc_up = []
    stacks = {}
    for t in D.TYPES:
        if t == "shelter":
            continue
        arrows = [list(a) for a in D.ARROWS]
        rng.shuffle(arrows)
        stacks[t] = arrows
    bps = [f"{t}-{lvl}{v}" for lvl in (1, 3) for t in D.TYPES for v in "ab"]
    l1 = [b for b in bps if b.split("-")[1][0] == "1"]
    l3 = [b for b in bps if b.split("-")[1][0] == "3"]
    rng.shuffle(l1)
    rng.shuffle(l3)
    deck = l1 + l3  # level-1 deck on top of the level-3 deck (facts.md)
    if rules >= 2:
        missions = rng.sample(list(D.SHORT_MISSIONS), 2) + rng.sample(list(D.LONG_MISSIONS), 1)
    else:
        missions = rng.sample(list(D.MISSIONS), D.MISSIONS_IN_PLAY)
    lss_rewards = rng.sample(list(D.LSS_REWARDS), len(D.LSS_TYPES))
    wh = D.warehouse_start(n)
    return {
        "rules": rules,
        "ended_by": None,  # "missions" | "level" | "cap" once the end is triggered
        "disc_up": disc_up,  # rules 2: face-up Discovery tiles beside the map
        "round": 0,
        "phase": "setup",
        "level": 1,
        "hex": hexes,
        "stacks": stacks,  # building tiles left per type: arrow lists, top first
        "techs": techs,
        "grid": list(grid),  # tech ids face up on the Tech Grid
        "grid_pos": {t: i for i, t in enumerate(grid)} if rules >= 2 else {},  # space 0-7
        "reserve": reserve,  # tech ids waiting for a refill (3-4 players)
        "bp_deck": deck[D.BP_DISPLAY :],
        "bp_display": deck[: D.BP_DISPLAY],
        "bp_where": {},  # built blueprint id -> hex
        "sci_display": [x[0] for x in D.SCIENTISTS],  # a scientist id, a contract id or None
        "sci_where": {},  # scientist id -> hex it works in
        "contract_deck": [c[0] for c in D.CONTRACTS],
        "missions": {m: {"left": D.mission_need(m, n, rules), "done": False} for m in missions},
        "marker": 0,
        "lss": {t: 1 for t in D.LSS_TYPES},
        "lss_paid": {t: 0 for t in D.LSS_TYPES},  # highest level whose line was passed
        "lss_rewards": dict(zip(D.LSS_TYPES, lss_rewards, strict=True)),
        "warehouse": {i: wh for i in D.WAREHOUSE_ITEMS},
        "disc_supply": disc,
        "orbit_slots": {a: [] for a in ("blueprint", "learn", "rnd", "resupply")},
        "shuttle": "orbit",
        "spaces": [None] * D.TURN_SPACES,
        "order": [],
        "idx": 0,
        "turn": None,
        "end": None,  # None | "trigger" (finish this round) | "final" (last round) | "over"
        "players": players,
        "stack": [],
        "last": {},
        "final": None,
    }
