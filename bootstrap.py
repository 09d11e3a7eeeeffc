"""Set-up on a fresh machine with only Python 3.11+: a private virtualenv in ``.venv``.

``bot.py`` and ``run_tests.py`` call ``ensure()`` before importing any third-party package.
It creates ``.venv`` when missing, installs the pinned requirement file when its hash has
changed since the last install, and re-executes the calling script with the venv's Python.
Only the standard library is used here.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("ALGAE_VENV", ROOT / ".venv"))


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _requirements_hash(requirements: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted({requirements, ROOT / "requirements.txt"}):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def ensure(requirements: str = "requirements.txt") -> None:
    """Make sure we run inside .venv with ``requirements`` installed; may re-exec."""
    if os.environ.get("ALGAE_NO_BOOTSTRAP") == "1":
        return
    req = ROOT / requirements
    stamp = VENV / f".installed-{req.stem}"
    wanted = _requirements_hash(req)
    if not _venv_python().exists():
        print(f"setting up {VENV} (first run only) ...", file=sys.stderr, flush=True)
        venv.EnvBuilder(with_pip=True, clear=False).create(VENV)
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        print(f"installing {requirements} into {VENV} ...", file=sys.stderr, flush=True)
        subprocess.run(
            [
                str(_venv_python()),
                "-m",
                "pip",
                "install",
                "--disable-pip-version-check",
                "-q",
                "-r",
                str(req),
            ],
            check=True,
        )
        stamp.write_text(wanted)
    if not _in_venv():
        script = Path(sys.argv[0]).resolve()
        os.execv(str(_venv_python()), [str(_venv_python()), str(script), *sys.argv[1:]])
