"""How the scripted On Mars player (ai/mars_player.py) picks a turn-order space: late spaces cost
turns taken later; the space's bonus (rules 1-5: a resource or crystals) or its benefit (rules 6,
RULINGS.md GAP-30: a Warehouse item, a Tech, a Colonist, Bot steps, a Blueprint or a Discovery
tile) is worth what the player's position and the open missions make it. On rules 7 (RULINGS.md
GAP-04) the player on the highest space places the shuttle on its own side."""

from __future__ import annotations

from typing import Any

from ai.mars_board import Board

ORDER_COST = 0.4  # what taking one space later is worth giving up


class Spaces:
    rnd: Any

    def wanted_items(self, b: Board) -> set[str]:  # pragma: no cover - the Player's
        raise NotImplementedError

    def benefit_value(self, b: Board, lab: str, want: set[str]) -> float | None:
        """Rules 6: the worth of a space's benefit read from its label (None: not rules 6)."""
        if "no benefit" in lab:
            return 0.0
        if "Colonist" in lab:
            return 2.5 + 0.5 * (b.me["living_quarters"] < 3)
        if "Warehouse" in lab:
            here = {i for i, n in b.v["warehouse"].items() if n}
            return 1.2 + 1.0 * bool(want & here)
        if "learn a Tech" in lab:
            return 1.8 + 0.5 * b.m("tech")
        if "Blueprint" in lab:
            return 1.0 + 0.5 * b.m("blueprint")
        if "Bots" in lab:
            return 1.0
        if "Discovery" in lab:
            return 0.4 + 0.5 * b.m("discovery")
        return None

    def space(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        want = self.wanted_items(b) | ({"mineral"} if b.res["mineral"] < 2 else set())

        def value(m: str) -> float:
            lab = labels[m]
            v = -ORDER_COST * int(m.split()[1])
            worth = self.benefit_value(b, lab, want)
            if worth is not None:
                v += worth
            elif "crystal" in lab:
                v += 1.5 + ("2 crystals" in lab)
            elif any(w in lab for w in want):
                v += 2.5
            elif "gain" in lab:
                v += 1.0
            return v + 0.3 * self.rnd.random()

        return max(moves, key=value)

    def shuttle(self, b: Board, moves: list[str]) -> str:
        """Rules 7: the shuttle on this seat's own side, so that it may travel free after its
        first turn (travelling stays a choice then): an Orbit turn places a Colonist that only
        travel brings back, a Colony turn spends the starting Resources the Colony asks for."""
        return b.me["side"] if b.me["side"] in moves else moves[0]
