"""After /game replace the new player's name is the one players read (issue 12 item 7):
the log lines from then on, the picture's view, /status and the final standings."""

from __future__ import annotations

from tables import Tables
from tests.tables.conftest import ANN, BOB, CAT, CHAN, started


async def test_the_new_player_is_named_everywhere_from_then_on(tables: Tables) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 1")
    await tables.replace(CHAN, ANN, BOB, CAT, "cat")  # bob's seat (1) to cat
    status = await tables.status(CHAN)
    assert [t.name for t in status.to_act] == ["cat"]
    assert [s.player for s in status.scores] == ["ann", "cat"]
    view = await tables.view(CHAN)
    assert view["players"] == ["ann", "cat"], "the picture names cat"
    r = await tables.play(CHAN, CAT, "stake 2")
    assert r.events == ("cat chose a stake; all stakes are in",)
    page = await tables.log(CHAN)
    assert page.entries[0].events == ("ann chose a stake",), "what was logged stays"
    assert page.entries[-1].name == "cat"
