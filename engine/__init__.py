"""The rules engines: pure Python, no Discord, no SQL, no Pillow, no asyncio.

Importing this package registers every game hosted by the product in ``GAMES``.
"""

from engine.core import (
    GAMES,
    MAX_MOVE_CHARS,
    Decision,
    Event,
    Game,
    GameSpec,
    IllegalMove,
    Option,
    Rng,
    ScoreLine,
    new_game,
    register,
    replay,
)

__all__ = [
    "GAMES",
    "MAX_MOVE_CHARS",
    "Decision",
    "Event",
    "Game",
    "GameSpec",
    "IllegalMove",
    "Option",
    "Rng",
    "ScoreLine",
    "new_game",
    "register",
    "replay",
]
# Importing the game packages registers them in GAMES (the hosted games).
from engine import algae, mars  # noqa: F401
