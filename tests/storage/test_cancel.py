"""A write cancelled at any point (bot shutdown, a timed-out task) stays a cancellation.

It used to race: a cancel during COMMIT ran ROLLBACK after the COMMIT had finished in the
database thread, raising "cannot rollback - no transaction is active" instead of
CancelledError, which kept cancelled loops alive and made the bot hang on SIGTERM.
"""

from __future__ import annotations

import asyncio


async def test_cancelled_writes_raise_cancelled_and_leave_the_store_usable(backend) -> None:
    store = await backend.open()
    try:
        outcomes: set[str] = set()
        for step in range(40):
            task = asyncio.create_task(store.set_setting(7, "k", step, 1.0))
            for _ in range(step % 12):
                await asyncio.sleep(0)
            if step % 3 == 0:
                await asyncio.sleep(0.0005 * (step % 5))
            task.cancel()
            try:
                await task
                outcomes.add("done")
            except asyncio.CancelledError:
                outcomes.add("cancelled")
            # whatever happened, the next write goes through and is read back
            await store.set_setting(7, "after", step, 1.0)
            assert await store.get_setting(7, "after") == step
        assert "cancelled" in outcomes
    finally:
        await store.close()
