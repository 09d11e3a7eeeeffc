"""Records (export/import), resignation, stats, and the filtered log with undos."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tables import ChannelBusy, GameOver, Tables
from tables.records import MAX_RECORD_BYTES, RecordError, parse_record
from tests.tables.conftest import ANN, BOB, CHAN, GUILD, started

OTHER = 600


async def played(tables: Tables) -> None:
    await started(tables)
    for user, move in [(ANN, "stake 2"), (BOB, "stake 1"), (ANN, "draw"), (ANN, "done")]:
        await tables.play(CHAN, user, move)


async def test_export_import_round_trip(tables: Tables) -> None:
    await played(tables)
    await tables.undo(CHAN, ANN)  # 'done' taken back: not part of the record
    with pytest.raises(RecordError, match="seed"):
        await tables.export_record(CHAN)  # active: the seed would tell the hidden draws
    _, game = await tables.load(CHAN)
    await tables.abort(CHAN, ANN)
    _, record = await tables.export_record(CHAN)  # the channel's last game
    assert record["moves"] == [[0, "stake 2"], [1, "stake 1"], [0, "draw"]]
    assert record["undone_moves"] == 1 and record["seed"] == 7
    raw = json.dumps(record).encode()
    result = await tables.import_record(GUILD, OTHER, BOB, "bob", raw)
    assert result.version == 3 and result.posted and not result.over
    new_info, copy = await tables.load(OTHER)
    assert copy.to_json()["state"] == game.to_json()["state"]
    assert new_info.hotseat and new_info.host_id == BOB
    assert {s.user_id for s in new_info.seats} == {BOB} and len(new_info.seats) == 2
    (post,) = await tables.posts(list(result.post_ids))
    assert post.payload["game_id"] == new_info.id and "imported by bob" in post.payload["lines"][0]
    assert "not secret" in post.payload["lines"][0]  # the record's seed tells the draws
    page = await tables.history(OTHER)
    assert [i.move for i in page.items] == ["stake 2", "stake 1", "draw"]
    assert any("drew" in e for e in page.items[2].events), "the log lines are replayed too"
    r = await tables.play(OTHER, BOB, "done", seat=0)  # the importer plays every seat
    assert r.version == 4
    with pytest.raises(ChannelBusy):
        await tables.import_record(GUILD, OTHER, BOB, "bob", raw)


def record(**changes) -> bytes:
    base = {
        "kind": "tally",
        "players": ["ann", "bob"],
        "seed": 7,
        "options": {},
        "moves": [[0, "stake 2"], [1, "stake 1"], [0, "draw"]],
    }
    return json.dumps({**base, **changes}).encode()


async def test_a_record_that_does_not_replay_is_refused_with_the_move(tables: Tables) -> None:
    bad = record(moves=[[0, "stake 2"], [1, "stake 1"], [1, "draw"]])
    with pytest.raises(RecordError, match=r"move 3 \('draw'\): it is not bob's turn"):
        await tables.import_record(GUILD, OTHER, ANN, "ann", bad)
    assert await tables.store.find_game(OTHER) is None, "nothing was created"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"not json", "not JSON"),
        (b"[1, 2]", "JSON object"),
        (record(kind="chess"), "unknown game"),
        (record(players=["a"] * 9), "takes 1 to 4"),
        (record(players=["a", "A"]), "same name"),
        (record(seed=-1), "seed"),
        (record(moves=[[0, 1]]), "move 1"),
        (record(moves="x"), "list"),
        (b" " * (MAX_RECORD_BYTES + 1), "too big"),
    ],
)
def test_record_shape_is_checked(raw: bytes, reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        parse_record(raw)


async def test_resign_hands_the_seat_to_an_ai_and_the_last_human_ends_it(tables: Tables) -> None:
    """Issue 10: a resigner's seat goes to an AI while a human stays; when the last human
    resigns the game ends, every resigner ranked last, nobody who resigned winning."""
    await played(tables)
    await tables.play(CHAN, ANN, "aim a1")  # ann scores: she leads
    result = await tables.resign(CHAN, ANN)
    assert not result.over and result.lines == (
        "ann resigned: an AI player takes over and the game goes on",
    )
    assert (await tables.game(result.game_id)).status == "active"
    result = await tables.resign(CHAN, BOB)
    assert (
        result.over
        and result.posted
        and result.lines == ("bob resigned: the game ends (everyone has left)",)
    )
    # by seat: ann's seat plays on under its AI's name ("ann (AI, normal)")
    ranks = {s.seat: s.rank for s in result.scores}
    assert ranks == {0: 1, 1: 1}, "all resigned: ranked together after nobody"
    info = await tables.game(result.game_id)
    assert info.status == "finished"
    (post,) = await tables.posts(list(result.post_ids))
    assert post.kind == "final" and post.payload["over"] and post.payload["resigned"] == [0, 1]
    with pytest.raises(GameOver):
        await tables.resign(None, BOB, game_id=info.id)
    (ann,) = await tables.stats(ANN)
    (bob,) = await tables.stats(BOB)
    assert (ann.ai_played, ann.ai_won, ann.resigned, ann.played) == (1, 0, 1, 0)
    assert (bob.ai_played, bob.ai_won, bob.resigned, bob.played) == (1, 0, 1, 0)


async def test_stats_count_games_finished_by_their_last_move(tables: Tables) -> None:
    start = await started(tables, players=1)
    while True:
        info, game = await tables.load(None, game_id=start.game_id)
        if game.over:
            break
        (d,) = game.pending()
        await tables.play(CHAN, ANN, d.options[-1].move)
    assert (await tables.game(info.id)).status == "finished"
    (line,) = await tables.stats(ANN)
    assert (line.kind, line.played, line.won) == ("tally", 1, 1)
    assert await tables.stats(BOB) == []
    assert (await tables.stats(ANN))[0].played == 1, "counted once"


async def test_log_filters_and_history_positions(tables: Tables) -> None:
    await played(tables)
    await tables.undo(CHAN, ANN)  # position 5 takes back move 4
    await tables.play(CHAN, ANN, "draw")  # position 6
    page = await tables.history(CHAN, player="ann")
    assert [(i.seq, i.kind) for i in page.items] == [
        (1, "move"),
        (3, "move"),
        (4, "move"),
        (5, "undo"),
        (6, "move"),
    ]
    assert page.filters == ("player ann",)
    assert [i.seq for i in (await tables.history(CHAN, player="BOB")).items] == [2]
    assert (await tables.history(CHAN, round=2)).total == 0
    await tables.create("tally", GUILD, OTHER, BOB, "bob")
    assert (await tables.history(OTHER, round=1)).total == 0, "a lobby has no rounds yet"
    assert (await tables.history(CHAN, round=1)).total == 6
    small = await tables.history(CHAN, per_page=4, page=2)
    assert small.pages == 2 and [i.seq for i in small.items] == [5, 6]
    # the board after each position, also on the undone line
    _, pos, view = await tables.board_at(CHAN, 4)
    assert pos == 4 and view["stage"] == "aim"
    _, _, view = await tables.board_at(CHAN, 5)
    assert view["stage"] == "draw"
    _, pos, view = await tables.board_at(CHAN, 99)
    assert pos == 6 and view["stage"] == "draw"
    _, _, view = await tables.board_at(CHAN, 0)
    assert view["stage"] == "stake"


async def test_an_algae_game_imports_and_its_log_filters_by_week(tables: Tables) -> None:
    import engine.algae  # noqa: F401  (registers the game)

    path = Path(__file__).parents[1] / "algae" / "scenarios" / "game_2p.json"
    scenario = json.loads(path.read_text())
    raw = json.dumps({**scenario, "kind": "algae"}).encode()
    result = await tables.import_record(GUILD, OTHER, ANN, "ann", raw)
    assert result.over and result.version == len(scenario["moves"])
    info = await tables.game(result.game_id)
    assert info.status == "finished"
    weeks = [(await tables.history(OTHER, round=w)).total for w in range(1, 6)]
    assert all(weeks[:4]) and weeks[4] == 0 and sum(weeks) == len(scenario["moves"])
    (line,) = await tables.stats(ANN)  # the importer held every seat: one game, one win
    assert (line.kind, line.played, line.won) == ("algae", 1, 1)


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 120_000 + b"]" * 120_000,  # the file: RecursionError escaped
        b'{"kind": "tally", "options": ' + b'{"a": ' * 50_000 + b"1" + b"}" * 50_001,
    ],
)
def test_deeply_nested_files_are_refused_plainly(raw: bytes) -> None:
    with pytest.raises(RecordError, match=r"nested too deeply|not JSON|too big"):
        parse_record(raw[:MAX_RECORD_BYTES])


async def test_a_game_number_past_sqlite_integers_is_no_game(tables: Tables) -> None:
    from tables import NoGame

    for number in (2**63, 2**64 + 5, -1):
        with pytest.raises(NoGame):
            await tables.export_record(CHAN, game_id=number)


async def test_a_resigned_game_imports_as_ended(tables: Tables) -> None:
    """Issue 12 item 7: the record of a game that ended by resignation says who resigned,
    and imports as finished (final standings, resigners marked), never as active."""
    await played(tables)
    await tables.resign(CHAN, BOB)  # an AI takes bob's seat and the game goes on ...
    await tables.resign(CHAN, ANN)  # ... until the last person leaves: then it ends
    _, record = await tables.export_record(CHAN)
    assert record["status"] == "finished" and sorted(record["resigned"]) == [0, 1]
    result = await tables.import_record(GUILD, OTHER, ANN, "ann", json.dumps(record).encode())
    assert result.over and not result.to_act
    info = await tables.game(result.game_id)
    assert info.status == "finished"
    (post,) = await tables.posts(list(result.post_ids))
    assert post.kind == "final" and post.payload["resigned"] == [0, 1]
    assert [s["player"] for s in post.payload["scores"]][-1] == "bob", "the resigner is last"
    assert "bob resigned" in post.payload["lines"][0]
    assert "not secret" not in post.payload["lines"][0]  # nothing is left to draw


async def test_a_game_by_number_exports_only_where_it_is_seen(tables: Tables) -> None:
    """A game asked for by number exports from its own channel or a spectator channel, not
    from any channel of the server (a private channel's game stays there) (review h1)."""
    await played(tables)
    await tables.spectate_add(CHAN, OTHER + 1, actor_id=ANN)
    info = await tables.game_in(CHAN)
    await tables.abort(CHAN, ANN)
    with pytest.raises(RecordError, match="another channel"):
        await tables.export_record(OTHER, game_id=info.id, user_id=BOB)
    for here in (CHAN, OTHER + 1):
        got, _ = await tables.export_record(here, game_id=info.id, user_id=BOB)
        assert got.id == info.id
