"""AI decisions off the event loop: a small pool of worker processes (issue 10).

``await decide(game, seat, level)`` sends the game's snapshot to a worker, which rebuilds it
and runs ``ai.choose``; the loop only waits. The strong level's time budget is
``ALGAE_AI_SECONDS`` (default 1.5 s a decision); ``ALGAE_AI_WORKERS`` sets the pool size
(default 1: the machine has few cores and the picture renderer needs its share).
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai import BUDGETS, choose
from ai.mcts import Budget
from engine.core import Game

_pool: ProcessPoolExecutor | None = None


def strong_budget() -> Budget:
    seconds = float(os.environ.get("ALGAE_AI_SECONDS") or BUDGETS["strong"].seconds or 1.5)
    return Budget(seconds=max(0.05, min(seconds, 10.0)))


def decide_now(snapshot: dict[str, Any], seat: int, level: str, cls: str = "") -> str:
    """In the worker: the move of ``level`` for ``seat`` in the game of ``snapshot``.

    ``cls`` ("module:Class") names the game's class, so a game kind registered only in the
    parent process (a test game) is rebuilt without the registry."""
    import engine  # noqa: F401  (registers the games in a fresh worker)

    game_cls: type[Game] = Game
    if cls:
        module, _, name = cls.partition(":")
        found = getattr(importlib.import_module(module), name)
        if isinstance(found, type) and issubclass(found, Game):
            game_cls = found
    game = game_cls.from_json(snapshot, typed=True)  # a to_json() through pickle
    budget = strong_budget() if level == "strong" else None
    return choose(game, seat, level, budget)


def pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        workers = max(1, int(os.environ.get("ALGAE_AI_WORKERS") or 1))
        context = multiprocessing.get_context("spawn")  # no copy of the bot's loop or sockets
        _pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    return _pool


async def decide(game: Game, seat: int, level: str) -> str:
    loop = asyncio.get_running_loop()
    cls = f"{type(game).__module__}:{type(game).__qualname__}"
    return await loop.run_in_executor(pool(), decide_now, game.to_json(), seat, level, cls)


def shutdown() -> None:
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
