"""SQLite and PostgreSQL hold the same tables and columns after migrating.

PostgreSQL applies SQLite's numbered migrations through ``storage.pg_sql.migration`` (or
the text in ``PG_MIGRATIONS``). A new SQLite migration whose translation is wrong, or that
needs a PostgreSQL counterpart nobody wrote, fails here by name.
"""

from __future__ import annotations

import pytest

from storage.migrations import MIGRATIONS
from storage.pg_sql import PG_MIGRATIONS, migration, query
from tests.backends import make_backend
from tests.storage.conftest import peek

TYPES = {  # SQLite declared type -> PostgreSQL data type
    "INTEGER": "bigint",
    "REAL": "double precision",
    "TEXT": "text",
}


async def _schemas(tmp_path) -> tuple[dict, dict]:
    lite = make_backend("sqlite", tmp_path)
    pg = make_backend("postgres", tmp_path)
    for backend in (lite, pg):
        await (await backend.open()).close()
    lite_tables = [
        r[0] for r in peek(lite.target, "SELECT name FROM sqlite_master WHERE type = 'table'")
    ]
    sqlite_cols = {
        (t, name): (kind.upper(), bool(notnull or pk))
        for t in lite_tables
        for _, name, kind, notnull, _, pk in peek(lite.target, f"PRAGMA table_info('{t}')")
    }
    rows = await pg.peek(
        "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
        " WHERE table_schema = current_schema()"
    )
    pg_cols = {(t, c): (kind, nullable == "NO") for t, c, kind, nullable in rows}
    return sqlite_cols, pg_cols


def problems(sqlite_cols: dict, pg_cols: dict) -> list[str]:
    """What differs between the two schemas, in words (empty: the same)."""
    found = [f"PostgreSQL lacks {t}.{c}" for t, c in sorted(set(sqlite_cols) - set(pg_cols))]
    found += [f"only PostgreSQL has {t}.{c}" for t, c in sorted(set(pg_cols) - set(sqlite_cols))]
    for key in sorted(set(sqlite_cols) & set(pg_cols)):
        (kind, notnull), (pg_kind, pg_notnull) = sqlite_cols[key], pg_cols[key]
        if key[0] != "schema_migrations" and TYPES.get(kind, kind.lower()) != pg_kind:
            found.append(f"{key[0]}.{key[1]}: {kind} on SQLite, {pg_kind} on PostgreSQL")
        if notnull != pg_notnull:  # a primary key counts as NOT NULL on both
            found.append(f"{key[0]}.{key[1]}: NOT NULL differs")
    return found


async def test_same_tables_and_columns_after_migrating(tmp_path) -> None:
    assert problems(*await _schemas(tmp_path)) == []


async def test_a_missing_postgresql_counterpart_fails_loudly(tmp_path, monkeypatch) -> None:
    # as if migration 3 could not be translated and its PG_MIGRATIONS entry did nothing
    monkeypatch.setitem(PG_MIGRATIONS, 3, "SELECT 1;")
    monkeypatch.setitem(PG_MIGRATIONS, 8, "SELECT 1;")  # 8 alters a table 3 creates
    found = problems(*await _schemas(tmp_path))
    assert "PostgreSQL lacks undos.undone" in found and "PostgreSQL lacks results.vp" in found


def test_every_migration_translates_to_postgresql_statements() -> None:
    for number, _, script in MIGRATIONS:
        statements = migration(number, script)
        assert statements, f"migration {number} translates to nothing"
        text = " ".join(statements)
        assert "WITHOUT ROWID" not in text and " REAL" not in text, number


@pytest.mark.parametrize(
    ("sqlite", "postgres"),
    [
        ("WHERE b = ? AND c IS ?", "WHERE b = $1 AND c IS NOT DISTINCT FROM $2"),
        ("json_group_array(json_array(a, b))", "json_agg(json_build_array(a, b))"),
        (
            "FROM g, json_each(g.waiting) AS j",
            "FROM g, json_each_text(CAST(g.waiting AS json)) AS j",
        ),
        ("WHERE id = ? /*pg: FOR UPDATE*/", "WHERE id = $1  FOR UPDATE"),
        (
            "INSERT OR IGNORE INTO t (a) VALUES (?)",
            "INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING",
        ),
        (
            "INSERT OR IGNORE INTO t (a) VALUES (?) RETURNING a",
            "INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING RETURNING a",
        ),
    ],
)
def test_query_translation(sqlite: str, postgres: str) -> None:
    assert query(sqlite) == postgres
