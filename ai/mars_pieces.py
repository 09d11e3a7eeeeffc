"""How the scripted On Mars player (ai/mars_player.py) moves its Rover and its Bots: the Rover
toward the tiles the missions want, the Bots to where the Buildings the Colony needs may go."""

from __future__ import annotations

from typing import Any, Protocol

from ai.mars_board import Board
from ai.mars_weights import W
from engine.mars import data as D
from engine.mars import hexmap as H

RESEARCH_COST = {(c, ltr): next(iter(cost)) for c, ltr, cost, _ in D.RESEARCH.values()}


class Chance(Protocol):
    """The little of ``random.Random`` the player uses (ai/plan_mars.py feeds it a fair one)."""

    def random(self) -> float: ...
    def uniform(self, a: float, b: float) -> float: ...
    def choice(self, seq: Any) -> Any: ...


class Pieces:
    rnd: Chance

    def noise(self) -> float:
        return self.rnd.uniform(0.85, 1.15)

    # ---------------------------------------------------------------- the Rover
    def tile_targets(self, b: Board) -> dict[str, float]:
        owned = {"".join(D.RESEARCH[r][:2]) for r in b.me["research"]}
        out = {}
        for h, c in b.cells.items():
            tile = c["tile"]
            if not tile or c["bots"] or (c["rovers"] and b.me["rover"] != h):
                continue  # MARS-MOVE-02..05: the Rover may not end there
            if tile.startswith("research:"):
                key = tile[9:]
                pay = RESEARCH_COST[(key[:-1], key[-1])]
                if key in owned or not b.has({pay: 1}):
                    continue
                # its effect (about 4 OP), 2 crystals and a step of the mission when open;
                # with 4 players the mission needs 7 of the 8 tiles, alone 3 of the 4 one
                # Rover may take (MARS-ROVER-05): every one counts more
                more = 5.0 * (b.n >= 4) + 3.0 * (b.n == 2) + 8.0 * (b.n == 1)
                out[h] = W["research"] + (12.0 + more) * b.m("research")
            else:
                out[h] = W["discovery"] + 8.0 * b.m("discovery")
        return out

    def research_wants(self, b: Board) -> set[str]:
        """The Resources that pay for Research tiles on the map this seat may still take,
        while the Research mission is open (MARS-ROVER-05..07: no tile without its cost)."""
        if "research" not in b.open:
            return set()
        owned = {"".join(D.RESEARCH[r][:2]) for r in b.me["research"]}
        out = set()
        for c in b.cells.values():
            tile = c["tile"]
            if tile and tile.startswith("research:") and tile[9:] not in owned:
                key = tile[9:]
                pay = RESEARCH_COST[(key[:-1], key[-1])]
                if not b.has({pay: 1}):
                    out.add(pay)
        return out

    @staticmethod
    def paid_steps(b: Board, left: int) -> int:
        """Crystal steps the Rover may buy with ``left`` crystals: up to 2 on rules 2, every
        crystal but one on rules 3 (RULINGS.md GAP-25)."""
        if b.v.get("rules", 1) >= 3:
            return max(0, left - 1)
        return min(2, left) if left >= 3 else 0

    def rover_value(self, b: Board, steps: int, spend: int = 0) -> float:
        """The best tile in reach (Rover Tech and paid steps count, once ``spend`` crystals
        are paid for the action, each paid step a little less), part of its worth for one on
        the way."""
        here = b.me["rover"]
        free = steps + b.tech_level("rover")
        reach = free + self.paid_steps(b, b.crystals() - spend)
        vals = []
        for h, v in self.tile_targets(b).items():
            d = H.dist(here, h)
            if d == 0:
                continue
            if d <= reach:
                vals.append(v - 0.7 * max(0, d - free))
            else:  # a tile twice the reach away takes two actions: half its worth each
                vals.append(v * reach / d)
        return max(vals, default=0.0)

    def rover(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        here = b.me["rover"]
        tiles = self.tile_targets(b)
        if here in tiles and "stop" in moves:
            return "stop"
        steps = [m for m in moves if m != "stop"]
        free = [m for m in steps if "pay" not in labels[m]]
        if not tiles or not steps:
            return "stop" if "stop" in moves else moves[0]
        target = max(tiles, key=lambda t: (tiles[t] - 1.5 * H.dist(here, t), t))
        pool = free or (steps if H.dist(here, target) <= self.paid_steps(b, b.crystals()) else [])
        if not pool:
            return "stop" if "stop" in moves else moves[0]
        best = min(pool, key=lambda m: (H.dist(m, target), "crystal" not in labels[m]))
        if H.dist(best, target) >= H.dist(here, target) and "stop" in moves:
            return "stop"
        return best

    # ------------------------------------------------------------------ the Bots
    def goal_of(self, b: Board, start: str, left: int) -> tuple[str, float]:
        """Where the Bot on ``start`` should head and what moving it is worth: the best place
        to build from, less for every further Control action it takes to get there."""
        t = b.targets()
        cur = b.stand_value(start, t) if b.bot_may_end(start, start) else 0.0
        goal, score = start, cur
        for h in b.cells:
            d = H.dist(start, h)
            if d == 0 or not b.bot_may_end(h) or b.cells[h]["tile"]:
                continue
            later = max(0, -(-(d - left) // 2))  # further moves of 2 steps
            v = b.stand_value(h, t) * 0.6**later - 0.05 * d
            if v > score:
                goal, score = h, v
        return goal, score - cur

    def reach_value(self, b: Board, left: int) -> float:
        """The best place to build from that a Bot can reach with ``left`` steps now."""
        t = b.targets()
        best = 0.0
        for x in b.me["bots"]:
            for h in b.cells:
                if H.dist(x, h) <= left and b.bot_may_end(h, x) and not b.cells[h]["tile"]:
                    best = max(best, b.stand_value(h, t))
        return best

    def bot_gain(self, b: Board, left: int) -> float:
        return max((self.goal_of(b, x, left)[1] for x in b.me["bots"]), default=0.0)

    def which_bot(self, b: Board, moves: list[str], left: int) -> str:
        best, gain = "done", 0.5
        for m in moves:
            if m == "done":
                continue
            g = self.goal_of(b, b.me["bots"][int(m.split()[1]) - 1], left)[1]
            if g > gain:
                best, gain = m, g
        return best if best in moves else moves[-1]

    def bot(self, b: Board, moves: list[str], labels: dict[str, str], left: int) -> str:
        here = labels["stop"].split()[-1] if "stop" in moves else None
        steps = [m for m in moves if m != "stop"]
        if here is None:
            here = next(x for x in b.me["bots"] if any(H.dist(x, m) == 1 for m in steps))
        goal, _ = self.goal_of(b, here, left)
        if goal == here and "stop" in moves:
            return "stop"
        safe = [m for m in steps if "tile" not in labels[m]] or steps
        if not safe:
            return moves[0]
        return min(safe, key=lambda m: (H.dist(m, goal), self.noise()))  # steps use the allowance
