"""Rules 10's Blueprint cards for the scripted On Mars player (ai/mars_player.py): what using an
Advanced Building's published action is worth now, how many Colonists boost it, and the
questions only these cards ask (engine/mars/blueprints.py)."""

from __future__ import annotations

from typing import Any

from ai.mars_board import Board
from ai.mars_weights import W
from engine.mars import blueprints as BP
from engine.mars import data as D


class Cards:
    def card_value(self, b: Board, h: str) -> float:  # noqa: C901, PLR0911
        """The Executive use of the Advanced Building on ``h`` under rules 10."""
        s: Any = self
        bp = (b.cells[h]["building"] or {}).get("blueprint")
        if bp not in BP.CARDS:
            return 0.0
        act = BP.action_of(bp)
        if act.startswith("build:"):
            kind, zone = act[6:], b.zone()
            if not b.can_pay(kind):
                return 0.0
            vals = [
                b.build_value(kind, size) - b.tile_loss(x)
                for x, size in b.spots(kind).items()
                if x in zone
            ]
            return max(vals, default=0.0) + W["construct"] if vals else 0.0
        if act in ("upgrade", "upgrade_any"):
            return W["x_upgrade"] + W["upgrade_m"] * b.m("advanced")
        if act == "produce":
            return 1.5 * len(producers(b))
        if act == "ship":
            return float(s.main_value(b, "ship")) + 1.0
        if act == "develop":
            return float(s.develops(b, 2))
        if act == "contract":
            return float(s.contract_value(b))
        if act == "blueprint":
            best = max((b.bp_value(x["id"]) for x in b.v["blueprints"]["display"]), default=0)
            return best - s.unbuilt_risk(b)
        if act == "rover":
            return float(s.rover_value(b, rover_reach(b)))
        if act == "op":
            return 2.5
        if act == "home":
            return 1.5 * min(2, b.me["working_area"])
        return 3.0  # crystals, warehouse, tech, radar, trade, Bots, the Elevator, slots

    def card_boost(self, b: Board, moves: list[str]) -> str:
        """Colonists sent to boost a card: one while two stay home for the next actions."""
        return "1" if "1" in moves and b.me["living_quarters"] >= 3 else "0"

    def card_question(self, b: Board, prompt: str, moves: list[str]) -> str | None:
        """The questions only the rules-10 cards ask; None for any other prompt."""
        s: Any = self
        real = [m for m in moves if m != "done"] or moves
        if prompt.startswith("Boost "):
            return self.card_boost(b, moves)
        if prompt.startswith("Trade Market: spend"):
            return max(real, key=lambda m: b.res.get(m, 0))
        if prompt.startswith("Automated Production"):
            want = s.wanted_items(b)
            return next((m for m in real if m in want), real[0])
        if prompt.startswith(("Eco Resort", "Radar")):
            return real[0]
        return None


def producers(b: Board) -> list[str]:
    """What this seat's Mines (its Colonist on them) and Advanced Buildings produce (the view's
    form of blueprints.producers)."""
    out = []
    for c in b.cells.values():
        x = c["building"]
        if x and x["advanced"] == b.seat:
            out.append(D.PRODUCES[x["type"]])
        elif x and x["colonist"] == b.seat:
            out.append("mineral")
    return out


def rover_reach(b: Board) -> int:
    """The highest Rover Tech level in play, from the view."""
    techs = b.v["techs"].values()
    return max(
        (t["level"] for t in techs if t["owner"] is not None and t["type"] == "rover"), default=0
    )
