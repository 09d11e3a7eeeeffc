"""Clicks through the table layer: the channel of the game, the seat, the menu's version;
a move returns the mover's next decision, read from the state it made."""

from __future__ import annotations

import pytest

from tables import NotSeated, StaleDecision, Tables
from tables.errors import ForeignControl
from tables.models import Where
from tests.tables.conftest import ANN, BOB, CHAN, GUILD, started

HERE = Where(GUILD, CHAN)


async def _state(tables: Tables, game_id: int) -> tuple[int, int]:
    info = await tables.game(game_id)
    return info.version, len(await tables.store.moves(game_id))


async def test_a_click_outside_the_games_channel_or_guild_changes_nothing(tables) -> None:
    info = await started(tables)
    decision = (await tables.decisions_for(CHAN, ANN))[0]
    before = await _state(tables, info.game_id)
    for where in (Where(GUILD, CHAN + 1), Where(GUILD + 1, CHAN), Where(None, CHAN)):
        with pytest.raises(ForeignControl, match="another channel"):
            await tables.play_option(where, ANN, info.game_id, decision.seat, decision.version, 0)
        with pytest.raises(ForeignControl):
            await tables.open_menu(where, ANN, info.game_id, 0)
        with pytest.raises(ForeignControl):
            await tables.menu_decision(where, ANN, info.game_id, decision.seat, decision.version)
    assert await _state(tables, info.game_id) == before


async def test_another_players_seat_stale_versions_and_bad_indices_are_refused(tables) -> None:
    info = await started(tables)
    mine = (await tables.decisions_for(CHAN, ANN))[0]
    before = await _state(tables, info.game_id)
    with pytest.raises(NotSeated, match="another player"):
        await tables.play_option(HERE, BOB, info.game_id, mine.seat, mine.version, 0)
    with pytest.raises(StaleDecision):
        await tables.play_option(HERE, ANN, info.game_id, mine.seat, mine.version + 1, 0)
    for index in (-1, len(mine.options), 10_000):
        with pytest.raises(StaleDecision):
            await tables.play_option(HERE, ANN, info.game_id, mine.seat, mine.version, index)
    assert await _state(tables, info.game_id) == before


async def test_a_move_returns_the_next_decision_of_the_new_state(tables) -> None:
    info = await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    mine = next(d for d in await tables.decisions_for(CHAN, BOB))
    result = await tables.play_option(HERE, BOB, info.game_id, mine.seat, mine.version, 0)
    assert result.version == 2 and result.next is None  # bob is done; ann draws
    ann = (await tables.decisions_for(CHAN, ANN))[0]
    draw = next(i for i, o in enumerate(ann.options) if o.move == "draw")
    result = await tables.play_option(HERE, ANN, info.game_id, ann.seat, ann.version, draw)
    assert result.next is not None and result.next.version != ann.version
    assert result.next == (await tables.decisions_for(CHAN, ANN))[0]
