"""Earth Contracts for the scripted On Mars player (ai/mars_player.py): which to take and
what a seat's Delivery Contracts still need. A Contract scores +12/-6 (Upgrade) or +9/-4
(Delivery) at the end (MARS-CONTRACT-02/03, facts.md KDC-Solo scoring.ts)."""

from __future__ import annotations

from ai.mars_board import Board
from ai.mars_weights import W
from engine.mars import data as D


class Contracts:
    def contract_value(self, b: Board) -> float:
        """A Contract scores +9/+12 done, -4/-6 not (MARS-CONTRACT-02/03): worth taking when
        this seat can see it through, a second one only when the first is nearly done."""
        held = b.me["contracts"]
        if len(held) >= D.MAX_CONTRACTS:
            return 0.0
        if any(self.missing(b, c) > 2 for c in held):
            return 0.5
        best = 0.0
        for card in b.v["scientists"]:
            if card["kind"] == "contract":
                best = max(best, self.one_contract(b, card["card"]))
        late = b.v["end"] in ("trigger", "final")
        if late and best < 9.0:
            return 0.5
        return W["contract"] + best + 12.0 * b.m("contract") * (best >= 3)

    def one_contract(self, b: Board, cid: str) -> float:
        _, kind, need = next(c for c in D.CONTRACTS if c[0] == cid)
        if kind == "upgrade":
            sizes = [
                len(b.complex_at(h, need))
                for h, c in b.cells.items()
                if c["building"] and c["building"]["advanced"] == b.seat and b.same(h, need)
            ]
            return W["contract_per_size"] * max(sizes, default=0)
        missing = self.missing(b, {"id": cid, "items": {}})
        return max(1.0, W["delivery"] - W["delivery_missing"] * missing)

    @staticmethod
    def missing(b: Board, c: dict) -> int:
        """Items a Delivery Contract still lacks after what this seat holds now (0 for an
        Upgrade Contract: its condition is read elsewhere)."""
        _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
        if kind != "delivery":
            return 0
        out = 0
        for i, n in need.items():
            have = b.me["depot"] if i == "crystal" else b.res.get(i, 0)
            out += max(0, n - c["items"].get(i, 0) - have)
        return out

    @staticmethod
    def contract_complete(c: dict) -> bool:
        _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
        if kind == "upgrade":
            return False
        return all(c["items"].get(i, 0) >= n for i, n in need.items())

    @staticmethod
    def contract_needs(b: Board) -> set[str]:
        """Items still missing on this seat's Delivery Contracts."""
        out = set()
        for c in b.me["contracts"]:
            _, kind, need = next(x for x in D.CONTRACTS if x[0] == c["id"])
            if kind == "delivery":
                out |= {i for i, n in need.items() if c["items"].get(i, 0) < n}
        return out
