"""A simple goal-directed player, used to write the scenario scripts (tests/algae/scenarios).

It is no strategy guide: it pushes cubes down the line, exports whatever it can, recruits
when rich and places science tiles when it has the science. Good enough to exercise exports,
milestones, re-exports, contracts and the grid in whole games.
"""

from __future__ import annotations

from engine.algae import board as B
from engine.algae.export import goods
from engine.algae.game import AlgaeGame
from engine.core import Decision


def wanted_actions(g: AlgaeGame, seat: int) -> list[str]:
    p = g.s["players"][seat]
    cells = p["cells"]
    stock = sum(goods(p).values())
    out = []
    if stock >= 2:
        out.append("team operators")
    if p["money"] >= 6:
        out.append("recruit operators" if p["staff"]["operators"] < 3 else "recruit engineers")
    if p["science"] >= 3:
        out.append("team scientists")
    for m, cell in (("c", "s2"), ("b", "s1")):
        if cells.get(cell, 0) > 0:
            out.append(f"machine {m}")
    if B.machine_ready(p, "a"):
        out.append("machine a")
    out += ["team engineers", "team operators"]
    return out


# A test bot: one rule of thumb per frame type, read top to bottom.
def choose(g: AlgaeGame, d: Decision) -> str:  # noqa: C901, PLR0911, PLR0912
    seat = d.seat
    frame = g.s["stacks"][seat][-1]["t"]
    moves = [o.move for o in d.options]
    p = g.s["players"][seat]

    def first(*prefixes: str) -> str | None:
        for pre in prefixes:
            for m in moves:
                if m.startswith(pre):
                    return m
        return None

    if frame == "spot":
        from engine.algae.workweek import spot_action

        wants = wanted_actions(g, seat)
        best, score = moves[0], 99
        for m in moves:
            name = m.split()[1]
            act = spot_action(g.s, int(name[0]) - 1, "abcd".index(name[1]))
            kind, _, what = act.partition(":")
            for i, w in enumerate(wants):
                if (kind == "recruit" and w.startswith("recruit")) or (
                    kind in ("team", "machine")
                    and w.startswith(kind)
                    and (what == "any" or w.endswith(what))
                ):
                    if i < score:
                        best, score = m, i
                    break
        return best
    if frame == "action":
        for w in wanted_actions(g, seat):
            for pre in ("", "choice ", "wild "):
                if pre + w in moves:
                    return pre + w
        return "alt"
    if frame == "alt":
        return first("move s2", "move s1", "move", "algae") or "money"
    if frame == "oper":
        return "export" if sum(goods(p).values()) else "algae"
    if frame == "export":
        if "contract" in moves:
            return "contract"
        labels = {o.move: o.label for o in d.options}
        cities = [m for m in moves if m.startswith(("export", "reexport"))]
        if not cities:
            return "done"
        return min(cities, key=lambda m: int(labels[m].split("transport €")[1].split(",")[0]))
    if frame == "deliver":
        return "deliver" if "deliver" in moves else moves[0]
    if frame == "sci":
        return "tiles" if p["science"] >= 3 else "gain"
    if frame == "eng":
        return first("take cap", "take conv", "take gen", "freelance", "take") or "done"
    if frame == "after":
        return first("2x") or "end"
    if frame == "byp":
        return "store"
    if frame in ("gain", "refine"):
        return moves[0]
    if frame == "setup_staff":
        return "staff operators"
    if frame in ("mach", "free_moves"):
        return (
            first("move s2", "move mix", "move heat", "move press", "move s1", "move") or moves[0]
        )
    non_done = [m for m in moves if m != "done"]
    return non_done[0] if non_done else moves[0]


def play_bot_game(
    players: int, seed: int, depts: list[str], rules: int | None = None
) -> tuple[AlgaeGame, list]:
    from engine.core import new_game

    options: dict = {"departments": depts}
    if rules is not None:
        options["rules"] = rules
    g = new_game("algae", [f"p{i + 1}" for i in range(players)], seed=seed, options=options)
    assert isinstance(g, AlgaeGame)
    while g.pending():
        d = g.pending()[0]
        g.play(d.seat, choose(g, d))
    return g, [list(m) for m in g.moves]
