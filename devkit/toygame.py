"""A small test-only game ("Tally") that exercises every part of the engine contract.

It is registered only by the tests (``register_toy()``), never by the product. It has a
simultaneous step, a chain of small decisions ending in ``done``, hidden randomness in the
seeded generator, and a decision of more than 25 options split by ``group``. With the option
``{"must_draw": true}`` the first draw of a turn is the only legal move (a forced move, which
the table layer plays for the player).

Each of ``ROUNDS`` rounds: every player secretly picks a stake 1-3 at once; then, in seat
order, each player draws cards (value 0-5 from the game's generator) until they ``done``,
or bust over 9; finally the player aims at one of 30 targets (grouped by row). Score: the
drawn total times the stake when not bust, plus 1 if the target's row matches the round.
"""

from __future__ import annotations

from typing import Any

from engine.core import GAMES, Event, Game, GameSpec, Option, Progress, ScoreLine, register

ROUNDS = 2
TARGET_ROWS = "abc"
TARGETS_PER_ROW = 10


class Tally(Game):
    kind = "tally"

    def __init__(self, players: list[str], *, seed: int, options: dict | None = None) -> None:
        super().__init__(players, seed=seed, options=options)
        n = len(players)
        self.round = 1
        self.stakes: list[int | None] = [None] * n
        self.turn: int | None = None  # seat drawing now, None during the stake step
        self.hand = 0
        self.stage = "stake"  # stake | draw | aim | over
        self.vp = [0] * n

    # ------------------------------------------------------------- decisions
    def _decisions(self) -> list[tuple[int, str, list[Option]]]:
        if self.stage == "stake":
            return [
                (seat, "Choose your stake", [Option(f"stake {k}", f"Stake {k}") for k in (1, 2, 3)])
                for seat, stake in enumerate(self.stakes)
                if stake is None
            ]
        if self.stage == "draw":
            options = [Option("draw", f"Draw a card (hand {self.hand})")]
            if self.hand > 0 or not self.options.get("must_draw"):
                options.append(Option("done", "Stop drawing"))
            assert self.turn is not None  # a seat draws in the draw stage
            return [(self.turn, "Draw or stop", options)]
        if self.stage == "aim":
            options = [
                Option(f"aim {row}{i}", f"Target {row.upper()}{i}", group=f"Row {row.upper()}")
                for row in TARGET_ROWS
                for i in range(TARGETS_PER_ROW)
            ]
            assert self.turn is not None  # and aims in the aim stage
            return [(self.turn, "Aim at a target", options)]
        return []

    def _apply(self, seat: int, move: str) -> list[Event]:
        name = self.players[seat]
        if self.stage == "stake":
            self.stakes[seat] = int(move.split()[1])
            if all(s is not None for s in self.stakes):
                self.stage, self.turn, self.hand = "draw", 0, 0
                return [Event(f"{name} chose a stake; all stakes are in", seat)]
            return [Event(f"{name} chose a stake", seat)]
        if self.stage == "draw":
            if move == "done":
                self.stage = "aim"
                return [Event(f"{name} stops at {self.hand}", seat)]
            card = self.rng.randint(0, 5)
            self.hand += card
            if self.hand > 9:
                self.hand = 0
                self.stage = "aim"
                return [Event(f"{name} drew {card} and went bust", seat)]
            return [Event(f"{name} drew {card}", seat)]
        # aim
        row = move.split()[1][0]
        gained = self.hand * (self.stakes[seat] or 0)
        if TARGET_ROWS.index(row) == (self.round - 1) % len(TARGET_ROWS):
            gained += 1
        self.vp[seat] += gained
        events = [Event(f"{name} aimed at {move.split()[1]} and scored {gained}", seat)]
        self._next_turn()
        return events

    def _next_turn(self) -> None:
        assert self.turn is not None
        if self.turn + 1 < len(self.players):
            self.turn, self.hand, self.stage = self.turn + 1, 0, "draw"
            return
        if self.round == ROUNDS:
            self.stage, self.turn = "over", None
            return
        self.round += 1
        self.stakes = [None] * len(self.players)
        self.stage, self.turn = "stake", None

    def default_move(self, seat: int) -> str | None:
        """The safe move for an absent player: the lowest stake, stop drawing (draw once
        from an empty hand), aim at the first target."""
        if self.decision_for(seat) is None:
            return None
        if self.stage == "stake":
            return "stake 1"
        if self.stage == "draw":
            return "done" if self.hand > 0 else "draw"
        return "aim a0"

    # ------------------------------------------------------------------ state
    def _dump(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "stakes": list(self.stakes),
            "turn": self.turn,
            "hand": self.hand,
            "stage": self.stage,
            "vp": list(self.vp),
        }

    def _load(self, data: dict[str, Any]) -> None:
        self.round = data["round"]
        self.stakes = list(data["stakes"])
        self.turn = data["turn"]
        self.hand = data["hand"]
        self.stage = data["stage"]
        self.vp = list(data["vp"])

    def scores(self) -> list[ScoreLine]:
        order = sorted(range(len(self.players)), key=lambda s: -self.vp[s])
        rank = {seat: 1 + sum(self.vp[o] > self.vp[seat] for o in order) for seat in order}
        return [
            ScoreLine(seat, p, self.vp[seat], {"cards": self.vp[seat]}, rank[seat])
            for seat, p in enumerate(self.players)
        ]

    def progress(self) -> Progress:
        return Progress(self.round, "round", self.stage)

    def view(self, seat: int | None) -> dict[str, Any]:
        stakes = [
            s if (seat == i or self.stage != "stake") else (s is not None)
            for i, s in enumerate(self.stakes)
        ]
        return {
            "kind": self.kind,
            "round": self.round,
            "stage": self.stage,
            "turn": self.turn,
            "hand": self.hand,
            "stakes": stakes,
            "vp": list(self.vp),
            "players": list(self.players),
        }


SPEC = GameSpec("tally", "Tally (test game)", 1, 4, Tally, summary="A test-only game.")


def register_toy() -> GameSpec:
    """Register the test game (idempotent)."""
    return GAMES.get("tally") or register(SPEC)
