"""Rules 5 (RULINGS.md MARS-GAP-25): the Orbit actions' boosts are paid with Colonists.

The rulebook's Obtain Blueprint, Learn Tech, R&D and Resupply each read "Boosted action: for each
Colonist you move to your Working Area when taking this action, ..." (one more Blueprint, a
second Tech tile, one more develop, one more Warehouse item). A frame marked ``cw`` offers its
extra choices for 1 Colonist each, moved from the Living Quarters to the Working Area (they come
back when the player travels, MARS-GAP-17)."""

from __future__ import annotations

from typing import Any

from engine.mars.rules import P

PRICE = "send 1 Colonist: "


def can_send(g: Any, seat: int) -> bool:
    return P(g, seat)["lq"] > 0


def send(g: Any, seat: int, n: int = 1, why: str = "to boost the action") -> None:
    """Move ``n`` Colonists from the Living Quarters to the Working Area (rules 8 also pays a
    Red Colonist's cost this way, MARS-GAP-03)."""
    p = P(g, seat)
    p["lq"] -= n
    p["wa"] += n
    many = "s" if n > 1 else ""
    g.log(seat, f"{g.name(seat)} sends {n} Colonist{many} to the Working Area {why}")
