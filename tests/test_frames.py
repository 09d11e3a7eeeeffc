"""The shared frame-stack machine (engine/frames.py) on a made-up game, in both layouts."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.frames import MAX_UNGROUPED, Frames, Opt


def _machine(per_seat: bool) -> Frames:
    """A pick frame (answer once), a countdown chain, and an auto frame that asks seat 1."""
    m = Frames(per_seat=per_seat)

    @m.decision("pick", lambda g, seat, f: f"seat {seat} picks")
    def pick_options(g: Any, seat: int, f: dict) -> list:
        return [("a", "take a"), ("b", "take b")]

    @m.applies("pick")
    def pick_apply(g: Any, seat: int, f: dict, move: str) -> None:
        g.s["log"].append((seat, move))

    @m.decision("count", "count down", chain=True)
    def count_options(g: Any, seat: int, f: dict) -> list:
        return [("go", f"{f['left']} left")] if f["left"] else []

    @m.applies("count")
    def count_apply(g: Any, seat: int, f: dict, move: str) -> None:
        f["left"] -= 1

    @m.runs("hand_on")
    def hand_on(g: Any, seat: int, f: dict) -> None:
        m.push(g, 1, "pick")

    return m


def _game(per_seat: bool) -> SimpleNamespace:
    stacks: dict[str, Any] = {"stacks": [[], []]} if per_seat else {"stack": []}
    return SimpleNamespace(s={"phase": "play", "log": [], "steps": 0, **stacks})


def _advance(g: Any) -> None:
    """The game's next step: two steps, then over."""
    g.s["steps"] += 1
    g.s["phase"] = "over" if g.s["steps"] > 2 else "play"


@pytest.mark.parametrize("per_seat", [True, False])
def test_push_ask_answer_and_settle(per_seat: bool) -> None:
    m, g = _machine(per_seat), _game(per_seat)
    frame = m.push(g, 0, "pick")
    assert (frame.get("seat") == 0) is (not per_seat)  # the shared stack's frames name a seat
    assert m.decisions(g) == [(0, "seat 0 picks", [_opt("a", "take a"), _opt("b", "take b")])]
    m.answer(g, 0, "b")
    assert g.s["log"] == [(0, "b")] and not m.waiting(g)  # an ordinary frame is popped
    m.settle(g, _advance, limit=10)
    assert g.s["steps"] == 3 and g.s["phase"] == "over"


@pytest.mark.parametrize("per_seat", [True, False])
def test_chain_frame_stays_until_its_options_run_out(per_seat: bool) -> None:
    m, g = _machine(per_seat), _game(per_seat)
    m.push(g, 0, "count", left=2)
    m.answer(g, 0, "go")
    assert [o.label for o in m.decisions(g)[0][2]] == ["1 left"]
    m.answer(g, 0, "go")
    assert m.waiting(g)  # still there, but finished: settle drops it
    m.settle(g, _advance, limit=10)
    assert not m.waiting(g) and g.s["phase"] == "over"


def test_auto_frame_runs_when_on_top_and_can_ask_another_seat() -> None:
    m, g = _machine(True), _game(True)
    m.push(g, 0, "hand_on")
    m.settle(g, _advance, limit=10)
    assert g.s["stacks"] == [[], [{"t": "pick"}]] and g.s["steps"] == 0
    assert [seat for seat, _, _ in m.decisions(g)] == [1]


def test_many_options_all_get_a_group() -> None:
    m, g = Frames(per_seat=False), _game(False)
    many: list[Opt] = [
        (f"m{i}", f"move {i}", "Named" if i == 0 else "") for i in range(MAX_UNGROUPED + 1)
    ]
    m.decision("big", "many")(lambda g, seat, f: many)
    m.push(g, 0, "big")
    groups = {o.group for o in m.decisions(g)[0][2]}
    assert groups == {"Named", "Other"}


def test_extended_copy_leaves_the_original_registry_alone() -> None:
    m = _machine(True)
    copy = m.extended()
    copy.decision("hold", "hold")(lambda g, seat, f: [("hold", "hold")])
    assert "hold" in copy.options and "hold" not in m.options
    assert set(m.options) <= set(copy.options) and copy.chain == m.chain


def test_the_games_registries_hold_no_test_frames() -> None:
    import tests.algae.helpers  # noqa: F401  (the helpers that add a "hold" frame)
    from engine.algae.frames import FRAMES as ALGAE
    from engine.mars.frames import FRAMES as MARS

    assert "hold" not in ALGAE.options and "hold" not in MARS.options
    assert ALGAE.per_seat and not MARS.per_seat


def _opt(move: str, label: str) -> Any:
    from engine.core import Option

    return Option(move, label, "")
