"""The random-playout check every registered game must pass (DESIGN.md §5).

For one seed and player count: play to the end choosing random legal options; at every step
try a random illegal move (a seat not to act, a made-up move, an option of another decision,
empty and over-long text) and check it is refused with the game unchanged; check that moves
are unique within each decision and that every option is accepted exactly as listed; check
that ``to_json``/``from_json`` round-trips; finally ``replay(record)`` equals the game.
"""

from __future__ import annotations

import json
import marshal
import os
import random
from collections.abc import Callable
from typing import Any

from engine.core import MAX_MOVE_CHARS, Decision, Game, IllegalMove, new_game, replay

QUICK_STRIDE = 3


def full_sweep() -> bool:
    """CI (and ``ALGAE_FULL_SWEEP=1``) plays every seed; a developer's run every third one."""
    return os.environ.get("CI") == "true" or os.environ.get("ALGAE_FULL_SWEEP") == "1"


def sweep_seeds(count: int, stride: int = QUICK_STRIDE) -> range:
    """The seeds of a random-playout sweep: all ``count`` in CI, every ``stride``-th one
    locally (a spread subset, so the README's test command stays under two minutes)."""
    return range(count) if full_sweep() else range(0, count, stride)


GARBAGE = ["", "   ", "x" * (MAX_MOVE_CHARS + 1), "zzz-not-a-move", "\x00\x07", "@everyone"]


def snapshot(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def frozen(game: Game) -> bytes:
    """``to_json`` as it is now, in marshal's format 2 (``Game.fingerprint``: no
    back-references, no copy of the state first; equal data in the same order gives equal
    bytes, hence an equal ``snapshot``)."""
    return game.fingerprint()


def same_game(now: bytes, before: bytes) -> bool:
    """The two ``frozen`` states are one ``snapshot``: equal bytes are, and other bytes
    (the same data in another order) are compared as ``snapshot`` compares them. The
    playouts take this before/after check at every step; JSON text each time was most
    of their CPU."""
    if now == before:
        return True
    as_text = [json.dumps(marshal.loads(b), sort_keys=True) for b in (now, before)]
    return as_text[0] == as_text[1]


def expect_refused(game: Game, seat: int, move: str) -> None:
    before = frozen(game)
    try:
        game.play(seat, move)
    except IllegalMove as exc:
        assert exc.reason, "an IllegalMove must carry a reason"
        assert len(exc.suggestions) <= 5
    else:
        raise AssertionError(f"illegal move {move!r} by seat {seat} was accepted")
    assert same_game(frozen(game), before), f"refused move {move!r} changed the game"


def illegal_attempt(game: Game, rnd: random.Random) -> None:
    """Try one random move that must be refused."""
    pending = game.pending()
    acting = {d.seat for d in pending}
    idle = [s for s in range(len(game.players)) if s not in acting]
    kind = rnd.randrange(3)
    if kind == 0 and idle and pending:
        expect_refused(game, rnd.choice(idle), rnd.choice(rnd.choice(pending).options).move)
        return
    decision = rnd.choice(pending)
    own = {o.move for o in decision.options}
    if kind == 1:
        others = [o.move for d in pending for o in d.options if o.move not in own]
        foreign = [m for m in others if not any(x.startswith(m) for x in own)]
        if foreign:
            expect_refused(game, decision.seat, rnd.choice(foreign))
            return
    garbage = rnd.choice(GARBAGE)
    if garbage and any(m.startswith(garbage.strip().lower()) for m in own):
        return
    expect_refused(game, decision.seat, garbage)


def check_decisions(game: Game) -> None:
    seats = [d.seat for d in game.pending()]
    assert len(seats) == len(set(seats)), "one decision per seat at a time"
    for decision in game.pending():
        moves = [o.move for o in decision.options]
        assert moves, "a decision must offer at least one option"
        assert len(moves) == len(set(moves)), f"duplicate moves in {decision.prompt!r}"
        for move in moves:
            assert move == move.strip().lower() and "  " not in move, f"bad notation {move!r}"
        if len(moves) > 25:
            groups = {o.group for o in decision.options}
            assert "" not in groups, "a decision over 25 options must group every option"


def play_out(
    kind: str,
    players: int,
    seed: int,
    *,
    options: dict[str, Any] | None = None,
    max_moves: int = 20_000,
    roundtrip_every: int = 7,
    chooser: Callable[[Game, Decision, random.Random], str] | None = None,
) -> Game:
    """Play one random game to the end with every check; returns the finished game.

    ``chooser`` picks the move of a decision instead of a random option (AI seats); the
    game must be exactly as it was after it chose."""
    rnd = random.Random(seed * 7919 + players)
    names = [f"p{i + 1}" for i in range(players)]
    game = new_game(kind, names, seed=seed, options=options)
    for step in range(max_moves):
        if game.over:
            break
        check_decisions(game)
        illegal_attempt(game, rnd)
        if step % roundtrip_every == 0:
            clone = Game.from_json(json.loads(json.dumps(game.to_json())))
            assert snapshot(clone) == snapshot(game), "to_json/from_json must round-trip"
            assert clone.pending() == game.pending()
        decision = rnd.choice(game.pending())
        if chooser is None:
            move = rnd.choice(decision.options).move
        else:
            before = frozen(game)
            move = chooser(game, decision, rnd)
            assert same_game(frozen(game), before), "choosing a move must not change the game"
        game.play(decision.seat, move)
    else:
        raise AssertionError(f"{kind} did not end within {max_moves} moves (seed {seed})")
    assert game.pending() == []
    assert snapshot(replay(game.record())) == snapshot(game), "replay(record) must equal game"
    assert len(game.scores()) == players
    return game
