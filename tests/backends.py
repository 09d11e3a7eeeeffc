"""The two storage backends the storage and table-layer tests run against.

``backend`` (a parametrised fixture: ``sqlite`` and ``postgres``) gives a
``devkit.backends.Backend``: a SQLite file in tmp_path, or a PostgreSQL URL on a fresh schema
of the session's throwaway server (see ``tests.pgserver``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from devkit.backends import Backend
from tests import pgserver

BACKENDS = ("sqlite", "postgres")


def make_backend(name: str, tmp_path: Path, filename: str = "s.sqlite3") -> Backend:
    if name == "sqlite":
        return Backend("sqlite", tmp_path / filename)
    return Backend("postgres", pgserver.fresh_url())


@pytest.fixture(params=BACKENDS)
def backend(request, tmp_path) -> Backend:
    return make_backend(request.param, tmp_path)
