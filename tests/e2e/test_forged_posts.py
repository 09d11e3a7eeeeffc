"""A control answered by editing its message in place (Keep playing, Abort, Resign, the log's
pages, Undo my turn, the lobby's Start) edits only the message it really lives on. A
modified client can claim any message of the channel as the one clicked: claimed on the
public turn post, such a click used to replace the post's text and take its Play and Full
board buttons away. It gets a fresh private answer now, and changes nothing."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, Message, StandIn
from devkit.standin.records import Interaction
from tests.e2e.helpers import is_turn_post, open_game, open_menu, pick, stakes_in

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]

MISPLACED = "does not belong"


def looks(message: Message) -> tuple[str, list[str]]:
    return message.content, list(message.custom_ids)


async def refused(ix: Interaction, expected: str = MISPLACED) -> str:
    """A fresh private answer (never an edit of the message the click claims)."""
    text = await ix.wait_text()
    assert ix.ephemeral and ix.response_type in (4, 5), (ix.response_type, text)
    assert expected in text.lower(), text
    return text


async def test_confirmations_forged_on_the_turn_post_change_nothing(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob, eve = (standin.user(n) for n in ("alice", "bob", "eve"))
    first = await open_game(standin, [alice, bob])
    game = first.custom_ids[0].split(":")[2]
    before = looks(first)
    for user, custom_id in (
        (eve, f"alg:keep:{game}"),  # anyone, any game: it used to wipe any bot message
        (eve, "alg:keep:999999"),
        (eve, f"alg:log:{game}:1"),
        (bob, f"alg:resign:{game}"),
        (alice, f"alg:abort:{game}"),
        (alice, f"alg:start:{game}"),
    ):
        await refused(await standin.forge(user, first, custom_id))
        assert looks(first) == before, custom_id
    # nothing happened: bob did not resign, alice did not abort, the game plays on
    menu = await open_menu(standin, alice, first)
    assert "stake" in menu.original.content.lower(), menu.original.content
    status = await standin.slash(eve, standin.games, "status")
    assert "aborted" not in status.text and "resigned" not in status.text, status.text


async def test_undo_my_turn_forged_on_the_turn_post_changes_nothing(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    post = await stakes_in(standin, alice, bob)
    menu = await open_menu(standin, alice, post)
    step = await pick(standin, alice, menu.original, "Stop drawing")
    await step.wait_text("stops")
    undo = next(c for c in menu.original.custom_ids if c.startswith("alg:u:"))
    before = looks(post)
    await refused(await standin.forge(alice, post, undo))
    assert looks(post) == before, "the public post was replaced by alice's menu"
    # the move was not taken back: the real button in alice's menu still takes it back
    real = await standin.click(alice, menu.original, label="Undo my turn")
    assert "Taken back (1 move)" in await real.wait_text("Taken back")


async def test_forged_start_needs_the_lobby_post(standin: StandIn, bot: BotProcess) -> None:
    ann, bob = standin.user("ann"), standin.user("bob")
    games = standin.games
    new = await standin.slash(ann, games, "game new", game="tally", seats=2, seed=3)
    lobby = new.original
    assert lobby is not None
    joined = await standin.slash(bob, games, "game join")
    said = joined.original
    assert said is not None and not said.ephemeral
    start = next(c for c in lobby.custom_ids if c.startswith("alg:start:"))
    before = looks(said)
    await refused(await standin.forge(ann, said, start))
    assert looks(said) == before
    assert not any(is_turn_post(m) for m in standin.posts(games)), "the game started"
    go = await standin.click(ann, lobby, label="Start")  # the real button still works
    assert go.response_type == 6  # answered at once (deferred)
    await standin.wait_for_message(games, is_turn_post)


async def test_keep_playing_checks_the_game_and_the_clicker(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob, eve = (standin.user(n) for n in ("alice", "bob", "eve"))
    first = await open_game(standin, [alice, bob])
    game = first.custom_ids[0].split(":")[2]
    # eve's own private answer, claimed as an abort confirmation of a game not hers
    log = await standin.slash(eve, standin.games, "log")
    mine = log.original
    assert mine is not None and mine.ephemeral
    before = looks(mine)
    await refused(await standin.forge(eve, mine, "alg:keep:999999"), "no game #999999")
    await refused(await standin.forge(eve, mine, f"alg:keep:{game}"), "not playing")
    assert looks(mine) == before
    # the real confirmation: Keep playing closes it in place
    ask = await standin.slash(alice, standin.games, "game abort")
    assert ask.original is not None and "Keep playing" in ask.original.labels
    keep = await standin.click(alice, ask.original, label="Keep playing")
    assert keep.response_type == 7 and "Nothing was changed" in await keep.wait_text()
