"""Players through the stand-in who count what a turn costs them (issue 12, "Done when").

``Table`` plays a game as people would: whoever must act presses Play on the newest turn
post (or, every few turns, types ``/play`` and goes on with the controls of its reply) and
answers each question of their menu until it says their turn is done. Choices are random
(seeded) among what the menu offers: buttons, select entries, a group and then an entry.

It records, for the table of the issue: the public posts, who each post pinged, the clicks
of every turn (the Play click and every control used), the ``/play`` calls of typed turns,
and every question asked (to check that none had a single option).
"""

from __future__ import annotations

import itertools
import random
import re
import statistics
from dataclasses import dataclass, field

from devkit.standin import Message, StandIn
from devkit.standin.models import User
from engine.core import Decision, replay
from tables import Tables
from tests.e2e.helpers import is_turn_post

DONE = ("your turn is done", "the game is over")
NOT_CHOICES = ("Back", "Undo my turn")
MAX_STEPS = 40
POST_VERSION = re.compile(r"· game #(?P<game>\d+) · move (\d+)")


@dataclass
class Turn:
    """One turn of one player as the engine names it (``turn_key``)."""

    user: str
    start: int = 0  # the game's log position when the turn began
    clicks: int = 0
    plays: int = 0  # /play calls
    shared: bool = False  # others had a decision open too (a simultaneous step)
    questions: list[str] = field(default_factory=list)


@dataclass
class Tally:
    turns: list[Turn] = field(default_factory=list)
    pings: dict[str, int] = field(default_factory=dict)
    posts: int = 0
    one_option: list[str] = field(default_factory=list)  # questions with a single choice
    forced_pings: list[str] = field(default_factory=list)  # pinged with nothing to choose
    pinged_at: dict[str, list[int]] = field(default_factory=dict)  # user -> post versions
    sessions: list[int] = field(default_factory=list)  # clicks of each Play-button session

    @staticmethod
    def pooled(tallies: list[Tally]) -> Tally:
        """Several games' turns, sessions, posts and pings as one tally (for the medians and
        the printed row; ``double_pings`` is a per-game check and is not pooled)."""
        out = Tally()
        for t in tallies:
            out.turns += t.turns
            out.sessions += t.sessions
            out.posts += t.posts
            out.one_option += t.one_option
            out.forced_pings += t.forced_pings
            for user, n in t.pings.items():
                out.pings[user] = out.pings.get(user, 0) + n
        return out

    @property
    def double_pings(self) -> list[str]:
        """Players pinged more than once between two turns of theirs (by the versions of
        the posts, whatever order the posts arrived in)."""
        found = []
        for user, versions in self.pinged_at.items():
            starts = [t.start for t in self.turns if t.user == user]
            edges = [-1, *starts, 10**9]
            for lo, hi in itertools.pairwise(edges):
                inside = [v for v in versions if lo < v <= hi]
                if len(inside) > 1:
                    found.append(f"{user}: pinged at moves {inside} for one turn")
        return found

    @property
    def ordered(self) -> int:
        """Turns taken when their player alone could act (turns in turn order)."""
        return sum(not t.shared for t in self.turns)

    @property
    def shared_steps(self) -> int:
        """Simultaneous steps (setup picks, Monday steps D and E, the weekend): runs of
        turns taken while others could act too."""
        flags = [t.shared for t in self.turns]
        return sum(f and (i == 0 or not flags[i - 1]) for i, f in enumerate(flags))

    @property
    def clicks(self) -> list[int]:
        """Clicks of the turns played from the Play button (typed turns count /play)."""
        return [t.clicks for t in self.turns if not t.plays]

    def row(self) -> dict[str, str]:
        clicks = self.clicks
        typed = [t.plays for t in self.turns if t.plays]
        pings = ", ".join(f"{u} {n}" for u, n in sorted(self.pings.items()))
        return {
            "player-turns": str(len(self.turns)),
            "turns in turn order / simultaneous steps": f"{self.ordered} / {self.shared_steps}",
            "public posts": str(self.posts),
            "pings per player": pings,
            "clicks per turn": (
                f"median {statistics.median(clicks):g} ({min(clicks)}–{max(clicks)})"
            ),
            "clicks per Play session (may span turns)": (
                f"median {statistics.median(self.sessions):g} "
                f"({min(self.sessions)}–{max(self.sessions)})"
                if self.sessions
                else "none"
            ),
            "/play calls per typed turn": (
                f"median {statistics.median(typed):g}, up to {max(typed)} ({len(typed)} turns)"
                if typed
                else "none typed"
            ),
        }


def controls(menu: Message) -> list[dict]:
    """The controls of a private menu that choose something (not Back / Undo)."""
    return [c for c in menu.components if c.get("label") not in NOT_CHOICES or c.get("type") == 3]


class Table:
    """One game played through the stand-in by ``users``, counted in ``tally``."""

    def __init__(self, standin: StandIn, tables: Tables, users: list[User], seed: int) -> None:
        self.standin, self.tables, self.users = standin, tables, users
        self.rnd = random.Random(seed)
        self.tally = Tally(pings={u.name: 0 for u in users})
        self.seen_posts: set[int] = set()
        self.game_id = 0

    # -------------------------------------------------------------- posts
    def latest_post(self) -> Message | None:
        posts = [m for m in self.standin.posts(self.standin.games) if is_turn_post(m)]
        posts = [m for m in posts if self.game_of(m) in (None, self.game_id)]
        return posts[-1] if posts else None

    @staticmethod
    def game_of(post: Message) -> int | None:
        """The game a turn post names (several games may be played in one channel in turn)."""
        found = POST_VERSION.search(post.content)
        return int(found["game"]) if found else None

    async def read_posts(self) -> None:
        """Count the new public posts of the game and who they ping (checking each ping is
        for a real decision)."""
        for post in self.standin.posts(self.standin.games):
            version = POST_VERSION.search(post.content)
            if post.id in self.seen_posts or version is None:
                continue  # lobby lines and undo requests are not turn posts
            if self.game_of(post) != self.game_id:
                continue  # an earlier game's late post in the same channel
            self.seen_posts.add(post.id)
            self.tally.posts += 1
            for raw in (post.allowed_mentions or {}).get("users") or []:
                user = next(u for u in self.users if u.id == int(raw))
                self.tally.pings[user.name] += 1
                self.tally.pinged_at.setdefault(user.name, []).append(int(version[2]))
                if not await self.had_a_choice(user, int(version[2])):
                    self.tally.forced_pings.append(f"{user.name}: {post.content[:120]}")

    async def had_a_choice(self, user: User, position: int) -> bool:
        """Whether ``user`` had a decision with several options when the post at log
        ``position`` was made (the game replayed to it)."""
        info, game = await self.tables.load(None, game_id=self.game_id)
        live = (await self.tables.log_line(self.game_id)).live(position)
        then = replay({**game.record(), "moves": [[m.seat, m.move] for m in live]})
        seats = {s.seat for s in info.seats_of(user.id)}
        asked = [d for d in then.pending() if d.seat in seats]
        return bool(asked) and all(len(d.options) > 1 for d in asked)

    async def decisions(self, user: User) -> list[Decision]:
        try:
            return await self.tables.decisions_for(None, user.id, game_id=self.game_id)
        except Exception:  # the game ended
            return []

    async def to_act(self) -> list[User]:
        return [u for u in self.users if await self.decisions(u)]

    # -------------------------------------------------------------- turns
    async def turn_key(self) -> str | None:
        _, game = await self.tables.load(None, game_id=self.game_id, fresh=True)
        return game.turn_key()

    async def play_turn(self, user: User, typed: bool) -> Turn:
        """One menu session: from Play (or /play) until the menu says the turn is done. A
        session that goes on into the player's next turn of the game (the engine's
        ``turn_key`` changes: the shuttle, then the next round's pick) counts each turn on
        its own; the Play click belongs to the first."""
        key = await self.turn_key()
        turn = await self.new_turn(user)
        session = [turn]
        if typed:
            (decision, *_) = await self.decisions(user)
            self.note_question(turn, decision)
            move = self.rnd.choice(decision.options).move
            ix = await self.standin.slash(user, self.standin.games, "play", move=move)
            turn.plays += 1
        else:
            post = self.latest_post()
            assert post is not None and "Play" in post.labels, "a turn post with Play"
            ix = await self.standin.click(user, post, label="Play")
            turn.clicks += 1
        await ix.wait_text()
        menu = ix.original
        assert menu is not None and menu.ephemeral, ix.text
        for _ in range(MAX_STEPS):
            if any(d in menu.content.lower() for d in DONE) or not menu.components:
                break
            now = await self.turn_key()
            if now != key and (turn.clicks or turn.plays):  # a new turn of the game
                self.tally.turns.append(turn)
                turn = await self.new_turn(user)
                session.append(turn)
                key = now
            await self.step(user, menu, turn)
        else:
            raise AssertionError(f"{user.name}'s turn did not end: {menu.content}")
        self.tally.turns.append(turn)
        if not typed:
            self.tally.sessions.append(sum(t.clicks for t in session))
        return turn

    async def new_turn(self, user: User) -> Turn:
        start = (await self.tables.game(self.game_id)).version
        return Turn(user.name, start=start, shared=len(await self.to_act()) > 1)

    def note_question(self, turn: Turn, decision: Decision) -> None:
        turn.questions.append(decision.prompt)
        if len(decision.options) < 2:
            self.tally.one_option.append(decision.prompt)

    async def step(self, user: User, menu: Message, turn: Turn) -> None:
        """Answer one control of ``menu`` at random (a select entry, or a button)."""
        mine = await self.decisions(user)
        if mine:
            self.note_question(turn, mine[0])
        choices = controls(menu)
        assert choices, menu.components
        selects = [c for c in choices if c.get("type") == 3]
        if selects:
            comp = selects[0]
            assert len(comp["options"]) > 1 or len(selects[0]["options"]) > 1, comp
            value = self.rnd.choice(comp["options"])["value"]
            ix = await self.standin.click(user, menu, comp["custom_id"], values=[value])
        else:
            assert len(choices) > 1, f"a question with one button: {menu.content}"
            ix = await self.standin.click(user, menu, self.rnd.choice(choices)["custom_id"])
        turn.clicks += 1
        await ix.wait(lambda i: i.answered)
        if mine:  # a group pick asks the same question again: note it once
            after = await self.decisions(user)
            if after and after[0].version == mine[0].version:
                turn.questions.pop()

    async def play_until(self, done, *, typed_every: int = 4, max_turns: int = 120) -> None:
        """Play turns until ``done(view)`` holds for the public view (or the game ends)."""
        count = 0
        while count < max_turns:
            await self.settle()
            _, game = await self.tables.load(None, game_id=self.game_id, fresh=True)
            if game.over or done(game.view(None)):
                return
            acting = await self.to_act()
            assert acting, "someone must act"
            user = acting[0]
            await self.play_turn(user, typed=count % typed_every == typed_every - 1)
            count += 1
        raise AssertionError("too many turns")

    async def settle(self) -> None:
        """Wait for the bot's posts of the last turn, then count them."""
        version = (await self.tables.game(self.game_id)).announced_seq
        await self.standin.wait_until(
            lambda: any(
                (f"move {version}\n" in m.content and self.game_of(m) == self.game_id)
                or version == 0
                for m in self.standin.posts(self.standin.games)
            )
        )
        await self.read_posts()


def markdown(rows: dict[str, dict[str, str]]) -> str:
    """The issue's table: one column per game."""
    games = list(rows)
    keys = list(next(iter(rows.values())))
    lines = ["| | " + " | ".join(games) + " |", "|---|" + "---|" * len(games)]
    lines += [f"| {k} | " + " | ".join(rows[g][k] for g in games) + " |" for k in keys]
    return "\n".join(lines)
