"""Running OP and the final scoring with a breakdown of every source (MARS-GAP-31).

facts.md (KDC-Solo scoring.ts): OP track, Progress cubes 1/2/4/7/11, Tech tiles by
Laboratory column, 3 OP per Ship, Blueprints +3/+5 built and -3/-5 unbuilt, Scientists 3 OP per
matching Advanced Building on Mars, Contracts +12/-6 and +9/-4, Living Quarters ladder.
Ties: most crystals, then Advanced Buildings, then Progress cubes.
"""

from __future__ import annotations

from typing import Any

from engine.mars import data as D
from engine.mars import hexmap as H
from engine.mars.rules import P, complex_of


def contract_done(g: Any, seat: int, c: dict) -> bool:
    _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
    if kind == "delivery":  # MARS-CONTRACT-04
        return all(c["items"].get(i, 0) >= n for i, n in need.items())
    for h in H.HEXES:  # MARS-CONTRACT-09
        b = g.s["hex"][h]["b"]
        if b and b["type"] == need and b["adv"] == seat and len(complex_of(g, h)) >= 4:
            return True
    return False


def adv_count(g: Any, kind: str) -> int:
    return sum(
        1
        for h in H.HEXES
        if (b := g.s["hex"][h]["b"]) and b["type"] == kind and b["adv"] is not None
    )


def breakdown(g: Any, seat: int) -> dict[str, int]:
    p = P(g, seat)
    out = {"op track": p["op"]}
    out["progress cubes"] = D.PROGRESS_OP[len(p["progress"])]
    out["techs"] = sum(D.LAB_OP[g.s["techs"][t]["lvl"]] for t in p["techs"])
    out["ships"] = D.SHIP_OP * p["hangar"]
    out["blueprints"] = sum(D.BP_OP[int(b.split("-")[1][0])][0] for b in p["built"]) + sum(
        D.BP_OP[int(b.split("-")[1][0])][1] for b in p["bps"]
    )
    kinds = {x[0]: x[3] for x in D.SCIENTISTS}
    out["scientists"] = sum(D.SCI_OP * adv_count(g, kinds[s]) for s in p["scientists"])
    total = 0
    for c in p["contracts"]:
        kind = next(x[1] for x in D.CONTRACTS if x[0] == c["id"])
        plus, minus = D.CONTRACT_OP[kind]
        total += plus if contract_done(g, seat, c) else minus  # MARS-CONTRACT-02/03
    out["contracts"] = total
    out["living quarters"] = lq_op(g, p)
    return out


def lq_op(g: Any, p: dict) -> int:
    """Rules 2: the ladder next to the highest Colonist in your Living Quarters (facts.md);
    rules 1 counted the Colonists gained."""
    if g.s.get("rules", 1) >= 2:
        return D.LQ_LADDER[sum(1 for n in D.LQ_STEPS_2[1:] if p["lq"] >= n)]
    step = sum(1 for n in D.LQ_STEPS if p["gained"] >= n) - 1
    return D.LQ_LADDER[max(step, 0)]


def tiebreak(g: Any, seat: int) -> tuple[int, int, int]:
    p = P(g, seat)
    return (p["depot"] + p["below"], len(p["built"]), len(p["progress"]))


def final_scores(g: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for seat in range(len(g.players)):
        bd = breakdown(g, seat)
        rows.append(
            {
                "seat": seat,
                "vp": sum(bd.values()),
                "breakdown": bd,
                "tiebreak": list(tiebreak(g, seat)),
            }
        )
    rows.sort(key=lambda r: (-r["vp"], [-x for x in r["tiebreak"]], r["seat"]))
    rank = 0
    prev = None
    for i, r in enumerate(rows, start=1):
        key = (r["vp"], tuple(r["tiebreak"]))
        if key != prev:
            rank = i
        prev = key
        r["rank"] = rank
    if len(g.players) == 1:
        vp = rows[0]["vp"]
        rows[0]["solo"] = ([t for n, t in D.SOLO_LADDER if vp >= n] or [D.SOLO_LADDER[0][1]])[-1]
    return rows
