"""A throwaway PostgreSQL server: ``initdb`` in a temp dir, ``pg_ctl`` (tests, benchmarks).

initdb refuses to run as root, so as root the server runs as the ``postgres`` user (or
``nobody``) through ``runuser``. ``find_bindir`` finds PostgreSQL 15 (or ``ALGAE_PG_BIN``, or
the newest other Debian install); ``required`` says whether a missing one must fail (CI).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from devkit import pgweight

BIN_DIRS = ("/usr/lib/postgresql/15/bin",)


class PgServer:
    def __init__(self, bindir: Path, *, fsync: bool = False) -> None:
        self.bindir = bindir
        self.fsync = fsync  # off for tests (a throwaway server); on to benchmark
        self.dir = Path(tempfile.mkdtemp(prefix="algae-pg-"))
        self.port = _free_port()
        self.user = _server_user()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        if self.user is not None:
            shutil.chown(self.dir, self.user)
        data = self.dir / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                  "--no-sync", "--no-instructions")  # fmt: skip
        options = f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c max_connections=200"
        if not self.fsync:
            options += " -F"
        self._run("pg_ctl", "-D", str(data), "-o", options, "-l", str(self.dir / "log"), "-w",
                  "-t", "60", "start")  # fmt: skip
        _same_weight(data / "postmaster.pid")
        with contextlib.suppress(OSError, ValueError, IndexError):
            postmaster = int((data / "postmaster.pid").read_text().split()[0])
            pgweight.share_like_us(postmaster, str(self.port))  # its backends too

    def info(self) -> dict[str, str | int | None]:
        """What ``attach`` needs to use (and stop) this running server from another process."""
        return {"bindir": str(self.bindir), "dir": str(self.dir), "port": self.port,
                "user": self.user}  # fmt: skip

    @classmethod
    def attach(cls, info: dict) -> PgServer:
        """The running server ``info`` describes (started by another process)."""
        server = cls.__new__(cls)
        server.bindir, server.dir = Path(info["bindir"]), Path(info["dir"])
        server.port, server.user, server.fsync = int(info["port"]), info["user"], False
        server.url = f"postgresql://postgres@127.0.0.1:{server.port}/postgres"
        return server

    def stop(self, *, remove_later: bool = False) -> None:
        """Stop the server and remove its files; ``remove_later``: in a process of its own
        that nobody waits for (after a test run, thousands of files take seconds)."""
        try:
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        finally:
            pgweight.remove_named(str(self.port))
            if remove_later:
                code = "import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)"
                subprocess.Popen(
                    [sys.executable, "-c", code, str(self.dir)],
                    start_new_session=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            else:
                shutil.rmtree(self.dir, ignore_errors=True)


def _same_weight(pid_file: Path) -> None:
    """Give the server's session the CPU weight of ours (Linux autogroup scheduling).

    pg_ctl starts the server in a session of its own, and with kernel autogroup on, CPU is
    shared per session: a test run given a higher weight (``echo -15 >
    /proc/self/autogroup``, as a timing measurement is run) left its server the default
    weight, about 3% of a busy machine, and the PostgreSQL tests waited on it for seconds.
    Without autogroup (or the right to change it) this does nothing."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        ours = Path("/proc/self/autogroup").read_text().split("nice")[1].strip()
        pid = int(pid_file.read_text().split()[0])
        Path(f"/proc/{pid}/autogroup").write_text(ours)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_user() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    return None


def find_bindir() -> Path | None:
    """``ALGAE_PG_BIN``, else PostgreSQL 15's, else the newest other Debian install."""
    others = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name)
    for d in (os.environ.get("ALGAE_PG_BIN"), *BIN_DIRS, *reversed(others)):
        if d and (Path(d) / "initdb").exists() and (Path(d) / "pg_ctl").exists():
            return Path(d)
    return None


def required() -> bool:
    """In CI (``CI=true``, or ``ALGAE_REQUIRE_PG=1`` from .ci/run) a missing server fails."""
    return os.environ.get("CI") == "true" or os.environ.get("ALGAE_REQUIRE_PG") == "1"
