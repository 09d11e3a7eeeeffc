"""The menus of decisions: each option, or each option paired with the sub-choice it leads
to (tables/lookahead.py), worked out off the event loop and kept for the clicks that follow."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import replace

from engine.core import Decision, Game
from tables import lookahead

STEPS_CACHE = 64  # decisions whose menu entries are kept


class Menus:
    """The menu entries of open decisions, cached by game, seat, version and options."""

    def __init__(self) -> None:
        self._steps: OrderedDict[tuple, list[lookahead.Step]] = OrderedDict()

    async def menu_of(self, game_id: int, game: Game, decision: Decision) -> Decision:
        """``decision`` as its menu shows it: each option, or each option paired with the
        sub-choice it leads to (tables/lookahead.py)."""
        shown = lookahead.as_decision(decision, await self.steps(game_id, game, decision))
        return replace(shown, note=game.hand_line(decision.seat) or "")

    async def steps(self, game_id: int, game: Game, decision: Decision) -> list[lookahead.Step]:
        """The menu entries of a decision, worked out off the event loop (each option is
        tried on a copy of the game) and kept for the clicks that follow."""
        cache = self._steps
        key = (game_id, decision.seat, decision.version, decision.options)
        if key not in cache:
            cache[key] = await asyncio.to_thread(lookahead.steps, game, decision)
            while len(cache) > STEPS_CACHE:
                cache.popitem(last=False)
        return cache[key]
