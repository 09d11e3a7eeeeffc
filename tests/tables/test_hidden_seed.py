"""Hidden information (issue 9): a seed chosen with ``/game new seed:`` does not let anyone compute
the hidden cards, because the lobby mixes in a per-installation secret (storage migration 7);
and On Mars games started before rules 2 stay on rules 1 (migration 7) and keep replaying."""

from __future__ import annotations

import json

import aiosqlite
import pytest

import engine.mars  # noqa: F401  (registers mars)
from engine.core import new_game, replay
from engine.mars import data as D
from engine.mars.game import MarsGame
from tables import open_tables
from tables.lobby import mix_seed
from tests.tables.conftest import ANN, BOB, CHAN, GUILD


async def _deal(path, seed: int, secret: bytes) -> tuple[list[str], int]:
    """Seat 0's private goals and the stored seed of a 2-player game on a database whose
    install secret is ``secret``."""
    await (await open_tables(path)).close()  # migrations, with a random secret
    async with aiosqlite.connect(path) as db:
        await db.execute("UPDATE install_secret SET secret = ?", (secret.hex(),))
        await db.commit()
    t = await open_tables(path)
    try:
        assert await t.store.install_secret() == secret
        await t.create("mars", GUILD, CHAN, ANN, "ann", seed=seed)
        await t.join(CHAN, BOB, "bob")
        await t.start(CHAN, ANN)
        view = await t.view(CHAN, ANN)
        return view["seats"][0]["goals"], (await t.game_in(CHAN)).seed
    finally:
        await t.close()


async def test_same_visible_seed_different_secrets_deal_different_hidden_cards(tmp_path) -> None:
    """Two installations, the same chosen seed 42: different private goals, and neither game
    is the one ``new_game`` deals for seed 42."""
    a_goals, a_seed = await _deal(tmp_path / "a.sqlite3", 42, b"A" * 32)
    b_goals, b_seed = await _deal(tmp_path / "b.sqlite3", 42, b"B" * 32)
    assert a_goals != b_goals and a_seed != b_seed
    assert (a_seed, b_seed) == (mix_seed(b"A" * 32, 42), mix_seed(b"B" * 32, 42))
    naive = new_game("mars", ["ann", "bob"], seed=42).view(0)["seats"][0]["goals"]
    assert naive not in (a_goals, b_goals)


async def test_each_database_draws_its_own_secret(tmp_path) -> None:
    secrets = set()
    for i in range(3):
        t = await open_tables(tmp_path / f"{i}.sqlite3")
        secrets.add(await t.store.install_secret())
        await t.close()
    assert len(secrets) == 3 and all(len(x) == 32 for x in secrets)


def test_mixed_seed_depends_on_secret_and_seed() -> None:
    a, b = b"a" * 32, b"b" * 32
    assert mix_seed(a, 1) != mix_seed(b, 1) and mix_seed(a, 1) != mix_seed(a, 2)
    assert all(0 <= mix_seed(a, n) < 2**63 for n in range(100))


async def _start_mars(t, channel: int, seed: int, rules: int) -> None:
    """A started two-player On Mars game on ``rules`` in ``channel``."""
    await t.create("mars", GUILD, channel, ANN, "ann", seed=seed, options={"rules": rules})
    await t.join(channel, BOB, "bob")
    await t.start(channel, ANN)


async def test_migration7_keeps_started_mars_games_on_rules_1(tmp_path) -> None:
    """A game started before rules 2 (no "rules" option) is stamped rules 1 and replays; a
    lobby not yet started and other games are left alone."""
    path = tmp_path / "old.sqlite3"
    t = await open_tables(path)
    await _start_mars(t, CHAN, 5, rules=1)
    await t.create("mars", GUILD, CHAN + 1, ANN, "ann", seed=6)
    await t.close()
    async with aiosqlite.connect(path) as db:  # as the database was before migration 7
        await db.execute("UPDATE games SET options = '{}'")
        await db.execute("DELETE FROM schema_migrations WHERE number = 7")
        await db.execute("DROP TABLE install_secret")
        await db.commit()
    t = await open_tables(path)
    try:
        started = await t.game_in(CHAN)
        lobby = await t.game_in(CHAN + 1)
        assert started.options == {"rules": 1} and lobby.options == {}
        record = {"kind": "mars", "players": ["ann", "bob"], "seed": started.seed}
        game = replay({**record, "options": started.options, "moves": []})
        assert isinstance(game, MarsGame) and game.s["rules"] == 1
        assert len(await t.store.install_secret()) == 32
        json.dumps(game.view(None))
    finally:
        await t.close()


@pytest.mark.parametrize(
    ("migration", "rules"),
    [
        (9, 2),
        (10, 3),
        (11, 4),
        (12, 5),
        (14, 6),
        (15, 7),
        (16, 8),
        (17, 9),
        (18, 10),
        (19, 11),
        (20, 12),
    ],
)
async def test_a_rules_migration_keeps_started_mars_games_on_their_rules(
    tmp_path, migration: int, rules: int
) -> None:
    """On Mars rules 3 (migration 9), 4 (migration 10), 5 (migration 11), 6 (migration 12), 7
    (migration 14), 8 (migration 15, MARS-GAP-03's Colonist payment), 9 (migration 16,
    MARS-GAP-10's published Discovery tiles) and 10 (migration 17, MARS-GAP-18's published
    Blueprint cards): a game started on the
    rules before (no "rules" option since the migration before) is stamped with them and replays
    on them, its players' starting crystals too; games stamped before and lobbies are left
    alone."""
    path = tmp_path / f"v{rules}.sqlite3"
    t = await open_tables(path)
    await _start_mars(t, CHAN, 5, rules=rules)
    await t.create("mars", GUILD, CHAN + 1, ANN, "ann", seed=6)
    await _start_mars(t, CHAN + 2, 7, rules=rules - 1)
    await t.close()
    async with aiosqlite.connect(path) as db:  # as the database was before the migration
        await db.execute(
            "UPDATE games SET options = '{}' WHERE channel_id IN (?, ?)", (CHAN, CHAN + 1)
        )
        await db.execute("DELETE FROM schema_migrations WHERE number = ?", (migration,))
        await db.commit()
    t = await open_tables(path)
    try:
        started, lobby, old = [await t.game_in(CHAN + k) for k in range(3)]
        assert started.options == {"rules": rules} and lobby.options == {}
        assert old.options == {"rules": rules - 1}
        record = {"kind": "mars", "players": ["ann", "bob"], "seed": started.seed}
        game = replay({**record, "options": started.options, "moves": []})
        assert isinstance(game, MarsGame)
        start = D.START_CRYSTALS_4 if rules >= 4 else D.START_CRYSTALS
        assert game.s["rules"] == rules and game.s["players"][0]["depot"] == start
    finally:
        await t.close()
