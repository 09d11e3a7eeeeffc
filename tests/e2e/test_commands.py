"""The other commands: lobby management, permissions, read-only views, paging."""

from __future__ import annotations

import pytest

from devkit.standin import BotProcess, StandIn
from tests.e2e.helpers import is_turn_post, open_game

pytestmark = [pytest.mark.e2e, pytest.mark.shared_bot]


async def test_lobby_management_and_permissions(standin: StandIn, bot: BotProcess) -> None:
    ann, bob, cy, dee = (standin.user(n) for n in ("ann", "bob", "cy", "dee"))
    mod = standin.user("mod", manage_channels=True)
    games = standin.games
    ix = await standin.slash(ann, games, "game new", game="nope")
    assert ix.ephemeral and "no game called" in ix.text
    ix = await standin.slash(ann, games, "game new", game="tally", seats=3, options="{bad")
    assert "not valid JSON" in ix.text
    ix = await standin.slash(ann, games, "game new", game="tally", seats=3)
    assert not ix.ephemeral and "lobby" in ix.text
    ix = await standin.slash(bob, games, "game new", game="tally")
    assert "already has a game" in ix.text
    for user in (bob, cy):
        await standin.slash(user, games, "game join")
    ix = await standin.slash(dee, games, "game join")
    assert "full" in ix.text
    ix = await standin.slash(bob, games, "game kick", user=cy)
    assert "host" in ix.text.lower()
    ix = await standin.slash(ann, games, "game kick", user=cy)
    assert "removed" in ix.text
    await standin.slash(dee, games, "game join")
    ix = await standin.slash(mod, games, "game replace", old=dee, new=cy)
    assert "takes over" in ix.text
    ix = await standin.slash(bob, games, "game leave")
    assert "left" in ix.text
    ix = await standin.slash(ann, games, "game seats")
    assert ix.ephemeral and "1. ann (host)" in ix.text and "2. cy" in ix.text
    ix = await standin.slash(ann, games, "status")
    assert "lobby" in ix.text.lower() and "<t:" in ix.text
    ix = await standin.slash(cy, games, "game start")
    assert "host" in (await ix.wait_text()).lower() and ix.ephemeral
    ix = await standin.slash(ann, games, "game list")
    assert games.mention in ix.text and "lobby" in ix.text
    ix = await standin.slash(bob, games, "game abort")
    assert "Manage Channels" in ix.text
    ix = await standin.slash(mod, games, "game abort")
    assert ix.original is not None
    keep = await standin.click(mod, ix.original, label="Keep playing")
    await keep.wait_text("Nothing was changed")
    ix = await standin.slash(mod, games, "game abort")
    assert ix.original is not None
    done = await standin.click(mod, ix.original, label="Abort the game")
    await done.wait_text("Aborted")


async def test_read_only_views_and_paging(standin: StandIn, bot: BotProcess) -> None:
    ann, bob, eve = standin.user("ann"), standin.user("bob"), standin.user("eve")
    games = standin.games
    ix = await standin.slash(eve, games, "help")
    assert ix.original is not None
    assert "/play" in ix.text and len(ix.original.content) <= 2000
    ix = await standin.slash(eve, games, "rules")
    assert "Rules topics" in ix.text
    first = await open_game(standin, [ann, bob], seed=3)
    ix = await standin.slash(eve, games, "board")
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert ix.ephemeral
    # one player's own board, in detail, from the public information
    ix = await standin.slash(eve, games, "board", player=ann)
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert "ann's board" in await ix.wait_text("board")
    ix = await standin.slash(ann, games, "board", player=eve)
    assert "not playing" in (await ix.wait_text()).lower()
    ix = await standin.slash(eve, games, "me")
    assert "not playing" in (await ix.wait_text()).lower()
    ix = await standin.slash(ann, games, "me")
    assert "Choose your stake" in await ix.wait_text("Your view")
    await standin.slash(ann, games, "play", move="stake 1")
    await standin.slash(bob, games, "play", move="stake 1")
    await standin.wait_for_message(games, lambda m: is_turn_post(m) and "Draw" in m.content)
    for _ in range(20):  # draw until the hand busts or 20 moves are logged
        ix = await standin.slash(ann, games, "play", move="draw")
        if "not legal" in ix.text or "not your turn" in ix.text:
            break
    ix = await standin.slash(eve, games, "status")
    assert "Round 1" in ix.text and "since <t:" in ix.text
    ix = await standin.slash(eve, games, "log")  # the latest page first, then Older
    assert ix.original is not None
    assert len(ix.original.content) <= 2000
    pages = int(ix.text.split("page ")[1].split("/")[1].split()[0])
    assert f"page {pages}/{pages}" in ix.text
    for _ in range(pages - 1):
        older = await standin.click(eve, ix.original, label="Older")
        assert older.response_type == 7
        await older.wait(lambda i: i.answered)
    assert "page 1/" in ix.original.content and "ann chose a stake" in ix.original.content
    assert first.pngs()
