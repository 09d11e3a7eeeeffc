"""Bots and the Rover (MARS-BOT-03, MARS-BOT-04, MARS-ROVER-*, MARS-MOVE-*)."""

from __future__ import annotations

from engine.mars import hexmap as H
from tests.mars.helpers import P, clear_map, hx, moves, new, play, put, refresh, turn


def control(n: int = 1):
    g = new(n)
    clear_map(g)
    turn(g, 0, "colony")
    return g


def test_rover01_starts_on_the_starting_mine() -> None:
    """MARS-ROVER-01: every Rover starts on the starting Mine."""
    g = new(4)
    mine = H.name((0, 0))
    assert g.s["hex"][mine]["b"]["type"] == "mine"
    assert all(P(g, s)["rover"] == mine for s in range(4))


def test_rover02_03_picks_up_every_crystal_passed_below_depot() -> None:
    """MARS-ROVER-02, MARS-ROVER-03: each crystal on the path is taken, below the Depot."""
    g = control()
    P(g)["rover"] = hx(1, 0)
    a, b = hx(2, 0), hx(3, 0)
    g.s["hex"][a]["cry"] = 1
    g.s["hex"][b]["cry"] = 1
    depot = P(g)["depot"]
    refresh(g)
    play(g, "control", a, b)
    assert P(g)["below"] == 2 and P(g)["depot"] == depot
    assert g.s["hex"][a]["cry"] == 0 and g.s["hex"][b]["cry"] == 0


def test_rover04_takes_and_resolves_a_discovery_tile() -> None:
    """MARS-ROVER-04: ending on a Discovery tile takes it and resolves it at once."""
    g = control()
    P(g)["rover"] = hx(1, 0)
    g.s["hex"][hx(1, 1)]["tile"] = "mineral2"
    m = P(g)["res"]["mineral"]
    refresh(g)
    play(g, "control", hx(1, 1), "stop")
    assert g.s["hex"][hx(1, 1)]["tile"] is None and P(g)["res"]["mineral"] == m + 2
    assert P(g)["tiles_taken"] == 1
    assert g.undo_barrier == len(g.moves)  # a face-down tile was turned up: mark_reveal


def test_rover04_05_06_07_research_tile_conditions() -> None:
    """MARS-ROVER-05: not with one of that colour+letter; MARS-ROVER-06: cost paid;
    MARS-ROVER-07: only if usable. Otherwise the tile stays."""
    g = control()
    here, there = hx(1, 0), hx(1, 1)
    P(g)["rover"] = here
    g.s["hex"][there]["tile"] = "rb1"
    P(g)["res"]["battery"] = 0
    refresh(g)
    play(g, "control", there, "stop")
    assert g.s["hex"][there]["tile"] == "rb1"  # cannot pay
    P(g)["res"]["battery"] = 1
    P(g)["research"] = ["rb2"]
    P(g)["rover"] = here
    turn(g, 0, "colony")
    play(g, "control", there, "stop")
    assert g.s["hex"][there]["tile"] == "rb1"  # same colour and letter
    P(g)["research"] = []
    P(g)["rover"] = here
    turn(g, 0, "colony")
    op = P(g)["op"]
    play(g, "control", there, "stop")
    assert g.s["hex"][there]["tile"] is None and P(g)["op"] == op + 4
    assert P(g)["res"]["battery"] == 0
    g.s["hex"][there]["tile"] = "ba1"  # develop a Tech: all at max level -> unusable
    g.s["techs"]["shelter0"]["lvl"] = 4
    P(g)["rover"] = here
    P(g)["res"]["oxygen"] = 1
    turn(g, 0, "colony")
    play(g, "control", there, "stop")
    assert g.s["hex"][there]["tile"] == "ba1"


def test_bot03_04_bot_destroys_tiles_and_returns_crystals() -> None:
    """MARS-BOT-03: a Bot ending on a tile destroys it; MARS-BOT-04: on a crystal, the
    crystal returns to the supply."""
    g = control()
    bot = hx(0, 2)
    P(g)["bots"] = [bot]
    n1, n2 = hx(1, 2), hx(2, 2)
    g.s["hex"][n1]["tile"] = "op3"
    g.s["hex"][n2]["cry"] = 1
    refresh(g)
    play(g, "control", "stop", "bot 1", n1, "stop")
    assert g.s["hex"][n1]["tile"] is None and P(g)["op"] == 0
    play(g, "bot 1", n2)
    assert g.s["hex"][n2]["cry"] == 0 and P(g)["below"] == 0


def _blocked(kind: str):
    g = control(2)
    start, h, beyond = hx(0, 2), hx(1, 2), hx(2, 2)
    P(g)["rover"] = start
    if kind == "adv":
        put(g, h, "gen", adv=1, bp="gen-1a")
    elif kind == "col":
        put(g, h, "mine", col=1)
    elif kind == "bot":
        P(g, 1)["bots"] = [h]
    else:
        P(g, 1)["rover"] = h
    refresh(g)
    play(g, "control")
    assert h in moves(g)  # MARS-MOVE-01: may pass through
    play(g, h)
    assert "stop" not in moves(g) and beyond in moves(g)
    play(g, beyond)
    assert P(g)["rover"] == beyond


def test_move01_02_pass_through_not_end_on_advanced_building() -> None:
    """MARS-MOVE-01, MARS-MOVE-02: through, but not ending on, an Advanced Building."""
    _blocked("adv")


def test_move03_not_end_on_a_colonist() -> None:
    """MARS-MOVE-01, MARS-MOVE-03: through, but not ending on, a hex with a Colonist."""
    _blocked("col")


def test_move04_not_end_on_another_bot() -> None:
    """MARS-MOVE-04: not ending on another Bot."""
    _blocked("bot")


def test_move05_not_end_on_another_rover() -> None:
    """MARS-MOVE-05: not ending on another Rover."""
    _blocked("rover")


def test_move06_movement_is_up_to() -> None:
    """MARS-MOVE-06: stopping at once (0 steps) or after 1 of 2 is allowed."""
    g = control()
    start = P(g)["rover"]
    play(g, "control")
    assert "stop" in moves(g)
    step = next(m for m in moves(g) if m != "stop")
    play(g, step, "stop")
    assert P(g)["rover"] == step != start
