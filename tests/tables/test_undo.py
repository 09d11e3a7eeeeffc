"""Undo through the table layer: free within a turn, by consent, never past a reveal.

The log keeps every move; an undo takes a log position of its own, so versions only rise
and every menu made before an undo is out of date afterwards."""

from __future__ import annotations

import json

import pytest

from engine.core import new_game
from tables import NotSeated, StaleDecision, Tables
from tables.undo import ORPHANED, UndoPending, UndoRefused
from tests.tables.conftest import ANN, BOB, CAT, CHAN, started


async def to_aim(tables: Tables) -> None:
    """stake 2 (ann, posted), stake 1 (bob, posted), draw (random), done: ann aims now."""
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    await tables.play(CHAN, BOB, "stake 1")
    await tables.play(CHAN, ANN, "draw")
    await tables.play(CHAN, ANN, "done")


async def state(tables: Tables) -> dict:
    _, game = await tables.load(CHAN, fresh=True)
    return game.to_json()["state"]


async def test_free_undo_within_the_turn_is_recorded_not_posted(tables: Tables) -> None:
    """Issue 12 item 3: a free undo of a private step is no public post and pings no one
    (the undone moves were never announced); plain /undo takes back the turn so far, back
    to the last reveal (here the draw, #3)."""
    await to_aim(tables)
    (aim,) = await tables.decisions_for(CHAN, ANN)
    _, game = await tables.load(CHAN)
    before_done = json.loads(json.dumps(game.to_json()["state"]))
    out = await tables.undo(CHAN, ANN)
    assert out.status == "applied" and out.seqs == (4,)
    result = out.result
    assert result is not None and result.version == 5 and not result.posted
    assert result.events == ("ann took back 1 move (#4)",) and result.post_ids == ()
    assert result.mentions == ()
    info = await tables.game_in(CHAN)
    assert info.version == 5 and info.announced_seq == 2
    st = await state(tables)
    assert st["stage"] == "draw" and st["hand"] == before_done["hand"]
    # the log keeps both the move and its undo
    page = await tables.history(CHAN)
    assert [(i.seq, i.kind, i.undone_by) for i in page.items][-2:] == [
        (4, "move", 5),
        (5, "undo", None),
    ]
    assert len(await tables.store.moves(info.id)) == 4, "nothing deleted"
    assert not [p for p in await tables.due_posts(100) if "took back" in str(p.payload)]
    # a menu from before the undo is refused; the new decision's version is above it
    (draw,) = await tables.decisions_for(CHAN, ANN)
    assert draw.version >= 5 > aim.version
    with pytest.raises(StaleDecision):
        await tables.play(CHAN, ANN, "draw", expected_version=aim.version)
    # and play goes on from the undone state, at the next log position
    r = await tables.play(CHAN, ANN, "done", expected_version=draw.version)
    assert r.version == 6 and (await tables.game_in(CHAN)).version == 6


async def test_versions_never_repeat_across_an_undo(tables: Tables) -> None:
    """Replaying to fewer moves would hand out decision versions again; stale menus of
    the undone line must never match the new line's decisions."""
    await to_aim(tables)
    (aim,) = await tables.decisions_for(CHAN, ANN)
    await tables.undo(CHAN, ANN)
    for _ in range(2):  # done, then aim: new decisions of the new line
        (d,) = await tables.decisions_for(CHAN, ANN)
        assert d.version > aim.version
        await tables.play(CHAN, ANN, d.options[-1].move, expected_version=d.version)


async def test_undo_refused_after_a_reveal(tables: Tables) -> None:
    await to_aim(tables)
    before = await state(tables)
    with pytest.raises(UndoRefused, match="#3"):  # move 3 drew a card
        await tables.undo(CHAN, ANN, 2)
    assert (await tables.game_in(CHAN)).version == 4 and await state(tables) == before
    await tables.undo(CHAN, ANN, 1)  # 'done' revealed nothing
    with pytest.raises(UndoRefused, match="#3"):
        await tables.undo(CHAN, ANN, 1)  # the draw itself: never, not even by consent


async def test_undo_never_takes_another_players_move(tables: Tables) -> None:
    """Issue 12 item 8: /undo moves:N counts the caller's own moves; a span reaching
    another player's choice is refused with the reason, changing nothing."""
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    await tables.play(CHAN, BOB, "stake 1")
    before = await state(tables)
    with pytest.raises(UndoRefused, match="bob's move #2"):
        await tables.undo(CHAN, ANN, 1)
    with pytest.raises(UndoRefused, match="bob's move #2"):
        await tables.undo(CHAN, ANN)
    assert await state(tables) == before and (await tables.game_in(CHAN)).version == 2


async def test_undo_by_consent(tables: Tables) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")  # posted: ann's turn ended publicly
    before = await state(tables)
    out = await tables.undo(CHAN, ANN)  # bob must act now: bob must approve
    assert out.status == "requested" and out.waiting_for == ((BOB, "bob"),)
    assert out.described == ("#1 ann chose a stake",), "the request says what it takes back"
    assert (await tables.game_in(CHAN)).version == 1, "nothing changed yet"
    assert out.request_id is not None
    with pytest.raises(Exception, match="players it affects"):
        await tables.answer_undo(out.request_id, ANN, True)  # not the requester's to approve
    done = await tables.answer_undo(out.request_id, BOB, True)
    assert done.status == "applied" and done.result is not None
    assert done.result.lines == ("ann took back 1 move (#1) by consent",)
    assert done.result.mentions == (), "bob was already to act, ann undid it herself"
    st = await state(tables)
    assert st["stakes"] == [None, None] and st != before
    assert (await tables.game_in(CHAN)).version == 2
    with pytest.raises(StaleDecision):  # answered once, closed
        await tables.answer_undo(out.request_id, BOB, True)


async def test_refusal_or_a_new_move_cancels_a_request(tables: Tables) -> None:
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    out = await tables.undo(CHAN, ANN)  # the turn was posted: bob, to act, must agree
    assert out.status == "requested" and out.mentions == (BOB,)
    assert out.request_id is not None
    refused = await tables.answer_undo(out.request_id, BOB, False)
    assert refused.status == "refused"
    assert (await state(tables))["stakes"][0] == 2
    again = await tables.undo(CHAN, ANN)
    assert again.request_id is not None
    await tables.play(CHAN, BOB, "stake 1")  # a new move: the request is void
    with pytest.raises(StaleDecision, match="moved on"):
        await tables.answer_undo(again.request_id, BOB, True)
    assert (await state(tables))["stakes"] == [2, 1]


async def test_a_solo_game_undoes_a_posted_turn_at_once(tables: Tables) -> None:
    await started(tables, players=1)
    await tables.play(CHAN, ANN, "stake 3")  # ends the step: a post
    out = await tables.undo(CHAN, ANN)
    assert out.status == "applied", "no one else to ask"


async def test_an_unusable_snapshot_after_an_undo_is_rebuilt_from_the_live_moves(
    tables: Tables,
) -> None:
    await to_aim(tables)
    await tables.undo(CHAN, ANN)
    info, game = await tables.load(CHAN)
    want = game.to_json()
    await tables.store.save_snapshot(info.id, info.version, "{not json")
    tables.games.evict(info.id)
    _, rebuilt = await tables.load(CHAN, fresh=True)
    got = rebuilt.to_json()
    assert got["state"] == want["state"] and got["moves"] == want["moves"]
    assert rebuilt.version + rebuilt.version_base == info.version
    assert min(got["ver"]) >= max(want["ver"]) - 0, "versions stay above the undone line"


def test_rebase_versions_survives_a_snapshot() -> None:
    game = new_game("tally", ["a", "b"], seed=3)
    game.play(0, "stake 1")
    game.rebase_versions(10)
    assert game.version_base == 10
    assert all(d.version == 11 for d in game.pending())
    copy = type(game).from_json(json.loads(json.dumps(game.to_json())))
    assert copy.version_base == 10 and copy.pending() == game.pending()
    copy.play(1, "stake 2")
    assert all(d.version == 12 for d in copy.pending())


async def test_a_move_cancels_a_request_and_names_its_message(tables: Tables) -> None:
    """Issue 12 item 8: the move that cancels an open request says which message asked,
    so the front end takes its buttons away at once (storage migration 8)."""
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    out = await tables.undo(CHAN, ANN)
    assert out.status == "requested" and out.request_id is not None
    await tables.note_undo_message(out.request_id, CHAN, 777)
    r = await tables.play(CHAN, BOB, "stake 1")
    assert r.closed_requests == ((CHAN, 777),)
    request = await tables.undo_request(out.request_id)
    assert request is not None and request.status == "cancelled"
    r = await tables.play(CHAN, ANN, "done")
    assert r.closed_requests == (), "closed once"


async def test_an_undo_keeps_the_clock_of_a_decision_it_did_not_change(
    tables: Tables, clock
) -> None:
    """An undo renumbers every decision, and it used to reopen each at the undo's time:
    bob, whose stake decision the undo did not touch, got a second "Your turn" DM and his
    reminders and deadline started over. Only a decision the undo changed opens anew."""
    await started(tables)
    info = await tables.game_in(CHAN)
    opened = (await tables.store.get_game(info.id)).waiting  # type: ignore[union-attr]
    clock.advance(3600)
    await tables.play(CHAN, ANN, "stake 2")  # posted: bob, still to stake, must agree
    clock.advance(3600)
    out = await tables.undo(CHAN, ANN)
    assert out.request_id is not None
    clock.advance(60)
    done = await tables.answer_undo(out.request_id, BOB, True)
    assert done.status == "applied"
    waiting = (await tables.store.get_game(info.id)).waiting  # type: ignore[union-attr]
    assert waiting[1] == pytest.approx(opened[1], abs=1e-3), "bob's decision is as it was"
    assert waiting[0] == pytest.approx(clock.now, abs=1e-3), "ann's stake is open again, from now"


async def test_one_open_request_at_a_time(tables: Tables, clock) -> None:
    """Each /undo used to open a new request, each pinging the approvers again (three in a
    row: three pings for bob). While one is open, another is refused, naming it, and the
    open one stays answerable."""
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    first = await tables.undo(CHAN, ANN)
    assert first.request_id is not None
    await tables.note_undo_message(first.request_id, CHAN, 777)
    with pytest.raises(UndoPending, match=r"Your undo request is still open \(waiting for bob\)"):
        await tables.undo(CHAN, ANN)
    with pytest.raises(UndoPending) as refused:
        await tables.undo(CHAN, ANN, 1)
    assert (refused.value.request.id, refused.value.request.message_id) == (first.request_id, 777)
    info = await tables.game_in(CHAN)
    still = await tables.store.open_undo_request(info.id)
    assert still is not None and still.id == first.request_id, "no second request"
    assert info.version == 1, "nothing changed"
    done = await tables.answer_undo(first.request_id, BOB, True)
    assert done.status == "applied" and done.message_id == 777


async def test_a_request_never_posted_does_not_block_the_next(tables: Tables, clock) -> None:
    """A request whose message could not be posted is dropped (the front end drops it; a
    crash in between leaves it without a message: after a minute it is replaced)."""
    await started(tables)
    await tables.play(CHAN, ANN, "stake 2")
    first = await tables.undo(CHAN, ANN)
    assert first.request_id is not None
    await tables.drop_undo_request(first.request_id)
    second = await tables.undo(CHAN, ANN)
    assert second.request_id is not None
    with pytest.raises(UndoPending):  # just asked, its message on the way
        await tables.undo(CHAN, ANN)
    clock.advance(ORPHANED + 1)
    third = await tables.undo(CHAN, ANN)
    assert third.status == "requested" and third.request_id != second.request_id
    request = await tables.undo_request(second.request_id)
    assert request is not None and request.status == "cancelled"


async def test_an_outsider_is_refused_as_one_also_on_a_closed_request(tables: Tables) -> None:
    """The approver check came after the "closed" check, so anyone's forged answer to a
    closed request read as stale (and the front end edited the public message for it)."""
    await started(tables, players=3)
    await tables.play(CHAN, ANN, "stake 2")
    out = await tables.undo(CHAN, ANN)
    assert out.request_id is not None
    await tables.answer_undo(out.request_id, BOB, False)  # closed: refused
    for user in (CAT + 100, ANN):  # not in the game; the requester
        with pytest.raises(NotSeated, match="players it affects"):
            await tables.answer_undo(out.request_id, user, True)
    with pytest.raises(StaleDecision, match="closed"):
        await tables.answer_undo(out.request_id, BOB, True)
