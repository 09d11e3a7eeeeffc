"""Algae, Inc. (Julia Thiemann and Christoph Waage): the rules engine, registered on import."""

from __future__ import annotations

from engine.algae.game import AlgaeGame
from engine.core import GameSpec, register

SPEC = register(
    GameSpec(
        "algae",
        "Algae, Inc.",
        1,
        4,
        AlgaeGame,
        summary=(
            "Run an algae department for a month: four weeks of Monday income, five work days "
            "on the action board and a weekend; export finished goods to European cities."
        ),
        option_help={
            "departments": (
                "one per seat, from cosmetics, bioplastics, food, biofuel "
                "(default: drawn from the seed)"
            ),
        },
    )
)

__all__ = ["SPEC", "AlgaeGame"]
