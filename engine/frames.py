"""The frame-stack machine both games run on.

A *frame* is a dict ``{"t": type, ...}`` that stands for one pending question; frames wait
on stacks, top last, and only the top of a stack is asked. Each frame type registers:

* options ``(g, seat, frame) -> [(move, label[, group]), ...]``: what may be answered now;
  ``[]`` means the frame is finished and is dropped;
* apply ``(g, seat, frame, move)``: one answer, already known to be legal. The frame is
  popped first, unless its type is a *chain* (it stays for several answers and counts itself
  down until its options are empty); apply may push new frames;
* a prompt ``(g, seat, frame) -> str`` (or fixed text);
* or, for an *auto* frame, a run function ``(g, seat, frame)``: it asks nothing and runs as
  soon as it reaches the top of its stack.

Two layouts of the stacks in the state ``g.s``: one stack per seat (``s["stacks"][seat]``,
Algae, where several seats may be asked at once) or one shared stack (``s["stack"]``, On
Mars), whose frames name the seat they ask in ``frame["seat"]``.

``settle`` runs auto frames and drops finished ones until some seat has a question, calling
the game's ``advance`` whenever every stack is empty; options functions must not change the
state (they are asked again whenever the pending decisions are listed).
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable
from typing import Any, ClassVar

from engine import wording
from engine.core import Event, Game, Option

Opt = tuple[str, str] | tuple[str, str, str]
OptionsFn = Callable[[Any, int, dict], list[Opt]]
ApplyFn = Callable[[Any, int, dict, str], None]
AutoFn = Callable[[Any, int, dict], None]
PromptFn = Callable[[Any, int, dict], str]
# The options found at the top of each stack (by its place in ``_stacks``) by the last pass
# of ``settle``, with the frame they were asked of (see ``Frames.settle``).
Asked = dict[int, tuple[dict, list[Opt]]]

# More options than this get a group each, so that a front end can page them by group.
MAX_UNGROUPED = 25


class Frames:
    """One game's frame types and the machine that asks them."""

    def __init__(self, *, per_seat: bool) -> None:
        self.per_seat = per_seat
        self.options: dict[str, OptionsFn] = {}
        self.apply: dict[str, ApplyFn] = {}
        self.auto: dict[str, AutoFn] = {}
        self.prompts: dict[str, PromptFn] = {}
        self.chain: set[str] = set()

    def extended(self) -> Frames:
        """A copy to register more frame types in, leaving this registry as it is.

        Tests give one game an extended copy (``game.frames = ...``) for their own frames.
        """
        copy = Frames(per_seat=self.per_seat)
        copy.options, copy.apply = dict(self.options), dict(self.apply)
        copy.auto, copy.prompts, copy.chain = dict(self.auto), dict(self.prompts), set(self.chain)
        return copy

    # ------------------------------------------------------------- registration
    def decision(
        self, t: str, prompt: str | PromptFn, *, chain: bool = False
    ) -> Callable[[OptionsFn], OptionsFn]:
        """Register the options function of a decision frame (``chain``: stays until empty)."""

        def wrap(options: OptionsFn) -> OptionsFn:
            self.options[t] = options
            if chain:
                self.chain.add(t)
            self.prompts[t] = prompt if callable(prompt) else _fixed(prompt)
            return options

        return wrap

    def applies(self, t: str) -> Callable[[ApplyFn], ApplyFn]:
        """Register what answering a decision frame does."""

        def wrap(fn: ApplyFn) -> ApplyFn:
            self.apply[t] = fn
            return fn

        return wrap

    def runs(self, t: str) -> Callable[[AutoFn], AutoFn]:
        """Register an auto frame: it asks nothing and runs when it reaches the top."""

        def wrap(fn: AutoFn) -> AutoFn:
            self.auto[t] = fn
            return fn

        return wrap

    # ------------------------------------------------------------------ stacks
    def push(self, g: Any, seat: int, t: str, **fields: Any) -> dict:
        """Put a frame of type ``t`` asking ``seat`` on top of its stack; returns it."""
        if self.per_seat:
            frame = {"t": t, **fields}
            g.s["stacks"][seat].append(frame)
        else:
            frame = {"t": t, "seat": seat, **fields}
            g.s["stack"].append(frame)
        return frame

    def _stacks(self, g: Any) -> list[list[dict]]:
        """The stacks: one per seat (its index is the seat) or the shared one alone."""
        return g.s["stacks"] if self.per_seat else [g.s["stack"]]

    def _seat(self, index: int, frame: dict) -> int:
        """The seat a frame of the stack at ``index`` asks."""
        return index if self.per_seat else frame["seat"]

    def waiting(self, g: Any) -> bool:
        """True while some stack holds a frame."""
        return any(g.s["stacks"]) if self.per_seat else bool(g.s["stack"])

    def run_tops(self, g: Any, asked: Asked | None = None) -> bool:
        """Run auto frames and drop finished ones at the top of every stack.

        True when anything changed (the loop in ``settle`` then looks again, since an auto
        frame may have pushed onto a stack already looked at). ``asked`` collects the
        options of each top that has a question.
        """
        progressed = False
        for index, stack in enumerate(self._stacks(g)):
            while stack:
                top = stack[-1]
                t, seat = top["t"], self._seat(index, top)
                if t in self.auto:
                    stack.pop()
                    self.auto[t](g, seat, top)
                else:
                    opts = self.options[t](g, seat, top)
                    if opts:
                        if asked is not None:
                            asked[index] = (top, opts)
                        break
                    stack.pop()
                progressed = True
        return progressed

    def settle(self, g: Any, advance: Callable[[Any], None], *, limit: int) -> Asked:
        """Run until some seat has a question or the game is over (``s["phase"]``).

        ``advance(g)`` starts the game's next step when every stack is empty. Returns the
        options of every question now asked, worked out by the last pass, which changed
        nothing: ``decisions`` may take them instead of asking the options functions again,
        as long as the state has not changed since (``FrameGame`` hands them over only from
        a move to the decisions listed right after it; half of a move's cost otherwise).
        """
        for _ in range(limit):
            asked: Asked = {}
            progressed = self.run_tops(g, asked)
            if self.waiting(g):
                if not progressed:
                    return asked
                continue
            if g.s["phase"] == "over":
                return {}
            advance(g)
        raise RuntimeError("settle did not settle")  # pragma: no cover

    # --------------------------------------------------------------- questions
    def decisions(self, g: Any, asked: Asked | None = None) -> list[tuple[int, str, list[Option]]]:
        """The question at the top of every stack, as the contract's ``_decisions`` wants;
        ``asked``: what ``settle`` returned, if nothing changed since."""
        out = []
        for index, stack in enumerate(self._stacks(g)):
            if not stack:
                continue
            frame = stack[-1]
            seat = self._seat(index, frame)
            known = asked.get(index) if asked else None
            if known is not None and known[0] is frame:
                opts = known[1]
            else:
                opts = self.options[frame["t"]](g, seat, frame)
            options = [wording.option(*o) for o in opts]
            if len(options) > MAX_UNGROUPED and any(not o.group for o in options):
                options = [Option(o.move, o.label, o.group or "Other") for o in options]
            out.append((seat, wording.tidy(self.prompts[frame["t"]](g, seat, frame)), options))
        return out

    def answer(self, g: Any, seat: int, move: str) -> None:
        """Apply ``move`` (already checked legal) to the frame asking ``seat``."""
        stack = g.s["stacks"][seat] if self.per_seat else g.s["stack"]
        frame = stack[-1]
        if frame["t"] not in self.chain:
            stack.pop()
        self.apply[frame["t"]](g, seat, frame, move)


def copy_state(x: Any) -> Any:
    """A deep copy of JSON-like data: a marshal round trip, twice as fast as copying in
    Python and four times as fast as JSON. Format version 2 writes no back-references, so
    the copy shares no list or dict between two places, as a JSON round trip would not."""
    return marshal.loads(marshal.dumps(x, 2))


class FrameGame(Game):
    """The contract's hooks every game on frames shares (both hosted games).

    A subclass sets ``frames`` (its ``Frames``) and ``RULES_LATEST`` (the rules version new
    games get; ``options["rules"]`` may ask for an older one, from 1), keeps its whole state
    in the JSON-able dict ``s`` and collects the events of a move with ``log``. It provides
    ``_new_state(rules)`` (the set-up, drawing from ``self.rng``), ``_setup_text()`` (the
    log line of the set-up), ``_settle()`` (its ``settle``: run the game on to the next
    question, returning what ``Frames.settle`` returns) and may add to the ``s["last"]`` of
    a move with ``_before_move`` and ``_marks``. ``default_move`` takes the first of
    ``DEFAULT_PREFERENCE`` on offer (safe moves: pass, stop, done ...), else the first
    option.
    """

    frames: Frames  # an instance may get an extended copy (tests' own frames)
    DEFAULT_PREFERENCE: ClassVar[tuple[str, ...]] = ()
    RULES_LATEST: ClassVar[int] = 1
    s: dict[str, Any]
    _events: list[Event]
    _asked: Asked | None  # from the move just applied to the decisions listed next

    def __init__(self, players: list[str], *, seed: int, options: dict | None = None) -> None:
        super().__init__(players, seed=seed, options=options)
        self._events = []
        self._asked = None
        self.s = self._new_state(self._rules())
        self.log(None, self._setup_text())
        self._settle()
        self._events = []

    def _rules(self) -> int:
        """The rules version ``options["rules"]`` asks for (a known one, else ValueError)."""
        v = self.options.get("rules", self.RULES_LATEST)
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= self.RULES_LATEST:
            raise ValueError(
                f"options['rules'] must be a rules version from 1 to {self.RULES_LATEST}"
            )
        return v

    def _new_state(self, rules: int) -> dict[str, Any]:
        raise NotImplementedError

    def _setup_text(self) -> str:
        raise NotImplementedError

    def _settle(self) -> Asked:
        raise NotImplementedError

    def _before_move(self) -> Any:
        """What ``_marks`` needs of the state before a move (nothing, unless overridden)."""
        return None

    def _marks(self, before: Any) -> dict[str, Any]:
        """More about the move just made for ``s["last"]`` (e.g. what it touched)."""
        return {}

    def _apply(self, seat: int, move: str) -> list[Event]:
        self._events = []
        self._asked = None
        label = self._label(seat, move)
        before = self._before_move()
        self.frames.answer(self, seat, move)
        if not self._events:  # every move says what it did, at least in its own words
            self.log(seat, f"{self.name(seat)}: {label}")
        text = [e.text for e in self._events]
        self.s["last"] = {"seat": seat, "move": move, "text": text, **self._marks(before)}
        # ``play`` lists the decisions right after this, the state unchanged: they reuse the
        # options the settle just found (each top's options are otherwise worked out twice)
        self._asked = self._settle()
        events, self._events = self._events, []
        return events

    def _label(self, seat: int, move: str) -> str:
        decision = self.decision_for(seat)
        for option in decision.options if decision else ():
            if option.move == move:
                return option.label
        return move  # pragma: no cover - play() only passes listed moves

    def name(self, seat: int) -> str:
        return self.players[seat]

    def log(self, seat: int | None, text: str) -> None:
        self._events.append(Event(wording.tidy(text), seat))

    def _decisions(self) -> list[tuple[int, str, list[Option]]]:
        asked, self._asked = self._asked, None  # good once, right after the move
        return self.frames.decisions(self, asked)

    def invalidate(self) -> None:
        self._asked = None
        super().invalidate()

    def _dump(self) -> dict[str, Any]:
        return copy_state(self.s)

    def _live_state(self) -> dict[str, Any]:
        return self.s

    def _load(self, data: dict[str, Any]) -> None:
        self._events = []
        self._asked = None
        self.s = json.loads(json.dumps(data))  # whatever it was given: JSON types from here

    def _load_typed(self, data: dict[str, Any]) -> None:
        self._events = []
        self._asked = None
        self.s = copy_state(data)  # JSON types already: a copy is the same, 4x as fast

    def default_move(self, seat: int) -> str | None:
        decision = self.decision_for(seat)
        if decision is None:
            return None
        moves = [o.move for o in decision.options]
        return next((m for m in self.DEFAULT_PREFERENCE if m in moves), moves[0])


def _fixed(text: str) -> PromptFn:
    return lambda g, seat, frame: text
