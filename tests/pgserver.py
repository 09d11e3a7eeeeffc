"""The tests' throwaway PostgreSQL 15 server (the server itself: devkit/pgserver.py).

One server per test run (``server()`` starts it on first use, ``stop()`` at the end; the
pytest-xdist workers of a run share the one their controller starts as the run begins,
through the folder ``ALGAE_PG_SHARE`` names, which tests/conftest.py makes and clears:
starting a server costs 1.6 s of CPU);
each test gets its own schema on it (``fresh_url``), which costs a millisecond, not a
database (migrating it costs more: the ``backend`` fixtures reuse emptied schemas, see
``tests.pgschemas``). Where no PostgreSQL 15 can be found the
PostgreSQL runs are skipped with a line saying so, except under ``CI=true`` (or
``ALGAE_REQUIRE_PG=1``, which ``.ci/run`` sets after installing Debian's ``postgresql``
package where it is missing), where they fail: CI must run them.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

from devkit.pgserver import PgServer, find_bindir, required

SHARE = "ALGAE_PG_SHARE"
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
            try:
                _server = _shared(bindir) if os.environ.get(SHARE) else _started(bindir)
            except (OSError, subprocess.SubprocessError) as exc:
                _failure = f"the PostgreSQL server did not start: {exc}"
    if _server is None:
        message = f"PostgreSQL runs skipped: {_failure}"
        if required():
            pytest.fail(f"{message} (in CI PostgreSQL must run)", pytrace=False)
        pytest.skip(message)
    return _server


def _started(bindir: Path) -> PgServer:
    candidate = PgServer(bindir)
    candidate.start()
    return candidate


def _shared(bindir: Path) -> PgServer:
    """The run's server: the one another worker started, else a new one it may use."""
    import fcntl  # POSIX, as the server itself (runuser, pg_ctl)

    folder = Path(os.environ[SHARE])
    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        info = folder / "server.json"
        if info.exists():
            return PgServer.attach(json.loads(info.read_text()))
        server = _started(bindir)
        info.write_text(json.dumps(server.info()))
        return server


_starter: threading.Thread | None = None


def share() -> None:
    """Let this run's pytest-xdist workers (started after this) share one server, and start
    it now in a thread of this process: it is up by the time a worker has collected the
    tests (a worker asking before waits on the lock). Started by the first worker that
    needed it, it came up under the load of the other workers' tests, 10 s or more late,
    and every worker's first PostgreSQL test waited for it."""
    global _starter
    folder = tempfile.mkdtemp(prefix="algae-pg-share-")
    os.environ[SHARE] = folder
    bindir = find_bindir()
    if bindir is None:
        return  # the workers skip (or, in CI, fail) their PostgreSQL runs themselves
    locked = threading.Event()
    _starter = threading.Thread(target=_start_shared, args=(Path(folder), bindir, locked))
    _starter.start()
    locked.wait(10)


def _start_shared(folder: Path, bindir: Path, locked: threading.Event) -> None:
    import fcntl

    with (folder / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        locked.set()
        try:
            server = _started(bindir)
        except (OSError, subprocess.SubprocessError):
            return  # the first worker that needs it tries again and reports why
        (folder / "server.json").write_text(json.dumps(server.info()))


def stop_shared() -> None:
    """Stop the server the workers shared (after they have all finished)."""
    if _starter is not None:
        _starter.join()
    folder = Path(os.environ.pop(SHARE))
    info = folder / "server.json"
    try:
        if info.exists():
            PgServer.attach(json.loads(info.read_text())).stop(remove_later=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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
    """Stop this process's server (a shared one is stopped by ``stop_shared``)."""
    global _server
    if _server is not None and not os.environ.get(SHARE):
        _server.stop()
        _server = None
