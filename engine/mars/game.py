"""MarsGame: the engine contract's hooks wired to the rules modules."""

from __future__ import annotations

import marshal
from typing import Any

from engine.core import Event, Progress, Rng, ScoreLine
from engine.frames import FrameGame
from engine.mars import actions, goals, moves, turn  # noqa: F401  (register their frames)
from engine.mars import data as D
from engine.mars.flow import settle
from engine.mars.frames import FRAMES
from engine.mars.state import new_state

PHASE_TEXT = {
    "setup": "Setup",
    "picks": "Setup: turn-order spaces",
    "colonize": "Colonization phase",
    "shuttle": "Shuttle phase",
    "over": "Game over",
}
DEFAULT_PREFERENCE = ("end", "done", "stop", "no", "keep", "skip", "stay", "pod", "control", "0")


class MarsGame(FrameGame):
    kind = "mars"
    frames = FRAMES
    DEFAULT_PREFERENCE = DEFAULT_PREFERENCE

    def __init__(self, players: list[str], *, seed: int, options: dict | None = None) -> None:
        super().__init__(players, seed=seed, options=options)
        self._events: list[Event] = []
        rules = self.options.get("rules", D.RULES_LATEST)
        if rules not in (1, 2):
            raise ValueError(f"unknown On Mars rules version {rules!r} (1 or 2)")
        self.s: dict[str, Any] = new_state(len(players), self.rng, rules)
        self.log(
            None, f"Setup: {len(players)} player(s); missions " + ", ".join(self.s["missions"])
        )
        settle(self)
        self._events = []

    # ------------------------------------------------------------------ hooks
    def _apply(self, seat: int, move: str) -> list[Event]:
        self._events = []
        label = next((o.label for d in self.pending() for o in d.options if o.move == move), move)
        changed_before = _copy(self.s["hex"])
        self.frames.answer(self, seat, move)
        if not self._events:
            self.log(seat, f"{self.name(seat)}: {label}")
        self.s["last"] = {
            "seat": seat,
            "move": move,
            "text": [e.text for e in self._events],
            "hexes": _changed(changed_before, self.s["hex"]),
        }
        settle(self)
        events, self._events = self._events, []
        return events

    def _dump(self) -> dict[str, Any]:
        return _copy(self.s)

    # ---------------------------------------------------------------- results
    def scores(self) -> list[ScoreLine]:
        from engine.mars.scoring import breakdown, tiebreak

        if self.s["final"]:
            return [
                ScoreLine(
                    r["seat"],
                    self.name(r["seat"]),
                    r["vp"],
                    dict(r["breakdown"]),
                    r["rank"],
                    tuple(r["tiebreak"]),
                )
                for r in sorted(self.s["final"], key=lambda r: r["seat"])
            ]
        out = []
        for seat in range(len(self.players)):
            op = self.s["players"][seat]["op"]
            out.append(
                ScoreLine(seat, self.name(seat), op, {"op track": op}, 0, tiebreak(self, seat))
            )
        _ = breakdown
        return out

    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.mars.view import build_view

        return build_view(self, seat)

    def progress(self) -> Progress:
        """The round (0 during the set-up picks) and the phase."""
        s = self.s
        return Progress(s["round"], "round", PHASE_TEXT.get(s["phase"], s["phase"]))

    def turn_key(self) -> str | None:
        """Round, phase and whose turn: the turn's player in the Colonization phase (answers
        of other seats at its end belong to it), the asked seat in the picks and the shuttle."""
        s = self.s
        t = s["turn"]
        if s["phase"] == "colonize" and t:
            who = str(t["seat"])
        elif s["stack"]:
            who = str(s["stack"][-1]["seat"])
        else:
            who = "-"
        return f"{s['round']}:{s['phase']}:{who}"

    def _redeal(self, seat: int, rng: Rng) -> None:
        from engine.mars.hidden import redeal

        redeal(self, seat, rng)


def _changed(before: dict, after: dict) -> list[str]:
    return [h for h in after if after[h] != before.get(h)]


def _copy(x: Any) -> Any:
    """A deep copy of JSON-like data: a marshal round trip, twice as fast as copying in
    Python and four times as fast as JSON. Format version 2 writes no back-references, so
    the copy shares no list or dict between two places, as a JSON round trip would not."""
    return marshal.loads(marshal.dumps(x, 2))
