"""A new lobby names its game's rules version in its options (``options["rules"]``), so the
game's move log replays on the rules it began on after a later version changes the engine:
no storage migration has to stamp started games any more (migrations 7-14 did)."""

from __future__ import annotations

import pytest

import engine.algae
import engine.mars  # noqa: F401  (registers mars)
from engine.algae.data import HEAD_START
from engine.algae.game import AlgaeGame
from engine.core import GAMES, replay
from engine.frames import FrameGame
from tables import open_tables
from tests.tables.conftest import ANN, BOB, CHAN, GUILD


@pytest.mark.parametrize("kind", ["algae", "mars"])
async def test_a_new_lobby_names_the_current_rules_and_the_game_keeps_them(
    tmp_path, kind: str
) -> None:
    latest = GAMES[kind].cls.RULES_LATEST  # type: ignore[attr-defined]
    t = await open_tables(tmp_path / f"{kind}.sqlite3")
    try:
        await t.create(kind, GUILD, CHAN, ANN, "ann", seed=3)
        assert (await t.game_in(CHAN)).options == {"rules": latest}
        await t.join(CHAN, BOB, "bob")
        await t.start(CHAN, ANN)
        row = await t.game_in(CHAN)
        assert row.options == {"rules": latest}
        record = {"kind": kind, "players": ["ann", "bob"], "seed": row.seed, "moves": []}
        game = replay({**record, "options": row.options})
        assert isinstance(game, FrameGame) and game.s["rules"] == latest
    finally:
        await t.close()


async def test_a_rules_version_the_host_asked_for_is_kept(tmp_path) -> None:
    """An older version asked for (replaying a record on its own rules) is not overwritten."""
    t = await open_tables(tmp_path / "old.sqlite3")
    try:
        await t.create("algae", GUILD, CHAN, ANN, "ann", seed=3, options={"rules": 2})
        await t.join(CHAN, BOB, "bob")
        await t.start(CHAN, ANN)
        row = await t.game_in(CHAN)
        assert row.options == {"rules": 2}
        record = {"kind": "algae", "players": ["ann", "bob"], "seed": row.seed, "moves": []}
        game = replay({**record, "options": row.options})
        assert isinstance(game, AlgaeGame) and game.s["rules"] == 2
    finally:
        await t.close()


async def test_the_start_post_names_the_algae_head_start(tmp_path) -> None:
    """Algae rules 3 (ALG-GAP-01): the start post says who starts with how many VP, since the
    board picture shows only the totals; a game with no head start says nothing of it."""
    HS = HEAD_START[2]
    assert HS["bioplastics"] and HS["food"] and not HS["cosmetics"] and not HS["biofuel"]
    t = await open_tables(tmp_path / "start.sqlite3")
    try:
        for channel, depts, want in (
            (
                CHAN,
                ["bioplastics", "food"],
                f"ann (Bioplastics) {HS['bioplastics']} VP, bob (Food) {HS['food']} VP",
            ),
            (CHAN + 1, ["cosmetics", "biofuel"], None),
        ):
            options = {"departments": depts}
            await t.create("algae", GUILD, channel, ANN, "ann", seed=3, options=options)
            await t.join(channel, BOB, "bob")
            started = await t.start(channel, ANN)
            heads = [ln for ln in started.lines if ln.startswith("Head start")]
            assert heads == (
                [f"Head start, to even out the departments at this player count: {want}"]
                if want
                else []
            )
    finally:
        await t.close()
