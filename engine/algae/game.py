"""AlgaeGame: the engine contract's hooks wired to the rules modules."""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from engine.algae import export, machines, monday, science, teams, weekend, workweek  # noqa: F401
from engine.algae.flow import settle
from engine.algae.frames import FRAMES
from engine.algae.refusals import refusal
from engine.algae.state import new_state
from engine.core import Event, IllegalMove, Progress, ScoreLine
from engine.frames import Asked, FrameGame


class AlgaeGame(FrameGame):
    kind = "algae"
    frames = FRAMES
    DEFAULT_PREFERENCE = ("alt", "money", "done", "end", "skip", "burn")  # safe moves
    RULES_LATEST = D.RULES_VERSION

    def _new_state(self, rules: int) -> dict[str, Any]:
        return new_state(len(self.players), self._departments(), self.rng, rules)

    def _setup_text(self) -> str:
        depts = [p["dept"] for p in self.s["players"]]
        return "Setup: " + ", ".join(
            f"{n} runs {d.title()}" for n, d in zip(self.players, depts, strict=True)
        )

    def start_notes(self) -> list[str]:
        """Rules 3's head start, when any seat has one (ALG-GAP-01)."""
        starts = [
            f"{name} ({p['dept'].title()}) {p['vp']['head start']} VP"
            for name, p in zip(self.players, self.s["players"], strict=True)
            if p["vp"].get("head start")
        ]
        if not starts:
            return []
        return [
            "Head start, to even out the departments at this player count: " + ", ".join(starts)
        ]

    def _settle(self) -> Asked:
        return settle(self)

    def _departments(self) -> list[str]:
        """Chosen with options["departments"] (one per seat) or drawn from the seed."""
        n = len(self.players)
        chosen = self.options.get("departments")
        if chosen is None:
            return self.rng.sample(list(D.DEPT_NAMES), n)
        if not isinstance(chosen, list | tuple) or len(chosen) != n:
            raise ValueError(f"options['departments'] must list one department per seat ({n})")
        out = []
        for d in chosen:
            name = str(d).strip().lower()
            if name not in D.DEPARTMENTS:
                raise ValueError(f"unknown department {d!r}; choose from {', '.join(D.DEPT_NAMES)}")
            if name in out:
                raise ValueError(f"department {name!r} is chosen twice; each seat runs its own")
            out.append(name)
        return out

    # -------------------------------------------------------------------- hooks
    def play(self, seat: int, move: str) -> list[Event]:
        """The base contract, with the reason an Algae rule refuses the move (not only what
        is legal instead), e.g. "machine B cannot run: Station 1 is empty"."""
        try:
            return super().play(seat, move)
        except IllegalMove as exc:
            why = refusal(self, seat, move) if isinstance(seat, int) else ""
            if not why or exc.reason.startswith("it is not"):
                raise
            raise IllegalMove(f"{why}", exc.suggestions) from None

    # ------------------------------------------------------------------ results
    def scores(self) -> list[ScoreLine]:
        from engine.algae.scoring import score_lines

        return score_lines(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.algae.view import build_view

        return build_view(self, seat)

    def hand_line(self, seat: int) -> str | None:
        """Money, energy and science, for the seat's private menu (a phone cannot read the
        player picture's small print)."""
        if not 0 <= seat < len(self.s["players"]):
            return None
        p = self.s["players"][seat]
        return f"You hold €{p['money']} · {p['energy']} energy · {p['science']} science"

    def progress(self) -> Progress:
        """The week (1-4) and the phase, with the work day in the Work Week."""
        from engine.algae.view import PHASE_TEXT

        s = self.s
        stage = PHASE_TEXT.get(s["phase"], s["phase"])
        if s["phase"] == "work" and s["day"]:
            stage += f", day {s['day']}"
        return Progress(s["week"], "week", stage)

    def turn_key(self) -> str | None:
        """Week, phase, work day and the seat on turn: one public post per change."""
        s = self.s
        return f"{s['week']}:{s['phase']}:{s['day']}:{s['turn']}"
