"""Why an action cannot be taken: the words a spot shows and a refused move gives.

A spot whose action cannot be taken now still may be chosen (the alternate action is always
there), but its label says so and why; a move the engine refuses names the reason
("Station 1 is empty"), not only the moves that are legal.
"""

from __future__ import annotations

from typing import Any

from engine.algae import board as B
from engine.algae import data as D
from engine.core import normalize


def machine_why(p: dict, machine: str) -> str:
    """Empty when the machine can run, else why not (ALG-MACH-04/05)."""
    if B.machine_ready(p, machine):
        return ""
    if machine == "a":
        return "machine A cannot run: your open algae storages are empty"
    station = B.cell_text(p, B.dept(p)["inputs"][machine][0])
    return f"machine {machine.upper()} cannot run: {station} is empty"


def recruit_why(p: dict, team: str) -> str:
    col = p["staff"][team] - 1
    who = team[:-1]
    if col >= len(D.STAFF_COST):
        return f"your {team} row is full"
    if p["money"] < D.STAFF_COST[col]:
        article = "an" if who[0] in "aeiou" else "a"
        return f"recruiting {article} {who} costs €{D.STAFF_COST[col]}; you have €{p['money']}"
    return ""


def action_why(p: dict, action: str) -> str:
    """Empty when a spot's action can be taken now, else why not."""
    if action == "recruit":
        whys = [recruit_why(p, t) for t in D.TEAMS]
        return "" if not all(whys) else "no team can recruit: " + "; ".join(whys)
    kind, what = action.split(":")
    if kind == "team":
        return ""
    if what != "any":
        return machine_why(p, what)
    if any(B.machine_ready(p, m) for m in D.MACHINES):
        return ""
    return "no machine can run: your algae storages and Stations 1 and 2 are empty"


def spot_note(g: Any, seat: int, action: str) -> str:
    """The label's note for a spot whose action cannot be taken now."""
    why = action_why(g.s["players"][seat], action)
    return f" — cannot be taken now: {why.split(': ', 1)[-1]}" if why else ""


def _action_refusal(g: Any, seat: int, words: list[str]) -> str:
    from engine.algae.workweek import action_text, spot_action

    s = g.s
    p = s["players"][seat]
    token = words[0] if words and words[0] in ("choice", "wild") else ""
    if token and p[token] <= 0:
        return f"you have no {token} action token"
    rest = words[1:] if token else words
    if len(rest) != 2 or rest[0] not in ("recruit", "team", "machine"):
        return ""
    kind, what = rest
    if kind == "recruit" and what in D.TEAMS and recruit_why(p, what):
        return recruit_why(p, what)
    if kind == "machine" and what in D.MACHINES and machine_why(p, what):
        return machine_why(p, what)
    strip, spot = s["sup"][seat]
    shown = spot_action(s, strip, spot)
    if not token:
        return (
            f"your spot {strip + 1}{D.SPOTS[spot]} shows '{action_text(shown)}'; "
            "another action needs a choice or wild token"
        )
    if token == "choice" and (kind == "recruit" or not shown.startswith(kind)):
        return "a choice token changes the team or machine, never a team action into a machine one"
    return ""


def _spot_refusal(g: Any, seat: int, words: list[str]) -> str:
    s = g.s
    if len(words) != 2 or words[0] != "spot" or len(words[1]) != 2:
        return ""
    name = words[1]
    if name[0] not in "0123456789" or name[1] not in D.SPOTS:  # ASCII: "²".isdigit() is True
        return ""
    strip, spot = int(name[0]) - 1, D.SPOTS.index(name[1])
    today = s["day"] - 1
    if strip != today:
        return f"today your supervisor moves to strip {today + 1}, not strip {strip + 1}"
    here = s["sup"][seat]
    if here is not None and not D.connected(here[1], spot):
        return (
            f"spot {name} is not connected to your spot {here[0] + 1}{D.SPOTS[here[1]]} "
            "(at most one column to the side)"
        )
    return ""


REFUSALS = {"action": _action_refusal, "spot": _spot_refusal}


def refusal(g: Any, seat: int, move: object) -> str:
    """Why ``move`` is not legal for ``seat`` now, when the rules can say; else ""."""
    stack = g.s["stacks"][seat] if 0 <= seat < len(g.s["stacks"]) else []
    if not stack or not isinstance(move, str):
        return ""
    t = stack[-1]["t"]
    explain = REFUSALS.get(t)
    if explain is None or not g.frames.options[t](g, seat, stack[-1]):
        return ""
    return explain(g, seat, normalize(move).split())
