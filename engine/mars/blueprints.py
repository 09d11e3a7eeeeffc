"""Rules 10: the published Blueprint cards' Advanced Building actions (RULINGS.md GAP-18).

Names and actions: the krindale player aid, page 2 ("Blueprints level 1" and "level 3",
krindale/on-mars-player-aid-ko data/backups/p2_text_ocr_extract.json), in the card order of
KDC-Solo app/src/data/blueprints.ts (two cards per Building type and level: ours "a" then
"b"). A card with "For each Boost" shows a teal Colonist (MARS-EXEC-11): each Colonist sent to
the Working Area before the action adds one more of what the card says. Each action asks the
questions the matching Main or Executive action asks.
"""

from __future__ import annotations

from typing import Any

from engine.mars import boosts, discovery
from engine.mars import data as D
from engine.mars.flow import arrive, face_up_options, pop_face_up, turn_up_next
from engine.mars.frames import applies, decision, push
from engine.mars.rules import P, gain

# id -> (card name, action, boosted); "build:<type>" constructs that type
CARDS: dict[str, tuple[str, str, bool]] = {
    "mine-1a": ("Construction Yard", "upgrade", True),
    "mine-1b": ("Metal Deposit", "build:mine", True),
    "gen-1a": ("Automated Production", "produce", True),
    "gen-1b": ("Wind Turbines", "build:gen", True),
    "water-1a": ("Private Ship", "ship", True),
    "water-1b": ("Moisture Vaporator", "build:water", True),
    "green-1a": ("Biomarket", "warehouse", True),
    "green-1b": ("Hydroponic Farm", "build:green", True),
    "oxy-1a": ("Oxygen Tank", "tech", True),
    "oxy-1b": ("Concentrator", "build:oxy", True),
    "shelter-1a": ("Casino", "crystals", True),
    "shelter-1b": ("Gym", "build:shelter", True),
    "mine-3a": ("Mineral Mine", "op", False),
    "mine-3b": ("Biolab", "contract", False),
    "gen-3a": ("Radar", "radar", False),
    "gen-3b": ("Builder Drone AI600", "upgrade_any", False),
    "water-3a": ("Research Lab", "develop", True),
    "water-3b": ("Aqueduct", "home", False),
    "green-3a": ("Eco Resort", "slots_home", False),
    "green-3b": ("Trade Market", "trade", True),
    "oxy-3a": ("Recycling Bots", "bots_rover", True),
    "oxy-3b": ("Aerial Elevator", "elevator", False),
    "shelter-3a": ("Library", "blueprint", True),
    "shelter-3b": ("Command Center", "rover", True),
}
TEXT = {
    "upgrade": "upgrade 1 Building, 1 mineral (may use Tech)",
    "produce": "1 from each of your Mines and Advanced Buildings",
    "ship": "welcome a Ship (1 plant + 1 water), 1 more Colonist",
    "warehouse": "take 1 Warehouse item",
    "tech": "take 1 Tech tile (its row's cost)",
    "crystals": "gain 2 crystals",
    "op": "score 2 OP",
    "contract": "take 1 Earth Contract (1 crystal)",
    "radar": "a face-up Discovery tile's benefit, at every use",
    "upgrade_any": "upgrade 1 Building anywhere, 1 mineral",
    "develop": "develop Tech twice",
    "home": "up to 2 Colonists from the Working Area home",
    "slots_home": "bring your Colonists home from action slots",
    "trade": "spend 1 Resource: gain 2 non-mineral Resources",
    "bots_rover": "move Bots up to 2 as if Rovers",
    "elevator": "travel to Orbit",
    "blueprint": "take 1 Blueprint",
    "rover": "move the Rover up to the best Rover Tech's level",
}
BOOST = {  # what each Colonist sent adds
    "upgrade": "1 more upgrade",
    "produce": "1 more produced",
    "ship": "1 more Ship",
    "warehouse": "1 more item",
    "tech": "1 more Tech tile",
    "crystals": "1 more crystal",
    "develop": "1 more develop",
    "trade": "1 more Resource",
    "bots_rover": "1 more step",
    "blueprint": "1 more Blueprint",
    "rover": "1 more step",
    "build": "+1 Tech level",
}
SKIP = "skip it"


def v10(g: Any) -> bool:
    return g.s.get("rules", 1) >= 10


def action_of(bp: str) -> str:
    return CARDS[bp][1]


def card_text(bp: str) -> str:
    """ "Wind Turbines: construct a Generator; each Colonist sent: +1 Tech level"."""
    name, act, boosted = CARDS[bp]
    what = TEXT[act] if act in TEXT else D.TILE_TEXT[act]  # "build:oxy": the tile's words
    more = f"; each Colonist sent: {BOOST[act.split(':')[0]]}" if boosted else ""
    return f"{name}: {what}{more}"


def exec_label(g: Any, bp: str, h: str, how: str) -> tuple[str, str]:
    """The Executive option (label, detail): the card's name and where, its cost first, then
    what it does (a Radar: the Discovery tile on it); the boost in the detail."""
    name, act, boosted = CARDS[bp]
    what = card_text(bp).split("; ")[0].partition(": ")[2]
    tile = g.s["hex"][h]["b"].get("radar")
    if act == "radar" and tile:
        what = f"{D.TILE_TEXT[tile]} (the Discovery tile on it)"
    more = f"each Colonist sent: {BOOST[act.split(':')[0]]}" if boosted else ""
    return f"Executive: {name} on {h} ({how}): {what}", more


def rover_reach(g: Any) -> int:
    """Command Center: the highest level of a Rover Tech in play (anyone's)."""
    return max(
        (
            t["lvl"]
            for t in g.s["techs"].values()
            if t["owner"] is not None and t["type"] == "rover"
        ),
        default=0,
    )


def producers(g: Any, seat: int) -> list[str]:
    """What each of the seat's Mines (its Colonist on them) and Advanced Buildings produces."""
    out = []
    for cell in g.s["hex"].values():
        b = cell["b"]
        if b and b["adv"] == seat:
            out.append(D.PRODUCES[b["type"]])
        elif b and b["col"] == seat:
            out.append("mineral")
    return out


def start(g: Any, seat: int, h: str) -> None:
    """Use the Advanced Building on ``h``: first ask how many Colonists boost it, if any may."""
    bp = g.s["hex"][h]["b"]["bp"]
    from engine.mars.card_checks import boost_cap

    if CARDS[bp][2] and boost_cap(g, seat, bp) > 0:
        push(g, seat, "bpboost", bp=bp, hex=h)
    else:
        run(g, seat, bp, h, 0)


@decision(
    "bpboost", lambda g, f: f"Boost {CARDS[f['bp']][0]}: send Colonists to your Working Area?"
)
def bpboost_options(g: Any, f: dict) -> list:
    act = action_of(f["bp"]).split(":")[0]
    out = [("0", "send none")]
    from engine.mars.card_checks import boost_cap

    for n in range(1, boost_cap(g, f["seat"], f["bp"]) + 1):
        out.append((str(n), f"send {n} Colonist{'s' if n > 1 else ''}: {n} × {BOOST[act]}"))
    return out


@applies("bpboost")
def bpboost_apply(g: Any, f: dict, move: str) -> None:
    n = int(move)
    if n:
        boosts.send(g, f["seat"], n, f"to boost {CARDS[f['bp']][0]}")
    run(g, f["seat"], f["bp"], f["hex"], n)


def run(g: Any, seat: int, bp: str, h: str, n: int) -> None:  # noqa: C901, PLR0912
    """The card's action with ``n`` boosts, as the questions of the matching actions."""
    act = action_of(bp)
    p = P(g, seat)
    if act.startswith("build:"):
        push(g, seat, "ctype", kinds=[act[6:]], plus=n)
    elif act in ("upgrade", "upgrade_any"):
        anywhere = act == "upgrade_any"
        if n:  # below the first: the extra upgrades come after it
            push(g, seat, "ubp", extra=n, first=False, anywhere=anywhere)
        push(g, seat, "ubp", extra=0, first=True, action=act == "upgrade", anywhere=anywhere)
    elif act == "produce":
        for item in producers(g, seat):
            gain(g, seat, item, 1, CARDS[bp][0])
        if n:
            push(g, seat, "bpprod", left=n)
    elif act == "ship":
        for _ in range(n + 1):
            push(g, seat, "ship", plus=1, check=True)
    elif act == "warehouse":
        push(g, seat, "whouse", left=1 + n, taken=[], any=True)
    elif act == "tech":
        for _ in range(n + 1):
            push(g, seat, "learn", n=0, opt=SKIP)
    elif act == "crystals":
        gain(g, seat, "crystal", 2 + n, CARDS[bp][0])
    elif act == "op":
        gain(g, seat, "op", 2, CARDS[bp][0])
    elif act == "contract":
        push(g, seat, "takect")
    elif act == "radar":
        radar(g, seat, h)
    elif act == "develop":
        push(g, seat, "dev1", free=False, left=2 + n)
    elif act == "home":
        back = min(2, p["wa"])
        p["wa"] -= back
        p["lq"] += back
        g.log(seat, f"{g.name(seat)} brings {back} Colonist(s) home from the Working Area")
    elif act == "slots_home":
        push(g, seat, "slotshome")
    elif act == "trade":
        push(g, seat, "trade", left=2 + n)
    elif act == "bots_rover":
        push(g, seat, "bots", left=2 + n, as_rover=True)
    elif act == "elevator":
        p["side"] = "orbit"
        g.log(seat, f"{g.name(seat)} takes the Aerial Elevator to Orbit")
        arrive(g, seat, discovery=False)
    elif act == "blueprint":
        push(g, seat, "takebp", free=False, n=0, upto=1 + n, opt=SKIP)
    elif act == "rover":
        push(g, seat, "mv", piece="rover", left=rover_reach(g) + n, moved=0)


def radar(g: Any, seat: int, h: str) -> None:
    """Radar: the first use puts a face-up Discovery tile on the card; every use gives it."""
    b = g.s["hex"][h]["b"]
    if b.get("radar"):
        g.log(seat, f"Radar on {h}: {D.TILE_TEXT[b['radar']]}")
        discovery.take(g, seat, b["radar"])
    else:
        push(g, seat, "radar", hex=h)


@decision("radar", "Radar: which face-up Discovery tile goes on the card?")
def radar_options(g: Any, f: dict) -> list:
    return face_up_options(g)


@applies("radar")
def radar_apply(g: Any, f: dict, move: str) -> None:
    tile = pop_face_up(g, move)
    g.s["hex"][f["hex"]]["b"]["radar"] = tile
    g.log(f["seat"], f"{g.name(f['seat'])} puts Discovery tile {D.TILE_TEXT[tile]} on the Radar")
    turn_up_next(g)
    discovery.take(g, f["seat"], tile)


@decision("bpprod", lambda g, f: f"Automated Production: which produces again? ({f['left']} left)")
def bpprod_options(g: Any, f: dict) -> list:
    items = sorted(set(producers(g, f["seat"])))
    return [(i, f"1 more {i}") for i in items] if f["left"] > 0 else []


@applies("bpprod")
def bpprod_apply(g: Any, f: dict, move: str) -> None:
    gain(g, f["seat"], move, 1, "Automated Production")
    if f["left"] > 1:
        push(g, f["seat"], "bpprod", left=f["left"] - 1)


@decision("slotshome", "Eco Resort: bring your Colonists home from which action?")
def slotshome_options(g: Any, f: dict) -> list:
    seat = f["seat"]
    out = [
        (a, f"{slot.count(seat)} from {a}")
        for a, slot in g.s["orbit_slots"].items()
        if seat in slot
    ]
    return [*out, ("done", "no more")] if out else []


@applies("slotshome")
def slotshome_apply(g: Any, f: dict, move: str) -> None:
    if move == "done":
        return
    seat, slot = f["seat"], g.s["orbit_slots"][move]
    k = slot.count(seat)
    g.s["orbit_slots"][move] = [x for x in slot if x != seat]
    P(g, seat)["lq"] += k
    g.log(seat, f"{g.name(seat)} brings {k} Colonist(s) home from {move}")
    push(g, seat, "slotshome")


@decision("trade", "Trade Market: spend which Resource?")
def trade_options(g: Any, f: dict) -> list:
    res = P(g, f["seat"])["res"]
    return [(r, f"spend 1 {r} ({n} held)") for r, n in res.items() if n]


@applies("trade")
def trade_apply(g: Any, f: dict, move: str) -> None:
    """Then the non-mineral Resources, as a Private Goal's "Resources of your choice" asks."""
    seat = f["seat"]
    P(g, seat)["res"][move] -= 1
    g.log(seat, f"{g.name(seat)} spends 1 {move} at the Trade Market")
    push(g, seat, "gainres", left=f["left"], why="Trade Market")
