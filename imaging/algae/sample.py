"""Hand-made mid-game Algae views, for laying out pictures before (or without) a real game.

Built on the engine's own setup (``engine.algae.state.new_state``) and then filled with
random but plausible numbers, so the pictures see the same keys a real view has.
"""

from __future__ import annotations

import random
from typing import Any

from engine.algae import data as D
from engine.algae.state import new_state
from engine.core import Rng

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def sample_view(players: int = 4, seed: int = 1, depts: list[str] | None = None) -> dict[str, Any]:
    rnd = random.Random(seed)
    depts = depts or [D.DEPT_NAMES[(seed + i) % 4] for i in range(players)]
    s = new_state(players, depts, Rng.from_seed(seed))
    s["week"], s["day"], s["phase"] = rnd.randint(1, 4), rnd.randint(1, 5), "work"
    s["turn"] = rnd.randrange(players)
    s["strip_side"] = [rnd.randint(0, 1) for _ in range(D.DAYS)]
    for sp in D.SPECIES:
        s["tanks"][sp] = {"n": rnd.randint(0, 5), "cap": rnd.randint(4, 6)}
    s["byp"] = {b: rnd.randint(0, D.BYP_CAPACITY) for b in D.BYPRODUCTS}
    cities = list(D.CITIES)
    for seat, p in enumerate(s["players"]):
        p["money"], p["energy"], p["science"] = (
            rnd.randint(0, 25),
            rnd.randint(0, 9),
            rnd.randint(0, 10),
        )
        for k in ("choice", "wild", "freelance", "value"):
            p[k] = rnd.randint(0, 2)
        p["staff"] = {t: rnd.randint(1, 6) for t in D.TEAMS}
        p["upg"] = {t: rnd.random() < 0.2 for t in D.TEAMS}
        for c in p["cells"]:
            p["cells"][c] = rnd.randint(0, 3)
        p["vp"] = {
            "exports": rnd.randint(0, 20),
            "milestones": rnd.randint(0, 12),
            "staff": rnd.randint(0, 4),
        }
        own = rnd.sample(cities, rnd.randint(0, 8))
        p["cities"] = own
        p["disks"] = D.DISKS - len(own)
        p["markers"] = D.MARKERS - rnd.randint(0, 3)
        for c in own:
            s["cities"][c]["disks"].append(seat)
            s["cities"][c]["token"] = None
        p["board"] = [t for t in p["board"] if rnd.random() < 0.6]
        for f in p["fields"]:
            if rnd.random() < 0.4:
                p["fields"][f] = {"cap": "cap1", "conv": "conv1", "gen": "gen1"}[D.FIELDS[f]]
        s["sup"][seat] = [s["day"] - 1, rnd.randrange(4)] if s["day"] else None
    s["last"] = {
        "seat": (s["turn"] - 1) % players,
        "events": ["Bob activated Machine B: 2 cubes to Station 2"],
    }
    view = {k: v for k, v in s.items() if k != "stacks"}
    view["names"] = NAMES[:players]
    return view
