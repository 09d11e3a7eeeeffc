"""On Mars through Discord as players meet it: lobby, start, turns by the Play button and the
private menus (buttons, selects, a chain of sub-choices with hex steps), the public posts
and their mentions, refused clicks, and private goals kept private.

The test reads the game through the table layer on the bot's own database (read only) to
know which option a menu entry stands for and what each player's private goals say."""

from __future__ import annotations

import re

import pytest

import engine
import imaging
from cogs import menu_model
from cogs.text import LABEL_LIMIT, label
from devkit.standin import BotProcess, Interaction, Message, StandIn
from devkit.standin.models import User
from engine.core import Decision
from tables import Tables
from tables.models import Where
from tests.e2e.helpers import is_turn_post, old_play

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.shared_bot,
    pytest.mark.skipif("mars" not in engine.GAMES, reason="On Mars is not installed"),
]

# what each player would like to do, first match wins ("step" stands for any hex step)
WISHES = ("x bots", "bot 1", "step", "discard 3", "pod", "x warehouse", "battery", "end")


def wanted(decision: Decision, used: set[str]) -> str:
    moves = [o.move for o in decision.options]
    for wish in WISHES:
        if wish == "step":
            steps = [m for m in moves if m != "stop" and decision.prompt.startswith("Move your")]
            if steps and len(moves) > 1:
                return steps[0]
        elif wish in moves and wish not in used:
            return wish
    return moves[0]


async def decision_of(tables: Tables, standin: StandIn, user: User) -> Decision:
    decisions = await tables.decisions_for(standin.games.id, user.id)
    assert len(decisions) == 1, decisions
    return decisions[0]


async def choose(
    standin: StandIn, tables: Tables, user: User, menu: Message, move: str
) -> Interaction:
    """Pick ``move`` in the private menu as a player would: the button, the select entry,
    or first the group and then the entry of a two-level select. The menu may pair an
    option with its sub-choice (tables/lookahead.py): then the first pair starting with
    ``move`` that does not stop at once is picked (one click for both)."""
    real = await decision_of(tables, standin, user)
    info = await tables.game_in(standin.games.id)
    decision = await tables.menu_decision(
        Where(info.guild_id, info.channel_id), user.id, info.id, real.seat, real.version
    )
    fits = [i for i, o in enumerate(decision.options) if move in (o.move, o.move.split("+")[0])]
    going = [i for i in fits if decision.options[i].move.split("+")[-1] not in ("stop", "end")]
    index = (going or fits)[0]  # a pair that goes somewhere, like a player would pick
    text = decision.options[index].label
    for comp in menu.components:
        cid = comp.get("custom_id", "")
        assert cid.split(":")[4] == str(decision.version), (cid, decision.version)
        if cid.startswith("alg:g:"):  # many options: pick the group first
            parts = menu_model.sections(decision)
            section = next(n for n, (_, idx) in enumerate(parts) if index in idx)
            ix = await standin.click(user, menu, cid, values=[str(section)])
            await ix.wait_text()
            return await choose(standin, tables, user, menu, move)
        if cid.startswith("alg:s:"):
            shown = {o["value"]: o["label"] for o in comp["options"]}
            assert shown[str(index)] == label(text), (shown, text)
            return await standin.click(user, menu, cid, values=[str(index)])
        game_id, seat, version = map(int, cid.split(":")[2:5])
        if cid == menu_model.option_id(game_id, seat, version, index):
            assert comp["label"] == label(text, LABEL_LIMIT)
            return await standin.click(user, menu, cid)
    raise AssertionError(f"{move!r} not offered: {menu.components}")


async def poke(standin: StandIn, user: User, menu: Message) -> str:
    """Use the first control of a menu (its first entry for a select): the answer's text."""
    comp = menu.components[0]
    values = [comp["options"][0]["value"]] if comp.get("type") == 3 else None
    ix = await standin.click(user, menu, comp["custom_id"], values=values)
    assert ix.ephemeral
    return (await ix.wait_text()).lower()


def check_post(post: Message, acting: User, others: list[User], secrets: list[str]) -> None:
    assert post.pngs() and post.pngs()[0].startswith(b"\x89PNG"), "the post carries the board"
    assert post.allowed_mentions is not None
    assert post.allowed_mentions["parse"] == []
    assert [int(u) for u in post.allowed_mentions["users"]] == [acting.id]
    assert acting.mention in post.content
    for user in others:
        assert user.mention not in post.content, post.content
    for goal in secrets:
        assert goal not in post.content, (goal, post.content)


# One scenario, top to bottom.
async def test_mars_turns_through_menus(  # noqa: C901
    standin: StandIn, bot: BotProcess, tables: Tables
) -> None:
    ann, bob = standin.user("ann"), standin.user("bob")
    players = [ann, bob]
    ix = await standin.slash(ann, standin.games, "game new", game="mars", seats=2, seed=5)
    assert "On Mars" in ix.text and "lobby" in ix.text, ix.text
    ix = await standin.slash(bob, standin.games, "game join")
    assert "joined" in ix.text, ix.text
    await standin.slash(ann, standin.games, "game start")
    first = post = await standin.wait_for_message(standin.games, is_turn_post)

    # every player's private goals, from the engine through the table layer
    info, game = await tables.load(standin.games.id)
    seat_of = {u.id: info.seats_of(u.id)[0].seat for u in players}
    goals = {u.id: list(game.view(seat_of[u.id])["seats"][seat_of[u.id]]["goals"]) for u in players}
    assert all(len(g) == 3 for g in goals.values()), goals
    secrets = [g for gs in goals.values() for g in gs]

    turns = 0
    chained = False
    hex_steps = 0
    used: dict[int, set[str]] = {u.id: set() for u in players}
    while turns < 5:
        actors = [u for u in players if u.mention in post.content]
        assert len(actors) == 1, post.content
        user = actors[0]
        other = next(u for u in players if u is not user)
        check_post(post, user, [other], secrets)

        # the other player cannot open a menu on it
        late = await standin.click(other, post, label="Play")
        assert "not your turn" in (await late.wait_text()).lower()
        assert late.ephemeral

        menu = await standin.click(user, post, label="Play")
        await menu.wait_text()
        assert menu.original is not None
        assert menu.ephemeral and menu.original.components, menu.text
        # what the player holds, under the prompt of their private menu (readable on a phone)
        info, game = await tables.load(standin.games.id)
        hand = game.hand_line(seat_of[user.id])
        assert hand and f"\n-# {hand}" in menu.original.content, menu.original.content
        spare = None
        if turns == 2:  # a second menu on the same post goes stale after the first choice
            spare = await standin.click(user, post, label="Play")
            await spare.wait_text()
        # another player's click in this menu is refused
        assert "belongs to another player" in await poke(standin, other, menu.original)

        steps = 0
        before = len(standin.posts(standin.games))
        while "Your turn is done" not in menu.original.content:
            decision = await decision_of(tables, standin, user)
            move = wanted(decision, used[user.id])
            used[user.id].add(move)
            if re.fullmatch(r"[a-i][1-9]", move) and len(decision.options) > 5:  # map hexes
                assert menu.original.components[0]["type"] == 3, "hex steps come in a select"
                hex_steps += 1
            step = await choose(standin, tables, user, menu.original, move)
            assert step.response_type == 6  # deferred at once, then the menu is edited in place
            await step.wait_text()
            steps += 1
            assert steps < 15, menu.original.content
            if spare is not None:
                assert spare.original is not None
                assert "out of date" in await poke(standin, user, spare.original)
                spare = None
            if "Your turn is done" not in menu.original.content:
                assert len(standin.posts(standin.games)) == before, "no post mid-turn"
        if steps > 3:
            chained = True
        turns += 1
        post = await standin.wait_for_message(standin.games, is_turn_post, after=post)

    assert chained and hex_steps >= 2, "a turn went through a chain of sub-choices and hexes"
    # one public post per completed turn, nothing else
    turn_posts = [m for m in standin.posts(standin.games) if is_turn_post(m)]
    assert len(turn_posts) == turns + 1 and turn_posts[0].id == first.id
    acting = next(u for u in players if u.mention in post.content)
    check_post(post, acting, [u for u in players if u is not acting], secrets)
    # the goals discarded along the way were discarded unseen
    held = await tables.view(standin.games.id, ann.id)
    assert held["seats"][seat_of[ann.id]]["goals_held"] < 3

    # an old Play button, for the player to act now, is refused as out of date
    old = await old_play(standin, acting, first)
    assert "out of date" in (await old.wait_text()).lower()

    # /status names whose turn it is
    status = await standin.slash(bob, standin.games, "status")
    assert "On Mars" in status.text and f"To act:\n{acting.name} —" in status.text, status.text
    for goal in secrets:
        assert goal not in status.text

    # /me: the caller's own view, goals shown (the picture drawn from their own view)
    info, game = await tables.load(standin.games.id)
    for user in players:
        me = await standin.slash(user, standin.games, "me")
        await me.wait(lambda i: any(m.pngs() for m in i.replies))
        assert me.ephemeral and "Your view" in me.text
        own = game.view(seat_of[user.id])
        mine = own["seats"][seat_of[user.id]]
        assert mine["goals"] or not mine["goals_held"], "the own view holds the goals"
        [png] = [p for m in me.replies for p in m.pngs()]
        assert png == imaging.render("mars", "player", own)

    # /board and /board player:@x: public pictures, no private goal in sight
    board = await standin.slash(ann, standin.games, "board")
    await board.wait(lambda i: any(m.pngs() for m in i.replies))
    for goal in secrets:
        assert goal not in board.text
    public = game.view(None)
    assert all("goals" not in s for s in public["seats"])
    [png] = [p for m in board.replies for p in m.pngs()]
    assert png == imaging.render("mars", "public", public)
    theirs = await standin.slash(ann, standin.games, "board", player=bob)
    await theirs.wait(lambda i: any(m.pngs() for m in i.replies))
    assert "bob's board" in theirs.text
    [png] = [p for m in theirs.replies for p in m.pngs()]
    assert png.startswith(b"\x89PNG")
    assert png == imaging.render("mars", "player", public, seat=seat_of[bob.id])
    assert png != imaging.render("mars", "player", game.view(seat_of[bob.id]))
