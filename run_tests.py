"""Run every test: ``python3 run_tests.py [pytest args]``.

Sets up ``.venv`` with the pinned test tools on first use (see bootstrap.py), then runs
pytest over tests/ and ``ruff check``. Exit code: non-zero when anything failed.

A whole-suite run (no test path given) is spread with pytest-xdist over twice as many
workers as cores (many tests mostly wait: on the bot subprocess, sockets, PostgreSQL, a
lease running out). On the idle 2-core machine 4 workers took 113 s and 6 took 122 s; with
6, the bot under test in the reliability test was starved into a 6 s event-loop stall
(interactions answered past Discord's 3 s) in one CI run. An idle worker takes tests
queued for a busy one (``worksteal``);
naming tests runs them in this process, which starts faster. Random-playout sweeps play
every seed in CI (``CI=true``) or with ``ALGAE_FULL_SWEEP=1``, and a spread subset otherwise
(every third seed of the toy game, every sixth of Algae, every 26th of On Mars, whose
games are the longest).

The run caches compiled bytecode in ``.venv/pycache`` even where ``PYTHONDONTWRITEBYTECODE``
is set: the suite starts a hundred Python processes (the bot under test, its render
workers, the pytest-xdist workers), and each one compiling every module of the project
again (and pytest rewriting every test module's asserts again) was a third of the
suite's CPU. The cache lives in the virtualenv, so nothing is written beside the sources.
"""

from __future__ import annotations

import os
import subprocess
import sys

import bootstrap

bootstrap.ensure("requirements-dev.txt")


def _names_tests(args: list[str]) -> bool:
    """True when the arguments pick tests (a path, a node id or ``-n``) rather than options."""
    return any(a.startswith(("tests", "-n", "-k")) or a.endswith(".py") or "::" in a for a in args)


def _workers() -> int:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)


def _env() -> dict[str, str]:
    """This environment, with compiled bytecode cached under ``.venv/pycache``."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(bootstrap.VENV / "pycache"))
    return env


def main() -> int:
    args = sys.argv[1:]
    parallel = [] if _names_tests(args) else ["-n", str(_workers()), "--dist", "worksteal"]
    pytest = [sys.executable, "-m", "pytest", *parallel, *args]
    code = subprocess.call(pytest, cwd=bootstrap.ROOT, env=_env())
    if code != 0:
        return code
    return subprocess.call([sys.executable, "-m", "ruff", "check", "."], cwd=bootstrap.ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
