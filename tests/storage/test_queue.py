"""The shared queue mechanics of the outbox and notices tables (storage.sqlite_queue)."""

from __future__ import annotations

import pytest

from storage import sqlite_queue as queue


async def test_only_the_queue_tables_are_accepted(store) -> None:
    assert queue.QUEUES == ("outbox", "notices")
    for table in ("games", "outbox; DROP TABLE games", ""):
        with pytest.raises(ValueError):
            await queue.due(store._all, table, 0.0, 1)  # type: ignore[arg-type]
        with pytest.raises(ValueError):
            await queue.mark_failed(store._tx, table, 1, "x", 0.0, None)  # type: ignore[arg-type]
    assert await queue.due(store._all, "notices", 0.0, 1) == []
    assert await queue.get(store._one, "outbox", 1) is None
