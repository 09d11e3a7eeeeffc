"""Extra game kinds named by the environment, for tests and local experiments.

``ALGAE_EXTRA_GAMES="devkit.toygame:register_toy"`` (comma-separated ``module:function``)
imports each module and calls the function, which registers a game in ``engine.GAMES``.
The product itself registers only its real games; the end-to-end tests and terminal tests
use this to run the bot with the test-only game.
"""

from __future__ import annotations

import importlib
import os


def load_extra_games(spec: str | None = None) -> list[str]:
    """Import and call every ``module:function`` in ``spec`` (default: the env var)."""
    spec = os.environ.get("ALGAE_EXTRA_GAMES", "") if spec is None else spec
    loaded = []
    for item in filter(None, (part.strip() for part in spec.split(","))):
        module_name, _, func_name = item.partition(":")
        module = importlib.import_module(module_name)
        getattr(module, func_name or "register")()
        loaded.append(item)
    return loaded
