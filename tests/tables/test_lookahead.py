"""A choice and its sub-choice in one click (tables/lookahead.py; issue 12, clicks per turn).

Properties over random playouts of both games: a paired entry plays exactly its two moves
(the second one legal right after the first), it is never offered past a move that drew
randomness or revealed anything, every entry fits a select, and the pairs save clicks."""

from __future__ import annotations

import random

import pytest

import engine
from engine.core import Game, new_game
from tables import Tables
from tables.forced import play_forced
from tables.lookahead import JOIN, LABEL_LIMIT, MAX_PAIRS, pair_label, steps
from tables.models import Where
from tests.tables.conftest import ANN, BOB, CHAN, GUILD


def copy(game: Game) -> Game:
    return Game.from_json(game.to_json())


@pytest.mark.parametrize(("kind", "players"), [("algae", 3), ("mars", 2)])
def test_pairs_are_legal_in_sequence_and_never_look_past_a_reveal(kind: str, players: int):
    if kind not in engine.GAMES:
        pytest.skip(f"{kind} is not installed")
    rnd = random.Random(4)
    game = new_game(kind, ["ann", "bob", "cy"][:players], seed=4)
    pairs = 0
    for _ in range(160):
        if game.over:
            break
        decision = rnd.choice(game.pending())
        entries = steps(game, decision)
        assert len(entries) <= max(MAX_PAIRS, len(decision.options))
        for entry in entries:
            assert len(entry.option.label) <= LABEL_LIMIT
            if len(entry.moves) == 2:
                pairs += 1
                trial = copy(game)
                barrier, rng = trial.undo_barrier, trial.rng.state
                trial.play(decision.seat, entry.moves[0])
                play_forced(trial)
                assert (trial.undo_barrier, trial.rng.state) == (barrier, rng), entry
                follow = trial.decision_for(decision.seat)
                assert follow is not None and entry.moves[1] in {o.move for o in follow.options}
        entry = rnd.choice(entries)
        for move in entry.moves:
            game.play(decision.seat, move)
            play_forced(game)
    assert pairs, "the playout met decisions whose sub-choices were paired"


def test_a_move_that_reveals_is_never_looked_past() -> None:
    """Tally: drawing a card draws from the generator, so "draw" is never paired with the
    question that follows it, however small."""
    game = new_game("tally", ["a", "b"], seed=2)
    game.play(0, "stake 1")
    game.play(1, "stake 1")
    decision = game.decision_for(0)
    assert decision is not None
    entries = steps(game, decision)
    assert [e.moves for e in entries if "draw" in e.moves[0]] == [("draw",)]


async def test_one_click_plays_the_pair_through_the_table_layer(tables: Tables) -> None:
    await tables.create("algae", GUILD, CHAN, ANN, "ann", seed=5)
    await tables.join(CHAN, BOB, "bob")
    start = await tables.start(CHAN, ANN)
    rnd = random.Random(1)
    info = await tables.game_in(CHAN)
    where = Where(info.guild_id, info.channel_id)
    for _ in range(60):
        _, game = await tables.load(CHAN)
        decision = game.pending()[0]
        user = (ANN, BOB)[decision.seat]
        shown = await tables.menu_decision(
            where, user, start.game_id, decision.seat, decision.version
        )
        paired = [i for i, o in enumerate(shown.options) if "+" in o.move]
        if paired:
            index = rnd.choice(paired)
            before = len((await tables.log_line(start.game_id)).live())
            result = await tables.play_option(
                where, user, start.game_id, decision.seat, decision.version, index
            )
            live = (await tables.log_line(start.game_id)).live()
            assert [m.move for m in live[before : before + 2]] == shown.options[index].move.split(
                "+"
            ), "one click, the two moves it names, in order"
            assert result.events
            return
        index = rnd.randrange(len(shown.options))
        await tables.play_option(where, user, start.game_id, decision.seat, decision.version, index)
    raise AssertionError("no paired entry met")


@pytest.mark.parametrize(("first", "second"), [(75, 30), (30, 75), (90, 90), (50, 28)])
def test_a_long_pair_label_still_shows_its_second_move(first: int, second: int) -> None:
    """A paired entry plays two moves: its label names both, however long they are (cut
    to fit, the second never cut away: the click must not play a move its label hides),
    and the menu shows the label as it is (no second cut in cogs/)."""
    from cogs.text import label as shown

    a, b = "A" * (first - 1) + "a", "B" * (second - 1) + "b"
    text = pair_label(a, b)
    assert shown(text) == text
    head, sep, tail = text.partition(JOIN)
    assert sep and head.startswith("A") and tail.startswith("B")
    assert len(tail) >= min(second, 35) and len(head) >= min(first, 35), text
    if first + len(JOIN) + second <= 80:
        assert text == f"{a}{JOIN}{b}"


@pytest.mark.parametrize(("kind", "holds"), [("mars", "mineral"), ("algae", "energy")])
async def test_the_menu_of_a_decision_says_what_its_seat_holds(
    tables: Tables, kind: str, holds: str
) -> None:
    """The table layer puts the seat's hand line (Game.hand_line: only what that seat may see)
    on the decision it shows, for the Play menu and the menu after a click alike."""
    await tables.create(kind, GUILD, CHAN, ANN, "ann", seed=5)
    await tables.join(CHAN, BOB, "bob")
    start = await tables.start(CHAN, ANN)
    info = await tables.game_in(CHAN)
    where = Where(info.guild_id, info.channel_id)
    _, game = await tables.load(CHAN)
    decision = game.pending()[0]
    user = (ANN, BOB)[decision.seat]
    shown = await tables.menu_decision(where, user, start.game_id, decision.seat, decision.version)
    assert shown.note == game.hand_line(decision.seat) and holds in shown.note
    assert shown.note.startswith("You hold")
