"""A Work Week turn: move the supervisor, take the action (or the alternate), export/2x."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.algae import rules as R
from engine.algae.export import export_choices
from engine.algae.frames import applies, decision, push
from engine.algae.gains import BONUS_TEXT, algae_options, move_cube, move_options, take_algae
from engine.algae.refusals import spot_note

ACTION_TEXT = {
    "recruit": "Recruit a staff member",
    "team:any": "Activate any team",
    "machine:any": "Activate any machine",
}


@cache
def action_text(action: str) -> str:
    if action in ACTION_TEXT:
        return ACTION_TEXT[action]
    kind, what = action.split(":")
    return f"Activate {what}" if kind == "team" else f"Activate machine {what.upper()}"


def spot_action(s: dict, strip: int, spot: int) -> str:
    return D.STRIPS[strip][s["strip_side"][strip]][spot]


@cache
def spot_name(strip: int, spot: int) -> str:
    return f"{strip + 1}{D.SPOTS[spot]}"


# -------------------------------------------------------------- A. move the supervisor
@decision("spot", lambda g, seat, f: f"Day {g.s['day']}: move your supervisor")
def _spot_opts(g: Any, seat: int, f: dict) -> list:
    """ALG-WORK-04..07: bottom strip on the first turn, then a connected spot one strip up."""
    s = g.s
    strip = s["day"] - 1
    here = s["sup"][seat]
    out = []
    for i in range(len(D.SPOTS)):
        if here is not None and not D.connected(here[1], i):
            continue
        there = [g.name(k) for k, x in enumerate(s["sup"]) if x == [strip, i] and k != seat]
        note = f" (also there: {', '.join(there)})" if there else ""
        if strip == D.DAYS - 1 and s["weekend_side"] == 0 and s["week"] < D.WEEKS:
            left, right = (BONUS_TEXT[b] for b in D.WEEKEND_STRIP[i : i + 2])
            if R.on(s, "weekend_spends_energy"):
                note += f"; weekend bonus: {left} or {right}, 1 energy each"
            else:
                note += f"; weekend bonus: {left} + {right} (2+ energy: both, 1 energy: {left})"
        action = spot_action(s, strip, i)
        text = action_text(action) + spot_note(g, seat, action)
        out.append((f"spot {spot_name(strip, i)}", f"Spot {spot_name(strip, i)}: {text}{note}"))
    return out


@applies("spot")
def _spot_apply(g: Any, seat: int, f: dict, move: str) -> None:
    name = move.split()[1]
    strip, spot = int(name[0]) - 1, D.SPOTS.index(name[1])
    g.s["sup"][seat] = [strip, spot]
    g.log(
        seat, f"{g.name(seat)} moves to spot {name} ({action_text(spot_action(g.s, strip, spot))})"
    )


# ------------------------------------------------------------------- B. the action
def recruit_options(g: Any, seat: int, prefix: str) -> list:
    p = g.s["players"][seat]
    out = []
    for team in D.TEAMS:
        col = p["staff"][team] - 1  # the printed member is not on the row
        if col >= len(D.STAFF_COST) or p["money"] < D.STAFF_COST[col]:
            continue
        bonus, vp = D.STAFF_ROWS[team][col]
        extra = f", gain {BONUS_TEXT[bonus]}" if bonus else ""
        extra += f", {vp} VP" if vp else ""
        out.append((f"{prefix}recruit {team}", f"Recruit {team[:-1]}: €{D.STAFF_COST[col]}{extra}"))
    return out


TEAM_TASKS = {
    "operators": ("take up to {n} algae or export to up to {n} city(s)", "take algae, then export"),
    "engineers": ("{n} point(s), up to {n} tile(s) from your grid", ""),
    "scientists": ("gain {n} science or place up to {n} science tile(s)", "gain, then place"),
}


def team_label(p: dict, team: str) -> str:
    """E.g. "Activate your 2 operators: take up to 2 algae or export to up to 2 cities"."""
    n = p["staff"][team]
    one, both = TEAM_TASKS[team]
    who = team if n != 1 else team[:-1]
    task = both if p["upg"][team] and both else one
    return f"Activate your {n} {who}: {task.format(n=n)}"


def team_options(g: Any, seat: int, teams: tuple[str, ...], prefix: str) -> list:
    """The teams to activate; operators only when they can take algae or export now
    (issue 12 item 2: an action that can do nothing is not offered)."""
    p = g.s["players"][seat]
    idle = ""
    if "operators" in teams and not (algae_options(g, seat) or export_choices(g, seat)):
        idle = "operators"
    return [(f"{prefix}team {t}", team_label(p, t)) for t in teams if t != idle]


def machine_options(g: Any, seat: int, machines: tuple[str, ...], prefix: str) -> list:
    p = g.s["players"][seat]
    return [
        (f"{prefix}machine {m}", f"Activate machine {m.upper()} (capacity {B.capacity(p, m)})")
        for m in machines
        if B.machine_ready(p, m)
    ]


def _spot_moves(g: Any, seat: int, action: str) -> list:
    if action == "recruit":
        return recruit_options(g, seat, "")
    kind, what = action.split(":")
    if kind == "team":
        return team_options(g, seat, D.TEAMS if what == "any" else (what,), "")
    return machine_options(g, seat, D.MACHINES if what == "any" else (what,), "")


@decision("action", lambda g, seat, f: "Take your spot's action, use a token, or the alternate")
def _action_opts(g: Any, seat: int, f: dict) -> list:
    s = g.s
    p = s["players"][seat]
    strip, spot = s["sup"][seat]
    action = spot_action(s, strip, spot)
    out = _spot_moves(g, seat, action)
    own = {m for m, *_ in out}
    kind, _, what = action.partition(":")
    if p["choice"] > 0 and kind in ("team", "machine") and what != "any":
        # ALG-TOKEN-01..03: another team, or another machine; never team <-> machine
        if kind == "team":
            others = tuple(t for t in D.TEAMS if t != what)
            out += [
                (f"choice {m}", f"Spend a choice token: {lbl}")
                for m, lbl in team_options(g, seat, others, "")
            ]
        else:
            others = tuple(m for m in D.MACHINES if m != what)
            out += [
                (f"choice {m}", f"Spend a choice token: {lbl}")
                for m, lbl in machine_options(g, seat, others, "")
            ]
    if p["wild"] > 0:  # ALG-TOKEN-04
        every = (
            recruit_options(g, seat, "")
            + team_options(g, seat, D.TEAMS, "")
            + machine_options(g, seat, D.MACHINES, "")
        )
        out += [(f"wild {m}", f"Spend a wild token: {lbl}") for m, lbl in every if m not in own]
    out.append(("alt", "Take the alternate action (€1, a choice token, an algae cube or a move)"))
    return out


@applies("action")
def _action_apply(g: Any, seat: int, f: dict, move: str) -> None:
    p = g.s["players"][seat]
    words = move.split()
    if words[0] == "alt":
        push(g, seat, "alt")
        return
    if words[0] in ("choice", "wild"):
        p[words[0]] -= 1  # ALG-GAP-26: a token is spent when used
        g.log(seat, f"{g.name(seat)} spends a {words[0]} token")
        words = words[1:]
    start_action(g, seat, words)


def start_action(g: Any, seat: int, words: list[str]) -> None:
    from engine.algae import machines, teams

    if words[0] == "recruit":
        teams.recruit(g, seat, words[1])
    elif words[0] == "team":
        teams.activate(g, seat, words[1])
    else:
        machines.activate(g, seat, words[1])


# ------------------------------------------------------------ the alternate action
@decision("alt", "Alternate action: choose one")
def _alt_opts(g: Any, seat: int, f: dict) -> list:
    """ALG-WORK-09..12."""
    out = [("money", "Take €1"), ("token", "Take a choice action token")]
    out += [(f"algae {m.split()[1]}", lbl) for m, lbl in algae_options(g, seat)]
    out += move_options(g, seat)
    return out


@applies("alt")
def _alt_apply(g: Any, seat: int, f: dict, move: str) -> None:
    p = g.s["players"][seat]
    if move == "money":
        p["money"] += 1
        g.log(seat, f"{g.name(seat)} takes €1 (alternate action)")
    elif move == "token":
        p["choice"] += 1
        g.log(seat, f"{g.name(seat)} takes a choice token (alternate action)")
    elif move.startswith("algae"):
        sp = move.split()[1]
        verb = "take" if g.s["tanks"][sp]["n"] > 0 else "buy"
        take_algae(g, seat, f"{verb} {sp}")  # ruling ALG-GAP-25
    else:
        move_cube(g, seat, move)


# ----------------------------------------------------- export/2x tiles (ALG-TOKEN-05..09)
@decision("after", "Use an export/2x tile, or end your turn")
def _after_opts(g: Any, seat: int, f: dict) -> list:
    if g.s.get("x_turn"):
        return []  # ALG-TOKEN-07: one a turn
    p = g.s["players"][seat]
    tiles = B.unlocked_tiles(p)
    if not tiles:
        return []
    out = []
    for t in tiles:
        icons = [icon for _, icon in D.SIDE_TILES[t]]
        lost = " + ".join(("€1" if i == "money" else "1 VP") for i in icons)
        out.append(
            (
                f"2x {t}",
                f"Use export/2x tile {t}: repeat your spot's action or take the alternate "
                f"(the tile leaves: no more {lost} each Monday)",
            )
        )
    return [*out, ("end", "End your turn")]


@applies("after")
def _after_apply(g: Any, seat: int, f: dict, move: str) -> None:
    if move == "end":
        return
    tile = move.split()[1]
    g.s["players"][seat]["x_used"].append(tile)  # ALG-TOKEN-08: back to the box
    g.s["x_turn"] = True
    g.log(seat, f"{g.name(seat)} uses export/2x tile {tile} for a second action")
    push(g, seat, "action", second=True)
