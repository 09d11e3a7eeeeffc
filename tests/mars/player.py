"""A competent scripted On Mars player for measurements (issue 9): it plays through the engine
contract only (``pending``, the options of its own decision and ``view(seat)``), never the state.

It is greedy and simple, not strong: it builds toward the Colony's next level, upgrades with its
Blueprints, chases the missions in play and its private goals, and travels when its side has
nothing useful left. A seeded ``random.Random`` breaks ties and sometimes tries something else,
so that every action is seen.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import Decision, Game
from engine.mars import data as D

COLONY_MAIN = ("construct", "upgrade", "ship", "hire", "contract", "control")
ORBIT_MAIN = ("blueprint", "learn", "rnd", "resupply", "pod")


class Player:
    def __init__(self, seat: int, rnd: random.Random) -> None:
        self.seat = seat
        self.rnd = rnd

    # ------------------------------------------------------------------ entry
    def choose(self, game: Game, d: Decision) -> str:
        view = game.view(self.seat)
        moves = [o.move for o in d.options]
        labels = {o.move: o.label for o in d.options}
        if len(moves) == 1:
            return moves[0]
        if d.prompt.startswith("Round "):
            return self.turn(view, moves)
        if "travel?" in d.prompt:
            return self.travel(view, moves, labels)
        pick = self.sub(view, d.prompt, moves, labels)
        return pick if pick in moves else self.rnd.choice(moves)

    # ------------------------------------------------------------------- turn
    def turn(self, view: dict, moves: list[str]) -> str:
        me = view["seats"][self.seat]
        for pre in ("goal ", "deliver "):
            hits = [m for m in moves if m.startswith(pre)]
            if hits:
                return hits[0]
        mains = [m for m in moves if m in COLONY_MAIN + ORBIT_MAIN]
        execs = [m for m in moves if m.startswith("x ")]
        if execs and self.rnd.random() < 0.7 and me["depot"] >= 3:
            return self.pick_exec(execs)
        if mains:
            return self.pick_main(view, me, mains)
        if execs and self.rnd.random() < 0.5:
            return self.pick_exec(execs)
        if "end" in moves:
            return "end"
        safe = [m for m in moves if not m.startswith("discard")]
        return self.rnd.choice(safe or moves)

    def pick_exec(self, execs: list[str]) -> str:
        weight = {"x rover": 12, "x develop": 10, "x upgrade": 6, "x blueprint": 2}
        ws = [1.5 if m.startswith("x adv") else weight.get(m, 1) for m in execs]
        return self.rnd.choices(execs, ws)[0]

    def pick_main(self, view: dict, me: dict, mains: list[str]) -> str:
        missions = {m["id"] for m in view["missions"] if not m["done"]}
        weights = {
            "construct": 20 + 6 * ("progress" in missions),
            "upgrade": 10 + 10 * ("advanced" in missions),
            "ship": 7 + 5 * ("bot" in missions),
            "hire": 3 + 6 * ("scientist" in missions),
            "contract": 1 + 4 * ("contract" in missions) if len(me["contracts"]) < 1 else 0.3,
            "control": 2 + 4 * ("discovery" in missions) + 6 * ("research" in missions),
            "blueprint": (6 if len(me["blueprints"]) < 2 else 1) + 10 * ("blueprint" in missions),
            "learn": 4 + 10 * ("tech" in missions),
            "rnd": 3,
            "resupply": 4,
            "pod": 0.5,
        }
        lss = view["lss"]
        scarce = min(lss, key=lambda k: lss[k]["count"])
        payer = {"gen": "mineral", "water": "battery", "green": "water", "oxy": "plant"}[scarce]
        if me["resources"][payer] >= 2:  # can pay but did not build it: move the Bots there
            weights["control"] += 8
        focus = {"upgrade": "advanced", "learn": "tech", "blueprint": "blueprint"}
        for act, mission in focus.items():
            if mission in missions:
                weights[act] *= 3  # a long mission in play: chase it
        open_ = [m for m in view["missions"] if not m["done"]]
        if open_ and view["marker"] >= 2:  # one more completes the game: the closest one
            near = min(open_, key=lambda m: m["left"])["id"]
            act = {
                "bot": "ship",
                "scientist": "hire",
                "contract": "contract",
                "research": "control",
                "discovery": "control",
                "tech": "learn",
                "blueprint": "blueprint",
                "advanced": "upgrade",
                "progress": "construct",
            }[near]
            weights[act] *= 4
        ws = [weights[m] for m in mains]
        return self.rnd.choices(mains, ws)[0]

    # ----------------------------------------------------------------- travel
    def travel(self, view: dict, moves: list[str], labels: dict[str, str]) -> str:
        me = view["seats"][self.seat]
        if "travel" not in moves:
            return "stay"
        free = "(free)" in labels["travel"] or self.rnd.random() < 0.05
        res = me["resources"]
        orbit_missions = {"tech", "blueprint"} & {
            m["id"] for m in view["missions"] if not m["done"]
        }
        if me["side"] == "orbit":
            rich = sum(res.values()) >= 4 or me["blueprints"]
            go = rich or self.rnd.random() < (0.25 if orbit_missions else 0.4)
        else:
            poor = sum(res.values()) < 3 and not me["blueprints"]
            go = poor or self.rnd.random() < (0.55 if orbit_missions else 0.35)
        return "travel" if go and free else "stay"

    # ------------------------------------------------------------ sub-choices
    # one branch per question the game asks: a flat dispatch on the prompt
    def sub(  # noqa: C901, PLR0911, PLR0912
        self, view: dict, prompt: str, moves: list[str], labels: dict[str, str]
    ) -> str:
        if prompt.startswith("Construct which"):
            lss = view["lss"]
            order = sorted(
                moves, key=lambda k: (lss[k]["count"] if k in lss else 9, self.rnd.random())
            )
            return order[0]
        if prompt.startswith("Where does"):
            joins = [m for m in moves if "joins" in labels[m]]
            progress = any(m["id"] == "progress" and not m["done"] for m in view["missions"])
            if joins and self.rnd.random() < (0.9 if progress else 0.6):
                return self.rnd.choice(joins)
            return self.rnd.choice(moves)
        if prompt.startswith("Move your Rover"):
            return self.rover(view, moves, labels)
        if prompt.startswith("Move your Bot:"):
            return self.bot(view, moves, labels)
        if prompt.startswith("Move your Bots"):
            if "done" in moves and self.rnd.random() < 0.25:
                return "done"
            return self.rnd.choice([m for m in moves if m != "done"] or moves)
        if prompt.startswith("Welcome a Ship"):
            return "colbot" if "colbot" in moves else moves[0]
        if prompt.startswith(("Use ", "Which Tech")):
            techs = [m for m in moves if m != "no"]
            return techs[0] if techs else moves[0]
        if prompt.startswith("Laboratory") or prompt.startswith("LSS"):
            return self.rnd.choice([m for m in moves if m != "skip"] or moves)
        if "used your Tech" in prompt:
            return "develop" if "develop" in moves else "keep"
        if prompt.startswith("Private Goal reward"):
            return moves[-1] if self.rnd.random() < 0.5 else moves[0]
        if prompt.startswith("Take an Earth") or prompt.startswith("Fill the empty"):
            return self.contract(view, moves)
        if prompt.startswith("Send Colonists"):
            return moves[min(2, len(moves) - 1)]
        if prompt.startswith("Take from the Warehouse") or prompt.startswith("Gain a Resource"):
            paid = [m for m in moves if "pay" in labels[m]]
            rest = [m for m in moves if m not in paid and m != "done"]
            if rest:
                return self.rnd.choice(rest)
            if paid and self.rnd.random() < 0.3:
                return self.rnd.choice(paid)
            return "done" if "done" in moves else self.rnd.choice(moves)
        if prompt.startswith("Develop a Tech"):
            paid = [m for m in moves if "pay" in labels[m]]
            rest = [m for m in moves if m not in paid and m != "done"]
            if rest:
                return self.rnd.choice(rest)
            if paid and self.rnd.random() < 0.3:
                return self.rnd.choice(paid)
            return "done" if "done" in moves else self.rnd.choice(moves)
        if prompt.startswith("Learn a Tech"):
            return self.learn(view, moves, labels)
        if prompt.startswith("Crystals that do not fit"):
            return moves[0]
        if prompt.startswith("Take a turn-order"):
            return self.rnd.choice(moves[:3])
        return self.rnd.choice([m for m in moves if m not in ("stop", "done", "no")] or moves)

    def rover(self, view: dict, moves: list[str], labels: dict[str, str]) -> str:
        """Head for the closest tile on the map; pick up crystals on the way."""
        from engine.mars import hexmap as H

        me = view["seats"][self.seat]
        here = me["rover"]
        cell = next(h for h in view["map"]["hexes"] if h["id"] == here)
        if cell["tile"] and "stop" in moves:
            return "stop"
        research = any(m["id"] == "research" and not m["done"] for m in view["missions"])
        owned = {"".join(D.RESEARCH[r][:2]) for r in me["research"]}
        tiles = [
            h["id"]
            for h in view["map"]["hexes"]
            if h["tile"]
            and h["id"] != here
            and not (h["tile"].startswith("research:") and h["tile"][9:] in owned)
        ]
        wanted = [h for h in tiles if research and "research" in self._tile(view, h)]
        tiles = wanted or tiles
        steps = [m for m in moves if m != "stop"]
        if not tiles or not steps:
            return "stop" if "stop" in moves else self.rnd.choice(moves)
        target = min(tiles, key=lambda t: (H.dist(here, t), t))
        free = [m for m in steps if "pay" not in labels[m]]
        pool = free or (steps if H.dist(here, target) <= 2 and me["depot"] >= 3 else [])
        if not pool:
            return "stop" if "stop" in moves else self.rnd.choice(moves)
        best = min(pool, key=lambda m: (H.dist(m, target), "crystal" not in labels[m]))
        if H.dist(best, target) >= H.dist(here, target) and "stop" in moves:
            return "stop"
        return best

    def bot(self, view: dict, moves: list[str], labels: dict[str, str]) -> str:
        """Walk toward a place 2 hexes from the scarcest LSS type's Buildings."""
        from engine.mars import hexmap as H

        steps = [m for m in moves if m != "stop" and "tile" not in labels[m]]
        if not steps:
            return "stop" if "stop" in moves else moves[0]
        lss = view["lss"]
        need = min(lss, key=lambda k: (lss[k]["count"], self.rnd.random()))
        cells = {h["id"]: h for h in view["map"]["hexes"]}
        homes = [h for h, c in cells.items() if c["building"] and c["building"]["type"] == need]
        spots = [
            h
            for h, c in cells.items()
            if c["building"] is None
            and any(H.dist(h, x) == 2 for x in homes)
            and not any(H.dist(h, x) == 1 for x in homes)
        ]
        if not spots:
            return self.rnd.choice(steps)

        def score(h: str) -> int:
            return min(H.dist(h, x) for x in spots)

        best = min(steps, key=lambda m: (score(m), self.rnd.random()))
        if "stop" in moves:
            here = labels["stop"].split()[-1]
            if score(here) <= 1 and score(best) >= score(here):
                return "stop"
        return best

    def learn(self, view: dict, moves: list[str], labels: dict[str, str]) -> str:
        """Building Techs let a player join Complexes (Progress cubes); else any, cheap first."""
        progress = any(m["id"] == "progress" and not m["done"] for m in view["missions"])
        kinds = ("mine", "gen", "water", "green", "oxy")
        build = [m for m in moves if m.rstrip("0123456789") in kinds]
        free = [m for m in moves if "crystal:" not in labels[m]]
        if progress and build:
            return self.rnd.choice(build)
        return self.rnd.choice(free or moves)

    @staticmethod
    def _tile(view: dict, h: str) -> str:
        return next(c["tile"] or "" for c in view["map"]["hexes"] if c["id"] == h)

    def contract(self, view: dict, moves: list[str]) -> str:
        me = view["seats"][self.seat]
        res = me["resources"]
        deliveries = [m for m in moves if m.startswith("d-")]
        if deliveries and res.get("mineral", 0) >= 2:
            return self.rnd.choice(deliveries)
        return self.rnd.choice(moves)


def play_game(
    kind_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    turn_moves: list[str] | None = None,
) -> Game:
    """One game of ``kind_players`` scripted players through the engine contract; the moves
    chosen at the turn menu are appended to ``turn_moves``."""
    from engine.core import new_game

    game = new_game("mars", [f"p{i + 1}" for i in range(kind_players)], seed=seed, options=options)
    rnd = random.Random(seed * 7919 + kind_players)
    players = [Player(i, rnd) for i in range(kind_players)]
    guard = 0
    while game.pending():
        d = game.pending()[0]
        move = players[d.seat].choose(game, d)
        if turn_moves is not None and d.prompt.startswith("Round "):
            turn_moves.append(move)
        game.play(d.seat, move)
        guard += 1
        if guard > 200_000:  # pragma: no cover - a hang, not a result
            raise RuntimeError("the game does not end")
    return game
