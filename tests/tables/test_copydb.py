"""``bot.py --copy-db FROM TO``: SQLite -> PostgreSQL -> SQLite keeps every row, and every
copied game replays to its snapshot."""

from __future__ import annotations

import io

import pytest

from storage.timing import NewNotice
from tables import open_tables
from tables.copydb import copy_db, table_order, verify
from tests.backends import make_backend
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD, FakeClock, started


async def _a_busy_database(target, clock: FakeClock) -> None:
    """Games in every state with moves, an undo, a result, links, settings, timers, posts."""
    tables = await open_tables(target, clock=clock, lease=0.0)
    try:
        await started(tables, players=3)
        moves = [(ANN, "stake 2"), (BOB, "stake 1"), (CAT, "stake 1"), (ANN, "draw"), (ANN, "done")]
        for user, move in moves:
            await tables.play(CHAN, user, move)
        await tables.undo(CHAN, ANN)
        await tables.spectate_add(CHAN, 777, actor_id=ANN)
        await tables.set_user_setting(BOB, "tz", "Europe/Paris")
        await tables.run_timers()
        await tables.store.add_notices([NewNotice(1, "remind", {"n": 1}, user_id=BOB)], clock())
        await started(tables, channel=CHAN + 1)
        await tables.resign(CHAN + 1, BOB)  # an AI takes the seat (a handover row) ...
        await tables.resign(CHAN + 1, ANN)  # ... and with no person left the game ends
        await tables.create("tally", GUILD, CHAN + 2, ANN, "ann")  # a lobby
    finally:
        await tables.close()


async def _contents(backend) -> dict[str, list[tuple]]:
    out = {}
    for table, columns in table_order():
        rows = await backend.peek(f"SELECT {', '.join(columns)} FROM {table} ORDER BY 1, 2")
        out[table] = [tuple(float(v) if isinstance(v, float) else v for v in r) for r in rows]
    return out


async def test_sqlite_to_postgres_and_back_keeps_every_row(tmp_path) -> None:
    clock = FakeClock()
    first = make_backend("sqlite", tmp_path, "first.sqlite3")
    pg = make_backend("postgres", tmp_path)
    back = make_backend("sqlite", tmp_path, "back.sqlite3")
    await _a_busy_database(first.target, clock)
    out = io.StringIO()
    assert await copy_db(str(first.target), str(pg.target), out=out) == []
    assert "verified: 3 of 3 games" in out.getvalue()
    assert await copy_db(str(pg.target), str(back.target), out=io.StringIO()) == []
    original = await _contents(first)
    assert {t for t, rows in original.items() if rows} >= {
        "games", "seats", "moves", "undos", "results", "links", "user_settings", "outbox",
        "turn_timers", "notices",
    }  # fmt: skip
    assert await _contents(pg) == original
    assert await _contents(back) == original
    # the copy goes on where the original was: new rows get new ids, the game plays on
    tables = await open_tables(pg.target, clock=clock, lease=0.0)
    try:
        result = await tables.play(CHAN, ANN, "done")  # again, after the undo
        assert result.version == 7
        game_id = await tables.create("tally", GUILD, CHAN + 9, ANN, "ann")
        assert game_id.id == 4
    finally:
        await tables.close()


async def test_copy_refuses_a_target_with_games(tmp_path) -> None:
    clock = FakeClock()
    a = make_backend("sqlite", tmp_path, "a.sqlite3")
    b = make_backend("postgres", tmp_path)
    await _a_busy_database(a.target, clock)
    await _a_busy_database(b.target, clock)
    with pytest.raises(SystemExit, match="already holds games"):
        await copy_db(str(a.target), str(b.target), out=io.StringIO())


async def test_verify_names_a_game_whose_log_does_not_replay(tmp_path) -> None:
    clock = FakeClock()
    a = make_backend("sqlite", tmp_path, "a.sqlite3")
    await _a_busy_database(a.target, clock)
    await a.poke("UPDATE moves SET move = 'fly' WHERE game_id = 1 AND seq = 2")
    store = await a.open()
    try:
        assert [p.split(":")[0] for p in await verify(store)] == ["game 1"]
    finally:
        await store.close()


async def test_copy_refuses_a_missing_sqlite_source(tmp_path) -> None:
    missing = tmp_path / "typo.sqlite3"
    with pytest.raises(SystemExit, match="no SQLite database"):
        await copy_db(str(missing), str(tmp_path / "to.sqlite3"), out=io.StringIO())
    assert not missing.exists()  # not created empty by the attempt
