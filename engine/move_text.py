"""Reading a move a player typed: what cannot be a move at all, and which option a text means
(exact move, exact label, or a unique prefix), with close suggestions when none. Kept apart from
engine/core.py, whose ``Game.play`` calls it for any text that is not an option's own move."""

from __future__ import annotations

import difflib
import re

from engine.core import MAX_MOVE_CHARS, MAX_SUGGESTIONS, Decision, IllegalMove, Option, normalize

_PRINTABLE = re.compile(r"^[^\x00-\x1f\x7f]*$")


def check_move_text(move: object) -> str:
    """Refuse what cannot be a move at all: not text, empty, too long, control characters."""
    if not isinstance(move, str):
        raise IllegalMove("a move must be text")
    if len(move) > MAX_MOVE_CHARS:
        raise IllegalMove(f"that move is too long (at most {MAX_MOVE_CHARS} characters)")
    text = normalize(move)
    if not text:
        raise IllegalMove("the move is empty")
    if not _PRINTABLE.match(text):
        raise IllegalMove("the move contains control characters")
    return text


def resolve(decision: Decision, text: str) -> Option:
    """Find the option meant by ``text``: exact move, exact label, or a unique prefix."""
    by_move = {o.move: o for o in decision.options}
    if text in by_move:
        return by_move[text]
    by_label = [o for o in decision.options if normalize(o.label) == text]
    if len(by_label) == 1:
        return by_label[0]
    prefixed = [o for o in decision.options if o.move.startswith(text)]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        raise IllegalMove(
            f"'{text}' could mean {len(prefixed)} moves; type more of it",
            [o.move for o in prefixed],
        )
    raise IllegalMove(f"'{text}' is not a legal move now", suggest(decision, text))


def suggest(decision: Decision, text: str) -> list[str]:
    moves = [o.move for o in decision.options]
    close = difflib.get_close_matches(text, moves, n=MAX_SUGGESTIONS, cutoff=0.4)
    return close or moves[:MAX_SUGGESTIONS]
