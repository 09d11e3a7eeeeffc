"""Rules versions: a game keeps the rules it started with (stored games finish on old rules).

``data.py`` holds the current rules (``RULES_VERSION``). Each older version lists here only
what differs from the current rules: numbers (by their name in ``data.py``) and switches (rule
changes). A game's state carries its version in ``S["rules"]`` and in each player's ``P``;
a state stored before versions existed has neither and is version 1. A new game takes the
current version, or ``options["rules"]`` to replay an old game's record on its own rules.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from engine.algae import data as D


def relabel(board: Any, a: str, b: str) -> Any:
    """A department board (or any part of it) with algae species ``a`` and ``b`` swapped in
    every name: storages, cells, belts ("red>s1"), tiles ("store_red") and what is locked.
    Rules 3 changed which species two departments open (issue 11): the board is the same
    factory, fed from other tanks."""
    swap = re.compile(rf"(?<![a-z])({a}|{b})(?![a-z])")
    if isinstance(board, str):
        return swap.sub(lambda m: b if m.group(1) == a else a, board)
    if isinstance(board, dict):
        return {relabel(k, a, b): relabel(v, a, b) for k, v in board.items()}
    if isinstance(board, tuple | list):
        return type(board)(relabel(x, a, b) for x in board)
    return board


def _v2_departments() -> dict[str, dict]:
    """The department boards as rules 2 printed them (rules 3 moved two storages, issue 11)."""
    old = copy.deepcopy(D.DEPARTMENTS)
    old["cosmetics"] = relabel(old["cosmetics"], "red", "brown")
    old["bioplastics"] = relabel(old["bioplastics"], "green", "red")
    return old


def _v1_departments() -> dict[str, dict]:
    """The department boards as version 1 printed them (rules 2 retuned the numbers)."""
    old = _v2_departments()
    old["bioplastics"]["values"]["bag"] = (2, "bag")
    old["bioplastics"]["secondary"] = tuple(
        ("sec3", "s2>bag", "pay1", False, "") if b[0] == "sec3" else b
        for b in old["bioplastics"]["secondary"]
    )
    old["food"]["values"].update(meal=(4, "meal"), meal_old=(3, "meal"))
    old["food"]["storage"] = {"green": 3, "red": 3, "brown": 3}
    old["biofuel"]["values"].update(crude=(2, "fuel"), fuel=(3, "fuel"), refined=(5, "fuel"))
    return old


# What each older version had that the next one does not (a lookup walks up from a game's
# version to the current one, so version 1 lists only what differs from version 2).
LEGACY: dict[int, dict[str, Any]] = {
    1: {
        "DEPARTMENTS": _v1_departments(),
        "MILESTONES": {
            **D.MILESTONES, "m10": ("10 cities", "cities", 10, (10, 8, 6, 4)),
        },
        "CITY_TOKENS": (
            "energy2", "money3", "freelance", "choice", "wild", "value", "value", "vp2",
            "science2", "money2", "energy1", "freelance", "choice", "vp2", "value", "money3",
            "science2", "energy2", "vp1", "money2", "wild", "value", "energy1", "science1",
            "vp1", "money1",
        ),
    },
    2: {"DEPARTMENTS": _v2_departments(), "HEAD_START": {}},
}  # fmt: skip
# Rule switches: True in the current rules; an older version lists them as False above.
SWITCHES = (
    "reexport_distinct",  # ALG-EXPORT-29/30: re-exports of one action go to different cities
    "city_value_at_once",  # ALG-EXPORT-19/20: a city's value token is for this action only
    "loss_on_activation",  # ALG-MACH-03/09: a loss belt takes its toll on every activation
    "contracts_fit",  # ALG-GAP-15: contracts are dealt so the department can fulfil them
    "weekend_spends_energy",  # ALG-GAP-27: each weekend bonus costs 1 energy, chosen
    "food_step_first",  # ALG-GAP-23: Food's Monday step comes before steps D and E
)
for _name in SWITCHES:
    LEGACY[1][_name] = False


def version(holder: dict) -> int:
    """The rules version of a state or player dict (1 when it predates versions)."""
    return int(holder.get("rules", 1))


def get(holder: dict | int, name: str) -> Any:
    """The value of ``name`` (a data.py table or a switch) under the holder's rules version."""
    v = holder if isinstance(holder, int) else version(holder)
    for older in range(v, D.RULES_VERSION):
        table = LEGACY.get(older, {})
        if name in table:
            return table[name]
    if name in SWITCHES:
        return True
    return getattr(D, name)


def on(holder: dict | int, switch: str) -> bool:
    return bool(get(holder, switch))


def check(v: object) -> int:
    """A rules version asked for in the options: a known one, or ValueError."""
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= D.RULES_VERSION:
        raise ValueError(f"options['rules'] must be a rules version from 1 to {D.RULES_VERSION}")
    return v
