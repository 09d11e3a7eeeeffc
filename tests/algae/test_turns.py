"""Work Week turns: spots, actions, recruiting, operators, tokens, the alternate action
(ALG-ACT-*, ALG-RECRUIT-*, ALG-OPER-*, ALG-TOKEN-*, ALG-WORK-*)."""

from __future__ import annotations

import pytest

from engine.algae import board as B
from engine.algae import data as D
from engine.core import IllegalMove
from tests.algae.helpers import ask, at_work, empty_factory, labels, moves, new, play, player, top

ACTIONS = {"recruit", "team:operators", "team:engineers", "team:scientists", "team:any"}
ACTIONS |= {"machine:a", "machine:b", "machine:c", "machine:any"}


def test_action_types_on_every_spot():
    """ALG-ACT-01, ALG-ACT-02: every spot shows recruit, a team or a machine activation, and
    every action of the game appears somewhere."""
    shown = {a for strip in D.STRIPS for side in strip for a in side}
    assert shown <= ACTIONS
    assert {"recruit", "team:operators", "team:engineers", "team:scientists"} <= shown
    assert {"machine:a", "machine:b", "machine:c"} <= shown


def test_any_versions_only_on_first_and_last_strip():
    """ALG-ACT-06: "any" spots are on both sides of strips 1 and 5 and nowhere else."""
    for i, strip in enumerate(D.STRIPS):
        for side in strip:
            has_any = any(a.endswith(":any") for a in side)
            assert has_any == (i in (0, D.DAYS - 1))


def spot_game(action: str, **cells: int):
    g = new()
    p = empty_factory(g)
    p["cells"].update(cells)
    g.s["sup"][0] = [0, 0]
    g.s["strip_side"][0] = 0
    D_STRIP = D.STRIPS[0][0]
    D_STRIP_BACKUP = list(D_STRIP)
    D_STRIP[0] = action
    ask(g, 0, "action", second=False)
    opts = moves(g)
    D_STRIP[:] = D_STRIP_BACKUP
    return g, p, opts


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_every_action_of_the_board_can_be_taken_from_its_spot(action: str):
    """ALG-ACT-01: recruiting, each team's activation and each machine's activation are
    actions a spot gives (here with a cube before every machine and money to recruit)."""
    g, p, opts = spot_game(action, green=1, s1=1, s2=1)
    kind, _, what = action.partition(":")
    if kind == "recruit":
        expected = {f"recruit {t}" for t in D.TEAMS}
    elif what == "any":
        expected = {f"{kind} {x}" for x in (D.TEAMS if kind == "team" else D.MACHINES)}
    else:
        expected = {f"{kind} {what}"}
    assert set(opts) == expected | {"alt"}
    move = sorted(expected)[0]
    play(g, 0, move)
    if kind == "recruit":  # done at once: the engineer joins the first space (€1, no bonus)
        assert p["staff"]["engineers"] == 2 and p["money"] == D.START_MONEY - 1
    else:  # the activation asks its own next question
        assert top(g) in {"oper", "eng", "sci", "mach"}


def test_recruit_spot_has_no_sub_action_but_the_team():
    """ALG-ACT-03, ALG-RECRUIT-03: recruiting offers a staff tile of any team, nothing else."""
    _, _, opts = spot_game("recruit")
    assert [m for m in opts if m != "alt"] == [f"recruit {t}" for t in D.TEAMS]


def test_team_sub_actions():
    """ALG-ACT-04: operators, engineers, scientists, or any team."""
    for team in ("operators", "engineers", "scientists"):
        _, _, opts = spot_game(f"team:{team}")
        assert opts == [f"team {team}", "alt"]
    _, _, opts = spot_game("team:any")
    assert opts == ["team operators", "team engineers", "team scientists", "alt"]


def test_machine_sub_actions():
    """ALG-ACT-05: A, B, C or any machine (when it can run)."""
    _, _, opts = spot_game("machine:any", green=1, s1=1, s2=1)
    assert opts == ["machine a", "machine b", "machine c", "alt"]
    _, _, opts = spot_game("machine:b", green=1, s1=1, s2=1)
    assert opts == ["machine b", "alt"]


def test_staff_start_and_setup_member():
    """ALG-RECRUIT-01, ALG-RECRUIT-02: one printed member a team, plus one chosen at setup."""
    g = new(["cosmetics", "food"])
    assert all(p["staff"] == {t: 1 for t in D.TEAMS} for p in g.s["players"])
    assert {d.seat for d in g.pending()} == {0, 1}  # chosen by everyone at once
    play(g, 0, "staff engineers")
    play(g, 1, "staff scientists")
    assert player(g, 0)["staff"]["engineers"] == 2
    assert player(g, 1)["staff"]["scientists"] == 2


def test_recruit_pays_column_cost_takes_bonus_and_vp():
    """ALG-RECRUIT-04, ALG-RECRUIT-05, ALG-RECRUIT-06, ALG-RECRUIT-07: leftmost empty space, its
    column's cost, bonus and VP."""
    g = new()
    p = player(g)
    p["money"] = 10
    p["staff"]["operators"] = 3  # printed + 2 on the row: next is column 3 (value token, 1 VP)
    ask(g, 0, "hold")
    from engine.algae.teams import recruit

    recruit(g, 0, "operators")
    assert p["staff"]["operators"] == 4
    assert p["money"] == 10 - D.STAFF_COST[2]
    assert p["value"] == 1 and p["vp"]["staff"] == 1
    p["money"] = 1
    p["staff"]["engineers"] = 1  # next space costs €1
    p["staff"]["scientists"] = 2  # next space costs €2: one euro short
    g.s["sup"][0] = [0, 1]  # recruit spot
    ask(g, 0, "action", second=False)
    assert "recruit engineers" in moves(g)
    assert "recruit operators" not in moves(g) and "recruit scientists" not in moves(g)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.play(0, "recruit scientists")
    assert g.to_json() == before  # refused, nothing changed


def test_full_row_cannot_recruit_and_last_space_upgrades():
    """ALG-RECRUIT-04, ALG-RECRUIT-05, ALG-RECRUIT-06 (ruling ALG-GAP-02/03): recruits fill
    the row from the left, one column at a time, each paying its column's cost and taking its
    bonus; the last space gives the team upgrade and a full row takes nobody."""
    g = new()
    p = player(g)
    p["money"] = 50
    g.s["sup"][0] = [0, 1]  # strip 1 side 0 spot b: recruit
    paid = []
    for col in range(len(D.STAFF_COST)):
        ask(g, 0, "action", second=False)
        money, science = p["money"], p["science"]
        play(g, 0, "recruit scientists")
        paid.append(money - p["money"])
        assert p["staff"]["scientists"] == col + 2
        bonus = D.STAFF_ROWS["scientists"][col][0]
        assert (p["science"] - science == 2) == (bonus == "science2"), col
        assert (p["choice"] == 1) == (col >= 2)  # the choice token lies on column 3 only
        assert p["upg"]["scientists"] == (bonus == "upgrade")
    assert paid == list(D.STAFF_COST)
    assert p["upg"]["scientists"]
    ask(g, 0, "action", second=False)
    assert "recruit scientists" not in moves(g) and "recruit operators" in moves(g)


def test_more_staff_more_income_and_stronger_activation():
    """ALG-RECRUIT-08: income and activations count the team's members."""
    g = new()
    p = player(g)
    p["staff"]["engineers"] = 3
    assert B.income(p, "engineers") == 3
    from engine.algae.teams import activate

    ask(g, 0, "hold")
    activate(g, 0, "engineers")
    assert g.s["stacks"][0][-1]["pts"] == 3


def test_take_algae_per_operator_open_storage_and_empty_tank():
    """ALG-OPER-01, ALG-OPER-02, ALG-OPER-03, ALG-OPER-04, ALG-OPER-05: one task chosen; up to one
    cube per operator, only open storage
    species, €1 each from an empty tank; the income tile adds nothing here."""
    g = new()
    p = empty_factory(g)
    p["staff"]["operators"] = 2
    p["board"].remove("inc_ops")
    p["money"] = 5
    ask(g, 0, "oper")
    assert set(moves(g)) == {"algae"}  # an empty factory has nothing to export (issue 12)
    play(g, 0, "algae")
    assert {"take green", "take brown", "done"} == set(moves(g))  # red storage is covered
    g.s["tanks"]["brown"]["n"] = 0
    g.invalidate()
    assert "buy brown" in moves(g)
    play(g, 0, "buy brown", "take green")
    assert p["money"] == 4 and p["cells"]["brown"] == 1 and p["cells"]["green"] == 1
    assert top(g) == "hold"  # 2 operators: 2 cubes, +2 of the tile not used


def test_choice_token_changes_team_or_machine_never_across():
    """ALG-TOKEN-01, ALG-TOKEN-02, ALG-TOKEN-03."""
    g = new()
    p = empty_factory(g)
    p["cells"].update(green=1, s1=1, s2=1)
    p["choice"] = 1
    g.s["sup"][0] = [0, 3]  # strip 1 side 0 spot d: operators
    ask(g, 0, "action", second=False)
    opts = moves(g)
    assert "choice team engineers" in opts and "choice team scientists" in opts
    assert not any(m.startswith("choice machine") for m in opts)
    g.s["sup"][0] = [1, 0]  # strip 2 spot a: machine A
    g.invalidate()
    opts = moves(g)
    assert "choice machine b" in opts and "choice machine c" in opts
    assert not any(m.startswith("choice team") for m in opts)
    play(g, 0, "choice machine b")
    assert p["choice"] == 0 and top(g) == "mach" and g.s["stacks"][0][-1]["m"] == "b"


def test_wild_token_takes_any_action():
    """ALG-TOKEN-04 (ruling ALG-GAP-26: spent when used)."""
    g = new()
    p = empty_factory(g)
    p["cells"]["s2"] = 1
    p["wild"] = 1
    g.s["sup"][0] = [0, 3]  # operators
    ask(g, 0, "action", second=False)
    opts = moves(g)
    assert {"wild recruit operators", "wild team engineers", "wild machine c"} <= set(opts)
    play(g, 0, "wild machine c")
    assert p["wild"] == 0 and top(g) == "mach"


def test_export_2x_tile_repeat_or_alternate_once_per_turn():
    """ALG-TOKEN-05, ALG-TOKEN-06, ALG-TOKEN-07, ALG-TOKEN-08, ALG-TOKEN-09, ALG-WORK-13,
    ALG-WORK-14: an unlocked tile gives a second action (the
    spot's, the alternate, or one changed by a token); back to the box; one a turn: with a
    second tile still unlocked, the turn ends after the second action (real turns)."""
    g = at_work(["cosmetics", "food"])
    seat = g.s["turn"]
    p = player(g, seat)
    p["disks"] = D.DISKS - 5  # x1 and x3 uncovered
    p["choice"] = 1
    g.invalidate()
    play(g, seat, "spot 1d", "alt", "money")  # the alternate action counts as the action
    assert set(moves(g, seat)) == {"2x x1", "2x x3", "end"}
    play(g, seat, "2x x1")
    assert p["x_used"] == ["x1"]
    assert "choice team engineers" in moves(g, seat) and "alt" in moves(g, seat)
    play(g, seat, "choice team engineers")
    while g.s["turn"] == seat and top(g, seat) == "eng":
        play(g, seat, "done")
    assert "x1" not in B.unlocked_tiles(p) and "x3" in B.unlocked_tiles(p)
    assert p["choice"] == 0
    other = 1 - seat
    assert g.s["turn"] == other and top(g, other) == "spot"  # x3 is not offered this turn
    assert g.decision_for(seat) is None
    play(g, other, "spot 1a", "alt", "money")
    while g.s["turn"] == other:
        move = g.default_move(other)
        assert move is not None
        play(g, other, move)
    assert g.s["turn"] == seat and top(g, seat) == "spot"
    play(g, seat, "spot 2d", "alt", "money")
    assert set(moves(g, seat)) == {"2x x3", "end"}  # next turn: the other tile again


def test_locked_tile_not_usable():
    """ALG-TOKEN-05: with one of the two covers still there, the tile cannot be used."""
    g = new()
    p = player(g)
    p["disks"] = D.DISKS - 1
    assert B.unlocked_tiles(p) == []
    ask(g, 0, "after")
    g.s["x_turn"] = False
    assert moves(g) == ["hold"]  # the after frame had nothing to offer


def test_turn_order_and_five_turns_each():
    """ALG-WORK-01, ALG-WORK-02, ALG-WEEK-06: from the first player clockwise, five days."""
    g = at_work(["cosmetics", "food", "biofuel"], seed=3)
    first = g.s["first"]
    seen = []
    while g.s["week"] == 1 and g.s["phase"] == "work":
        d = g.pending()[0]
        if top(g, d.seat) == "spot":
            seen.append((g.s["day"], d.seat))
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    order = [(first + i) % 3 for i in range(3)]
    assert seen == [(day, s) for day in range(1, 6) for s in order]


def test_supervisor_moves_up_connected_strips_and_shares():
    """ALG-WORK-03, ALG-WORK-04, ALG-WORK-05, ALG-WORK-06, ALG-WORK-07: first the supervisor (bottom
    strip on day 1, then a connected spot on
    the next strip; spots may be shared), then the action."""
    g = at_work(["cosmetics", "food"], seed=2)
    a = g.pending()[0].seat
    b = 1 - a
    assert moves(g, a) == ["spot 1a", "spot 1b", "spot 1c", "spot 1d"]
    play(g, a, "spot 1a")
    assert top(g, a) == "action"
    play(g, a, "alt", "money")
    assert labels(g, b)["spot 1a"].endswith(f"(also there: {g.players[a]})")
    assert "also there" not in labels(g, b)["spot 1b"]
    play(g, b, "spot 1a", "alt", "money")
    assert g.s["sup"] == [[0, 0], [0, 0]]
    assert moves(g, a) == ["spot 2a", "spot 2b"]


def test_alternate_action_choices():
    """ALG-WORK-08, ALG-WORK-09, ALG-WORK-10, ALG-WORK-11, ALG-WORK-12 (ruling ALG-GAP-25): €1, a
    choice token, an algae cube, a move."""
    g = new()
    p = empty_factory(g)
    g.s["sup"][0] = [1, 0]  # strip 2 side 0 spot a: machine A, which cannot run (no algae)
    ask(g, 0, "action", second=False)
    assert moves(g) == ["alt"]  # the alternate is always there, even when the spot's is not
    p["cells"]["green"] = 1
    g.invalidate()
    assert moves(g) == ["machine a", "alt"]
    p["cells"]["green"] = 0
    p["cells"]["s1"] = 1
    ask(g, 0, "alt")
    assert set(moves(g)) == {"money", "token", "algae green", "algae brown", "move s1>mix"}
    money = p["money"]
    play(g, 0, "money")
    assert p["money"] == money + 1
    ask(g, 0, "alt")
    play(g, 0, "algae green")
    assert p["cells"]["green"] == 1
    ask(g, 0, "alt")
    play(g, 0, "move s1>mix")
    assert p["cells"]["mix"] == 1
    ask(g, 0, "alt")
    play(g, 0, "token")
    assert p["choice"] == 1


def test_last_strip_labels_state_the_weekend_energy_check():
    """ALG-WKND-03 (ruling ALG-GAP-27): a spot of the last strip names the two bonuses it
    touches and the energy each needs."""
    g = new()
    g.s["day"] = D.DAYS
    g.s["sup"][0] = [D.DAYS - 2, 1]
    ask(g, 0, "spot")
    assert labels(g)["spot 5b"].endswith(
        "weekend bonus: a freelance engineer or 2 VP, 1 energy each"
    )
    g.s["weekend_side"] = 1  # the empty side before week 4
    g.invalidate()
    assert "weekend" not in labels(g)["spot 5b"]
