"""Algae, Inc. (Julia Thiemann and Christoph Waage): the rules engine, registered on import.

Modules: ``data`` (every component), ``state`` (the JSON-able state), ``board`` (questions
about a player's boards), ``frames`` (the pending-question registry), ``flow`` (phases),
``monday``, ``workweek``, ``teams``, ``science``, ``export``, ``machines``, ``gains``,
``weekend``, ``scoring``, ``view`` (the renderer's schema), ``game`` (the contract's hooks).
Every gap in the seeds is settled in RULINGS.md.
"""

from __future__ import annotations

from engine.algae.game import AlgaeGame
from engine.core import GameSpec, register

SUMMARY = (
    "Run an algae department for a month: four weeks of Monday income, five work days on the "
    "action board and a weekend; export finished goods to European cities."
)
DEPARTMENTS = (
    "one per seat, from cosmetics, bioplastics, food, biofuel (default: drawn from the seed)"
)
SPEC = register(
    GameSpec("algae", "Algae, Inc.", 1, 4, AlgaeGame, SUMMARY, {"departments": DEPARTMENTS})
)

__all__ = ["SPEC", "AlgaeGame"]
