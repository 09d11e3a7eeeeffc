"""The tests' throwaway PostgreSQL 15 server (the server itself: devkit/pgserver.py).

One server per test session (``server()`` starts it on first use, ``stop()`` at the end);
each test gets its own schema on it (``fresh_url``), which costs a millisecond, not a
database. Where no PostgreSQL 15 can be found the
PostgreSQL runs are skipped with a line saying so, except under ``CI=true`` (or
``ALGAE_REQUIRE_PG=1``, which ``.ci/run`` sets after installing Debian's ``postgresql``
package where it is missing), where they fail: CI must run them.
"""

from __future__ import annotations

import itertools
import os
import subprocess

import pytest

from devkit.pgserver import PgServer, find_bindir, required

_counter = itertools.count(1)
_server: PgServer | None = None
_failure: str | None = None


def server() -> PgServer:
    """The session's server, started on first use; skips (fails under CI) without one."""
    global _server, _failure
    if _server is None and _failure is None:
        bindir = find_bindir()
        if bindir is None:
            _failure = "no PostgreSQL 15 (initdb, pg_ctl) under /usr/lib/postgresql/15/bin"
        else:
            candidate = PgServer(bindir)
            try:
                candidate.start()
                _server = candidate
            except (OSError, subprocess.SubprocessError) as exc:
                _failure = f"the PostgreSQL server did not start: {exc}"
    if _server is None:
        message = f"PostgreSQL runs skipped: {_failure}"
        if required():
            pytest.fail(f"{message} (in CI PostgreSQL must run)", pytrace=False)
        pytest.skip(message)
    return _server


def fresh_url() -> str:
    """A URL whose ``search_path`` is a new empty schema of the session's server."""
    base = server()
    schema = f"t{os.getpid()}_{next(_counter)}"
    subprocess.run(
        [str(base.bindir / "psql"), base.url, "-qAtc", f"CREATE SCHEMA {schema}"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return f"{base.url}?search_path={schema}"


def stop() -> None:
    global _server
    if _server is not None:
        _server.stop()
        _server = None
