"""A fork server for test bots: one process that has imported the bot, forking a bot per test.

A test bot spent about 1.5 s of CPU before it could connect, nearly all of it importing
discord.py, aiohttp and the project; the suite starts some thirty of them. The zygote pays
that once per test worker: it imports what ``python bot.py`` imports, then waits on a Unix
socket. For each request (the bot's arguments, environment, working directory and log
file) it forks; the child points stdout and stderr at the log, takes the environment, and
runs ``bot.py`` as ``__main__`` (``runpy``), exactly the code ``python bot.py`` runs, to
the same end: ``SystemExit`` and the interpreter's normal shutdown (atexit handlers,
thread joins). Everything the bot reads from the environment it reads at run time, never
at import (checked: ``cogs.app`` settings, ``tables.workers``, ``ai.worker``), so the
preloaded modules hold nothing of the zygote's own environment.

The zygote tells the requester the child's pid, and its exit status when it ends (the
same number ``asyncio.subprocess.Process.returncode`` gives: negative for a signal).
``ZygoteProcess`` is that child seen from the test: ``pid``, ``returncode``,
``send_signal``, ``kill`` and ``wait``, like the ``asyncio`` process it stands for.

Only tests use it (``tests/conftest.py`` turns it on); the benchmarks and a test of the
bot's own start-up launch ``python bot.py`` as it is deployed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import runpy
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from tables.workers import die_with_parent

ROOT = Path(__file__).resolve().parents[2]
# what a bot imports by the end of a game (``cogs.app`` and what it imports when it runs:
# the picture and menu cogs, the renderers and Pillow, the process pools)
PRELOAD = (
    *("bootstrap", "bot", "cogs.app", "cogs.render", "cogs.menus", "cogs.board_button"),
    *("cogs.rulebook", "cogs.services", "imaging", "engine", "ai.worker", "storage.open"),
    *("tables.workers", "tables.extra", "devkit.toygame", "concurrent.futures.thread"),
    *("multiprocessing.popen_spawn_posix", "multiprocessing.resource_tracker"),
    "multiprocessing.synchronize",
)


# ---------------------------------------------------------------- the zygote process
def _preload() -> None:
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)


def _serve(path: str) -> dict[str, Any]:
    """Answer requests until one is forked; return that request in the child (never in
    the zygote, which serves until it is killed)."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_w)
    sel = selectors.DefaultSelector()
    sel.register(listener, selectors.EVENT_READ)
    sel.register(wake_r, selectors.EVENT_READ)
    children: dict[int, socket.socket] = {}
    while True:
        for key, _ in sel.select():
            if key.fileobj is wake_r:
                os.read(wake_r, 4096)
                _reap(children)
                continue
            conn, _ = listener.accept()
            request = _read_request(conn)
            if request is None:
                conn.close()
                continue
            pid = os.fork()
            if pid == 0:  # the child: drop everything of the zygote's
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                sel.close()
                for fd in (wake_r, wake_w):
                    os.close(fd)
                listener.close()
                for other in children.values():
                    other.close()
                conn.close()
                return request
            conn.sendall(f"pid {pid}\n".encode())
            children[pid] = conn
        _reap(children)


def _read_request(conn: socket.socket) -> dict[str, Any] | None:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    request = json.loads(data)
    return request if isinstance(request, dict) else None


def _reap(children: dict[int, socket.socket]) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        conn = children.pop(pid, None)
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.sendall(f"exit {os.waitstatus_to_exitcode(status)}\n".encode())
            conn.close()


def _become_bot(request: dict[str, Any]) -> None:
    """In the forked child: become ``python bot.py ARGS`` with the request's environment."""
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    os.close(null)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = ["bot.py", *request["args"]]
    sys.path[0] = request["cwd"]
    runpy.run_path(str(ROOT / "bot.py"), run_name="__main__")  # ends in SystemExit


def main(argv: list[str]) -> None:
    die_with_parent(signal.SIGKILL)
    _preload()
    request = _serve(argv[0])
    _become_bot(request)


# ------------------------------------------------------------------- the test side
class ZygoteProcess:
    """A bot forked by the zygote, with the parts of ``asyncio.subprocess.Process`` the
    tests use."""

    def __init__(self, pid: int, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.pid = pid
        self.returncode: int | None = None
        self._writer = writer
        self._watch = asyncio.ensure_future(self._await_exit(reader))

    async def _await_exit(self, reader: asyncio.StreamReader) -> None:
        line = await reader.readline()
        self._writer.close()
        if line.startswith(b"exit "):
            self.returncode = int(line.split()[1])
            return
        while Path(f"/proc/{self.pid}").exists():  # the zygote died first: watch the pid
            await asyncio.sleep(0.05)
        self.returncode = -signal.SIGKILL

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    async def wait(self) -> int:
        await asyncio.shield(self._watch)
        assert self.returncode is not None
        return self.returncode


class Zygote:
    """The zygote of this test process, started on first use."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._dir = ""
        self.path = ""

    def _start(self) -> None:
        self._dir = tempfile.mkdtemp(prefix="algae-zygote-")
        self.path = os.path.join(self._dir, "sock")
        env = dict(os.environ, ALGAE_NO_BOOTSTRAP="1", PYTHONUNBUFFERED="1")
        with open(os.path.join(self._dir, "log"), "ab") as log:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "devkit.standin.zygote", self.path],
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._proc is None or self._proc.poll() is not None:
            self._start()
        for _ in range(600):  # the zygote's imports: about a second
            with contextlib.suppress(FileNotFoundError, ConnectionRefusedError):
                return await asyncio.open_unix_connection(self.path)
            if self._proc is not None and self._proc.poll() is not None:
                break
            await asyncio.sleep(0.02)
        log = Path(self._dir, "log").read_text(errors="replace")
        raise RuntimeError(f"the test zygote did not start:\n{log}")

    async def spawn(
        self, args: tuple[str, ...], env: dict[str, str], cwd: Path, log: Path
    ) -> ZygoteProcess:
        """Fork a bot: ``python bot.py ARGS`` in ``cwd`` with ``env``, output to ``log``."""
        reader, writer = await self._connect()
        request = {"args": list(args), "env": env, "cwd": str(cwd), "log": str(log)}
        writer.write(json.dumps(request).encode() + b"\n")
        await writer.drain()
        line = await reader.readline()
        if not line.startswith(b"pid "):
            writer.close()
            raise RuntimeError("the test zygote refused the request")
        return ZygoteProcess(int(line.split()[1]), reader, writer)

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait()
        with contextlib.suppress(OSError):
            os.unlink(self.path)


if __name__ == "__main__":
    main(sys.argv[1:])
