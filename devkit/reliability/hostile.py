"""Hostile input: strangers and players sending what they should not, and what a modified
client could. Every item must get an answer, privately, without a traceback, and change
nothing (the run compares the database before and after)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from devkit.reliability.players import HEAD, Table
from devkit.reliability.world import World
from devkit.standin import Interaction
from devkit.standin.models import Upload

BIG = 2**63
TEXTS = [
    "@everyone",
    "@here",
    "<@&123456789012345678>",
    "<@!1> <#2> <:emoji:3>",
    "\x00\x01\x02\x1b[31mred",
    "\u202egnp.exe\u202c",
    "Z̷̡͎̈a̸͓̐l̵̰̔g̶͍̿o̴̞͋",
    "🂡🃏🀄" * 20,
    "'; DROP TABLE games; --",
    "alg:o:1:0:0:0",
    "{{{{[[[[",
    "\n\n\n",
    " ",
    "x" * 200,
    "Ω≈ç√∫˜µ≤≥÷" * 10,
    "%s%s%s%n",
    "../../etc/passwd",
    "ＳＴＡＫＥ　１",
]


@dataclass
class Hostile:
    sent: int = 0  # reached the bot (answered, or listed in ``unanswered``)
    unanswered: list[str] = field(default_factory=list)
    public: list[str] = field(default_factory=list)
    pinging: list[str] = field(default_factory=list)
    blocked: int = 0  # what Discord itself refuses (the stand-in raised Refused)


Item = Callable[[], Awaitable[Interaction | None]]


def items(  # noqa: C901  (a flat catalogue of hostile inputs; the branches are its helpers)
    world: World, tables: list[Table], rnd: random.Random, count: int
) -> list[tuple[str, Item]]:
    """``count`` hostile interactions, mixed from every kind below."""
    s = world.standin
    makers: list[Callable[[], tuple[str, Item]]] = []

    def table() -> Table:
        return rnd.choice(tables)

    def stranger():
        return rnd.choice(world.strangers)

    def text() -> str:
        base = rnd.choice(TEXTS)
        return base if rnd.random() < 0.7 else base + rnd.choice(TEXTS)

    def slash(name: str, where, user, unchecked: bool = False, /, **options) -> Item:
        return lambda: s.slash(user, where, name, unchecked=unchecked, timeout=20, **options)

    # -- slash commands from strangers, players not to act, and garbage moves
    makers += [
        lambda: (
            "play garbage",
            slash("play", (t := table()).channel, rnd.choice(t.players), move=text()[:200] or "x"),
        ),
        lambda: ("play stranger", slash("play", table().channel, stranger(), move="stake 1")),
        lambda: (
            "play huge",
            slash(
                "play",
                table().channel,
                stranger(),
                True,
                move="x" * rnd.choice([201, 5000, 100_000]),
            ),
        ),
        lambda: ("play empty", slash("play", table().channel, stranger(), True, move="")),
        lambda: ("join running", slash("game join", table().channel, stranger())),
        lambda: ("start by guest", slash("game start", (t := table()).channel, t.players[1])),
        lambda: ("abort stranger", slash("game abort", table().channel, stranger())),
        lambda: (
            "kick stranger",
            slash("game kick", (t := table()).channel, stranger(), user=t.players[0]),
        ),
        lambda: (
            "replace stranger",
            slash(
                "game replace", (t := table()).channel, stranger(), old=t.players[0], new=stranger()
            ),
        ),
        lambda: ("resign stranger", slash("game resign", table().channel, stranger())),
        lambda: ("undo stranger", slash("undo", table().channel, stranger())),
        lambda: (
            "new in busy channel",
            slash(
                "game new",
                table().channel,
                stranger(),
                game=rnd.choice(["algae", "mars", text()[:100]]),
            ),
        ),
        lambda: (
            "game settings stranger",
            slash("game settings", table().channel, stranger(), reminders=text()[:10]),
        ),
        lambda: (
            "spectate stranger",
            slash("spectate add", table().channel, stranger(), channel=world.lounge),
        ),
        lambda: (
            "settings bad tz",
            slash("settings", table().channel, stranger(), tz=text()[:64] or "x"),
        ),
        lambda: (
            "settings same hours",
            slash(
                "settings", table().channel, stranger(), tz="Europe/Paris", quiet_from=4, quiet_to=4
            ),
        ),
        lambda: ("settings one hour", slash("settings", table().channel, stranger(), quiet_from=3)),
        lambda: (
            "log garbage player",
            slash("log", table().channel, stranger(), player=text()[:64] or "x"),
        ),
        lambda: (
            "history stranger",
            slash("history", table().channel, stranger(), move=rnd.randint(0, 1_000_000)),
        ),
        lambda: ("rules garbage", slash("rules", table().channel, stranger(), topic=text()[:100])),
        lambda: (
            "export random",
            slash(
                "export",
                table().channel,
                stranger(),
                game=rnd.choice([1, 2**53, rnd.randint(1, 10**15)]),
            ),
        ),
        lambda: ("me stranger", slash("me", table().channel, stranger())),
        lambda: ("board stranger", slash("board", table().channel, stranger(), player=stranger())),
    ]
    # -- where there is no game
    for name in (
        "play",
        "status",
        "board",
        "me",
        "log",
        "undo",
        "game start",
        "game join",
        "game leave",
        "game abort",
        "game resign",
        "game seats",
        "spectate list",
    ):
        opts = {"move": "stake 1"} if name == "play" else {}
        makers.append(
            lambda name=name, opts=opts: (  # type: ignore[misc]  # mypy cannot type default-bound lambdas
                f"no game: {name}",
                slash(name, world.lounge, stranger(), **opts),
            )
        )

    # -- files
    def upload(kind: str) -> bytes:
        if kind == "nested":
            depth = rnd.choice([1000, 50_000, 120_000])
            return b"[" * depth + b"]" * depth
        if kind == "huge":
            return b'{"moves": [' + b'[0, "x"],' * 150_000 + b'[0, "x"]]}'
        if kind == "garbage":
            return bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 4000)))
        return json.dumps(
            {"format": 1, "kind": "algae", "players": ["a"], "seed": -1, "moves": "x"}
        ).encode()

    for kind in ("nested", "huge", "garbage", "wrong"):
        makers.append(
            lambda kind=kind: (  # type: ignore[misc]  # mypy cannot type default-bound lambdas
                f"import {kind}",
                slash(
                    "import",
                    rnd.choice([world.lounge, table().channel]),
                    stranger(),
                    file=Upload(f"{kind}.json", upload(kind)),
                ),
            )
        )
    # -- what Discord would refuse (the stand-in refuses it too: counted as blocked) ...
    makers += [
        lambda: ("discord blocks page 0", slash("log", table().channel, stranger(), page=0)),
        lambda: (
            "discord blocks hour 24",
            slash("settings", table().channel, stranger(), quiet_from=24, quiet_to=1),
        ),
    ]
    # -- ... and the same sent anyway (a modified client)
    makers += [
        lambda: (
            "unchecked export 2^63",
            slash("export", table().channel, stranger(), True, game=BIG + rnd.randint(0, 9)),
        ),
        lambda: (
            "unchecked log page",
            slash("log", table().channel, stranger(), True, page=rnd.choice([0, -1, 10**20])),
        ),
        lambda: (
            "unchecked history",
            slash(
                "history", table().channel, stranger(), True, move=rnd.choice([-5, 10**19, 2**70])
            ),
        ),
        lambda: (
            "unchecked wrong type",
            slash("log", table().channel, stranger(), True, page=text()[:20] or "x"),
        ),
        lambda: (
            "unchecked unknown command",
            slash(
                rnd.choice(["nosuch", "game explode", "play now"]),
                table().channel,
                stranger(),
                True,
            ),
        ),
        lambda: (
            "unchecked settings hours",
            slash("settings", table().channel, stranger(), True, quiet_from=99, quiet_to=-1),
        ),
    ]

    # -- components: wrong user, stale, forged, malformed, out of range
    def newest(t: Table):
        return t.newest_post() or next(
            (m for m in reversed(s.posts(t.channel)) if HEAD.search(m.content)), None
        )

    def click_play(t: Table, user) -> Item:
        async def go():
            post = t.newest_post()
            if post is None:
                return None
            return await s.click(user, post, label="Play", timeout=20)

        return go

    def forge(t: Table, custom_id: str, values=None, *, players: bool = True) -> Item:
        """``custom_id`` on the newest post of ``t``, by a stranger or (``players``) one
        of its players (never the host for abort/resign: those would be their right)."""

        async def go():
            post = newest(t)
            if post is None:
                return None
            user = rnd.choice(t.players) if players and rnd.random() < 0.5 else stranger()
            return await s.forge(user, post, custom_id, values=values, timeout=20)

        return go

    def old() -> int:
        """A decision version no menu has now (the games are far younger)."""
        return 10**9 + rnd.randint(0, 10**6)

    def game_of(t: Table) -> int:
        return t.game_id or 1

    def other_game(t: Table) -> int:
        others = [o for o in tables if o is not t] or [t]
        return game_of(rnd.choice(others))

    makers += [
        lambda: ("play click stranger", click_play(table(), stranger())),
        lambda: (
            "forged other game option",
            forge(
                t := table(),
                f"alg:o:{other_game(t)}:{rnd.randint(0, 1)}:{rnd.randint(0, 400)}:0",
            ),
        ),
        lambda: (
            "forged other game play",
            forge(t := table(), f"alg:play:{other_game(t)}:{rnd.randint(0, 400)}"),
        ),
        lambda: (
            "forged stale option",
            forge(t := table(), f"alg:o:{game_of(t)}:{rnd.randint(0, 1)}:{old()}:0"),
        ),
        lambda: (
            "forged other seat select",
            forge(
                t := table(),
                f"alg:s:{game_of(t)}:{rnd.randint(0, 7)}:{old()}",
                values=[str(rnd.randint(0, 30))],
            ),
        ),
        lambda: (
            "forged abort",
            forge(
                t := table(),
                f"alg:abort:{rnd.choice([game_of(t), other_game(t)])}",
                players=False,
            ),
        ),
        lambda: (
            "forged resign",
            forge(t := table(), f"alg:resign:{other_game(t)}", players=False),
        ),
        lambda: (
            "forged undo",
            forge(table(), f"alg:undo:{rnd.choice('yn')}:{rnd.randint(1, 10**6)}"),
        ),
        lambda: (
            "malformed id",
            forge(
                table(),
                rnd.choice(
                    [
                        "alg:",
                        "alg:o",
                        "alg:o:1",
                        "alg:o:a:b:c:d",
                        "alg:play:-1:0",
                        "alg:play:١:٢",
                        "alg:o:1:0:1:2:3:4",
                        "alg:zz:1",
                        "alg:play:1:2\n",
                    ]
                ),
            ),
        ),
        lambda: (
            "out of range id",
            forge(
                table(),
                rnd.choice(
                    [
                        f"alg:play:{BIG}:1",
                        f"alg:o:{'9' * 30}:0:0:0",
                        f"alg:abort:{BIG * 4}",
                        f"alg:o:1:0:0:{10**9}",
                    ]
                ),
            ),
        ),
        lambda: ("foreign id", forge(table(), rnd.choice(["button", "x" * 100, "🙂", "play:1:2"]))),
        lambda: (
            "select garbage",
            forge(
                t := table(),
                f"alg:s:{game_of(t)}:0:{old()}",
                values=[rnd.choice(["abc", "-1", str(BIG), "1.5", "", "٣", "0x10"])],
            ),
        ),
        lambda: (
            "select many values",
            forge(t := table(), f"alg:s:{game_of(t)}:0:{old()}", values=["0", "1", "2"]),
        ),
        lambda: (
            "section garbage",
            forge(t := table(), f"alg:g:{game_of(t)}:0:{old()}", values=[text()[:100] or "x"]),
        ),
    ]
    out: list[tuple[str, Item]] = []
    while len(out) < count:
        out.append(rnd.choice(makers)())
    return out


ROUNDS = 10  # batches sent at most to reach ``count`` answered (a guard, never reached)


async def run(
    world: World, tables: list[Table], count: int, seed: int = 15, concurrency: int = 8
) -> Hostile:
    """Send hostile interactions, ``concurrency`` at a time, until ``count`` of them reached
    the bot (what the stand-in blocks as Discord would, or an item with nothing to click,
    is counted apart and replaced by another); check the answers."""
    rnd = random.Random(seed)
    result = Hostile()
    gate = asyncio.Semaphore(concurrency)

    async def one(label: str, item: Item) -> None:
        async with gate:
            await world.standin.wait_until(lambda: world.standin.connected, timeout=60)
            await _send(label, item, result)

    for _ in range(ROUNDS):
        missing = count - result.sent
        if missing <= 0:
            break
        queue = items(world, tables, rnd, missing)
        await asyncio.gather(*(one(label, item) for label, item in queue))
    return result


async def _send(label: str, item: Item, result: Hostile) -> None:
    """One hostile interaction, its answer checked and counted in ``result``."""
    from devkit.standin.driver import Refused

    try:
        ix = await item()
    except Refused:
        result.blocked += 1
        return
    except TimeoutError:  # sent, never answered
        result.sent += 1
        result.unanswered.append(label)
        return
    if ix is None:
        return
    result.sent += 1
    try:
        await ix.wait_text(timeout=20)
    except TimeoutError:
        result.unanswered.append(label)
        return
    for message in ix.replies:
        if not message.ephemeral:
            result.public.append(f"{label}: {message.content[:120]}")
        parse = (message.allowed_mentions or {}).get("parse") or []
        if "everyone" in parse or "roles" in parse:
            result.pinging.append(label)
