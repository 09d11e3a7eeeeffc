"""Every On Mars component and number in one place (rulings: engine/mars/RULINGS.md).

Change a number here and the whole engine follows. Names are short, lower-case ids used in
move notation; ``*_TITLE`` dicts give what a person reads.
"""

from __future__ import annotations

from typing import Any

# ------------------------------------------------------------------ rules versions
# A game's rules version lives in its state (``s["rules"]``) and comes from the game options
# (``{"rules": 1}``). Version 1 is the first engine (games started before issue 9 were stamped
# with it by storage migration 7 and finish on it); version 2 is the published game's economy,
# card data and end (RULINGS.md); version 3 (storage migration 9 keeps games started on
# version 2 there) gives the Rover a step for every crystal spent and, with 3-4 players, prices a
# placement by the other colours on the action (RULINGS.md); version 4 (storage migration 10
# keeps games started on version 3 there) lets a Mineral stand in for any other Resource, starts
# each player with 1 crystal and their Shelter Tech in Laboratory column 2, and (ours) lowers the
# level lines of 3-4 player games (RULINGS.md); version 5 (storage migration 11 keeps games
# started on version 4 there) boosts the four Orbit actions with Colonists sent to the Working
# Area, as the rulebook does, instead of crystals (RULINGS.md GAP-25); version 6 (storage
# migration 12 keeps games started on version 5 there) gives the published turn-order spaces:
# four on each side, a player's space sets their side at setup, and each space's benefit is a
# Warehouse item, a Tech, a Colonist, Bot moves, a Blueprint or a Discovery tile instead of
# a resource or crystals (RULINGS.md GAP-30); version 7 (storage migration 14 keeps games
# started on version 6 there) lets the player on the highest turn-order space place the shuttle
# on either side at setup, as the rulebook does (RULINGS.md GAP-04); version 8 (storage
# migration 15 keeps games started on version 7 there) lets a Red Colonist's cost be paid with
# Colonists sent to the Working Area instead of crystals, as the rulebook does (RULINGS.md
# GAP-03); version 9 (migration 16 keeps version 8) deals the published Discovery tiles
# (GAP-10); version 10 (migration 17 keeps version 9) plays the published Blueprint cards
# (GAP-18); version 11 (migration 18 keeps version 10) charges the rulebook's Tech Grid rows
# (GAP-05, engine/mars/tech_grid.py); version 12 (migration 19 keeps version 11) lets the
# Laboratory's first column hold two Techs (GAP-07) and brings the Colonists home before the
# Living Quarters score (GAP-31); version 13 (migration 20 keeps version 12) boosts Welcome a
# Ship with Colonists, holds each player to 8 Advanced Building markers and to one Tech of each
# type (GAP-28, GAP-18, GAP-05).
# New games get RULES_LATEST.
RULES_LATEST = 13
ADV_MARKERS = 8  # rules 13: per player, on Blueprints held and Advanced Buildings (the rulebook)

# ------------------------------------------------------------------ map (MARS-GAP-11)
RADIUS = 4  # a hexagon of 61 hexes, axial coordinates (q, r), |q|,|r|,|q+r| <= RADIUS
ROWS = "abcdefghi"  # row letter by r = -4..4; hexes numbered 1.. from the west in each row
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # E, NE, NW, W, SW, SE
START_MINE = (0, 0)
START_BUILDINGS = {(2, 0): "gen", (-2, 0): "water", (0, 2): "green", (0, -2): "oxy"}
START_SHELTERS = [(3, -3), (-3, 3), (3, 1), (-3, -1)]  # seat i's first Shelter
START_BOTS = [(2, -2), (-2, 2), (2, 1), (-2, -1)]  # next to that Shelter
MAP_CRYSTALS = 8  # crystals dealt on random empty hexes at setup
MAP_DISCOVERY = 5
MAP_RESEARCH = 3
# Rules 2: the 8 Research tiles on their marked spaces (ours: two per quarter of the map, 3 hexes
# from the centre, none on a starting piece), and 2 Discovery tiles face up beside the map.
RESEARCH_SPOTS = ((1, -3), (3, -2), (2, 2), (-1, 3), (-3, 2), (-2, -2), (-3, 0), (4, -4))
DISC_FACE_UP = 2

# ------------------------------------------------------------ buildings and resources
RESOURCES = ("mineral", "battery", "water", "plant", "oxygen")
ITEMS = (*RESOURCES, "crystal")
TYPES = ("mine", "gen", "water", "green", "oxy", "shelter")
TYPE_TITLE = {
    "mine": "Mine",
    "gen": "Generator",
    "water": "Water Extractor",
    "green": "Greenhouse",
    "oxy": "Oxygen Condenser",
    "shelter": "Shelter",
}
LSS_TYPES = ("gen", "water", "green", "oxy")  # MARS-GAP-16: the four life-support buildings
PRODUCES = {  # MARS-GAP-14: what a Building of the type gives (Shelter: crystals)
    "mine": "mineral",
    "gen": "battery",
    "water": "water",
    "green": "plant",
    "oxy": "oxygen",
    "shelter": "crystal",
}
PAID_WITH = {"gen": "mineral", "water": "battery", "green": "water", "oxy": "plant"}
SHELTER_COST = 1  # MARS-BUILD-09: 1 Oxygen


def build_cost(kind: str, level: int, rules: int = 1) -> int:
    """MARS-GAP-12: the Building display's price in its paying resource rises with the level.
    Rules 2: 1 at every level (RULINGS.md GAP-12)."""
    if rules >= 2:
        return 1
    return 1 if level <= 2 else 2


TILES_PER_TYPE = 5  # facts.md: 30 building tiles, 5 of them starting: 5 more of each type
# Arrow directions (indices into DIRS) of the 5 tiles of each type, shuffled at setup.
ARROWS = ((0,), (1, 4), (2,), (3, 5), ())
SHELTERS_PER_PLAYER = 5

# -------------------------------------------------------------------- players (setup)
COLONISTS = 12
START_COLONISTS = 3
START_RES = {"mineral": 1, "battery": 1, "water": 1, "plant": 1, "oxygen": 1}
START_CRYSTALS = 2
# Rules 4 (the rulebook's player setup: "1 Crystal, placed in the Depot"; "1 Shelter Tech tile
# ..., placed on the middle space of the 2nd column in your Laboratory").
START_CRYSTALS_4 = 1
SHELTER_TECH_START_4 = 2
BOTS = 4
SHIPS = 5
DEPOT_SLOTS = 8
OPEN_SLOTS = 3  # MARS-EXEC-05
PROGRESS_TYPES = ("mine", "gen", "water", "green", "oxy")

# ------------------------------------------------------------------ turn order spaces
TURN_SPACES = 8
TURN_BONUS = (None, "crystal", "mineral", "battery", "water", "plant", "oxygen", "crystal2")
# Rules 6 (RULINGS.md GAP-30): spaces 1-4 lie on the Orbit side and 5-8 on the Colony side (the
# rulebook: "starting with the leftmost space on the Orbit side (1) ... ending at the rightmost
# space on the Colony side (8)"); space 4 gives a Colonist (ludopedia.com.br/topico/37366); the
# benefits are the icons KDC-Solo app/src/engine/turn.ts resolves (Warehouse Resources, Tech,
# Colonists, Bot x2, Blueprint, Discovery); which space shows which other icon is ours.
ORBIT_SPACES = 4
TURN_BENEFIT_6 = (
    None,
    "warehouse",
    "tech",
    "colonist",
    "bots",
    "blueprint",
    "discovery",
    "warehouse",
)
TURN_BENEFIT_TEXT = {
    "warehouse": "take 1 Warehouse item",
    "tech": "learn a Tech (its row's cost)",
    "colonist": "gain 1 Colonist",
    "bots": "move your Bots up to 2 steps",
    "blueprint": "take a Blueprint",
    "discovery": "place a Discovery tile 3 hexes from your Rover",
}
TURN_BOTS = 2

# --------------------------------------------------------------------- tech (GAP-05)
TECH_TYPES = ("mine", "gen", "water", "green", "oxy", "rover", "ship", "upgrade")
TECH_TITLE = {**TYPE_TITLE, "rover": "Rover", "ship": "Ship", "upgrade": "Upgrade"}
TECH_MAX = 4
LAB_OP = {1: 1, 2: 3, 3: 6, 4: 10}  # MARS-ORBIT-06: end-game OP under each column
LAB_BENEFIT = {2: "crystal", 3: "mineral", 4: "crystal2"}  # MARS-ORBIT-07, optional
# Rules 2: Learn Tech: the grid is 2 rows of 4; the top row is free, a bottom-row tile costs
# 1 crystal (ours). The Laboratory's column-1 space gives 1 resource of your choice (not a
# Mineral) when a tile enters it; columns 2-4 as LAB_BENEFIT (ours).
GRID_ROW = 4
LEARN_ROW_COST = (0, 1)
# Rules 11 (the rulebook's Learn New Technology, engine/mars/tech_grid.py): spaces 0-1 are the
# bottom row (free), 2-4 the middle (1 Battery), 5-7 the top three (1 Battery + 1 Resource of
# your choice); (Batteries, Resources of your choice) per row, bottom first.
GRID_ROW_ENDS_11 = (2, 5, 8)
LEARN_ROW_RES_11 = ((0, 0), (1, 0), (1, 1))
LAB_ENTRY_CHOICES = ("battery", "water", "plant", "oxygen")
# Rules 2: crystal-icon boosts (facts.md "crystal icon = boost by spending crystals"): 1 crystal
# per extra item, at most CBOOST_MAX, on these Main actions (which ones is ours).
CBOOST = {"control": "Rover step", "resupply": "Warehouse item", "rnd": "develop"}
CBOOST_MAX = 2
# Rules 3 (RULINGS.md GAP-25, the rulebook's Control Center): the Rover may buy a step with every
# crystal it has; this cap is above any player's crystals (8 Depot slots + 3 discarded goals).
ROVER_BOOST_MAX_3 = 99

# ------------------------------------------------------------------ blueprints (GAP-18)
# 2 per building type per level; action = what its Executive action does.
BP_ACTIONS = {1: ("res", "bots"), 3: ("res", "boost")}
BP_PRODUCE = {1: 1, 3: 2}  # MARS-GAP-20: produced when the owner travels to Orbit
BP_DISPLAY = 6
BP_ADD_ON_LEVEL = 3

# ----------------------------------------------------------------------- scientists
SCIENTISTS = (  # facts.md order; (id, title, cost, building type scored)
    ("geologist", "Geologist", ("working", 2), "gen"),
    ("rnd", "R&D Engineer", ("mineral", 2), "water"),
    ("hydrologist", "Hydrologist", ("battery", 2), "green"),
    ("biochemist", "Biochemist", ("water", 2), "oxy"),
    ("geochemist", "Geochemist", ("plant", 2), "shelter"),
    ("systems", "Systems Engineer", ("oxygen", 2), "mine"),
)
SCI_OP = 3
# Rules 2 (KDC-Solo docs/card-database.md, "Scientist cards"): each Scientist works in the
# Advanced Buildings one step before the type it scores (Mine -> Generator -> ... -> Shelter).
SCI_WORKS_IN = {
    "geologist": "mine",
    "rnd": "gen",
    "hydrologist": "water",
    "biochemist": "green",
    "geochemist": "oxy",
    "systems": "shelter",
}

# ------------------------------------------------------------------------ contracts
# (id, kind, need): upgrade need = building type; delivery need = {item: n}
# (id, kind, need): need is a building type (upgrade) or the items to deliver (delivery)
CONTRACTS: tuple[tuple[str, str, Any], ...] = (
    *((f"u-{t}", "upgrade", t) for t in TYPES),
    ("d-min", "delivery", {"mineral": 4}),
    ("d-bat", "delivery", {"mineral": 2, "battery": 3}),
    ("d-wat", "delivery", {"mineral": 2, "water": 3}),
    ("d-oxy", "delivery", {"mineral": 2, "oxygen": 3}),
    ("d-pla", "delivery", {"mineral": 2, "plant": 3}),
    ("d-cry", "delivery", {"mineral": 2, "crystal": 3}),
)
CONTRACT_OP = {"upgrade": (12, -6), "delivery": (9, -4)}
CONTRACT_COST = 1  # MARS-CONTRACT-01: 1 Crystal
MAX_CONTRACTS = 2

# ------------------------------------------------------------------------- missions
# id: (title, {players: need}, crystals per contribution)
MISSIONS = {
    "research": ("Research tiles", {2: 5, 3: 5, 4: 7}, 2),
    "blueprint": ("Blueprints", {2: 10, 3: 10, 4: 13}, 1),
    "advanced": ("Advanced Buildings", {2: 8, 3: 8, 4: 10}, 1),
    "bot": ("Bots", {2: 3, 3: 4, 4: 5}, 2),
    "discovery": ("Discovery tiles", {2: 5, 3: 7, 4: 9}, 1),
    "tech": ("Techs", {2: 7, 3: 11, 4: 12}, 1),
    "progress": ("Progress cubes", {2: 8, 3: 11, 4: 14}, 1),
    "scientist": ("Scientists", {2: 4, 3: 4, 4: 5}, 2),
    "contract": ("Contracts", {2: 2, 3: 2, 4: 3}, 1),
}
MISSIONS_IN_PLAY = 3
# Rules 2: 2 short + 1 long (facts.md setup). Which card is short is ours: the four whose
# 4-player requirement is at most 7 items are short, the five needing 9-14 are long.
SHORT_MISSIONS = ("research", "bot", "scientist", "contract")
LONG_MISSIONS = ("blueprint", "advanced", "discovery", "tech", "progress")
END_MARKER = 3  # the Remaining Missions marker at 3 triggers the end
MAX_LEVEL = 5
LAST_ROUND = 14  # rules 1: digital cap, the end triggers after this round at the latest
SAFETY_ROUND = 30  # rules 2: only a guard far above real games (the published end decides)


def mission_need(mission: str, players: int, rules: int) -> int:
    """Items a mission needs. Rules 1 and 2-4 players: the card (KDC-Solo card database, 1 player
    as 2). Rules 2 solo (ours): half the 2-player number, rounded up: one colonist alone could
    never finish some cards (at most 4 Research tiles or 5 Progress cubes each)."""
    need = MISSIONS[mission][1][max(2, players)]
    if rules >= 2 and players == 1:
        return (need + 1) // 2
    return need


def last_round(rules: int) -> int:
    return SAFETY_ROUND if rules >= 2 else LAST_ROUND


# Rules 2: the Colony levels up when every LSS marker reaches the next level's line (again at
# once if the next line is reached too); the line of level L for n players (ours, RULINGS.md
# GAP-06): Buildings of each LSS type on Mars.
LEVEL_LINE = {
    1: {2: 2, 3: 2, 4: 2, 5: 3},
    2: {2: 2, 3: 2, 4: 3, 5: 4},
    3: {2: 2, 3: 3, 4: 3, 5: 4},
    4: {2: 2, 3: 3, 4: 3, 5: 4},
}
# Rules 4 (ours, RULINGS.md GAP-06): the rulebook's setup made 3-4 player games longer (sweep:
# median 12 rounds at 3 players with the old lines, the target is 7-11), so with 3-4 players
# levels 2 and 3 come together at 2 Buildings of each LSS type.
LEVEL_LINE_4 = {**LEVEL_LINE, 3: {2: 2, 3: 2, 4: 3, 5: 4}, 4: {2: 2, 3: 2, 4: 3, 5: 4}}

# -------------------------------------------------------------------- LSS (GAP-16)
LSS_REWARDS = ("tech", "ship", "adv", "mine", "bot", "disc", "shelter", "lq")
LSS_REWARD_TITLE = {
    "tech": "OP = your highest Tech level",
    "ship": "2 OP per Ship welcomed",
    "adv": "2 OP per Advanced Building",
    "mine": "2 OP per Mine with your Colonist or marker",
    "bot": "2 OP per Bot",
    "disc": "2 OP per tile your Rover took",
    "shelter": "2 OP per Shelter",
    "lq": "1 OP per Colonist in Living Quarters",
}
LSS_BENEFITS = ("crystal", "mineral", "oxygen")

# ----------------------------------------------------------------- Discovery/Research
DISCOVERY = (  # 19 tiles: what each gives
    *(("crystal2",) * 5),
    *(("mineral2",) * 4),
    *(("op3",) * 4),
    *(("battery2",) * 2),
    *(("water2",) * 2),
    *(("plant2",) * 2),
)
# Rules 9 (RULINGS.md GAP-10): the published tiles' kinds, from the krindale player aid's
# "Discovery tiles" column; how many of each kind is ours (19 in all, facts.md).
DISCOVERY_9 = (
    *(("dev2",) * 2),
    *(f"build:{k}" for k in ("mine", "gen", "water", "green", "oxy", "shelter")),
    "buildany",
    "upgrade2",
    "scicon",
    *(("bp2",) * 2),
    *(("wh2",) * 2),
    "crystal3",
    "mineral2",
    "battery2",
    "tech",
)
# id: (colour, letter, cost {res: n}, effect); two copies of each colour+letter
RESEARCH = {
    "ra1": ("red", "a", {"water": 1}, "colonist"),
    "ra2": ("red", "a", {"water": 1}, "colonist"),
    "rb1": ("red", "b", {"battery": 1}, "op4"),
    "rb2": ("red", "b", {"battery": 1}, "op4"),
    "ba1": ("blue", "a", {"oxygen": 1}, "develop"),
    "ba2": ("blue", "a", {"oxygen": 1}, "develop"),
    "bb1": ("blue", "b", {"plant": 1}, "blueprint"),
    "bb2": ("blue", "b", {"plant": 1}, "blueprint"),
}
TILE_TEXT = {
    "crystal2": "2 Crystals",
    "mineral2": "2 Minerals",
    "battery2": "2 Batteries",
    "water2": "2 Water",
    "plant2": "2 Plants",
    "op3": "3 OP",
    "colonist": "1 Colonist",
    "op4": "4 OP",
    "develop": "develop a Tech (free)",
    "blueprint": "a Blueprint (free)",
    # rules 9: short enough for a button; each question names the cost in full
    "dev2": "develop Tech twice, free",
    **{
        f"build:{k}": f"construct a{'n' if t[0] in 'AEIOU' else ''} {t}"
        for k, t in TYPE_TITLE.items()
    },
    "buildany": "construct any Building",
    "upgrade2": "upgrade up to 2 Buildings",
    "scicon": "a Scientist or an Earth Contract",
    "bp2": "up to 2 Blueprints",
    "wh2": "up to 2 Warehouse items",
    "crystal3": "3 Crystals",
    "tech": "a Tech tile",
}

# --------------------------------------------------------------- Executive actions
# Depot slot (1 = bottom) -> (action, crystal cost). MARS-GAP-27, facts.md krindale.
EXEC_SLOTS = {
    1: ("warehouse", 2),
    2: ("bots", 2),
    3: ("mineral", 3),
    4: ("blueprint", 3),
    5: ("upgrade", 3),
    6: ("rover", 4),
    7: ("develop", 4),
}
# Rules 2 (ours): actions grouped by slot, so that every Executive action can open before the
# Colony's last level (Ships welcomed stay below the level: at most 3 before level 5).
EXEC_SLOTS_2 = {
    1: (("warehouse", 2), ("bots", 2)),
    2: (("mineral", 3),),
    3: (("blueprint", 3), ("upgrade", 3)),
    4: (("rover", 4), ("develop", 4)),
}


def exec_layout(rules: int) -> list[tuple[int, str, int]]:
    """(slot, action, crystal cost) of every Executive action, slot 1 at the bottom."""
    if rules >= 2:
        return [(k, a, c) for k, acts in EXEC_SLOTS_2.items() for a, c in acts]
    return [(k, a, c) for k, (a, c) in EXEC_SLOTS.items()]


ADV_EXEC_COST = 2
EXEC_TITLE = {
    "warehouse": "take 1 Warehouse item",
    "bots": "move Bots up to 2",
    "mineral": "gain 1 Mineral",
    "blueprint": "take a Blueprint",
    "upgrade": "upgrade a Building",
    "rover": "move the Rover up to 2",
    "develop": "develop a Tech once",
}

# ---------------------------------------------------------------------- warehouse
WAREHOUSE_ITEMS = ("crystal", "battery", "water", "plant", "oxygen")


def warehouse_start(players: int) -> int:
    return 2 if players <= 2 else 3


# ----------------------------------------------------------------- private goals
# id: (requirement kind, n, text); rewards: two choices each
GOALS = {
    "g01": ("shelters", 3, "have 3 Shelters"),
    "g02": ("adv", 2, "have 2 Advanced Buildings"),
    "g03": ("techs", 2, "have 2 Techs"),
    "g04": ("techlvl", 3, "have a Tech at level 3"),
    "g05": ("ships", 1, "have welcomed a Ship"),
    "g06": ("bots", 2, "have 2 Bots"),
    "g07": ("tiles", 2, "have taken 2 tiles with your Rover"),
    "g08": ("colonists", 5, "have 5 Colonists"),
    "g09": ("scientists", 1, "have a Scientist"),
    "g10": ("blueprints", 3, "hold 3 Blueprints"),
    "g11": ("progress", 2, "have 2 Progress cubes moved"),
    "g12": ("anyres", 5, "have 5 of one Resource"),
    "g13": ("mines", 2, "have Colonists on 2 Mines"),
    "g14": ("contracts", 1, "hold an Earth Contract"),
    "g15": ("crystals", 4, "have 4 Crystals in your Depot"),
    "g16": ("op", 10, "have 10 OP"),
}
GOAL_REWARDS = {  # first, second
    "shelters": ("op5", "crystal3"),
    "adv": ("op6", "develop"),
    "techs": ("op4", "develop"),
    "techlvl": ("op5", "blueprint"),
    "ships": ("op4", "crystal3"),
    "bots": ("op4", "mineral3"),
    "tiles": ("op5", "colonist"),
    "colonists": ("op4", "crystal3"),
    "scientists": ("op5", "mineral3"),
    "blueprints": ("op4", "develop"),
    "progress": ("op5", "crystal3"),
    "anyres": ("op4", "colonist"),
    "mines": ("op5", "mineral3"),
    "contracts": ("op4", "crystal3"),
    "crystals": ("op5", "blueprint"),
    "op": ("op3", "colonist"),
}
REWARD_TEXT = {
    "op3": "3 OP",
    "op4": "4 OP",
    "op5": "5 OP",
    "op6": "6 OP",
    "develop": "develop a Tech (free)",
    "blueprint": "a Blueprint (free)",
    "crystal3": "3 Crystals",
    "mineral3": "3 Minerals",
    "colonist": "1 Colonist",
}
GOALS_DEALT = 3

# Rules 2: the 16 published Private Goals (KDC-Solo docs/card-database.md, "Private Goal
# cards", numbered as the cards' corners). Every card's reward: develop twice at no cost, or the
# card's alternative. id: (requirement kind, n, text, alternative reward code)
GOALS_2 = {
    "pg01": ("bps_all", 4, "have 4 Blueprints (built or not)", "upgrade2"),
    "pg02": ("adv", 3, "have upgraded 3 Advanced Buildings", "res3"),
    "pg03": ("mines_adv", 3, "have 3 Mines with your Colonist or Advanced marker", "mineral3"),
    "pg04": ("disc", 3, "have taken 3 Discovery tiles with your Rover", "rover5"),
    "pg05": ("adv_c4", 1, "have an Advanced marker on a Complex of 4+", "colonist2"),
    "pg06": ("samres", 4, "have 4 of one Resource (not Minerals)", "contract"),
    "pg07": ("shelters_on", 3, "have 3 Shelters on Mars", "colonist2"),
    "pg08": ("level", 3, "the Colony has reached level 3", "rover5"),
    "pg09": ("lq", 7, "have 7 Colonists in your Living Quarters", "ship"),
    "pg10": ("techs_all", 5, "have 5 Tech tiles (your Shelter Tech counts)", "retrieve2"),
    "pg11": ("hangar", 3, "have 3 Ships in your Hangar", "travel"),
    "pg12": ("research", 2, "have 2 Research tiles", "scientist"),
    "pg13": ("sci_ct", 1, "have a Scientist and a completed Earth Contract", "contract"),
    "pg14": ("lab3", 3, "have 3 Tech tiles in Laboratory columns 3-4", "crystal3"),
    "pg15": ("progress", 3, "have 3 cubes in the Progress area", "retrieve2"),
    "pg16": ("adv_2c3", 2, "have Advanced markers in 2 Complexes of 3+", "upgrade2"),
}
GOAL_FIRST_2 = "develop2"
REWARD_TEXT_2 = {
    "develop2": "develop Techs twice (free)",
    "upgrade2": "upgrade up to 2 Buildings (free)",
    "res3": "gain 3 Resources of your choice (not Minerals)",
    "mineral3": "gain 3 Minerals",
    "rover5": "move your Rover up to 5",
    "colonist2": "take 2 Colonists into your Living Quarters",
    "contract": "take an Earth Contract from the display (free)",
    "ship": "welcome a Ship (free)",
    "retrieve2": "bring 2 Colonists back from the Working Area or Orbit slots",
    "travel": "travel to the other side now, with the travel steps",
    "scientist": "hire a Scientist (free)",
    "crystal3": "gain 3 Crystals",
}

# ----------------------------------------------------------------- final scoring
PROGRESS_OP = (0, 1, 2, 4, 7, 11)
SHIP_OP = 3
BP_OP = {1: (3, -3), 3: (5, -5)}  # built, unbuilt
LQ_LADDER = (0, 3, 6, 10, 15, 21)  # by colonists gained: 3,5,7,9,11,12 (RULINGS GAP-17)
LQ_STEPS = (3, 5, 7, 9, 11, 12)
# Rules 2 (facts.md: "Living Quarters OP next to the highest colonist"): the ladder is read by
# the Colonists in your Living Quarters at the end: 3/5/7/9/11 of them for 3/6/10/15/21 OP.
LQ_STEPS_2 = (0, 3, 5, 7, 9, 11)
LEVEL_PROGRESS_OP = 1  # per cube at colony levels 2 and 3
SOLO_LADDER = ((0, "Stranded"), (40, "Settler"), (60, "Pioneer"), (80, "Founder"), (100, "Legend"))


def goal_text(gid: str) -> str:
    """What a Private Goal card says (either rules version's cards)."""
    return (GOALS.get(gid) or GOALS_2[gid])[2]
