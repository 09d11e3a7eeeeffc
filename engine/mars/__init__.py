"""On Mars (Vital Lacerda): the rules engine, registered on import.

Modules: ``data`` (every component), ``hexmap`` (the map's geometry), ``state`` (the JSON-able
state and seeded setup), ``frames`` (pending-question registry), ``rules`` (gains, crystals,
missions, Tech use), ``build`` (construct, upgrade, displacement, LSS, level-ups), ``moves``
(Bots and the Rover), ``actions`` (Main actions), ``colony`` (Scientists, Contracts,
Ships, new Bots), ``turn`` (a turn, Executive actions, goals,
contracts), ``flow`` (rounds, shuttle, end), ``scoring``, ``view``, ``game``.
Every gap in the seed is settled in RULINGS.md.
"""

from __future__ import annotations

from engine.core import GameSpec, register
from engine.mars.game import MarsGame

SUMMARY = (
    "Build the first Martian colony: act in Orbit or on the surface, construct and upgrade "
    "buildings with your Bots, explore with your Rover, complete missions."
)
SPEC = register(GameSpec("mars", "On Mars", 1, 4, MarsGame, SUMMARY, points="OP"))

__all__ = ["SPEC", "MarsGame"]
