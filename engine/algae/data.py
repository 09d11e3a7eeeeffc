"""Every component of Algae, Inc. in one place (rulings in RULINGS.md cite these tables).

Change a number here and the whole engine follows: nothing else hard-codes a component.
Names used as move notation are short lower-case words.
"""

from __future__ import annotations

RULES_VERSION = 3  # engine/algae/rules.py: what older versions had instead
WEEKS = 4  # ALG-WEEK-02
DAYS = 5  # ALG-WEEK-06: five work days, one strip each
TEAMS = ("operators", "engineers", "scientists")
MACHINES = ("a", "b", "c")
SPECIES = ("green", "red", "brown")  # ALG-GAP-21: three algae species, one tank each
BYPRODUCTS = ("lipid", "fiber")  # ALG-GAP-19: the two byproduct tanks

# ------------------------------------------------------------------ setup (ALG-GAP-01)
START_MONEY = 4
START_ENERGY = 1
START_SCIENCE = 1
START_ALGAE = 1  # cubes in each open storage at setup
TANK_BASE = 4  # ALG-WKND-10
TANK_MAX = 6  # ALG-WKND-11 / ALG-SCI-13
BYP_START = 3  # cubes in each byproduct tank at setup
SCIENCE_MAX = 10  # ALG-SCI-03 / ALG-MON-11 (cap on the science held)
DISKS = 14  # export disks on a side board
MARKERS = 6  # milestone markers on a side board

# ----------------------------------------------------------- byproduct tanks (ALG-GAP-19)
# Rows bottom up, two spaces a row, the euros printed on each space of that row.
BYP_ROWS = (3, 2, 2, 1)
BYP_ROW_SPACES = 2
BYP_CAPACITY = len(BYP_ROWS) * BYP_ROW_SPACES

# ------------------------------------------------------------ staff rows (ALG-GAP-02)
# Spaces to the right of the printed member: cost (€) above the column, bonus and VP on it.
STAFF_COST = (1, 2, 2, 3, 4)
STAFF_ROWS: dict[str, list[tuple[str, int]]] = {
    "operators": [("", 0), ("energy", 0), ("value", 1), ("money2", 1), ("upgrade", 2)],
    "engineers": [("", 0), ("freelance", 0), ("energy", 1), ("freelance", 1), ("upgrade", 2)],
    "scientists": [("", 0), ("science2", 0), ("choice", 1), ("science2", 1), ("upgrade", 2)],
}

# ---------------------------------------------------- action board (ALG-GAP-24)
# An action is "recruit", "team:<team|any>" or "machine:<a|b|c|any>".
# STRIPS[strip][side] lists the spots a, b, c, d from left to right.
STRIPS: list[list[list[str]]] = [
    [
        ["team:any", "recruit", "machine:any", "team:operators"],
        ["machine:any", "team:scientists", "team:any", "machine:a"],
    ],
    [
        ["machine:a", "team:engineers", "machine:b", "recruit"],
        ["team:operators", "machine:b", "recruit", "team:scientists"],
    ],
    [
        ["team:scientists", "machine:b", "team:operators", "machine:c"],
        ["machine:c", "team:engineers", "machine:a", "team:operators"],
    ],
    [
        ["recruit", "machine:c", "team:engineers", "machine:a"],
        ["team:scientists", "recruit", "machine:c", "team:engineers"],
    ],
    [
        ["machine:any", "team:operators", "team:any", "recruit"],
        ["team:any", "machine:c", "machine:any", "team:operators"],
    ],
]
SPOTS = "abcd"


def connected(spot: int, nxt: int) -> bool:
    """Spots on neighbouring strips are joined when they are at most one column apart."""
    return abs(spot - nxt) <= 1


# Weekend strip: spot j of the last strip touches bonuses j and j+1 (ALG-GAP-27).
WEEKEND_STRIP = ("money2", "freelance", "vp2", "choice", "science2")

# Weekly export bonus tiles (ALG-GAP-28): each city export made that week gives this bonus.
EXPORT_BONUS_TILES = ("vp1", "money1", "energy", "science1", "value", "freelance")

# ------------------------------------------------------------------ cities (ALG-GAP-09)
# name: (x, y on a 0..1000 map, demand, region)
CITIES: dict[str, tuple[int, int, int, str]] = {
    "lisbon": (60, 830, 3, "west"),
    "madrid": (190, 760, 4, "west"),
    "barcelona": (330, 740, 3, "west"),
    "bordeaux": (250, 610, 2, "west"),
    "marseille": (400, 660, 3, "south"),
    "lyon": (410, 560, 4, "west"),
    "paris": (360, 430, 5, "west"),
    "london": (290, 300, 6, "west"),
    "dublin": (140, 230, 3, "west"),
    "brussels": (440, 360, 3, "central"),
    "amsterdam": (470, 280, 4, "central"),
    "hamburg": (580, 220, 4, "north"),
    "copenhagen": (620, 130, 3, "north"),
    "oslo": (590, 30, 2, "north"),
    "stockholm": (760, 60, 4, "north"),
    "berlin": (680, 270, 5, "central"),
    "warsaw": (840, 300, 3, "east"),
    "prague": (680, 400, 3, "central"),
    "munich": (590, 470, 4, "central"),
    "zurich": (500, 520, 3, "central"),
    "milan": (530, 610, 4, "south"),
    "rome": (620, 760, 5, "south"),
    "vienna": (760, 480, 4, "east"),
    "budapest": (860, 520, 3, "east"),
    "belgrade": (890, 650, 2, "east"),
    "athens": (930, 880, 4, "south"),
}
ROUTES: tuple[tuple[str, str], ...] = (
    ("lisbon", "madrid"), ("madrid", "barcelona"), ("madrid", "bordeaux"),
    ("barcelona", "marseille"), ("barcelona", "bordeaux"), ("bordeaux", "paris"),
    ("bordeaux", "lyon"), ("marseille", "lyon"), ("marseille", "milan"), ("lyon", "paris"),
    ("lyon", "zurich"), ("paris", "london"), ("paris", "brussels"), ("london", "dublin"),
    ("london", "amsterdam"), ("brussels", "amsterdam"), ("brussels", "zurich"),
    ("amsterdam", "hamburg"), ("hamburg", "copenhagen"), ("hamburg", "berlin"),
    ("copenhagen", "oslo"), ("copenhagen", "stockholm"), ("oslo", "stockholm"),
    ("berlin", "warsaw"), ("berlin", "prague"), ("prague", "munich"), ("prague", "vienna"),
    ("munich", "zurich"), ("munich", "vienna"), ("zurich", "milan"), ("milan", "rome"),
    ("vienna", "budapest"), ("warsaw", "budapest"), ("budapest", "belgrade"),
    ("belgrade", "athens"), ("rome", "athens"), ("stockholm", "warsaw"), ("dublin", "oslo"),
)  # fmt: skip
MAX_DISTANCE = 3  # ALG-EXPORT-12
TRANSPORT_COST = {1: 1, 2: 3, 3: 6}  # ALG-EXPORT-10
TRANSPORT_COST_TILE = {1: 0, 2: 1, 3: 3}  # ALG-EXPORT-11
REEXPORT_AFTER = 10  # ALG-EXPORT-30

# City bonus tokens, dealt to the cities from the seed (ALG-GAP-09). Each is used at once
# (ALG-EXPORT-19): "move2" two main-belt cube moves now, "algae2" up to two algae cubes now,
# "value" +1 value for this action's later deliveries (lost when the action ends).
CITY_TOKENS = (
    "energy2", "money3", "move2", "algae2", "move2", "value", "value", "vp2", "science2",
    "money2", "energy1", "algae2", "move2", "vp2", "value", "money3", "science2", "energy2",
    "vp1", "money2", "algae2", "value", "energy1", "science1", "vp1", "money1",
)  # fmt: skip

# ------------------------------------------------------------- milestones (ALG-GAP-12)
# id: (label, kind, amount, VP for the 1st, 2nd, 3rd, 4th player to reach it)
MILESTONES: dict[str, tuple[str, str, int, tuple[int, ...]]] = {
    "m3": ("3 cities", "cities", 3, (5, 4, 3, 2)),
    "m6": ("6 cities", "cities", 6, (7, 5, 4, 3)),
    "m10": ("8 cities", "cities", 8, (10, 8, 6, 4)),  # rules 1: 10 cities (RULINGS GAP-12)
    "regions": ("a city in 4 regions", "regions", 4, (6, 5, 4, 3)),
    "big": ("3 cities of demand 5+", "big", 3, (6, 5, 4, 3)),
    "local": ("3 cities in one region", "local", 3, (4, 3, 2, 1)),
}

# ------------------------------------------------------------ side board (ALG-GAP-13)
# Export/2x tiles: which two items cover each (("disk"|"marker", index from the top)) and the
# icon ("money" or "vp") each cover reveals when it leaves.
SIDE_TILES: dict[str, tuple[tuple[tuple[str, int], str], ...]] = {
    "x1": ((("disk", 0), "money"), (("disk", 1), "money")),
    "x2": ((("disk", 2), "money"), (("marker", 0), "vp")),
    "x3": ((("disk", 3), "vp"), (("disk", 4), "money")),
    "x4": ((("marker", 1), "vp"), (("marker", 2), "vp")),
    "x5": ((("disk", 6), "money"), (("marker", 3), "vp")),
}

# ------------------------------------------------------------ contracts (ALG-GAP-15)
# id: (label, min_value, min_cubes, min_types, reward)
CONTRACTS: dict[str, tuple[str, int, int, int, dict[str, int]]] = {
    "bulk": ("3 or more goods", 0, 3, 1, {"vp": 5}),
    "premium": ("value 7 or more", 7, 1, 1, {"vp": 6}),
    "variety": ("2 product types, value 3+", 3, 1, 2, {"vp": 4, "money": 3}),
    "pallet": ("2+ goods of value 5+", 5, 2, 1, {"vp": 4, "energy": 2}),
    "sample": ("value 4 or more", 4, 1, 1, {"vp": 3, "wild": 1}),
    "mixed": ("2+ goods of 2 types", 0, 2, 2, {"vp": 3, "freelance": 1, "choice": 1}),
}

# -------------------------------------------------------------- science grid (ALG-GAP-05)
GRID_ROWS = "abcd"  # a zone per row
GRID_COLS = 6
ZONE_ENG = (0, 1, 2, 3)  # engineering points to take a tile from the zone (ALG-ENG-05)
ZONE_SCI = (2, 3, 4, 5)  # science to place a tile in the zone (ALG-SCI-08)
# Bonuses printed on grid cells (revealed when a tile leaves; taken when a science tile covers).
GRID_BONUS: dict[str, str] = {
    "a1": "energy1", "a2": "energy1", "a3": "choice", "a5": "sci_inc", "a6": "energy1",
    "b1": "byp1", "b2": "vp_inc", "b4": "oper_inc", "b5": "choice", "b6": "energy2",
    "c1": "byp1", "c2": "wild", "c3": "eng_inc", "c5": "byp2", "c6": "vp_inc",
    "d1": "energy2", "d3": "sci_inc", "d4": "wild", "d5": "energy2", "d6": "byp2",
}  # fmt: skip
# Engineering and combo tiles in the grid at setup: item id -> (cells, tiles top first).
GRID_ITEMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "cap1": (("a2",), ("cap1",)),
    "cap2": (("b5",), ("cap2",)),
    "cap3": (("c1",), ("cap3",)),
    "conv1": (("b2", "b3"), ("conv1",)),
    "conv2": (("c4", "d4"), ("conv2",)),
    "gen": (("d6",), ("gen1", "gen2")),
    "combo1": (("a5",), ("combo1",)),
    "combo2": (("d1", "d2"), ("combo2",)),
}
# Engineering tiles: tile -> (field shape, effect). Fields of a shape on every department board.
ENG_TILES: dict[str, tuple[str, str]] = {
    "cap1": ("cap", "capacity"),
    "cap2": ("cap", "capacity"),
    "cap3": ("cap", "capacity"),
    "conv1": ("conv", "conveyor"),
    "conv2": ("conv", "conveyor"),
    "gen1": ("gen", "energy1"),
    "gen2": ("gen", "energy2"),
}
FIELDS: dict[str, str] = {
    "cap_a": "cap", "cap_b": "cap", "cap_c": "cap", "conv_a": "conv", "conv_b": "conv",
    "gen": "gen",
}  # fmt: skip
COMBO_SHAPES = {"combo1": 1, "combo2": 2}  # science side of combo tiles: straight length
CAPACITY_BASE = 2  # ALG-MACH-02
CAPACITY_TILE = 3  # ALG-UPG-01 (Cosmetics: see DEPARTMENTS)
CAPACITY_FLIPPED = 4  # ALG-UPG-03
CONVEYOR_MOVES = 2  # ALG-UPG-07
CONVERTER = ((4, 2), (2, 1))  # ALG-BYP-02/03: (at least n moved, byproduct cubes)

# ------------------------------------------------------------ departments (ALG-GAP-06/17)
# cells: cell -> kind (storage / belt / station / dispatch)
# edges: (from, to, machine, lock tile or "")
# secondary: (id, on edge "from>to", effect, infinite, lock tile or "")
#   effects: energy (gain), add (gain: a cube of the other byproduct into the edge's target),
#            pay1 (loss: lose €1 when you have it)
# values: dispatch cell -> (market value, product type)
# tiles: science tile -> (straight length, effect, argument)
_COMMON_TILES = {
    "inc_ops": (2, "income", "operators"),
    "inc_eng": (2, "income", "engineers"),
    "inc_sci": (2, "income", "scientists"),
    "transport": (2, "transport", ""),
    "converter": (1, "converter", ""),
}
DEPARTMENTS: dict[str, dict] = {
    "cosmetics": {
        "title": "Cosmetics",
        "rule": "no mixing of product types in one city's delivery",
        "byproduct": "lipid",
        "capacity": (4, 5),
        "storage": {"green": 3, "brown": 3, "red": 3},
        "cells": {
            "green": "storage",
            "brown": "storage",
            "red": "storage",
            "s1": "station",
            "mix": "belt",
            "s2": "station",
            "cream": "dispatch",
            "soap": "dispatch",
            "serum": "dispatch",
        },
        "inputs": {"a": ("green", "brown", "red"), "b": ("s1",), "c": ("s2",)},
        "edges": (
            ("green", "s1", "a", ""),
            ("brown", "s1", "a", ""),
            ("red", "s1", "a", ""),
            ("s1", "mix", "b", ""),
            ("mix", "s2", "b", ""),
            ("s2", "cream", "c", ""),
            ("s2", "soap", "c", ""),
            ("s2", "serum", "c", "belt_serum"),
        ),
        "secondary": (
            ("sec1", "brown>s1", "energy", False, ""),
            ("sec2", "mix>s2", "add", False, ""),
            ("sec3", "s2>soap", "energy", True, "belt_sec"),
            ("sec4", "s2>serum", "pay1", False, ""),
        ),
        "values": {"cream": (3, "cream"), "soap": (2, "soap"), "serum": (5, "serum")},
        "tiles": {
            **_COMMON_TILES,
            "store_red": (1, "unlock", "red"),
            "store_brown": (1, "expand", "brown"),
            "val_cream": (1, "value", "cream"),
            "val_soap": (2, "value", "soap"),
            "belt_serum": (3, "belt", "s2>serum"),
            "belt_sec": (2, "belt", "sec3"),
        },
        "locked": ("red",),
    },
    "bioplastics": {
        "title": "Bioplastics",
        "rule": "each cup paired with a bag in one delivery adds +2 value",
        "byproduct": "fiber",
        "capacity": (3, 4),
        "storage": {"red": 3, "green": 3, "brown": 3},
        "cells": {
            "red": "storage",
            "green": "storage",
            "brown": "storage",
            "s1": "station",
            "s2": "station",
            "press": "belt",
            "cup": "dispatch",
            "bag": "dispatch",
        },
        "inputs": {"a": ("red", "green", "brown"), "b": ("s1",), "c": ("s2",)},
        "edges": (
            ("red", "s1", "a", ""),
            ("brown", "s1", "a", ""),
            ("green", "s1", "a", ""),
            ("s1", "s2", "b", ""),
            ("s1", "press", "b", "belt_fast"),
            ("s2", "press", "c", ""),
            ("press", "cup", "c", ""),
            ("s2", "bag", "c", ""),
        ),
        "secondary": (
            ("sec1", "s1>s2", "add", False, ""),
            ("sec2", "press>cup", "energy", True, ""),
            ("sec3", "s1>press", "pay1", False, ""),
            ("sec4", "red>s1", "energy", False, "belt_sec"),
        ),
        "values": {"cup": (3, "cup"), "bag": (3, "bag")},
        "pair_bonus": 2,
        "tiles": {
            **_COMMON_TILES,
            "store_green": (1, "unlock", "green"),
            "store_red": (1, "expand", "red"),
            "val_cup": (1, "value", "cup"),
            "val_bag": (2, "value", "bag"),
            "belt_fast": (3, "belt", "s1>press"),
            "belt_sec": (1, "belt", "sec4"),
            "pairing": (2, "pairing", ""),
        },
        "locked": ("green",),
    },
    "food": {
        "title": "Food",
        "rule": "food degrades each Monday (worth 1 less) and spoils the Monday after",
        "byproduct": "fiber",
        "capacity": (3, 4),
        "storage": {"green": 4, "red": 4, "brown": 4},
        "cells": {
            "green": "storage",
            "red": "storage",
            "brown": "storage",
            "wash": "belt",
            "s1": "station",
            "s2": "station",
            "meal": "dispatch",
            "snack": "dispatch",
            "meal_old": "dispatch",
            "snack_old": "dispatch",
        },
        "inputs": {"a": ("green", "red", "brown"), "b": ("s1",), "c": ("s2",)},
        "edges": (
            ("green", "s1", "a", ""),
            ("red", "wash", "a", ""),
            ("wash", "s1", "a", ""),
            ("brown", "s1", "a", ""),
            ("s1", "s2", "b", ""),
            ("s2", "meal", "c", ""),
            ("s2", "snack", "c", ""),
        ),
        "secondary": (
            ("sec1", "wash>s1", "energy", False, ""),
            ("sec2", "s1>s2", "add", False, ""),
            ("sec3", "green>s1", "pay1", False, ""),
            ("sec4", "s2>snack", "energy", True, "belt_sec"),
        ),
        "values": {
            "meal": (3, "meal"),
            "snack": (3, "snack"),
            "meal_old": (2, "meal"),
            "snack_old": (2, "snack"),
        },
        "degrade": {"meal": "meal_old", "snack": "snack_old"},
        "tiles": {
            **_COMMON_TILES,
            "store_brown": (1, "unlock", "brown"),
            "store_green": (1, "expand", "green"),
            "val_meal": (1, "value", "meal"),
            "val_snack": (2, "value", "snack"),
            "belt_sec": (2, "belt", "sec4"),
            "fridge": (3, "fridge", ""),
        },
        "locked": ("brown",),
    },
    "biofuel": {
        "title": "Biofuel",
        "rule": "crude fuel can be refined on Monday (1 energy) into refined fuel",
        "byproduct": "lipid",
        "capacity": (3, 4),
        "storage": {"green": 3, "red": 3, "brown": 3},
        "cells": {
            "green": "storage",
            "red": "storage",
            "brown": "storage",
            "s1": "station",
            "heat": "belt",
            "s2": "station",
            "crude": "dispatch",
            "fuel": "dispatch",
            "refined": "dispatch",
        },
        "inputs": {"a": ("green", "red", "brown"), "b": ("s1",), "c": ("s2",)},
        "edges": (
            ("green", "s1", "a", ""),
            ("brown", "s1", "a", ""),
            ("red", "s1", "a", ""),
            ("s1", "heat", "b", ""),
            ("heat", "s2", "b", ""),
            ("s2", "crude", "c", ""),
            ("s2", "fuel", "c", "belt_fuel"),
        ),
        "secondary": (
            ("sec1", "green>s1", "energy", False, ""),
            ("sec2", "heat>s2", "add", False, ""),
            ("sec3", "s2>crude", "energy", True, "belt_sec"),
            ("sec4", "s2>fuel", "pay1", False, ""),
        ),
        "values": {"crude": (3, "fuel"), "fuel": (4, "fuel"), "refined": (7, "fuel")},
        "refine": ("crude", "refined", 1),  # from, to, energy cost
        "tiles": {
            **_COMMON_TILES,
            "store_red": (1, "unlock", "red"),
            "store_brown": (1, "expand", "brown"),
            "val_crude": (1, "value", "crude"),
            "val_fuel": (2, "value", "fuel"),
            "belt_fuel": (3, "belt", "s2>fuel"),
            "refinery": (2, "refinery", ""),
            "belt_sec": (1, "belt", "sec3"),
        },
        "locked": ("red",),
    },
}
DEPT_NAMES = tuple(DEPARTMENTS)
# Head start (rules 3, BALANCE.md, sixth pass): VP each department starts with, by the
# number of players; a player count not listed (solo) starts everyone on 0.
HEAD_START: dict[int, dict[str, int]] = {
    2: {"cosmetics": 0, "bioplastics": 4, "food": 5, "biofuel": 0},
    3: {"cosmetics": 1, "bioplastics": 0, "food": 2, "biofuel": 5},
    4: {"cosmetics": 1, "bioplastics": 0, "food": 3, "biofuel": 6},
}
STORAGE_EXPAND = 2  # an "expand" storage tile adds this much room to that storage

# Final scoring (ALG-GAP-20)
END_CITY_VP = 1  # per city holding your disk
END_MONEY_PER_VP = 5
END_ENERGY_PER_VP = 3
END_GRID_ROW_VP = 3  # per grid row completely covered by your science tiles
SOLO_LADDER = ((70, "legendary"), (55, "great"), (40, "good"), (25, "fair"), (0, "trainee"))
