"""Two questions in one click: a choice and the sub-choice it leads to, offered together.

Many moves open a second question of the same player at once ("Construct" -> "which
Building?", "Activate engineers" -> "which tile?"). The menu offers such an option as its
pairs with the follow-up's answers, as many options as fit one select (25 entries), those
with the fewest answers first: one click instead of two (issue 12, clicks per turn). The
follow-up is found by trying each option on a copy of the game, after the forced moves the
table layer would play.

Hidden stays hidden: an option whose move draws from the seeded generator or reveals
anything (the engine's ``undo_barrier`` moves) is never looked past, so what a pair shows
is only what the player would see after making the first move themselves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.core import Decision, Game, Option
from tables.forced import play_forced

MAX_PAIRS = 25  # one select
LABEL_LIMIT = 80  # a label as the menu shows it (cogs/text.py: buttons and select entries)
JOIN = " · "


@dataclass(frozen=True)
class Step:
    """One entry of a menu: the moves it plays in order (one or two)."""

    moves: tuple[str, ...]
    option: Option  # what the entry shows


def follow_up(snapshot: str, decision: Decision, option: Option) -> Decision | None:
    """The same seat's next question after ``option`` (forced moves played) on a copy of
    the game ``snapshot`` (its JSON), or None when there is none or looking would reveal
    something."""
    trial = Game.from_json(json.loads(snapshot))
    barrier, rng = trial.undo_barrier, trial.rng.state
    try:
        trial.play(decision.seat, option.move)
        if trial.undo_barrier != barrier or trial.rng.state != rng:
            return None
        play_forced(trial)
    except Exception:  # an engine error shows in the real move, not in a preview
        return None
    if trial.undo_barrier != barrier or trial.rng.state != rng:
        return None
    nxt = trial.decision_for(decision.seat)
    return nxt if nxt is not None and len(nxt.options) > 1 else None


def steps(game: Game, decision: Decision) -> list[Step]:
    """The entries of ``decision``'s menu: its options, some of them paired with their
    follow-up questions. Options are expanded smallest follow-up first while the menu
    still fits one select, so each expansion saves a click and none costs one."""
    plain = [Step((o.move,), o) for o in decision.options]
    if len(decision.options) > MAX_PAIRS:
        return plain
    snapshot = json.dumps(game.to_json())  # one copy made, parsed afresh for each try
    follow = {o.move: follow_up(snapshot, decision, o) for o in decision.options}
    size = len(plain)
    expand: set[str] = set()
    for move, nxt in sorted(
        ((m, d) for m, d in follow.items() if d is not None), key=lambda md: len(md[1].options)
    ):
        if size - 1 + len(nxt.options) <= MAX_PAIRS:
            expand.add(move)
            size += len(nxt.options) - 1
    if not expand:
        return plain
    entries: list[Step] = []
    for option in decision.options:
        answer = follow[option.move]
        if option.move not in expand or answer is None:
            entries.append(Step((option.move,), option))
            continue
        for sub in answer.options:
            label = pair_label(option.label, sub.label)
            moves = (option.move, sub.move)
            entries.append(Step(moves, Option("+".join(moves), label, "", sub.detail)))
    return entries


def pair_label(first: str, second: str) -> str:
    """ "first · second" within a select entry's limit. When it is too long, each part is
    cut (the longer one more), never the second away: a click must not play a move its
    label hides."""
    joined = f"{first}{JOIN}{second}"
    if len(joined) <= LABEL_LIMIT:
        return joined
    room = LABEL_LIMIT - len(JOIN)
    keep = min(len(second), max(room // 2, room - len(first)))
    return f"{_cut(first, room - keep)}{JOIN}{_cut(second, keep)}"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def as_decision(decision: Decision, entries: list[Step]) -> Decision:
    """The decision as the menu shows it (same seat, prompt and version)."""
    return Decision(
        decision.seat, decision.prompt, tuple(s.option for s in entries), decision.version
    )
