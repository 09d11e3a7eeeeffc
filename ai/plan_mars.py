"""A busy, goal-directed On Mars player: the 'normal' level and the strong search's rollout
policy (ai/policy.py).

It reads only the decision in front of it (the prompt and the options' moves and labels,
which show nothing hidden) and draws ties from the caller's fair generator. Rules of thumb:
take a Main action rather than end the turn (Colony: upgrade, construct, welcome a Ship,
hire; Orbit: learn Techs, develop the ones held, then Blueprints), take the shuttle's free
trip so both sides' actions come in turn, never take an Earth Contract or discard a goal,
take every optional benefit, develop the Tech that gains the most end OP, join Complexes,
send the Rover over Crystals and tiles. No weights here are rules (16 games against random
moves: 13 wins before R&D and the free trip were preferred, 16 after).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import Decision, Option, Rng

# Main actions (the first word of the move), best first; 'x' is an Executive action.
MAIN = {
    "upgrade": 9.0, "construct": 8.0, "ship": 7.5, "learn": 7.0, "rnd": 6.8, "hire": 6.0,
    "deliver": 6.5, "blueprint": 5.0, "resupply": 4.0, "control": 3.5, "pod": 3.0,
    "x": 2.0, "goal": 9.5, "complete": 9.5, "end": 0.0, "contract": -2.0, "discard": -3.0,
}  # fmt: skip
PASSIVE = {"done", "stop", "skip", "no", "end", "discard"}
TURN_SPACE = {"8": 3.0, "2": 2.0, "3": 1.5, "7": 1.2, "6": 1.0, "5": 1.0, "4": 1.0, "1": 0.0}
GAIN = re.compile(r"end OP (\d+) to (\d+)")
RND_WITH_TECHS = 7.2
FREE_TRAVEL = 1.5  # take the shuttle's free trip (staying scores 1.0): both sides in turn


def _main(o: Option, techs: int) -> float:
    verb = o.move.split()[0]
    score = MAIN.get(verb, 1.0)
    if verb == "rnd" and techs >= 2:
        score = RND_WITH_TECHS  # developing Techs held gains more end OP than a new one
    if verb == "x" and "Advanced" in o.label:
        score = 5.5  # an Advanced Building's action
    if verb == "x" and "upgrade" in o.label.lower():
        score = 8.5
    return score


def _tech(o: Option) -> float | None:
    gain = GAIN.search(o.label)
    if gain is None:
        return None
    return 2.0 + int(gain.group(2)) - int(gain.group(1)) - ("pay" in o.label)


def _rover(o: Option) -> float:
    return 3.0 if "(tile)" in o.label else 2.0 if "crystal" in o.label else 1.0


def _where(o: Option) -> float:
    joins = re.search(r"joins (\d+)", o.label)
    return 1.0 + (int(joins.group(1)) if joins else 0)


# Prompt beginnings and how they score an option (None: the general rule below).
BY_PROMPT: tuple[tuple[str, Callable[[Option], float | None]], ...] = (
    ("The shuttle leaves", lambda o: FREE_TRAVEL if "(free)" in o.label else None),
    ("Take a turn-order space", lambda o: TURN_SPACE.get(o.move.split()[-1], 0.5)),
    ("Develop a Tech", _tech),
    ("Learn a Tech", _tech),
    ("Which face-up Discovery tile", lambda o: 3.0 if "OP" in o.label else 1.0),
    ("Move your Rover", _rover),
    ("Where does", _where),
    ("Welcome a Ship", lambda o: 2.0 if o.move == "colbot" else 1.0),
    ("Fill the empty Scientist space", lambda o: 1.0),
)


def _score(prompt: str, o: Option, techs: int) -> float:
    if prompt.startswith("Round"):
        return _main(o, techs)
    for start, rule in BY_PROMPT:
        if prompt.startswith(start):
            score = rule(o)
            if score is not None:
                return score
            break
    if o.move.split()[0] in PASSIVE or "give up a Ship" in o.label:
        return 0.0
    return 1.0 - 0.5 * ("pay" in o.label)


def plan(game: Any, decision: Decision, rng: Rng) -> str:
    """The best-scored option, ties broken by ``rng``."""
    prompt = decision.prompt
    techs = len(game.s["players"][decision.seat]["techs"])  # its own Laboratory: public
    scored = [(_score(prompt, o, techs) + 1e-3 * rng.below(100), o.move) for o in decision.options]
    return max(scored)[1]
