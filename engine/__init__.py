"""The rules engines: pure Python, no Discord, no SQL, no Pillow, no asyncio.

Importing this package registers every game hosted by the product in ``GAMES``: each
subpackage of ``engine/`` is one game, which registers itself on import (see
``engine/algae/__init__.py``). A new game needs no list to be added to.
"""

import importlib
import pkgutil

from engine.core import (
    GAMES,
    MAX_MOVE_CHARS,
    Decision,
    Event,
    Game,
    GameSpec,
    IllegalMove,
    Option,
    Progress,
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
    "Progress",
    "Rng",
    "ScoreLine",
    "new_game",
    "register",
    "replay",
]


def _register_games() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            importlib.import_module(f"{__name__}.{module.name}")


_register_games()
