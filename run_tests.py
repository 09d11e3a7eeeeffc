"""Run every test: ``python3 run_tests.py [pytest args]``.

Sets up ``.venv`` with the pinned test tools on first use (see bootstrap.py), then runs
pytest over tests/ and ``ruff check``. Exit code: non-zero when anything failed.
"""

from __future__ import annotations

import subprocess
import sys

import bootstrap

bootstrap.ensure("requirements-dev.txt")


def main() -> int:
    code = subprocess.call([sys.executable, "-m", "pytest", *sys.argv[1:]], cwd=bootstrap.ROOT)
    if code != 0:
        return code
    return subprocess.call([sys.executable, "-m", "ruff", "check", "."], cwd=bootstrap.ROOT)


if __name__ == "__main__":
    raise SystemExit(main())
