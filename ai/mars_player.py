"""A competent scripted On Mars player (issue 9's measurements, issue 10's 'normal' level and the
strong search's rollouts, through ai/plan_mars.py): it plays through the engine contract only
(``pending``, the options of its own decision and ``view(seat)``), never the state.

It is greedy, not deep: each turn it values every Main and Executive action it is offered by what
the action brings now (Buildings the Colony needs for its next level, Progress cubes, upgrades,
Ships, the missions in play, Tech OP) and takes the best, an Executive action first when it makes
the Main action possible. It moves its Bots to where it can build, its Rover to the tiles the
missions want, and travels when its side has nothing left to give. A seeded ``random.Random``
adds a little noise so that games differ. The map reading is in ai/mars_board.py, the Rover and
Bots in ai/mars_pieces.py.
"""

from __future__ import annotations

from typing import Any

from ai.mars_board import LSS, PAYS, Board
from ai.mars_cards import Cards
from ai.mars_contracts import Contracts
from ai.mars_pieces import Chance, Pieces
from ai.mars_spaces import Spaces
from ai.mars_weights import W
from engine.core import Decision, Game
from engine.mars import data as D

COLONY_MAIN = ("construct", "upgrade", "ship", "hire", "contract", "control")
ORBIT_MAIN = ("blueprint", "learn", "rnd", "resupply", "pod")
# Taken before the Main action when best: these make it possible, or (the 4-crystal ones) the
# Main action's placement cost would leave too few crystals for them afterwards.
ENABLERS = ("x bots", "x mineral", "x warehouse", "x blueprint", "x develop", "x rover")
DEV_GAIN = {1: 3.5, 2: 5.0, 3: 6.5}  # OP gained + the next column's benefit, by level now
RICH = 4  # crystals enough to pay a Red Colonist with them (rules 8, MARS-GAP-03)
EXEC_COST = {a: c for _, a, c in D.exec_layout(D.RULES_LATEST)}


def sends(label: str) -> bool:  # rules 5: the choice costs a Colonist sent to the Working Area
    return label.startswith("send 1 Colonist")


class Player(Pieces, Spaces, Contracts, Cards):
    def __init__(self, seat: int, rnd: Chance) -> None:
        self.seat = seat
        self.rnd = rnd
        self.focus: str | None = None
        self.controls = 0  # Control Center actions in a row: each one is worth less
        self.stays = 0  # free shuttles to Orbit not taken in a row

    def pick_focus(self, view: dict) -> str:
        """The mission this seat chases hardest: mostly the long one (the short ones come
        anyway), sometimes a short one."""
        ids = [m["id"] for m in view["missions"]]
        long = [m for m in ids if m in D.LONG_MISSIONS]
        if long and self.rnd.random() < 0.7:
            return long[0]
        return self.rnd.choice(ids) if ids else ""

    # ------------------------------------------------------------------ entry
    def choose(self, game: Game, d: Decision) -> str:
        moves = [o.move for o in d.options]
        if len(moves) == 1:
            return moves[0]
        view = game.view(self.seat)
        if self.focus is None:
            self.focus = self.pick_focus(view)
        b = Board(view, self.seat, self.focus)
        labels = {o.move: o.label for o in d.options}
        if d.prompt.startswith("Round "):
            return self.turn(b, moves, labels)
        if "travel?" in d.prompt:
            return self.travel(b, moves, labels)
        if d.prompt.startswith("Place the shuttle"):  # rules 7
            return self.shuttle(b, moves)
        pick = self.sub(b, d.prompt, moves, labels)
        return pick if pick in moves else self.rnd.choice(moves)

    # ------------------------------------------------------------------- turn
    def turn(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        for pre in ("goal ", "deliver "):
            hits = [m for m in moves if m.startswith(pre)]
            if hits:
                return hits[0]
        mains = [m for m in moves if m in COLONY_MAIN + ORBIT_MAIN]
        execs = [m for m in moves if m.startswith("x ")]
        best_x = self.pick_exec(b, execs, labels, before=bool(mains))
        if mains:
            if best_x and best_x.startswith(ENABLERS):
                return best_x
            return self.pick_main(b, mains)
        if best_x:
            return best_x
        return "end" if "end" in moves else self.rnd.choice(moves)

    # ---------------------------------------------------------- executive actions
    # a flat dispatch over the Executive actions, one value each
    def exec_value(  # noqa: C901, PLR0911
        self, b: Board, move: str, label: str, before: bool
    ) -> float:
        res, me = b.res, b.me
        if move.startswith("x adv") and b.v["rules"] >= 10:  # the published cards
            return self.card_value(b, move.split()[2]) + 2.0 * ("free:" in label)
        if move.startswith("x adv"):
            free = "free:" in label
            if "gain" in label and "Tech" not in label:
                gain = int(label.split("gain ")[1].split()[0])
                return 2.0 * gain + 2.0 * free
            return 3.0 + 2.0 * free
        act = move[2:]
        if act == "upgrade":
            return W["x_upgrade"] + W["upgrade_m"] * b.m("advanced")
        if act == "develop":  # no colonist placed, no crystal for the Orbit slot: worth more
            return W["x_develop"] + self.develops(b, 1)
        if act == "blueprint":
            best = max((b.bp_value(x["id"]) for x in b.v["blueprints"]["display"]), default=0)
            bonus = 6.0 * b.m("blueprint") + 4.0 * b.m("advanced")
            return best + bonus - self.unbuilt_risk(b)
        if act == "mineral":
            up = any(set(b.upgrade_spots(x)) & b.zone() for x in me["blueprints"])
            gen = b.short("gen") and set(b.spots("gen")) & b.zone()
            want = up or gen or "mineral" in self.contract_needs(b)
            return 7.0 + 4.0 * up * b.m("advanced") if res["mineral"] < 1 and want else 1.0
        if act == "warehouse":
            here = self.wanted_items(b) & {i for i, n in b.v["warehouse"].items() if n}
            zone = b.zone()
            enables = any(
                PAYS[k] in here and not b.can_pay(k) and set(b.spots(k)) & zone
                for k in D.TYPES
                if k != "mine" and (b.short(k) or k == "shelter")
            )
            return 5.0 if enables else 3.0 if here else 1.0
        if act == "bots":
            if not before or me["side"] != "colony":
                return 0.0
            bb = b.best_build(b.zone())
            return 0.85 * self.reach_value(b, 2) - (bb[0] if bb else 0.0)  # then build there
        if act == "rover":
            return self.rover_value(b, 2, spend=EXEC_COST["rover"])
        return 0.0

    def pick_exec(self, b: Board, execs: list[str], labels: dict[str, str], before: bool) -> str:
        room = b.me["depot_slots"] - b.me["depot"] - b.me["below"]
        price = 0.3 if room <= 0 else W["x_price"]  # crystals that would not fit cost less to spend
        if b.v["end"] in ("trigger", "final"):
            price = 0.1  # the last rounds: a crystal left over scores nothing (ties only)
        # with Depot slot 4 open, a cheap action now that leaves fewer than 4 crystals for the
        # next turn gives up a develop or a Rover move: those crystals cost a little more
        have = b.crystals() + b.me["below"]
        saving = b.me["depot_slots"] >= 4 and have >= 4
        best, val = "", 0.0
        for m in execs:
            cost = 0 if "free:" in labels[m] else EXEC_COST.get(m[2:], D.ADV_EXEC_COST)
            dear = 0.5 if saving and 0 < cost < 4 and have - cost < 4 else 0.0
            v = (self.exec_value(b, m, labels[m], before) - (price + dear) * cost) * self.noise()
            if v > val:
                best, val = m, v
        spare = room <= 0 or price < 0.3
        return best if val > (0.5 if spare else W["x_min"]) else ""

    # --------------------------------------------------------------- main actions
    def main_value(self, b: Board, a: str) -> float:  # noqa: C901, PLR0911
        me = b.me
        if a == "construct":
            bb = b.best_build(b.zone())
            return bb[0] + W["construct"] if bb else 1.0
        if a == "upgrade":
            return W["upgrade"] + W["upgrade_m"] * b.m("advanced")
        if a == "ship":
            first = W["ship_first"] * (me["hangar"] == 0)  # the first opens Depot slot 4
            return W["ship"] + first + W["ship_m"] * b.m("bot") * (len(me["bots"]) < D.BOTS)
        if a == "hire":
            offered = any(c["kind"] == "contract" for c in b.v["scientists"])
            return (
                W["hire"]
                + W["hire_m"] * b.m("scientist")
                + 2.0 * (len(me["scientists"]) == 0)
                + (W["hire_opens"] + 6.0 * b.m("contract"))
                * (not offered)  # a hire opens a Contract
                + W["hire_sci"]
                * max(
                    (
                        self.sci_value(b, x["card"])
                        for x in b.v["scientists"]
                        if x["kind"] == "scientist"
                    ),
                    default=0.0,
                )
            )
        if a == "contract":
            return self.contract_value(b)
        if a == "control":
            bb = b.best_build(b.zone())
            reach = self.reach_value(b, 2)
            bots = 0.85 * reach if reach > (bb[0] if bb else 0.0) + 3.0 else self.bot_gain(b, 2)
            return (
                W["control"]
                * max(bots, self.rover_value(b, 2), 1.0)
                * W["control_decay"] ** self.controls
            )
        if a == "resupply":
            here = {i for i, n in b.v["warehouse"].items() if n}
            return (
                W["resupply"]
                + W["resupply_item"] * len(self.wanted_items(b) & here)
                + (b.crystals() < 2)
                + (b.n == 1)  # alone, rules 10 left Resupply at 1.0 % of turns (issue 9)
            )
        if a == "blueprint":
            best = max((b.bp_value(x["id"]) for x in b.v["blueprints"]["display"]), default=0)
            # with 2 players the mission needs 10 Blueprints from two seats: rules 10 left it
            # done in 2 of the 21 sweep games that drew it without this extra (issue 9)
            bonus = (8.0 + 4.0 * (b.n == 2)) * b.m("blueprint") + 5.0 * b.m("advanced")
            return W["blueprint"] + best + bonus - self.unbuilt_risk(b)
        if a == "learn":
            payable = [t for t in b.v["tech_grid"] if self.grid_price(b, t) is not None]
            return max((self.learn_value(b, t) for t in payable), default=0)
        if a == "rnd":
            return 1.0 + W["rnd"] * self.develops(b, 2)
        if a == "pod":
            if b.v["shuttle"] == "orbit" or not self.colony_ready(b):
                return 0.5
            return self.colony_value(b) - 1.0
        return 0.0

    def pick_main(self, b: Board, mains: list[str]) -> str:
        vals = {m: self.main_value(b, m) * self.noise() for m in mains}
        pick = max(vals, key=lambda m: vals[m])
        self.controls = self.controls + 1 if pick == "control" else 0
        return pick

    @staticmethod
    def unbuilt_risk(b: Board) -> float:
        """What one more Blueprint risks: each held unbuilt one scores -3 or -5 at the end
        (MARS-GAP-18, facts.md KDC-Solo scoring.ts), and every one more makes the next less
        likely to be built; past the end trigger none will be."""
        held = len(b.me["blueprints"])
        if b.v["end"] in ("trigger", "final"):
            return 8.0 + 4.0 * held
        return W["unbuilt"] * held + W["unbuilt_sq"] * held * held

    def develops(self, b: Board, n: int) -> float:
        """What ``n`` develops are worth: the Laboratory OP they add and the benefits of the
        columns entered (MARS-ORBIT-06/07), a building Tech a little more (bigger Complexes)."""
        lvls = {t: b.v["techs"][t]["level"] for t in b.me["techs"]}
        total = 0.0
        for _ in range(n):
            step = {
                t: W["develop"] * DEV_GAIN[lv] + 0.5 * (b.v["techs"][t]["type"] in D.PROGRESS_TYPES)
                for t, lv in lvls.items()
                if lv < D.TECH_MAX
            }
            if not step:
                break
            best = max(step, key=lambda t: step[t])
            total += step[best]
            lvls[best] += 1
        return total

    def learn_value(self, b: Board, tid: str) -> float:
        kind = b.v["techs"][tid]["type"]
        v = W["learn"] + 8.0 * b.m("tech")
        if kind in D.PROGRESS_TYPES:
            v += (
                W["learn_progress"]
                + W["learn_new"] * (b.tech_level(kind) == 0)
                + 5.0 * b.m("progress")
            )
        elif kind == "upgrade":
            v += 1.0 + 3.0 * b.m("advanced")
        return v - (self.grid_price(b, tid) or 0.0)

    def learn_move_value(self, b: Board, move: str) -> float:
        """A Learn option: the tile's value, less a little for a wanted Resource given up on
        the top row (rules 11, ``tid@resource``)."""
        tid, _, extra = move.partition("@")
        gives_up = extra and (extra in self.wanted_items(b) or b.res[extra] < 2)
        return self.learn_value(b, tid) - 1.0 * bool(gives_up)

    @staticmethod
    def grid_price(b: Board, tid: str) -> float | None:
        """What the tile's Tech Grid space costs (the view's ``tech_grid_price``), in the
        player's value units; None when this seat cannot pay it now."""
        cost = b.v.get("tech_grid_price", {}).get(tid, {})
        crystal, battery, extra = (cost.get(k, 0) for k in ("crystal", "battery", "any"))
        res = b.res
        if crystal > b.crystals() or res["battery"] + res["mineral"] < battery:
            return None
        if sum(res.values()) < battery + extra:
            return None
        return 1.0 * crystal + 1.5 * battery + 1.5 * extra

    # --------------------------------------------------------------- what is wanted
    def wanted_items(self, b: Board) -> set[str]:
        """Resources that pay for the Buildings the Colony needs, a Shelter and a Ship."""
        out = {PAYS[k] for k in LSS if b.short(k) > 0 and b.res[PAYS[k]] < 1}
        if b.res["oxygen"] < 1:
            out.add("oxygen")
        if b.res["plant"] < 1 or b.res["water"] < 1:
            out |= {"plant", "water"}
        if b.crystals() < 3:
            out.add("crystal")
        return out | self.contract_needs(b) | self.research_wants(b)

    def colony_value(self, b: Board) -> float:
        """The best thing this seat could do in the Colony now (Bots may move first)."""
        bb = b.best_build(b.zone())
        vals = [bb[0] if bb else 0.0]
        if not bb:
            vals.append(0.7 * self.bot_gain(b, 2))
        if b.res["mineral"] >= 1 and any(b.upgrade_spots(x) for x in b.me["blueprints"]):
            up = 14.0 + 6.0 * b.m("advanced")
            near = any(set(b.upgrade_spots(x)) & b.zone() for x in b.me["blueprints"])
            vals.append(up if near else 0.7 * up)
        welcomed = D.SHIPS - b.me["ships_on_depot"]
        if b.has({"plant": 1, "water": 1}) and welcomed < b.level:
            vals.append(10.0 + 6.0 * b.m("bot"))
        if "research" in b.open or "discovery" in b.open:
            vals.append(self.rover_value(b, 2))
        return max(vals)

    def orbit_value(self, b: Board) -> float:
        """The best Orbit action once there (arriving recovers the Colonists)."""
        return max(self.main_value(b, a) for a in ("blueprint", "learn", "rnd", "resupply"))

    def colony_ready(self, b: Board) -> bool:
        return self.colony_value(b) >= self.orbit_value(b) - 1.0

    def travel(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        if "travel" not in moves or "(free)" not in labels["travel"]:
            return "stay"
        if b.v["end"] in ("trigger", "final"):
            return "stay"
        here, there = self.colony_value(b), self.orbit_value(b)
        if b.me["side"] == "orbit":
            here, there = there, here + W["stay_orbit"]
        else:  # the Colony is worth less each free shuttle stayed for in a row (a solo player
            here *= 0.7 ** max(self.stays - 2, 0)  # stayed 29 rounds for tiles never taken)
        go = there * self.noise() > here
        self.stays = 0 if go or b.me["side"] == "orbit" else self.stays + 1
        return "travel" if go else "stay"

    # ------------------------------------------------------------ sub-choices
    # one branch per question the game asks: a flat dispatch on the prompt
    def sub(  # noqa: C901, PLR0911, PLR0912
        self, b: Board, prompt: str, moves: list[str], labels: dict[str, str]
    ) -> str:
        card = self.card_question(b, prompt, moves)  # rules 10's Blueprint cards
        if card is not None:
            return card
        if prompt.startswith("Construct which"):  # rules 9: a Discovery tile may be left
            bb = b.best_build(b.zone())
            if bb and bb[1] in moves:
                return bb[1]
            return max([m for m in moves if m != "done"] or moves, key=b.kind_value)
        if prompt.startswith("Discovery tile: hire"):  # rules 9
            real = [m for m in moves if m != "done"]
            return max(real, key=lambda m: self.main_value(b, m))
        if prompt.startswith("Where does the"):
            kind = next(k for k in D.TYPES if D.TYPE_TITLE[k] in prompt)
            spots = b.spots(kind)
            return max(
                moves,
                key=lambda h: (b.build_value(kind, spots.get(h, 1)) - b.tile_loss(h), self.noise()),
            )
        if prompt.startswith("Which Tech joins"):
            return next((m for m in moves if "use your" in labels[m]), moves[0])
        if prompt.startswith("Upgrade with which"):
            real = [m for m in moves if m != "done"]
            return max(real, key=lambda m: ("-3" in m, self.noise())) if real else moves[0]
        if prompt.startswith("Upgrade which"):
            found = b.building(moves[0])
            kind = found["type"] if found else "mine"
            return max(moves, key=lambda h: len(b.complex_at(h, kind)))
        if prompt.startswith("Move your Rover"):
            return self.rover(b, moves, labels)
        if prompt.startswith("Move your Bot"):
            left = int(prompt.split(": ")[1].split()[0])
            if prompt.startswith("Move your Bots"):
                return self.which_bot(b, moves, left)
            return self.bot(b, moves, labels, left)
        if prompt.startswith("Place your new Bot"):
            t = b.targets()
            return max(moves, key=lambda h: (b.stand_value(h, t), self.noise()))
        if prompt.startswith("Welcome a Ship"):
            bots = "colbot" if "colbot" in moves else "bot"
            want_bot = "bot" in b.open or len(b.me["bots"]) < 3
            return bots if want_bot and bots in moves else moves[-1]
        if prompt.startswith("Take a Blueprint"):
            return self.boosted(b, moves, labels, lambda m: b.bp_value(m) - self.unbuilt_risk(b))
        if prompt.startswith("Learn a Tech"):
            return self.boosted(b, moves, labels, lambda m: self.learn_move_value(b, m))
        if prompt.startswith("Develop a Tech"):
            return self.develop(b, moves, labels)
        if prompt.startswith(("Take from the Warehouse", "Gain a Resource")):
            return self.take_items(b, moves, labels)
        if prompt.startswith("Hire which"):
            return max(moves, key=lambda m: (self.sci_value(b, m), self.noise()))
        if prompt.startswith(("Take an Earth", "Fill the empty")):
            return max(moves, key=lambda m: (self.one_contract(b, m), self.noise()))
        if prompt.startswith(("Laboratory space", "LSS benefit")):
            want = self.wanted_items(b)
            real = [m for m in moves if m != "skip"]
            return next((m for m in real if m in want), real[0] if real else moves[0])
        if prompt.startswith("Laboratory benefit"):
            return "take"
        if prompt.startswith("Private Goal reward"):
            return self.reward(b, moves)
        if prompt.startswith("Send Colonists"):
            return moves[min(1, len(moves) - 1)]
        if prompt.startswith(("Use ", "Teal boost")):
            techs = [m for m in moves if m != "no"]
            return techs[0] if techs else moves[0]
        if "used your Tech" in prompt:
            return "develop" if "develop" in moves else "keep"
        if prompt.startswith("Crystals that do not fit"):
            return moves[0]
        if prompt.startswith("Take a turn-order"):
            return self.space(b, moves, labels)
        if prompt.startswith("Pay for the Colonists already"):  # rules 8
            return self.red_payment(b, moves)
        return self.rnd.choice([m for m in moves if m not in ("stop", "done", "no")] or moves)

    @staticmethod
    def red_payment(b: Board, moves: list[str]) -> str:
        """Rules 8 (MARS-GAP-03): a Red Colonist's cost paid with Colonists (moves ``wa<k>``,
        k of them to the Working Area) while one stays home for the next Orbit action, unless
        crystals are plenty (RICH: the Colonists then boost the actions instead)."""
        ks = sorted(int(m[2:]) for m in moves)
        want = 0 if b.crystals() >= RICH else max(0, b.me["living_quarters"] - 1)
        k = min(ks, key=lambda x: abs(x - want))
        return f"wa{k}"

    def boosted(self, b: Board, moves: list[str], labels: dict[str, str], value: Any) -> str:
        """The best choice; one for a Colonist sent (rules 5) only if worth it and 1 stays."""
        real = [m for m in moves if m != "done"]  # never empty: "done" comes with a choice
        best = max(real, key=lambda m: (value(m), self.noise()))
        if labels.get("done", "").startswith("skip") and value(best) < 0:
            return "done"  # rules 6: a turn-order benefit not worth taking
        if sends(labels[best]) and (b.me["living_quarters"] < 2 or value(best) < 3.0):
            return "done" if "done" in moves else best
        return best

    def develop(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        real = [m for m in moves if m != "done"]
        paid = any("pay" in labels[m] for m in real)
        send = any(sends(labels[m]) for m in real)
        if not real or (paid and b.crystals() < 3) or (send and b.me["living_quarters"] < 2):
            return "done" if "done" in moves else moves[0]
        return max(real, key=lambda m: (b.v["techs"][m]["level"], self.noise()))

    def take_items(self, b: Board, moves: list[str], labels: dict[str, str]) -> str:
        want = self.wanted_items(b)
        real = [m for m in moves if m != "done"]
        good = [m for m in real if m in want]
        extra = [m for m in real if sends(labels[m]) or "pay" in labels[m]]  # a boosted item
        if extra:
            ok = b.me["living_quarters"] >= 2 if sends(labels[extra[0]]) else b.crystals() >= 3
            return good[0] if good and ok else ("done" if "done" in moves else real[0])
        if good:
            return self.rnd.choice(good)
        return self.rnd.choice(real) if real else moves[0]

    def sci_value(self, b: Board, sid: str) -> float:
        kind = next(x[3] for x in D.SCIENTISTS if x[0] == sid)
        adv = sum(
            1
            for c in b.cells.values()
            if c["building"]
            and c["building"]["type"] == kind
            and c["building"]["advanced"] is not None
        )
        return 3.0 * adv + self.rnd.random()

    def reward(self, b: Board, moves: list[str]) -> str:
        useful = {
            "upgrade2": 3,
            "ship": 3,
            "scientist": 2 + 4 * b.m("scientist"),
            "contract": 2,
            "mineral3": 2,
            "res3": 2,
            "crystal3": 1,
            "colonist2": 2,
        }
        return max(
            moves, key=lambda m: (useful.get(m, 2.5 if m == "develop2" else 1), self.noise())
        )
