"""The engine contract itself: parsing, refusals, versions, the RNG and the undo barrier."""

from __future__ import annotations

import json
import marshal

import pytest

import engine  # noqa: F401  (registers the hosted games)
from engine.core import (
    GAMES,
    MAX_MOVE_CHARS,
    Game,
    IllegalMove,
    Progress,
    Rng,
    new_game,
    replay,
)


def fresh(players: int = 2, seed: int = 5) -> Game:
    return new_game("tally", [f"p{i}" for i in range(players)], seed=seed)


def test_lenient_parsing_case_spaces_prefix_and_label() -> None:
    game = fresh()
    game.play(0, "  STAKE   2 ")
    assert game.moves[-1] == (0, "stake 2")
    game.play(1, "Stake 3")  # the label, read as a person would type it
    assert game.moves[-1] == (1, "stake 3")
    game.play(0, "dr")  # unique prefix of "draw"
    assert game.moves[-1] == (0, "draw")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("x" * (MAX_MOVE_CHARS + 1), "too long"),
        ("stake\x001", "control"),
        ("stake", "could mean 3"),
        ("fly to the moon", "not a legal move"),
    ],
)
def test_bad_text_refused_with_reason_and_game_unchanged(text: str, reason: str) -> None:
    game = fresh()
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove) as info:
        game.play(0, text)
    assert reason in info.value.reason
    assert len(info.value.suggestions) <= 5
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_wrong_seat_names_who_is_awaited() -> None:
    game = fresh()
    game.play(0, "stake 1")
    game.play(1, "stake 1")
    with pytest.raises(IllegalMove, match="waiting for p0"):
        game.play(1, "draw")
    with pytest.raises(IllegalMove, match="no seat"):
        game.play(7, "draw")
    for seat in (0.0, True, "0"):  # only an int names a seat
        with pytest.raises(IllegalMove, match="no seat"):
            game.play(seat, "draw")  # type: ignore[arg-type]


def test_unknown_move_suggests_close_options() -> None:
    game = fresh()
    with pytest.raises(IllegalMove) as info:
        game.play(0, "stak 2")
    assert "stake 2" in info.value.suggestions


def test_simultaneous_decisions_and_versions_change_after_own_move() -> None:
    game = fresh(3)
    assert [d.seat for d in game.pending()] == [0, 1, 2]
    before = game.decision_for(1)
    assert before is not None
    v1 = before.version
    game.play(0, "stake 1")
    # seat 1's options did not change, so its menu is still current
    still = game.decision_for(1)
    assert still is not None and still.version == v1
    game.play(1, "stake 2")
    game.play(2, "stake 3")
    drawing = game.decision_for(0)
    assert drawing is not None
    v_draw = drawing.version
    game.play(0, "draw")
    after = game.decision_for(0)  # still seat 0: draw again, stop, or aim after a bust
    assert after is not None
    assert after.version != v_draw, "a click on the old menu must be stale"


def test_rng_is_deterministic_and_serialisable() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = Rng(a.state)
    assert [a.randint(1, 6) for _ in range(10)] == [c.randint(1, 6) for _ in range(10)]
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()
    items = list(range(10))
    Rng.from_seed(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_undo_barrier_moves_past_a_reveal() -> None:
    game = fresh(1)
    game.play(0, "stake 2")
    assert game.undo_barrier == 0  # choosing a stake reveals nothing
    game.play(0, "draw")  # draws from the seeded generator: a reveal
    assert game.undo_barrier == 2
    clone = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert clone.undo_barrier == 2


def test_replay_names_the_failing_move() -> None:
    game = fresh()
    record = game.record()
    record["moves"] = [[0, "stake 1"], [0, "stake 2"]]
    with pytest.raises(IllegalMove, match="move 2"):
        replay(record)


def test_new_game_checks_kind_and_player_count() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        new_game("chess", ["a"], seed=1)
    with pytest.raises(ValueError, match="1 to 4 players"):
        new_game("tally", list("abcde"), seed=1)


def test_snapshot_schema_checked() -> None:
    data = fresh().to_json()
    data["schema"] = 99
    with pytest.raises(ValueError, match="schema"):
        Game.from_json(data)


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_a_restored_game_has_every_field_its_init_sets(kind: str) -> None:
    """from_json skips the subclass __init__: each game's _load must set all its fields."""
    spec = GAMES[kind]
    game = new_game(kind, [f"p{i}" for i in range(spec.max_players)], seed=3)
    for _ in range(5):
        decision = game.pending()[0]
        game.play(decision.seat, decision.options[0].move)
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert type(restored) is type(game)
    assert sorted(vars(restored)) == sorted(vars(game))
    assert restored.to_json() == game.to_json()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_the_fingerprint_is_the_snapshot_and_follows_every_move(kind: str) -> None:
    """``fingerprint()`` encodes exactly ``to_json()`` (no copy made), and a move changes it."""
    spec = GAMES[kind]
    game = new_game(kind, [f"p{i}" for i in range(spec.max_players)], seed=3)
    for _ in range(5):
        before = game.fingerprint()
        assert marshal.loads(before) == game.to_json()
        decision = game.pending()[0]
        game.play(decision.seat, decision.options[0].move)
        assert game.fingerprint() != before


@pytest.mark.parametrize(("kind", "count"), [("algae", "week"), ("mars", "round")])
def test_progress_names_the_round_and_the_stage_in_words(kind: str, count: str) -> None:
    game = new_game(kind, ["a", "b"], seed=4)
    seen = set()
    for _ in range(400):
        progress = game.progress()
        assert progress.round == game.view(None)[count] and progress.round_name == count
        assert progress.stage and "_" not in progress.stage  # words, not a phase id
        seen.add(progress.stage)
        if game.over:
            break
        decision = game.pending()[0]
        game.play(decision.seat, game.default_move(decision.seat) or decision.options[0].move)
    assert len(seen) >= 3  # the stage follows the game


def test_a_game_without_progress_says_nothing() -> None:
    class Plain(Game):
        pass

    assert Plain(["a"], seed=1).progress() == Progress()
