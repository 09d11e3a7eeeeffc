"""A two-city export in at most 8 clicks (issue 12, "Done when").

From the start of a Work Week turn (the Play click) to the end of the turn, a player with
two operators and goods for two cities exports to both, choosing in the menus the bot shows
(tables/lookahead.py pairs, forced moves played for them): every menu entry picked is a
click, a menu of more than 25 entries costs one more (its group first)."""

from __future__ import annotations

from engine.algae import data as D
from engine.core import Game
from tables.forced import play_forced
from tables.lookahead import MAX_PAIRS, steps
from tests.algae.helpers import at_work

MAX_CLICKS = 8


def wish(game: Game, seat: int, used: list[str]) -> str:
    """The move this player wants: an operators spot, the operators, export, a new city,
    deliver as soon as the demand is met, else add a good."""
    d = game.decision_for(seat)
    assert d is not None
    moves = [o.move for o in d.options]
    labels = {o.move: o.label for o in d.options}
    if used.count("deliver") >= 2:  # both delivered: no more actions
        return next((m for m in moves if m in ("done", "skip", "no", "end")), moves[-1])
    for want in ("deliver", "export", "team operators"):
        if want in moves:
            return want
    cities = [m for m in moves if m.startswith("export ") and m not in used]
    if cities:
        return cities[0]
    adds = [m for m in moves if m.startswith("add ")]
    if adds:
        return adds[0]
    spots = [m for m in moves if "operators" in labels[m] or "any team" in labels[m]]
    return spots[0] if spots else moves[0]


def test_a_two_city_export_takes_at_most_eight_clicks() -> None:
    g = at_work(["cosmetics", "food"])
    seat = g.pending()[0].seat  # who starts depends on the deal: their own first good
    p = g.s["players"][seat]
    good = next(iter(D.DEPARTMENTS[p["dept"]]["values"]))
    p["staff"]["operators"] = 2
    p["money"] = 20
    p["cells"][good] = 6
    g._pending_cache = None
    clicks = 1  # the Play click
    used: list[str] = []
    exported: list[str] = []
    while g.decision_for(seat) is not None and clicks < 40:
        d = g.decision_for(seat)
        assert d is not None
        entries = steps(g, d)
        clicks += 1 if len(entries) <= MAX_PAIRS else 2
        first = wish(g, seat, used)
        trial = Game.from_json(g.to_json())
        trial.play(seat, first)
        play_forced(trial)
        after = trial.decision_for(seat)
        second = wish(trial, seat, [*used, first]) if after is not None else None
        pick = next((e for e in entries if e.moves == (first, second)), None)
        pick = pick or next(e for e in entries if e.moves == (first,) or e.moves[0] == first)
        for move in pick.moves:
            used.append(move)
            if move.startswith("export "):
                exported.append(move)
            g.play(seat, move)
            play_forced(g)
    assert len(exported) == 2, exported
    assert p["cities"] and len(p["cities"]) == 2, "two cities delivered to"
    assert clicks <= MAX_CLICKS, clicks
