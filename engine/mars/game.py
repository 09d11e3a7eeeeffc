"""MarsGame: the engine contract's hooks wired to the rules modules."""

from __future__ import annotations

from typing import Any

from engine.core import Event, IllegalMove, Progress, Rng, ScoreLine
from engine.frames import Asked, FrameGame, copy_state
from engine.mars import actions, build_choices, discovery, goals, moves, red, turn  # noqa: F401
from engine.mars import data as D
from engine.mars import names as N
from engine.mars.flow import settle
from engine.mars.frames import FRAMES
from engine.mars.refusals import refusal
from engine.mars.state import new_state

PHASE_TEXT = {
    "setup": "Setup",
    "picks": "Setup: turn-order spaces",
    "colonize": "Colonization phase",
    "shuttle": "Shuttle phase",
    "over": "Game over",
}


class MarsGame(FrameGame):
    kind = "mars"
    frames = FRAMES
    DEFAULT_PREFERENCE = (
        "end",
        "done",
        "stop",
        "no",
        "keep",
        "skip",
        "stay",
        "pod",
        "control",
        "0",
    )
    RULES_LATEST = D.RULES_LATEST

    def _new_state(self, rules: int) -> dict[str, Any]:
        return new_state(len(self.players), self.rng, rules)

    def _setup_text(self) -> str:
        return f"Setup: {len(self.players)} player(s); missions " + ", ".join(self.s["missions"])

    def _settle(self) -> Asked:
        return settle(self)

    # ------------------------------------------------------------------ hooks
    def _before_move(self) -> dict[str, Any]:
        return copy_state(self.s["hex"])

    def _marks(self, before: dict[str, Any]) -> dict[str, Any]:
        """The hexes the move changed (the turn card shows them close up)."""
        return {"hexes": _changed(before, self.s["hex"])}

    def play(self, seat: int, move: str) -> list[Event]:
        """The base contract, with the reason a rule refuses a move asked for at the turn menu
        (engine/mars/refusals.py: a second Main action, the other side's action, an Executive
        action's cost, a Red Colonist's cost, the Tech Grid's rows), not only the legal moves."""
        self.check_seat(seat)  # before the refusals, which index the players by it
        try:
            return super().play(seat, move)
        except IllegalMove as exc:
            why = refusal(self, seat, move) if isinstance(move, str) else None
            if not why:
                raise
            raise IllegalMove(why, exc.suggestions) from None

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

    def hand_line(self, seat: int) -> str | None:
        return N.hand_line(self, seat) if 0 <= seat < len(self.s["players"]) else None

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
