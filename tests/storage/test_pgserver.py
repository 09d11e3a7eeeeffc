"""Where no PostgreSQL can be had its runs are skipped with a line saying why; in CI they
fail instead (tests/pgserver.py)."""

from __future__ import annotations

import pytest

from tests import pgserver


@pytest.fixture
def no_postgres(monkeypatch):
    monkeypatch.setattr(pgserver, "find_bindir", lambda: None)
    monkeypatch.setattr(pgserver, "_server", None)
    monkeypatch.setattr(pgserver, "_failure", None)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("ALGAE_REQUIRE_PG", raising=False)
    return monkeypatch


def test_skipped_with_a_clear_line_without_a_server(no_postgres) -> None:
    with pytest.raises(pytest.skip.Exception, match="PostgreSQL runs skipped: no PostgreSQL 15"):
        pgserver.server()


@pytest.mark.parametrize(("var", "value"), [("CI", "true"), ("ALGAE_REQUIRE_PG", "1")])
def test_in_ci_a_missing_server_fails(no_postgres, var: str, value: str) -> None:
    no_postgres.setenv(var, value)
    with pytest.raises(pytest.fail.Exception, match="in CI PostgreSQL must run"):
        pgserver.server()
