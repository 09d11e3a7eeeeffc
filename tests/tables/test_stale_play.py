"""A Play button stays valid while the caller's own decision is unchanged (issue 12 item 4):
another player's move (and the post it makes) does not make it out of date."""

from __future__ import annotations

import pytest

from tables import StaleDecision, Tables
from tables.models import Where
from tests.tables.conftest import ANN, BOB, CAT, CHAN, GUILD, started


async def test_an_older_play_button_opens_an_unchanged_decision(tables: Tables) -> None:
    start = await started(tables, players=3)
    here = Where(GUILD, CHAN)
    await tables.play(CHAN, ANN, "stake 1")  # a newer post (move 1) exists now
    assert (await tables.game_in(CHAN)).announced_seq == 1
    opened = await tables.open_menu(here, BOB, start.game_id, 0)  # the start post's button
    assert opened.decision.prompt == "Choose your stake"
    await tables.play(CHAN, BOB, "stake 1")
    await tables.play(CHAN, CAT, "stake 1")  # ann draws now: a decision opened after move 0
    with pytest.raises(StaleDecision):
        await tables.open_menu(here, ANN, start.game_id, 0)
    latest = (await tables.game_in(CHAN)).announced_seq
    assert (await tables.open_menu(here, ANN, start.game_id, latest)).decision.seat == 0
