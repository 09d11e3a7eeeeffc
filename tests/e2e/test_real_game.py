"""The real game (Algae, Inc.) through Discord: lobby, start, turns by the private menus."""

from __future__ import annotations

import random

import pytest

import engine
from devkit.standin import BotProcess, Message, StandIn
from tables import Tables
from tests.e2e.helpers import is_turn_post

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.shared_bot,
    pytest.mark.skipif("algae" not in engine.GAMES, reason="the real game is not installed"),
]


async def choose_something(standin: StandIn, user, menu: Message, rnd: random.Random):
    """Pick a random option of a private menu (descending into a group when needed)."""
    for comp in menu.components:
        cid = comp.get("custom_id", "")
        if cid.startswith(("alg:s:", "alg:g:")):
            value = rnd.choice(comp["options"])["value"]
            return await standin.click(user, menu, cid, values=[value])
    options = [c for c in menu.components if c.get("custom_id", "").startswith("alg:o:")]
    assert options, (menu.content, menu.components)
    return await standin.click(user, menu, rnd.choice(options)["custom_id"])


def check_limits(menu: Message) -> None:
    assert len(menu.content) <= 2000
    assert len(menu.payload["components"]) <= 5
    for comp in menu.components:
        assert len(comp.get("custom_id", "")) <= 100
        assert len(comp.get("label") or "") <= 80
        assert len(comp.get("options") or []) <= 25
        for opt in comp.get("options") or []:
            assert len(opt["label"]) <= 100


async def test_algae_turns_through_menus(standin: StandIn, bot: BotProcess, tables: Tables) -> None:
    rnd = random.Random(3)
    ann, bob = standin.user("ann"), standin.user("bob")
    await standin.slash(ann, standin.games, "game new", game="algae", seed=5)
    await standin.slash(bob, standin.games, "game join")
    await standin.slash(ann, standin.games, "game start")
    post = await standin.wait_for_message(standin.games, is_turn_post)
    assert post.pngs() and post.pngs()[0].startswith(b"\x89PNG")
    posts = 1
    clicks = 0
    seen = {post.id}
    game_id = (await tables.game_in(standin.games.id)).id
    while posts < 6 and clicks < 80:
        # whoever must act presses Play on the newest post (a simultaneous step: its one
        # post comes at its end, so the post that opened it stays the newest meanwhile)
        acting = [u for u in (ann, bob) if await tables.decisions_for(None, u.id, game_id=game_id)]
        assert acting, post.content
        user = acting[0]
        menu = await standin.click(user, post, label="Play")
        await menu.wait_text()
        assert menu.original is not None
        assert menu.ephemeral and menu.original.components, menu.text
        while "Your turn is done" not in menu.original.content and clicks < 80:
            clicks += 1
            check_limits(menu.original)
            ix = await choose_something(standin, user, menu.original, rnd)
            await ix.wait(lambda i: i.answered)
        # the game's last announced move: the turn's last move, or the one that opened the
        # simultaneous step the player just finished their part of
        seq = (await tables.game_in(standin.games.id)).announced_seq

        def announced(m: Message, t: int = seq) -> bool:
            return is_turn_post(m) and f"move {t}\n" in m.content

        post = await standin.wait_for_message(standin.games, announced)
        if post.id in seen:
            continue
        seen.add(post.id)
        posts += 1
        assert post.pngs(), "every turn post carries the board"
        assert post.allowed_mentions is not None
        assert "<@" in post.content and post.allowed_mentions["parse"] == []
    assert posts >= 6
    status = await standin.slash(bob, standin.games, "status")
    assert "Algae" in status.text and "<t:" in status.text
    me = await standin.slash(ann, standin.games, "me")
    await me.wait_text("Your view")
    board = await standin.slash(bob, standin.games, "board")
    await board.wait(lambda i: any(m.pngs() for m in i.replies))
