"""Forged controls: a custom id names its game, seat and version, but a click counts only
in the guild and channel of that game, for the seat the clicker holds (issue 15 item 2)."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import open_game, open_menu

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]


async def test_a_forged_option_of_another_channels_game_is_refused(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob, carol, dan = (standin.user(n) for n in ("alice", "bob", "carol", "dan"))
    other = standin.channel("table-2")
    first_a = await open_game(standin, [alice, bob])
    first_b = await open_game(standin, [carol, dan], channel=other)
    menu_b = await open_menu(standin, dan, first_b)
    option_b = menu_b.original.components[0]["custom_id"]
    # dan clicks game B's option from channel A (a modified client can claim anything)
    forged = await standin.forge(dan, first_a, option_b)
    text = (await forged.wait_text()).lower()
    assert forged.ephemeral and "another channel" in text, text
    play_b = first_b.components[0]["custom_id"]
    forged_play = await standin.forge(dan, first_a, play_b)
    assert "another channel" in (await forged_play.wait_text()).lower()
    log_b = await standin.slash(carol, other, "log")
    assert "stake" not in log_b.text.lower(), log_b.text  # game B did not move
    # the real menu of game B still works: nothing was applied, its version did not move
    real = await standin.click(dan, menu_b.original, option_b)
    assert "✔" in (await real.wait_text()), real.text
