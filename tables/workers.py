"""Worker processes for CPU work (pictures now; replays and searches may follow), so the
event loop only waits.

Threads are not enough: a render holds the GIL for tens of milliseconds at a time, and
under a burst of posts the loop answered interactions seconds late. A process pool sized
to the cores renders in parallel without touching the loop's process. Workers are spawned
(never forked from a process running aiosqlite and aiohttp threads), load the extra game
kinds of the environment like the bot does, and ignore SIGINT so Ctrl+C stops the bot
without tracebacks from its workers.

``ALGAE_WORKERS``: the number of worker processes (default: the number of cores);
``0`` runs the work in a thread of this process instead (for tests and tiny machines).
A pool whose worker died (killed, out of memory) is replaced, and the call retried once.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
PR_SET_PDEATHSIG = 1
_pool: ProcessPoolExecutor | None = None
_closed = False


def size() -> int:
    """How many worker processes (0: threads), from ``ALGAE_WORKERS`` or the cores."""
    raw = os.environ.get("ALGAE_WORKERS", "").strip()
    if raw.isdigit():
        return int(raw)
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def _init_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(signal.SIGTERM)
    import engine  # noqa: F401  (registers the games)
    import imaging  # noqa: F401  (registers the renderers)
    from tables.extra import load_extra_games

    load_extra_games()


def die_with_parent(sig: int) -> None:
    """On Linux, this process gets ``sig`` when its parent dies, even by SIGKILL (no
    orphans: a render worker rendering for nobody, a test zygote outliving its run);
    elsewhere it does nothing (a worker's pool pipes then end it at the next task)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, sig)


def _ready() -> int:
    return os.getpid()


def closed() -> bool:
    """True once ``shutdown`` ran (work refused then is shutdown, not a bug)."""
    return _closed


def _get() -> ProcessPoolExecutor | None:
    global _pool
    if _closed:
        raise RuntimeError("the worker pool is shut down")
    if _pool is None and size() > 0:
        context = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(size(), mp_context=context, initializer=_init_worker)
    return _pool


async def start() -> list[int]:
    """Start the workers now (each imports the games and Pillow once), so the first post
    does not wait for them; returns their pids ([] with threads)."""
    pool = _get()
    if pool is None:
        return []
    loop = asyncio.get_running_loop()
    pids = await asyncio.gather(*(loop.run_in_executor(pool, _ready) for _ in range(size())))
    return sorted(set(pids))


async def run(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` in a worker process (a module-level function, picklable
    arguments); in a thread when ``ALGAE_WORKERS=0``."""
    global _pool
    call = partial(fn, *args, **kwargs)
    pool = _get()
    if pool is None:
        return await asyncio.to_thread(call)
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(pool, call)
    except BrokenProcessPool:
        log.warning("a worker process died; starting a new pool")
        if _pool is pool:
            _pool = None
            pool.shutdown(wait=False, cancel_futures=True)
        retry = _get()
        assert retry is not None
        return await loop.run_in_executor(retry, call)


def shutdown() -> None:
    """Stop the workers (work in flight is abandoned: posts stay in the outbox)."""
    global _pool, _closed
    pool, _pool, _closed = _pool, None, True
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
