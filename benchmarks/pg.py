"""A PostgreSQL database for the benchmarks: ``ALGAE_BENCH_PG`` (a ``postgresql://`` URL of
a server you run), else a throwaway PostgreSQL 15 server in a temp dir (tests/pgserver.py)
with PostgreSQL's default durability (fsync on, synchronous_commit on), else none (the
PostgreSQL rows then say so)."""

from __future__ import annotations

import itertools
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

_schemas = itertools.count(1)


@contextmanager
def postgres() -> Iterator[str | None]:
    """A base URL for the duration of the block (None: no PostgreSQL here)."""
    given = os.environ.get("ALGAE_BENCH_PG")
    if given:
        yield given
        return
    from devkit.pgserver import PgServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        yield None
        return
    server = PgServer(bindir, fsync=True)  # as deployed: every commit reaches the disk
    try:
        server.start()
    except (OSError, subprocess.SubprocessError):
        yield None
        return
    try:
        yield server.url
    finally:
        server.stop()


async def fresh_schema(url: str) -> str:
    """``url`` on a new empty schema (so runs never see each other's rows)."""
    import asyncpg

    schema = f"bench{os.getpid()}_{next(_schemas)}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"
