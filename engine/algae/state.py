"""The game state: plain JSON-able dicts and lists, built from the seed (ALG-GAP-01).

``S`` (a dict) is the whole state; ``P`` (a dict) one player's boards. Pending questions are
data: ``S["stacks"][seat]`` is a list of frames (dicts with a ``t`` type), the top one last.
"""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from engine.algae import rules as R
from engine.core import Rng

S = dict[str, Any]
P = dict[str, Any]


def new_player(dept: str, contract: str, rules: int = D.RULES_VERSION) -> P:
    """One player's facility, department board, science grid and side board at setup
    (the department board as the game's rules version prints it)."""
    spec = R.get(rules, "DEPARTMENTS")[dept]
    cells = {c: 0 for c in spec["cells"]}
    for sp in D.SPECIES:
        if sp not in spec["locked"]:
            cells[sp] = D.START_ALGAE
    return {
        "rules": rules,
        "dept": dept,
        "staff": {t: 1 for t in D.TEAMS},  # ALG-RECRUIT-01: one printed member a team
        "upg": {t: False for t in D.TEAMS},
        "money": D.START_MONEY,
        "energy": D.START_ENERGY,
        "science": D.START_SCIENCE,
        "freelance": 0,
        "choice": 0,
        "wild": 0,
        "value": 0,
        "vp": {},
        "cells": cells,
        "board": list(spec["tiles"]),  # science tiles still on the department board
        "grid_items": {k: list(v[1]) for k, v in D.GRID_ITEMS.items()},
        "grid_placed": {},  # cell -> science tile covering it
        "fields": {f: None for f in D.FIELDS},
        "beside": [],  # combo tiles flipped to their science side
        "disks": D.DISKS,
        "markers": D.MARKERS,
        "cities": [],
        "contract": contract,
        "contract_done": False,
        "x_used": [],  # export/2x tiles gone back to the box
        "milestones": [],
        "reexports": 0,
        "tokens_taken": [],  # city bonus tokens won by first disks
    }


def contract_fits(dept: str, card: str, rules: int = D.RULES_VERSION) -> bool:
    """Whether a department makes enough product types for the card's condition."""
    types = {t for _, t in R.get(rules, "DEPARTMENTS")[dept]["values"].values()}
    return D.CONTRACTS[card][3] <= len(types)


def deal_contracts(depts: list[str], rng: Rng, rules: int) -> list[str]:
    """One contract each (ALG-GAP-15); since rules 2 only cards the department can fulfil."""
    if not R.on(rules, "contracts_fit"):
        return rng.sample(list(D.CONTRACTS), len(depts))
    dealt: list[str] = []
    for dept in depts:
        fit = [c for c in D.CONTRACTS if c not in dealt and contract_fits(dept, c, rules)]
        dealt.append(rng.choice(fit))
    return dealt


def new_state(n: int, depts: list[str], rng: Rng, rules: int = D.RULES_VERSION) -> S:
    """Seeded setup: contracts, city tokens, weekly export bonus tiles, first player."""
    contracts = deal_contracts(depts, rng, rules)
    tokens = list(R.get(rules, "CITY_TOKENS"))
    rng.shuffle(tokens)
    bonus_tiles = rng.sample(list(D.EXPORT_BONUS_TILES), D.WEEKS)
    first = rng.below(n)
    return {
        "rules": rules,
        "week": 1,
        "day": 0,
        "phase": "setup",
        "first": first,
        "turn": None,
        "moved": [],  # seats that finished their turn today (work week) or step A (Monday)
        "stacks": [[] for _ in range(n)],
        "strip_side": [0] * D.DAYS,
        "weekend_side": 0,
        "sup": [None] * n,  # [strip, spot] of each supervisor or None at the start
        "tanks": {sp: {"n": D.TANK_BASE, "cap": D.TANK_BASE} for sp in D.SPECIES},
        "byp": {b: D.BYP_START for b in D.BYPRODUCTS},
        "cities": {c: {"disks": [], "token": tokens[i]} for i, c in enumerate(D.CITIES)},
        "bonus_tiles": bonus_tiles,
        "first_export_done": False,
        "milestones": {m: [] for m in D.MILESTONES},
        "players": [_seated(n, d, contracts[i], rules) for i, d in enumerate(depts)],
        "last": {},
        "final": None,
    }


def _seated(n: int, dept: str, contract: str, rules: int) -> P:
    """A new player with the head start its department has at this player count (rules 3)."""
    p = new_player(dept, contract, rules)
    add_vp(p, "head start", R.get(rules, "HEAD_START").get(n, {}).get(dept, 0))
    return p


def vp_total(p: P) -> int:
    return sum(p["vp"].values())


def add_vp(p: P, source: str, n: int) -> None:
    if n:
        p["vp"][source] = p["vp"].get(source, 0) + n
