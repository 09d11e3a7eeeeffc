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
import engine.algae  # noqa: F401
import engine.mars  # noqa: F401
