"""SQLite's SQL as PostgreSQL speaks it: the store's statements and the numbered migrations.

The SQL of the store is written once, in the common subset of the two databases, with
``?`` parameters (``storage.sqlite*``). ``query`` turns one statement into PostgreSQL's:

* ``?`` -> ``$1, $2 ...`` and ``IS ?`` -> ``IS NOT DISTINCT FROM $n`` (SQLite's null-safe
  equality);
* ``json_group_array`` / ``json_array`` / ``json_each`` -> ``json_agg`` /
  ``json_build_array`` / ``json_each_text`` (the JSON columns stay TEXT in both);
* ``INSERT OR IGNORE INTO ...`` -> ``INSERT INTO ... ON CONFLICT DO NOTHING``
  (``INSERT OR REPLACE`` has no such general form: write ``ON CONFLICT (...) DO UPDATE``);
* a comment ``/*pg: ...*/`` is PostgreSQL-only text (``FOR UPDATE``, ``SKIP LOCKED``):
  SQLite ignores it, PostgreSQL gets what it says.

Migrations: PostgreSQL applies the SAME numbered list as SQLite (``storage.migrations``),
each script translated by ``migration`` (``INTEGER`` -> ``BIGINT`` for Discord snowflakes,
``REAL`` -> ``DOUBLE PRECISION`` for unix times, ``id INTEGER PRIMARY KEY`` -> an
identity column, ``WITHOUT ROWID`` dropped). A SQLite migration the translation cannot express (a
data step with SQLite-only functions, a table rebuild) gets its PostgreSQL text in
``PG_MIGRATIONS`` under the same number. ``tests/storage/test_schema_parity.py`` compares
the two schemas after migrating, so a migration that translates wrong fails loudly.
"""

from __future__ import annotations

import re
from functools import lru_cache

from storage.sqlite_rows import split_sql

# number -> PostgreSQL script, for SQLite migrations the translation cannot carry
PG_MIGRATIONS: dict[int, str] = {
    # SQLite rebuilds game_timing to widen a CHECK; PostgreSQL swaps the constraint
    5: """
CREATE TABLE handovers (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    name     TEXT    NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX handovers_user ON handovers (user_id);
ALTER TABLE game_timing DROP CONSTRAINT game_timing_on_timeout_check;
ALTER TABLE game_timing ADD CONSTRAINT game_timing_on_timeout_check
    CHECK (on_timeout IN ('remind', 'default', 'host', 'ai'));
""",
    # the install secret (two version-4 UUIDs: 244 random bits, hex) and the rules-1 stamp of
    # started On Mars games, in PostgreSQL's functions
    7: """
CREATE TABLE install_secret (
    id      BIGINT PRIMARY KEY CHECK (id = 1),
    secret  TEXT   NOT NULL
);
INSERT INTO install_secret (id, secret) VALUES (1,
    replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''));
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '1')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 2 (On Mars rules 3, issue 9)
    9: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '2')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 3 (On Mars rules 4, issue 9)
    10: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '3')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 4 (On Mars rules 5, issue 9)
    11: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '4')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 5 (On Mars rules 6, issue 9)
    12: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '5')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started Algae games stay on the rules their snapshot names (Algae rules 3, issue 11)
    13: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}',
        coalesce(CAST(snapshot AS jsonb) #> '{state,rules}', '1'::jsonb))::text
 WHERE kind = 'algae' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 6 (On Mars rules 7, issue 9)
    14: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '6')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
    # started On Mars games stay on rules 7 (On Mars rules 8, issue 9)
    15: """
UPDATE games SET options = jsonb_set(CAST(options AS jsonb), '{rules}', '7')::text
 WHERE kind = 'mars' AND status != 'lobby' AND CAST(options AS jsonb) -> 'rules' IS NULL;
""",
}

_PARAM = re.compile(r"\bIS\s+\?|\?")
_PG_ONLY = re.compile(r"/\*pg:(.*?)\*/", re.S)
_OR_IGNORE = re.compile(r"^\s*INSERT\s+OR\s+IGNORE\s+INTO\b", re.I)
_FUNCTIONS = (
    (re.compile(r"\bjson_group_array\("), "json_agg("),
    (re.compile(r"\bjson_array\("), "json_build_array("),
    (re.compile(r"\bjson_each\(([\w.]+)\)"), r"json_each_text(CAST(\1 AS json))"),
)
_DDL = (
    (
        re.compile(r"\bid\s+INTEGER\s+PRIMARY\s+KEY\b", re.I),
        "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (re.compile(r"\bINTEGER\b", re.I), "BIGINT"),
    (re.compile(r"\bREAL\b", re.I), "DOUBLE PRECISION"),
    (re.compile(r"\)\s*WITHOUT\s+ROWID", re.I), ")"),
)


@lru_cache(maxsize=2048)
def query(sql: str) -> str:
    """One statement of the store in PostgreSQL's dialect (see the module docstring)."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}" if match.group(0) == "?" else f"IS NOT DISTINCT FROM ${count}"

    text = _PARAM.sub(number, sql)
    for pattern, replacement in _FUNCTIONS:
        text = pattern.sub(replacement, text)
    if _OR_IGNORE.match(text):  # SQLite's INSERT OR IGNORE: skip rows that conflict
        text = _OR_IGNORE.sub("INSERT INTO", text)
        head, sep, tail = text.partition(" RETURNING ")
        text = f"{head.rstrip()} ON CONFLICT DO NOTHING{sep or ''}{tail}"
    return _PG_ONLY.sub(lambda m: m.group(1), text)


def migration(number: int, sqlite_script: str) -> list[str]:
    """The statements PostgreSQL runs for SQLite migration ``number``."""
    script = PG_MIGRATIONS.get(number)
    if script is None:
        script = sqlite_script
        for pattern, replacement in _DDL:
            script = pattern.sub(replacement, script)
    return split_sql(script)
