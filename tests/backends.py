"""The two storage backends the storage and table-layer tests run against.

``backend`` (a parametrised fixture: ``sqlite`` and ``postgres``) gives a
``devkit.backends.Backend``: a SQLite file in tmp_path, or a PostgreSQL URL on a schema of
the session's throwaway server (see ``tests.pgserver``): for the fixture, one as the
migrations leave it, emptied after an earlier test where this worker has one
(``tests.pgschemas``); from ``make_backend``, a new empty one unless ``migrated``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from devkit.backends import Backend
from tests import pgschemas, pgserver

BACKENDS = ("sqlite", "postgres")


def make_backend(
    name: str, tmp_path: Path, filename: str = "s.sqlite3", *, migrated: bool = False
) -> Backend:
    if name == "sqlite":
        return Backend("sqlite", tmp_path / filename)
    return Backend("postgres", pgschemas.migrated_url() if migrated else pgserver.fresh_url())


def reused_backend(name: str, tmp_path: Path, filename: str = "s.sqlite3") -> Iterator[Backend]:
    """The ``backend`` fixtures' body: a migrated backend, its schema handed back after."""
    backend = make_backend(name, tmp_path, filename, migrated=True)
    yield backend
    if backend.postgres:
        pgschemas.release(str(backend.target))


@pytest.fixture(params=BACKENDS)
def backend(request, tmp_path) -> Iterator[Backend]:
    yield from reused_backend(request.param, tmp_path)
