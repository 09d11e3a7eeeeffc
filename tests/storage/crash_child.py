"""Child process for the SIGKILL test: streams moves into a database until killed.

``python -m tests.storage.crash_child DB`` plays tally games one after another (random
legal moves, a fixed seed) and prints ``C <game_id> <seq> <move>`` right after each
commit returns, so the parent knows which moves were committed when it kills us.
"""

from __future__ import annotations

import asyncio
import random
import sys

from devkit.toygame import register_toy
from tables import open_tables

USERS = (1, 2, 3)


async def stream(db: str) -> None:
    tables = await open_tables(db)
    rng = random.Random(1)
    channel = 1000
    while True:
        channel += 1
        await tables.create("tally", 1, channel, USERS[0], "u1", seed=channel)
        for user in USERS[1:]:
            await tables.join(channel, user, f"u{user}")
        await tables.start(channel, USERS[0])
        while True:
            _, game = await tables.load(channel)
            pending = game.pending()
            if not pending:
                break
            decision = rng.choice(pending)
            move = rng.choice(decision.options).move
            result = await tables.play(channel, USERS[decision.seat], move)
            print(f"C {result.game_id} {result.version} {result.move}", flush=True)
            if result.over:
                break


if __name__ == "__main__":
    register_toy()
    asyncio.run(stream(sys.argv[1]))
