"""Rules findings of issue 11, each reached the way the rule is about.

ALG-EXPORT-29/30 (re-exports of one action go to different cities), ALG-GAP-15 (contracts a
department can fulfil), ALG-EXPORT-19/20 (city bonus tokens used at once), ALG-MACH-03/09
(loss belts cannot be dodged by routing), ALG-MON-21 (the side-board income bonus), and the
dead-spot trap (spots say when their action cannot be taken; refusals say why).
"""

from __future__ import annotations

import pytest

from engine.algae import data as D
from engine.algae.state import contract_fits
from engine.core import IllegalMove
from tests.algae.helpers import ask, empty_factory, moves, new, play, player

TEN = ["lisbon", "madrid", "barcelona", "bordeaux", "marseille", "lyon", "paris", "london",
       "dublin", "brussels"]  # fmt: skip


def exporter(depts: list[str] | None = None, money: int = 20, **options):
    g = new(depts or ["cosmetics"])
    for seat, p in enumerate(g.s["players"]):
        empty_factory(g, seat)
        p["money"] = money
    g.s["bonus_tiles"] = ["energy"] * 4
    for c in g.s["cities"].values():
        c["token"] = "energy1"
    return g


def test_reexports_of_one_action_go_to_different_cities():
    """ALG-EXPORT-29, ALG-EXPORT-30, ALG-EXPORT-32: "for each city (up to one per operator)":
    once Paris is re-exported to, the same action cannot re-export to Paris again."""
    g = exporter()
    p = player(g)
    for c in TEN:
        g.s["cities"][c]["disks"].append(0)
    p["cities"] = list(TEN)
    p["cells"]["cream"] = 4
    ask(g, 0, "export", n=2)
    assert "reexport paris" in moves(g)
    play(g, 0, "reexport paris", "add cream", "add cream", "deliver")
    assert p["vp"]["re-exports"] == 3  # Paris demand 5: half rounded up
    assert "reexport paris" not in moves(g) and "reexport lyon" in moves(g)


@pytest.mark.parametrize("dept", D.DEPT_NAMES)
@pytest.mark.parametrize("seed", range(40))
def test_contracts_are_dealt_so_the_department_can_fulfil_them(dept: str, seed: int):
    """Ruling ALG-GAP-15 (issue 11): every dealt contract asks for no more product types than
    the department makes, so Biofuel (one type, fuel) never gets "variety" or "mixed"."""
    others = [d for d in D.DEPT_NAMES if d != dept]
    g = new([dept, *others], seed=seed)
    for p in g.s["players"]:
        types = {t for _, t in D.DEPARTMENTS[p["dept"]]["values"].values()}
        assert D.CONTRACTS[p["contract"]][3] <= len(types), (p["dept"], p["contract"])
    assert contract_fits("biofuel", "bulk") and not contract_fits("biofuel", "variety")


def test_city_value_token_is_used_at_once_or_lost_when_the_action_ends():
    """ALG-EXPORT-19, ALG-EXPORT-20: a city's +1 value token is "used at once — even for the
    next export of this action": it is not banked. A token held from elsewhere stays."""
    g = exporter()
    p = player(g)
    p["value"] = 1  # e.g. from the operators' row: banked
    g.s["cities"]["bordeaux"]["token"] = "value"
    p["cells"]["soap"] = 1
    ask(g, 0, "oper")
    play(g, 0, "export", "export bordeaux", "add soap", "deliver")  # 1 operator: one city
    assert p["cities"] == ["bordeaux"] and "value" in p["tokens_taken"]
    assert p["value"] == 1  # the city's token was not used in this action: gone


def test_city_value_token_spent_first_in_the_same_action():
    """ALG-EXPORT-20: the city's token helps the next delivery of the same action; a banked
    token used alongside stays banked only if not needed."""
    g = exporter()
    p = player(g)
    p["staff"]["operators"] = 2
    g.s["cities"]["bordeaux"]["token"] = "value"
    p["cells"]["soap"] = 2
    ask(g, 0, "oper")
    play(g, 0, "export", "export bordeaux", "add soap", "deliver")
    play(g, 0, "export barcelona", "add soap", "token", "deliver")  # 2 + 1 = demand 3
    assert p["cities"] == ["bordeaux", "barcelona"] and p["value"] == 0


def test_city_bonus_tokens_take_effect_at_once():
    """ALG-EXPORT-19: no city token is kept for later (no choice, wild or freelance tokens on
    the cities); "2 cube moves" is played straight after the disk, before the next export."""
    assert set(D.CITY_TOKENS) <= {
        "energy1", "energy2", "money1", "money2", "money3", "vp1", "vp2", "science1",
        "science2", "move2", "algae2", "value",
    }  # fmt: skip
    g = exporter()
    p = player(g)
    p["staff"]["operators"] = 2
    g.s["cities"]["bordeaux"]["token"] = "move2"
    p["cells"]["soap"] = 1
    p["cells"]["s2"] = 1
    ask(g, 0, "oper")
    play(g, 0, "export", "export bordeaux", "add soap", "deliver")
    d = g.decision_for(0)
    assert d is not None and d.prompt.startswith("City bonus: 2 cube moves left")
    play(g, 0, "move s2>cream")
    assert p["cells"]["cream"] == 1 and "export barcelona" in moves(g)  # used at once


def test_loss_belt_cannot_be_dodged_by_routing():
    """ALG-MACH-03, ALG-MACH-09: activating Food's Machine A switches on its zone's belts and
    the €1 loss on green → Station 1 is mandatory, even when the cubes go red → wash → Station
    1 instead. It is taken once per activation, not again when a green cube passes."""
    from engine.algae import machines

    g = new(["food"])
    p = empty_factory(g)
    p["cells"].update(red=1, green=1)
    p["money"] = 10
    ask(g, 0, "hold")
    machines.activate(g, 0, "a")
    g.invalidate()
    assert p["money"] == 9  # on activation, before any cube moves
    play(g, 0, "move red>wash", "move wash>s1", "skip")  # the energy belt's gain is optional
    assert p["money"] == 9 and p["cells"]["s1"] == 1
    machines.activate(g, 0, "a")
    g.invalidate()
    play(g, 0, "move green>s1")
    assert p["money"] == 8  # the next activation pays again, once


def _to_work(g) -> None:
    while g.s["phase"] != "work":
        d = g.pending()[0]
        g.play(d.seat, g.default_move(d.seat))


def test_dead_spot_says_why_and_the_refusal_gives_the_reason():
    """The dead-spot trap (issue 11): Machine B with Station 1 empty. Reached by real moves:
    the spot's label says its action cannot be taken and why; choosing it anyway, the spot's
    action is refused with the reason, and the game is unchanged; the alternate is there."""
    g = new(["food"], seed=2)
    _to_work(g)
    p = player(g)
    assert p["cells"]["s1"] == 0
    play(g, 0, "spot 1b")  # Recruit (side 0)
    play(g, 0, "alt", "money")
    d = g.decision_for(0)
    assert d is not None
    label = next(f"{o.label} {o.detail}" for o in d.options if o.move == "spot 2c")
    assert "Activate machine B" in label
    assert "cannot be taken now: Station 1 is empty" in label
    ok = next(o.label for o in d.options if o.move == "spot 2b")
    assert "cannot be taken" not in ok  # engineers can always be activated
    play(g, 0, "spot 2c")
    before = g.to_json()
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "machine b")
    assert exc.value.reason == "machine B cannot run: Station 1 is empty"
    assert g.to_json() == before
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "team operators")
    assert "your spot 2c shows 'Activate machine B'" in exc.value.reason
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "wild machine a")
    assert exc.value.reason == "you have no wild action token"
    assert moves(g) == ["alt"]


def test_refused_recruit_and_spot_say_why():
    """Refusals say why: a recruit the player cannot pay, a spot not connected to the last."""
    g = new(["cosmetics"], seed=2)
    _to_work(g)
    p = player(g)
    play(g, 0, "spot 1b")  # Recruit (side 0)
    p["money"] = 0
    g.invalidate()
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "recruit operators")
    assert exc.value.reason == "recruiting an operator costs €2; you have €0"
    play(g, 0, "alt", "money")
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "spot 2d")
    assert "spot 2d is not connected to your spot 1b" in exc.value.reason
    with pytest.raises(IllegalMove) as exc:
        g.play(0, "spot 3a")
    assert exc.value.reason == "today your supervisor moves to strip 2, not strip 3"
    with pytest.raises(IllegalMove) as exc:  # a non-ASCII digit is not a strip number
        g.play(0, "spot ²a")
    assert "not a legal move" in exc.value.reason
