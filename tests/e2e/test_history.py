"""History through the stand-in: undo within a turn, by consent, refused after a reveal;
/log and /history; export -> import round trip; resign and /stats."""

from __future__ import annotations

import json

import pytest

from devkit.standin import BotProcess, StandIn
from devkit.standin.models import Upload
from tests.e2e.helpers import open_game, open_menu, pick, stakes_in

pytestmark = pytest.mark.e2e


@pytest.mark.shared_bot
async def test_undo_within_a_turn_and_refused_after_a_reveal(
    standin: StandIn, bot: BotProcess
) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    games = standin.games
    post = await stakes_in(standin, alice, bob)
    ix = await standin.slash(alice, games, "play", move="draw")  # random: a reveal
    assert "drew" in ix.text
    menu = await open_menu(standin, alice, post)
    step = await pick(standin, alice, menu.original, "Stop drawing")
    await step.wait_text("stops")
    stale_menu = menu.original
    assert any(c.get("type") == 3 for c in stale_menu.components), "aiming: a select"

    posts_before = len(standin.posts(games))
    ix = await standin.slash(alice, games, "undo")  # her turn so far, back to the draw
    assert "Taken back" in await ix.wait_text("Taken back") and ix.ephemeral
    # a private step taken back: no public post, no ping (issue 12 item 3)
    assert len(standin.posts(games)) == posts_before
    # the menu from before the undo is out of date; the turn post's Play button works
    groups = [c for c in stale_menu.components if c.get("type") == 3]
    late = await standin.click(alice, stale_menu, groups[0]["custom_id"], values=["0"])
    assert "out of date" in (await late.wait_text()).lower()
    fresh = await open_menu(standin, alice, post)
    assert "Stop drawing" in fresh.original.labels

    # the draw revealed a card: no undo, neither free nor by consent
    ix = await standin.slash(alice, games, "undo")
    text = (await ix.wait_text("cannot")).lower()
    assert "revealed" in text and ix.ephemeral
    assert not [m for m in standin.posts(games) if "asks to take back" in m.content]

    # the log keeps the move and its undo; /history shows an earlier board
    ix = await standin.slash(bob, games, "log")
    text = await ix.wait_text("page 1/")
    # in the game's words, not its notation (issue 12 item 6)
    assert "~~alice stops at" in text and "(taken back at #5)" in text
    assert "↩ alice took back 1 move" in text and "done" not in text.split("-#")[0]
    ix = await standin.slash(bob, games, "log", player="bob")
    text = await ix.wait_text("page 1/")
    assert "bob chose a stake" in text and "alice" not in text.split("-#")[0]
    ix = await standin.slash(bob, games, "log", round=1)  # the round filter replays: deferred
    assert "· round 1" in await ix.wait_text("round 1")
    ix = await standin.slash(bob, games, "history", move=4)
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert "after move 4" in ix.text and ix.ephemeral
    ix = await standin.slash(bob, games, "history", move=9999)  # past the end: said so
    await ix.wait(lambda i: any(m.pngs() for m in i.replies))
    assert "There is no move 9999" in ix.text


async def test_undo_by_consent(standin: StandIn, bot: BotProcess) -> None:
    alice, bob, eve = standin.user("alice"), standin.user("bob"), standin.user("eve")
    games = standin.games
    first = await open_game(standin, [alice, bob])
    await standin.slash(alice, games, "play", move="stake 2")
    ix = await standin.slash(alice, games, "undo", moves=1)  # posted: bob must agree
    await ix.wait_text("consent")
    ask = await standin.wait_for_message(games, lambda m: "asks to take back" in m.content)
    assert "#1 alice chose a stake" in ask.content, "the request says what it takes back"
    assert first.id != ask.id and ask.labels == ["Approve", "Refuse"]
    assert ask.allowed_mentions is not None
    assert [int(u) for u in ask.allowed_mentions["users"]] == [bob.id]
    assert bob.mention in ask.content
    nosy = await standin.click(eve, ask, label="Approve")
    assert "players it affects" in await nosy.wait_text()
    await bot.stop()  # the request and its buttons survive a restart
    await bot.start()
    ok = await standin.click(bob, ask, label="Approve")
    assert ok.response_type == 7
    await standin.wait_until(lambda: "Undo approved" in ask.content)
    assert ask.components == []
    post = await standin.wait_for_message(games, lambda m: "by consent" in m.content)
    assert "took back 1 move" in post.content
    assert post.allowed_mentions is not None
    assert post.allowed_mentions["users"] == [], "bob was already to act: no second ping"
    ix = await standin.slash(eve, games, "status")
    assert ix.text.count("Choose your stake") == 2, ix.text
    # a refusal leaves the game as it is
    await standin.slash(alice, games, "play", move="stake 3")
    await standin.slash(bob, games, "play", move="stake 3")
    ix = await standin.slash(bob, games, "undo")  # alice moved after: she must agree
    await ix.wait_text("consent")
    ask = await standin.wait_for_message(
        games, lambda m: "asks to take back" in m.content, after=post
    )
    no = await standin.click(alice, ask, label="Refuse")
    assert no.response_type == 7 and "refused" in ask.content
    # a new move closes a pending request: a late click takes its buttons away
    ix = await standin.slash(bob, games, "undo")
    await ix.wait_text("consent")
    ask = await standin.wait_for_message(
        games, lambda m: "asks to take back" in m.content, after=ask
    )
    await standin.slash(alice, games, "play", move="draw")
    # the move cancelled it: its buttons go at once, nobody has to click first (item 8)
    await standin.wait_until(lambda: ask.components == [] and "cancelled" in ask.content)


@pytest.mark.shared_bot
async def test_export_import_round_trip_resign_and_stats(standin: StandIn, bot: BotProcess) -> None:
    alice, bob = standin.user("alice"), standin.user("bob")
    games, other = standin.games, standin.channel("table-2")
    await stakes_in(standin, alice, bob)
    await standin.slash(alice, games, "play", move="draw")
    ix = await standin.slash(alice, games, "export")
    assert "seed" in (await ix.wait_text("export")).lower(), "an active game is not exported"
    ix = await standin.slash(alice, games, "game abort")
    assert ix.original is not None
    done = await standin.click(alice, ix.original, label="Abort the game")
    await done.wait_text("Aborted")
    ix = await standin.slash(bob, games, "export")
    await ix.wait(lambda i: any(m.files for m in i.replies))
    (reply,) = ix.replies
    (raw,) = reply.files.values()
    record = json.loads(raw)
    assert record["kind"] == "tally" and record["players"] == ["alice", "bob"]
    assert record["moves"] == [[0, "stake 2"], [1, "stake 1"], [0, "draw"]]

    bad = dict(record, moves=[*record["moves"][:2], [1, "draw"]])
    ix = await standin.slash(
        bob, other, "import", file=Upload("bad.json", json.dumps(bad).encode())
    )
    assert "move 3" in await ix.wait_text("move 3")
    ix = await standin.slash(bob, other, "import", file=Upload("game.json", raw))
    await ix.wait_text("Imported as game")
    first = await standin.wait_for_message(other, lambda m: "imported by bob" in m.content)
    assert "Play" in first.labels and bob.mention in first.content
    ix = await standin.slash(bob, other, "status")
    assert "Draw or stop" in ix.text
    ix = await standin.slash(bob, other, "log")
    assert "alice drew" in await ix.wait_text("page 1/")
    ix = await standin.slash(bob, other, "play", move="done")  # bob holds every seat
    assert "stops" in ix.text
    ix = await standin.slash(bob, other, "game replace", old=bob, new=alice)
    assert "say which seat" in ix.text
    ix = await standin.slash(bob, other, "game seats")  # bob holds both seats of the import
    assert f"1. alice — held by {bob.mention}" in ix.text and f"Host: {bob.mention}" in ix.text
    ix = await standin.slash(bob, other, "game replace", old=bob, new=alice, seat=1)
    assert "takes over" in ix.text
    # alice must act now: the hand-over pings her, once (issue 12 item 7)
    assert ix.original is not None and ix.original.allowed_mentions is not None
    assert [int(u) for u in ix.original.allowed_mentions["users"]] == [alice.id]
    ix = await standin.slash(alice, other, "play", move="aim a1")  # alice holds seat 1 now
    assert "aimed" in ix.text

    ix = await standin.slash(bob, other, "game resign")
    assert ix.original is not None
    sure = await standin.click(bob, ix.original, label="Resign")
    # issue 10: a resigner's seat goes to an AI player and the game goes on for alice ...
    assert "an AI has your seat" in await sure.wait_text("resigned")
    ix = await standin.slash(alice, other, "game resign")
    assert ix.original is not None
    sure = await standin.click(alice, ix.original, label="Resign")
    await sure.wait_text("resigned")
    # ... until the last person leaves: then it ends, both resigners ranked last
    final = await standin.wait_for_message(other, lambda m: "game is over" in m.content)
    assert "alice resigned: the game ends (everyone has left)" in final.content
    assert final.content.count("(resigned)") == 2
    assert final.pngs() and "Play" not in final.labels
    ix = await standin.slash(alice, other, "stats", user=bob)
    assert "1 resigned" in ix.text and "with AI players: 1 played, 0 won" in ix.text
    ix = await standin.slash(bob, other, "stats", user=alice)
    assert "1 resigned" in ix.text and "with AI players: 1 played, 0 won" in ix.text
