"""/settings: a refused change writes nothing, not even the parts that were valid."""

from __future__ import annotations

import pytest

from tables.prefs import PrefsError
from tests.tables.conftest import ANN


@pytest.mark.parametrize(
    "change",
    [
        dict(tz="Europe/Paris", quiet=(4, 4)),  # the case: the zone was stored
        dict(tz="Europe/Paris", dm=True, quiet=(3, 24)),
        dict(dm=True, tz="Not/AZone"),
    ],
)
async def test_a_refused_settings_change_leaves_every_setting_as_it_was(tables, change) -> None:
    await tables.set_prefs(ANN, tz="Asia/Tokyo", quiet=(22, 7), dm=False)
    before = await tables.store.settings(ANN)
    with pytest.raises(PrefsError):
        await tables.set_prefs(ANN, **change)
    assert await tables.store.settings(ANN) == before


async def test_a_valid_change_is_written_whole(tables) -> None:
    prefs = await tables.set_prefs(ANN, tz="Europe/Paris", quiet=(23, 6), dm=True)
    assert prefs.tz == "Europe/Paris" and prefs.dm and prefs.quiet is not None
    assert (prefs.quiet.start, prefs.quiet.end) == (23, 6)
