"""Work sent to the worker pool runs in another process (the event loop only waits), and
with ALGAE_WORKERS=0 in a thread of this one."""

from __future__ import annotations

import os

import pytest

from tables import workers


@pytest.fixture
def fresh_pool(monkeypatch):
    monkeypatch.setattr(workers, "_pool", None)
    monkeypatch.setattr(workers, "_closed", False)
    yield
    pool = workers._pool
    if pool is not None:
        pool.shutdown(wait=True)


async def test_a_render_runs_in_a_worker_process(fresh_pool, monkeypatch) -> None:
    monkeypatch.setenv("ALGAE_WORKERS", "1")
    pids = await workers.start()
    assert len(pids) == 1 and pids[0] != os.getpid()
    assert await workers.run(os.getpid) == pids[0]


async def test_zero_workers_means_a_thread(fresh_pool, monkeypatch) -> None:
    monkeypatch.setenv("ALGAE_WORKERS", "0")
    assert await workers.start() == []
    assert await workers.run(os.getpid) == os.getpid()


async def test_after_shutdown_work_is_refused_as_shutdown(fresh_pool, monkeypatch) -> None:
    monkeypatch.setenv("ALGAE_WORKERS", "0")
    workers.shutdown()
    assert workers.closed()
    with pytest.raises(RuntimeError, match="shut down"):
        await workers.run(os.getpid)
