"""What the scripted On Mars player (ai/mars_player.py) reads off the public view: where each
Building type may legally go, which Techs are in play, where a Bot should stand, what the Colony
needs for its next level and what a construction is worth.

Everything here is computed from ``game.view(seat)`` and the published numbers in
``engine.mars.data``; nothing reads the engine's state.
"""

from __future__ import annotations

from ai.mars_weights import W
from engine.mars import data as D
from engine.mars import hexmap as H

LSS = D.LSS_TYPES
PAYS = {**D.PAID_WITH, "shelter": "oxygen"}  # what each Building is paid with (Mine: a Colonist)


class Board:
    """One seat's reading of the view at one decision."""

    def __init__(self, view: dict, seat: int, focus: str = "") -> None:
        self.v = view
        self.seat = seat
        self.me = view["seats"][seat]
        self.res: dict[str, int] = self.me["resources"]
        self.cells = {h["id"]: h for h in view["map"]["hexes"]}
        self.open = {m["id"]: m for m in view["missions"] if not m["done"]}
        self.n = len(view["players"])
        self.level = view["level"]
        self.focus = focus
        self._of_kind: dict[str, list[str]] = {}
        self._spots: dict[str, dict[str, int]] = {}
        self._targets: dict[str, float] | None = None
        near = min(self.open.values(), key=lambda m: m["left"])["id"] if self.open else ""
        self.near = near if view["marker"] >= 2 else ""

    def m(self, mission: str) -> float:
        """How much a contribution to ``mission`` is worth to this seat: nothing once it is
        complete; more for the seat's chosen mission and for the one that would end the game."""
        if mission not in self.open:
            return 0.0
        return W["mission"] * (1.0 + 1.5 * (mission == self.focus) + 1.0 * (mission == self.near))

    # ----------------------------------------------------------------- the colony level
    def line(self) -> int:
        """Buildings of each LSS type the next Colony level needs (data.LEVEL_LINE, rules 4
        data.LEVEL_LINE_4)."""
        if self.level >= D.MAX_LEVEL:
            return 99
        lines = D.LEVEL_LINE_4 if self.v["rules"] >= 4 else D.LEVEL_LINE
        return lines[max(1, min(self.n, 4))][self.level + 1]

    def short(self, kind: str) -> int:
        """How many more of an LSS type the next level needs (0 when it has enough)."""
        return max(0, self.line() - self.v["lss"][kind]["count"]) if kind in LSS else 0

    # ------------------------------------------------------------------------- pieces
    def building(self, h: str) -> dict | None:
        return self.cells[h]["building"]

    def same(self, h: str, kind: str) -> bool:
        b = self.building(h)
        if b is None:
            return False
        if kind == "shelter":
            return b["type"] == "shelter" and b["owner"] == self.seat
        return b["type"] == kind

    def complex_at(self, h: str, kind: str) -> set[str]:
        seen, todo = {h}, [h]
        while todo:
            x = todo.pop()
            for n in H.NEIGHBOURS[x]:
                if n not in seen and self.same(n, kind):
                    seen.add(n)
                    todo.append(n)
        return seen

    def tech_level(self, kind: str) -> int:
        """The best Tech of a type in play that this seat may use (MARS-TECH-01..03)."""
        best = 0
        for t in self.v["techs"].values():
            if t["owner"] is None or t["type"] != kind:
                continue
            if kind == "shelter" and t["owner"] != self.seat:
                continue
            best = max(best, t["level"])
        return best

    def of_kind(self, kind: str) -> list[str]:
        """The hexes holding a Building of ``kind`` (as ``same`` counts them), cached."""
        if kind not in self._of_kind:
            self._of_kind[kind] = [x for x in self.cells if self.same(x, kind)]
        return self._of_kind[kind]

    def need_at(self, h: str, kind: str) -> int | None:
        """The Tech level a Building of ``kind`` on ``h`` needs, None if it may not go there
        (MARS-BUILD-01..05: next to its type, or exactly 2 hexes from one and next to none)."""
        if self.building(h) is not None:
            return None
        joined: set[str] = set()
        for n in H.NEIGHBOURS[h]:
            if self.same(n, kind):
                joined |= self.complex_at(n, kind)
        if joined:
            return len(joined)
        anywhere = self.of_kind(kind)
        if not anywhere or any(H.dist(h, x) == 2 for x in anywhere):
            return 0
        return None

    def spots(self, kind: str) -> dict[str, int]:
        """Every legal hex for ``kind`` with a usable Tech, and the Complex size it makes."""
        if kind in self._spots:
            return self._spots[kind]
        tech = self.tech_level(kind)
        out = {}
        for h in self.cells:
            need = self.need_at(h, kind)
            if need is not None and need <= tech:
                out[h] = need + 1
        self._spots[kind] = out
        return out

    def zone(self) -> set[str]:
        out: set[str] = set()
        for b in self.me["bots"]:
            out.add(b)
            out.update(H.NEIGHBOURS[b])
        return out

    def bot_may_end(self, h: str, bot_here: str | None = None) -> bool:
        """MARS-MOVE-02..05 for one of this seat's Bots (``bot_here``: where it stands now)."""
        c = self.cells[h]
        b = c["building"]
        if b and (b["advanced"] is not None or b["colonist"] is not None):
            return False
        if c["rovers"]:
            return False
        others = len(c["bots"]) - (1 if h == bot_here else 0)
        return others <= 0

    # --------------------------------------------------------------------- paying
    def has(self, cost: dict[str, int]) -> bool:
        """Whether this seat can pay ``cost`` (rules 4: Minerals stand in for the rest)."""
        short = sum(max(0, n - self.res[i]) for i, n in cost.items() if i != "mineral")
        minerals = self.res["mineral"] - cost.get("mineral", 0)
        if self.v["rules"] < 4:
            return short == 0 and minerals >= 0
        return minerals >= short

    def can_pay(self, kind: str) -> bool:
        if kind == "mine":
            return self.me["living_quarters"] >= 1 and self.v["building_tiles"]["mine"] > 0
        if kind == "shelter":
            return self.me["shelters_left"] > 0 and self.has({"oxygen": D.SHELTER_COST})
        what, n = self.v["building_cost"][kind]
        return self.v["building_tiles"][kind] > 0 and self.has({what: n})

    def crystals(self) -> int:
        return self.me["depot"] + self.me["goal_crystals"]

    # -------------------------------------------------------------------- values
    def kind_value(self, kind: str) -> float:
        """What one more Building of ``kind`` is worth to the Colony and to this seat."""
        if kind in LSS:
            short = self.short(kind)
            behind = min(self.v["lss"][k]["count"] for k in LSS)
            solo = W["solo_lss"] if self.n == 1 else 1.0  # alone, the Colony waits for no one
            return solo * (W["lss"] + W["lss_short"] * (short > 0)) + 2.0 * (
                self.v["lss"][kind]["count"] == behind
            )
        if kind == "mine":
            bps = len(self.me["blueprints"])
            return W["mine"] + 2.0 * (self.res["mineral"] < 2) + (1.0 + bps) * self.m("advanced")
        return W["shelter"] + 2.0 * ("Shelter" in " ".join(self.me.get("goals", [])))

    def tile_loss(self, h: str) -> float:
        """What building on ``h`` throws away (MARS-DISP-01: a tile there leaves the game): a
        Research or Discovery tile counts while its mission is open (only then: building where
        the Colony needs it comes first)."""
        tile = self.cells[h]["tile"]
        if not tile:
            return 0.0
        if tile.startswith("research:"):
            return 8.0 * self.m("research")
        return 3.0 * self.m("discovery")

    def build_value(self, kind: str, size: int) -> float:
        v = self.kind_value(kind) + W["size"] * size  # MARS-BUILD-07 step 3: resources = size
        if size >= 2 and kind != "shelter" and kind not in self.me["progress"]:
            # a Progress cube (and its mission: 14 of the 20 cubes with 4 players)
            v += W["cube"] + (6.0 + 5.0 * (self.n >= 4)) * self.m("progress")
        if size >= 4 and any(c["id"] == f"u-{kind}" for c in self.me["contracts"]):
            v += W["contract_size4"]
        return v

    def best_build(self, where: set[str] | None = None) -> tuple[float, str, str] | None:
        """The best (value, kind, hex) this seat can pay for, inside ``where`` (its zone)."""
        best = None
        for kind in D.TYPES:
            if not self.can_pay(kind):
                continue
            for h, size in self.spots(kind).items():
                if where is not None and h not in where:
                    continue
                val = self.build_value(kind, size) - self.tile_loss(h)
                if best is None or val > best[0]:
                    best = (val, kind, h)
        return best

    def targets(self) -> dict[str, float]:
        """Hexes worth building on next (payable now or soon), with their values."""
        if self._targets is not None:
            return self._targets
        out: dict[str, float] = {}
        for kind in D.TYPES:
            soon = self.can_pay(kind) or (kind in LSS and self.short(kind) > 0)
            if not soon:
                continue
            for h, size in self.spots(kind).items():
                val = self.build_value(kind, size) * (1.0 if self.can_pay(kind) else 0.5)
                out[h] = max(out.get(h, 0.0), val - self.tile_loss(h))
        if self.res["mineral"] >= 1 or self.crystals() >= 3:
            for bp in self.me["blueprints"]:
                for h in self.upgrade_spots(bp):
                    out[h] = max(out.get(h, 0.0), 12.0 + 6.0 * self.m("advanced"))
        self._targets = out
        return out

    def stand_value(self, h: str, targets: dict[str, float]) -> float:
        """How good a place ``h`` is for a Bot: the best target in its Building zone."""
        near = [targets[x] for x in (h, *H.NEIGHBOURS[h]) if x in targets]
        return max(near, default=0.0)

    def upgrade_spots(self, bp: str) -> list[str]:
        """Hexes anywhere that a Blueprint could upgrade (MARS-UPGRADE-01, 04..08), once a Bot
        of this seat stands next to them."""
        kind, lvl = bp.split("-")[0], int(bp.split("-")[1][0])
        out = []
        for h in self.cells:
            b = self.building(h)
            if b is None or b["type"] != kind or b["advanced"] is not None:
                continue
            if kind == "shelter" and b["owner"] != self.seat:
                continue
            if lvl == 3 and len(self.complex_at(h, kind)) < 3:
                continue
            out.append(h)
        return out

    def bp_value(self, bp: str) -> float:
        """A Blueprint on the display: worth more when some Building of its type is near."""
        kind, lvl = bp.split("-")[0], int(bp.split("-")[1][0])
        v = 2.0
        for h, c in self.cells.items():
            b = c["building"]
            if not b or b["type"] != kind or b["advanced"] is not None:
                continue
            if kind == "shelter" and b["owner"] != self.seat:
                continue
            if lvl == 3 and len(self.complex_at(h, kind)) < 3:
                continue
            d = min((H.dist(h, x) for x in self.me["bots"]), default=9)
            v = max(v, 8.0 - 1.5 * max(d - 1, 0) + (lvl == 3) * 2.0)
        return v
