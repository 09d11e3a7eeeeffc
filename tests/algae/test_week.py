"""The month, Monday Morning and the Weekend (ALG-WEEK-*, ALG-MON-*, ALG-WKND-*)."""

from __future__ import annotations

from engine.algae import board as B
from engine.algae import data as D
from engine.algae.flow import settle
from engine.algae.weekend import balance_byproducts, end_of_week, refill_tanks
from tests.algae.helpers import (
    ask,
    at_work,
    empty_factory,
    finish_with_defaults,
    moves,
    new,
    play,
    player,
    top,
)


def monday(depts: list[str], seed: int = 1):
    """A game right at Monday step A of week 1 (setup members: engineers)."""
    g = new(depts, seed)
    for seat in range(len(depts)):
        play(g, seat, "staff engineers")
    return g


def test_month_of_four_weeks_then_end():
    """ALG-WEEK-02, ALG-WEEK-08, ALG-WKND-01: weekends after weeks 1-3 only, then the End of
    the Month with final scoring."""
    g = at_work(["food", "biofuel"])
    weeks_seen = set()
    weekend_sides = []
    while g.pending():
        weeks_seen.add(g.s["week"])
        weekend_sides.append(g.s["weekend_side"])
        d = g.pending()[0]
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    assert weeks_seen == {1, 2, 3, 4} and g.s["week"] == 4
    assert g.s["phase"] == "over" and g.s["final"]
    assert g.s["strip_side"] == [0, 1, 1, 1, 0]  # three weekends flipped strips 2-4


def test_week_phases_in_order():
    """ALG-WEEK-01, ALG-WEEK-03, ALG-WEEK-04, ALG-WEEK-05, ALG-MON-01: every week Monday
    (step A, then D/E), then the Work Week on the action board, then the Weekend."""
    g = monday(["cosmetics"])
    phases: list[tuple[int, str]] = []
    while g.pending():
        key = (g.s["week"], g.s["phase"])
        if not phases or phases[-1] != key:
            phases.append(key)
        if len(phases) > 1 and phases[-1] == (g.s["week"], "mon_a") != phases[-2]:
            # a new week: the previous one closed with its weekend cleanup
            assert g.s["sup"] == [None] and g.s["strip_side"][g.s["week"] - 1] == 1
            assert all(t["n"] == t["cap"] for t in g.s["tanks"].values())
        d = g.pending()[0]
        move = g.default_move(d.seat)
        if move.startswith("spot "):  # each work day is played on its strip of the board
            assert int(move[5]) == g.s["day"]
        g.play(d.seat, move)
    for week in (1, 2, 3, 4):
        got = [ph for w, ph in phases if w == week]
        assert got[:3] == ["mon_a", "mon_de", "work"]
    view = g.view(None)
    assert view["phase"] == "over"


def test_monday_step_a_in_turn_order_one_cube_per_operator():
    """ALG-MON-02, ALG-MON-03, ALG-MON-04, ALG-MON-13, ALG-MON-14: in turn order, a cube per
    operator from the matching tank, only species with open storage; B comes after A."""
    g = monday(["cosmetics", "food"], seed=1)
    first = g.s["first"]
    assert first == 1  # the second seat starts, so turn order differs from seat order
    money = [p["money"] for p in g.s["players"]]
    assert money == [4, 4]  # the setup's €4 (ruling ALG-GAP-01): no step B income yet
    assert [d.seat for d in g.pending()] == [first]
    assert set(moves(g, first)) == {"take green", "take red", "done"}  # brown covered
    green = g.s["tanks"]["green"]["n"]
    play(g, first, "take green")
    assert g.s["tanks"]["green"]["n"] == green - 1
    assert [d.seat for d in g.pending()] == [1 - first]  # one operator: done
    assert [p["money"] for p in g.s["players"]] == money  # step B not yet


def test_monday_buy_from_supply_and_cube_limit():
    """ALG-MON-15, ALG-MON-16, ALG-MON-23 (ruling ALG-GAP-22): empty tank: €1 a cube; never
    more cubes than the income (operators, +2 with the tile)."""
    g = monday(["cosmetics"])
    p = player(g)
    p["board"].remove("inc_ops")
    g.s["tanks"]["green"]["n"] = 0
    g.s["stacks"][0][-1]["n"] = B.income(p, "operators")
    g.invalidate()
    money = p["money"]
    assert "buy green" in moves(g) and "take brown" in moves(g)
    play(g, 0, "buy green", "take brown", "take brown")
    assert top(g) != "take_algae"  # 3 cubes = 1 operator + 2
    assert p["money"] == money - 1 + 2  # the cube bought, then step B's €2


def test_monday_b_c_money_and_vp_icons_then_d_e_for_all_at_once():
    """ALG-WEEK-05, ALG-MON-05, ALG-MON-06, ALG-MON-07, ALG-MON-12: €2 plus € icons, VP icons;
    then D, E and the department step open for everyone at once."""
    g = monday(["food", "biofuel"], seed=4)
    p0 = player(g, 0)
    p0["disks"] = D.DISKS - 3  # x1 both covers (2 € icons) and x2's disk (1 € icon)
    p0["markers"] = D.MARKERS - 1  # x2's marker: a VP icon
    money = [p["money"] for p in g.s["players"]]
    while g.s["phase"] == "mon_a":
        d = g.pending()[0]
        play(g, d.seat, "done")
    assert player(g, 0)["money"] == money[0] + 2 + 3
    assert player(g, 1)["money"] == money[1] + 2
    # x2's marker covered the only VP icon revealed; the rest is Food's head start (rules 3)
    assert p0["vp"] == {"income": 1, "head start": D.HEAD_START[2]["food"]}
    assert {d.seat for d in g.pending()} == {0, 1}


def test_monday_vp_icons_count_only_tiles_still_on_side_board():
    """ALG-MON-06, ALG-MON-07: a used tile's icons are gone with it."""
    g = new()
    p = player(g)
    p["disks"] = D.DISKS - 2
    assert B.revealed_icons(p) == {"money": 2, "vp": 0}
    p["x_used"] = ["x1"]
    assert B.revealed_icons(p) == {"money": 0, "vp": 0}


def test_monday_step_d_moves_and_step_e_science():
    """ALG-MON-08, ALG-MON-09, ALG-MON-10, ALG-MON-11, ALG-MON-17, ALG-MON-18, ALG-MON-24,
    ALG-MON-25: a move per engineer (+2 with the tile) on main belts only, split over cubes;
    then science per scientist (+2 with the tile) up to 10."""
    g = monday(["cosmetics"])
    p = player(g)
    play(g, 0, "done")
    assert top(g) == "free_moves"
    f = g.s["stacks"][0][-1]
    assert f["n"] == 2  # printed + setup engineer
    p["board"].remove("inc_eng")
    f["n"] = B.income(p, "engineers")
    p["cells"].update(green=1, brown=1)
    p["board"].remove("belt_sec")  # the ∞ belt on s2>soap would give energy on a machine
    g.invalidate()
    assert all(m == "done" or m.startswith("move ") for m in moves(g))
    energy = p["energy"]
    p["board"].remove("inc_sci")
    p["science"] = 5
    play(g, 0, "move green>s1", "move brown>s1", "move s1>mix", "move mix>s2")
    assert p["cells"]["s2"] == 1 and p["cells"]["mix"] == 0 and p["cells"]["s1"] == 1
    assert p["energy"] == energy  # no secondary belt on Monday
    # four moves used the 2 engineers + 2: step E follows: 1 scientist + 2 with the tile
    assert top(g) != "free_moves"
    assert p["science"] == 5 + 3


def test_monday_science_capped_at_ten():
    """ALG-MON-11: step E never takes science above 10."""
    g = monday(["cosmetics"])
    p = player(g)
    p["science"] = 9
    p["staff"]["scientists"] = 4
    play(g, 0, "done", "done")
    assert p["science"] == 10


def test_three_income_tiles_and_income_not_for_activation():
    """ALG-MON-19, ALG-MON-20, ALG-MON-22: three team income tiles per department; +2 income,
    nothing for the activation."""
    for name, spec in D.DEPARTMENTS.items():
        income = [t for t, (_, e, _) in spec["tiles"].items() if e == "income"]
        assert sorted(income) == ["inc_eng", "inc_ops", "inc_sci"], name
        assert 11 <= len(spec["tiles"]) <= 13
    g = new()
    p = player(g)
    p["board"].remove("inc_eng")
    assert B.income(p, "engineers") == 3
    from engine.algae.teams import activate

    ask(g, 0, "hold")
    activate(g, 0, "engineers")
    assert g.s["stacks"][0][-1]["pts"] == 1


def test_only_food_and_biofuel_have_a_department_step():
    """ALG-MON-26."""
    g = monday(["cosmetics", "bioplastics", "food", "biofuel"])
    texts = []
    while g.s["phase"] == "mon_a":
        d = g.pending()[0]
        texts = [e.text for e in g.play(d.seat, "done")]
    stacks = [[f["t"] for f in st] for st in g.s["stacks"]]
    assert "refine" in stacks[3]  # Biofuel: asked with steps D and E
    food = [t for t in texts if "'s food:" in t]  # Food: done at once, before step D
    assert food == [f"{g.players[2]}'s food: 0 spoiled, 0 degraded"]
    assert not any(t in ("food_step", "refine") for st in stacks[:3] for t in st)


def test_food_degrades_then_spoils():
    """ALG-MON-27, ALG-MON-28 (ruling ALG-GAP-23): fresh food degrades; food that had degraded
    spoils."""
    g = new(["food"])
    p = empty_factory(g)
    p["cells"].update(meal=2, snack_old=1)
    ask(g, 0, "food_step")
    assert p["cells"]["meal"] == 0 and p["cells"]["meal_old"] == 2
    assert p["cells"]["snack_old"] == 0
    p["board"].remove("fridge")
    ask(g, 0, "food_step")
    assert p["cells"]["meal_old"] == 2  # the fridge keeps degraded food


def test_biofuel_may_refine_once():
    """ALG-MON-29: one refining, crude into refined fuel, for 1 energy."""
    g = new(["biofuel"])
    p = empty_factory(g)
    p["cells"]["crude"] = 2
    p["energy"] = 3
    ask(g, 0, "refine")
    assert set(moves(g)) == {"refine", "skip"}
    play(g, 0, "refine")
    assert p["cells"]["refined"] == 1 and p["cells"]["crude"] == 1 and p["energy"] == 2
    assert top(g) == "hold"


def weekend_game():
    g = at_work(["cosmetics", "food"], seed=2)
    g.s["stacks"] = [[], []]
    g.s["day"] = D.DAYS
    return g


def run_weekend(g, answer: str = "none") -> None:
    """The weekend after the last turn: every seat asked for its bonus answers ``answer``."""
    end_of_week(g)
    settle(g)
    g.invalidate()
    while g.s["phase"] == "weekend":
        d = g.pending()[0]
        g.play(d.seat, answer)


def play_week(g, path: list[str]) -> None:
    """Play the rest of the week by real moves: each seat's supervisor takes ``path`` (one spot
    a day), then the alternate action's €1; stops at the weekend's first question or Monday."""
    week = g.s["week"]
    while g.s["week"] == week and g.s["phase"] in ("mon_a", "mon_de", "work"):
        d = g.pending()[0]
        frame = top(g, d.seat)
        if frame == "spot":
            g.play(d.seat, path[g.s["day"] - 1])
        elif frame == "action":
            g.play(d.seat, "alt")
        elif frame == "alt":
            g.play(d.seat, "money")
        else:
            g.play(d.seat, g.default_move(d.seat))


def test_weekend_bonus_from_last_spot_with_energy_check():
    """ALG-WKND-02, ALG-WKND-03, ALG-WEEK-07 (ruling ALG-GAP-27, rules 2), by real turns: the
    last spot (strip 5, spot b) touches bonuses 2 and 3 (freelance, 2 VP); each bonus taken
    costs 1 energy: with 2 energy one may take both, with 1 either one, or keep the energy.
    The strips update only once both have chosen."""
    g = at_work(["cosmetics", "food"], seed=2)
    path = ["spot 1a", "spot 2a", "spot 3a", "spot 4a", "spot 5b"]
    player(g, 0)["energy"] = 2
    player(g, 1)["energy"] = 1
    play_week(g, path)
    assert g.s["phase"] == "weekend" and g.s["sup"] == [[4, 1], [4, 1]]
    assert set(moves(g, 0)) == {"both", "left", "right", "none"}
    assert set(moves(g, 1)) == {"left", "right", "none"}  # 1 energy: not both
    play(g, 0, "both")
    assert player(g, 0)["vp"]["weekend"] == 2 and player(g, 0)["freelance"] == 1
    assert player(g, 0)["energy"] == 0 and g.s["phase"] == "weekend"  # waits for seat 1
    play(g, 1, "right")
    assert player(g, 1)["vp"]["weekend"] == 2 and player(g, 1)["freelance"] == 0
    assert player(g, 1)["energy"] == 0
    assert g.s["week"] == 2 and g.s["phase"] == "mon_a" and g.s["sup"] == [None, None]


def test_weekend_without_energy_asks_nothing():
    """Ruling ALG-GAP-27: no energy, no bonus and no question; the next Monday starts."""
    g = at_work(["cosmetics", "food"], seed=2)
    for p in g.s["players"]:
        p["energy"] = 0
    play_week(g, ["spot 1a", "spot 2a", "spot 3a", "spot 4a", "spot 5b"])
    assert g.s["week"] == 2 and g.s["phase"] == "mon_a"
    assert all("weekend" not in p["vp"] and p["freelance"] == 0 for p in g.s["players"])


def test_food_step_before_step_d_keeps_monday_food_fresh():
    """ALG-MON-27, ALG-MON-28 (ruling ALG-GAP-23, rules 2), by real moves into Monday: the
    Food step comes first, so food that step D moves into the dispatch that same Monday is
    fresh for the whole week; food left from last week degrades, degraded food spoils."""
    g = at_work(["food", "cosmetics"], seed=2)
    p = player(g, 0)
    for q in g.s["players"]:
        q["energy"] = 0
    p["cells"].update(s2=1, meal=1, snack_old=1)
    play_week(g, ["spot 1a", "spot 2a", "spot 3a", "spot 4a", "spot 5b"])
    while top(g, 0) != "free_moves":  # Monday step A in turn order
        d = g.pending()[0]
        g.play(d.seat, "done")
    assert p["cells"]["meal_old"] == 1 and p["cells"]["meal"] == 0  # degraded already
    assert p["cells"]["snack_old"] == 0  # spoiled
    play(g, 0, "move s2>meal")  # step D
    while g.s["phase"] != "work":
        d = g.pending()[0]
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    assert p["cells"]["meal"] == 1 and p["cells"]["meal_old"] == 1  # Monday's meal is fresh


def test_weekend_updates_strips_and_first_player():
    """ALG-WKND-04, ALG-WKND-05, ALG-WKND-06, ALG-WKND-07, ALG-WKND-08, ALG-WKND-15, ALG-WKND-16:
    supervisors back, week marker up, the strip
    beside it flips, the week's export bonus tile turns down, weekend strip empty before week 4;
    first player passes clockwise; Monday starts."""
    g = weekend_game()
    first = g.s["first"]
    g.s["sup"] = [[4, 0], [4, 3]]
    run_weekend(g)
    assert g.s["sup"] == [None, None]
    assert g.s["week"] == 2 and g.s["strip_side"] == [0, 1, 0, 0, 0]
    assert g.s["first"] == (first + 1) % 2
    assert g.s["phase"] == "mon_a"
    view = g.view(None)
    assert [t["face_up"] for t in view["board"]["export_bonus"]] == [False, True, False, False]
    g.s["week"] = 3
    g.s["stacks"] = [[], []]
    run_weekend(g)
    assert g.s["weekend_side"] == 1 and g.s["strip_side"][3] == 1


def test_algae_tanks_refill_to_capacity():
    """ALG-WKND-09, ALG-WKND-10, ALG-WKND-11: capacity 4, +1 per matching storage tile any
    player removed, at most 6; the weekend refills each tank to it."""
    from engine.algae.science import _unlock

    g = new(["cosmetics", "food", "biofuel"])
    assert [g.s["tanks"][sp]["cap"] for sp in D.SPECIES] == [4, 4, 4]
    for seat, tile in ((0, "store_brown"), (1, "store_brown"), (2, "store_brown")):
        player(g, seat)["board"].remove(tile)  # three brown storage tiles removed
        _unlock(g, seat, tile)
    player(g, 1)["board"].remove("store_green")  # food expands green
    _unlock(g, 1, "store_green")
    for tank in g.s["tanks"].values():
        tank["n"] = 1
    refill_tanks(g.s)
    got = {sp: (t["n"], t["cap"]) for sp, t in g.s["tanks"].items()}
    assert got == {"green": (5, 5), "red": (4, 4), "brown": (6, 6)}  # 4+3 capped at 6


def test_byproduct_tanks_balance():
    """ALG-WKND-12, ALG-WKND-13, ALG-WKND-14: full -1, empty +1, then rows within 1."""
    s = {"byp": {"lipid": D.BYP_CAPACITY, "fiber": 0}}
    balance_byproducts(s)
    # 8 -> 7 (4 rows), 0 -> 1 (1 row); then move until rows differ by at most 1
    assert B.byp_rows(s["byp"]["lipid"]) - B.byp_rows(s["byp"]["fiber"]) <= 1
    assert s["byp"]["lipid"] + s["byp"]["fiber"] == 8
    s = {"byp": {"lipid": 4, "fiber": 3}}
    balance_byproducts(s)
    assert s["byp"] == {"lipid": 4, "fiber": 3}  # rows 2 and 2: unchanged
    s = {"byp": {"lipid": 5, "fiber": 1}}  # rows 3 and 1
    balance_byproducts(s)
    assert s["byp"] == {"lipid": 4, "fiber": 2}
    s = {"byp": {"lipid": D.BYP_CAPACITY, "fiber": 6}}
    balance_byproducts(s)
    assert s["byp"] == {"lipid": 7, "fiber": 6}


def test_export_bonus_tile_of_the_current_week_only():
    """ALG-WKND-07 (ruling ALG-GAP-28): after the weekend last week's tile is face down; an
    export in week 2 gives week 2's tile, not week 1's."""
    g = weekend_game()
    g.s["bonus_tiles"] = ["vp1", "money1", "energy", "science1"]
    run_weekend(g)
    assert g.s["week"] == 2
    p = empty_factory(g, 0)
    p["cells"]["cream"] = 1
    for c in g.s["cities"].values():
        c["token"] = "energy1"
    g.s["cities"]["bordeaux"]["disks"] = []
    money, energy = p["money"], p["energy"]
    ask(g, 0, "export", n=1)
    play(g, 0, "export bordeaux", "add cream", "deliver")
    assert p["money"] == money + 1 and p["energy"] == energy + 1  # €1 tile + city token
    assert "export bonus" not in p["vp"]


def test_defaults_finish_a_game():
    """ALG-WEEK-06: with defaults every seat plays 20 turns and the game ends."""
    g = at_work(["bioplastics"])
    spots = 0
    while g.pending():
        d = g.pending()[0]
        if top(g, d.seat) == "spot":
            spots += 1
        move = g.default_move(d.seat)
        assert move is not None
        g.play(d.seat, move)
    assert spots == D.WEEKS * D.DAYS
    finish_with_defaults(g)


def test_end_of_month_scoring_breakdown():
    """ALG-WEEK-08 (ruling ALG-GAP-20): cities held, €5 and 3 energy per VP, full grid rows;
    no weekend bonus after week 4."""
    from engine.algae.scoring import final_points

    g = weekend_game()
    p = player(g, 0)
    p["cities"] = ["lyon", "paris", "rome", "oslo"]
    p["money"] = 14
    p["energy"] = 7
    for c in range(1, D.GRID_COLS + 1):
        p["grid_placed"][f"a{c}"] = "x"
    p["grid_placed"]["b1"] = "x"
    assert final_points(p) == {"cities held": 4, "money": 2, "energy": 2, "grid rows": 3}
    g.s["week"] = D.WEEKS
    g.s["sup"] = [[4, 1], [4, 1]]
    end_of_week(g)
    assert g.s["phase"] == "over" and "weekend" not in p["vp"]
    assert p["vp"]["cities held"] == 4 and p["vp"]["grid rows"] == 3
    g.invalidate()
    assert g.pending() == []
