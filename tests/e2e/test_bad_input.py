"""Bad input gets a private answer and no traceback (issue 15 item 4): what Discord would
refuse is refused by the stand-in too, and the bot survives it when sent anyway."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from devkit.standin.driver import Refused
from devkit.standin.models import Upload
from tests.e2e.helpers import open_game, open_menu

pytestmark = pytest.mark.e2e

BIG = 2**63
NESTED = Upload("nested.json", b"[" * 120_000 + b"]" * 120_000)


@pytest.mark.shared_bot  # no traceback in the whole shared log, either
async def test_bad_input_is_answered_privately_without_a_traceback(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    first = await open_game(standin, [alice, bob])
    menu = await open_menu(standin, alice, first)
    option = menu.original.components[0]["custom_id"]
    _, _, game, seat, version, _ = option.split(":")

    with pytest.raises(Refused, match=r"out of range|from 1"):  # Discord's own range check
        await standin.slash(alice, standin.games, "export", game=BIG)
    answers = [
        await standin.slash(alice, standin.games, "export", game=BIG, unchecked=True),
        await standin.slash(alice, standin.games, "export", game=2**53 - 1),
        await standin.slash(alice, standin.games, "nosuchcommand", unchecked=True),
        await standin.slash(alice, standin.games, "log", page="x" * 5000, unchecked=True),
        await standin.slash(alice, standin.channel("lounge"), "import", file=NESTED),
        await standin.forge(alice, first, f"alg:play:{BIG}:1"),
        await standin.forge(alice, first, f"alg:o:{'9' * 30}:0:0:0"),
        await standin.forge(alice, first, f"alg:resign:{BIG}"),
        await standin.forge(alice, first, f"alg:undo:y:{BIG}"),
        await standin.forge(alice, first, "alg:o:1:0"),
        await standin.forge(alice, menu.original, f"alg:s:{game}:{seat}:{version}", values=["abc"]),
        await standin.forge(
            alice, menu.original, f"alg:s:{game}:{seat}:{version}", values=[str(BIG)]
        ),
    ]
    for ix in answers:
        text = await ix.wait_text()
        assert ix.ephemeral and text, (ix.payload.get("data"), text)
        assert "went wrong" not in text, text
    nested = answers[4].text
    assert "nested too deeply" in nested, nested
    # nothing moved: the real menu still plays
    real = await standin.click(alice, menu.original, option)
    assert "✔" in await real.wait_text()
    assert "Traceback" not in bot.log_path.read_text(errors="replace")
