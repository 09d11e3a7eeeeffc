"""Two players at a table, playing legal moves as people do: by the Play menus (buttons,
selects, sections, chains of small decisions) or by typing ``/play`` from autocomplete.

Every interaction's first-answer time is kept, every move the bot acknowledged is counted
per game (the truth a kill must not lose), and a legal move the bot refused is counted as
such: the driver only ever plays what it was just offered, on the newest post.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

from devkit.standin import Interaction, Message, StandIn
from devkit.standin.models import Channel, User

HEAD = re.compile(r"· game #(\d+) · move (\d+)")
REFUSED = ("out of date", "not legal", "not your turn", "went wrong", "belongs to")
ANSWER_WAIT = 20.0
POST_WAIT = 60.0


@dataclass
class Metrics:
    """What a run measured (seconds), shared by every table."""

    first_answers: list[float] = field(default_factory=list)
    refused_legal: list[str] = field(default_factory=list)
    unanswered: int = 0
    moves: int = 0
    failed_callbacks: int = 0

    def answer(self, ix: Interaction) -> None:
        if ix.first_response_at is not None:
            self.first_answers.append(ix.first_response_at - ix.sent_at)


@dataclass
class Table:
    """One channel's game, driven by its two players."""

    standin: StandIn
    channel: Channel
    players: list[User]
    kind: str
    metrics: Metrics
    rnd: random.Random
    game_id: int | None = None
    acked: int = 0  # moves the bot acknowledged (✔) in this game
    uncertain: int = 0  # moves sent whose answer was lost (kill, failed callback)
    refused: int = 0  # legal moves the bot refused
    menus_only: bool | None = None  # None: both ways at random
    over: bool = False
    journal: list[str] = field(default_factory=list)  # what the driver sent and concluded

    def note(self, what: str) -> None:
        """Keep a line of the journal (shown when this game's move count is wrong)."""
        self.journal.append(f"{time.time():.3f} {what}")

    # ------------------------------------------------------------------ set-up
    async def open(self, seed: int) -> None:
        host, guest = self.players
        await self._slash(host, "game new", game=self.kind, seed=seed)
        await self._slash(guest, "game join")
        await self._slash(host, "game start")
        post = await self.standin.wait_for_message(self.channel, _is_post, timeout=POST_WAIT)
        head = HEAD.search(post.content)
        assert head, post.content
        self.game_id = int(head[1])

    # ------------------------------------------------------------------- turns
    async def play(self, moves: int, stop: asyncio.Event | None = None) -> None:
        """Play until ``moves`` more moves were acknowledged, the game ends, or ``stop``."""
        goal = self.acked + moves
        idle = 0
        while self.acked < goal and not self.over and not (stop and stop.is_set()):
            made = await self.turn()
            idle = 0 if made else idle + 1
            if idle > 20:  # nobody could act for a while: look at the game
                status = await self._slash(self.players[0], "status")
                if "over" in status.text.lower() or "finished" in status.text.lower():
                    self.over = True
                await asyncio.sleep(0.5)
                idle = 0

    async def turn(self) -> bool:
        """One player's turn (one or more moves); False when nobody could act now."""
        users = list(self.players)
        self.rnd.shuffle(users)
        menus = self.menus_only if self.menus_only is not None else self.rnd.random() < 0.5
        for user in users:
            made = await (self._by_menu(user) if menus else self._by_typing(user))
            if made:
                return True
        return False

    async def _by_typing(self, user: User) -> bool:
        made = False
        for _ in range(30):  # a chain of small decisions, one /play each
            ix = await self._send(
                self.standin.autocomplete(user, self.channel, "play", "move", move=""),
            )
            choices = ix or []
            if not choices:
                return made
            move = self.rnd.choice(choices)["value"]
            answer = await self._move(
                self.standin.slash(user, self.channel, "play", move=move), what=f"/play {move}"
            )
            if answer is None:
                return made
            made = True
            if not answer.answer or not answer.answer[-1].components:  # no next question
                return True
        return made

    async def _by_menu(self, user: User) -> bool:
        post = self.newest_post()
        if post is None:
            return False
        ix = await self._send(self.standin.click(user, post, label="Play", timeout=ANSWER_WAIT))
        if ix is None:
            return False
        text = await _final_text(ix)
        if "not your turn" in text.lower() or ix.original is None or not ix.original.components:
            return False
        if "out of date" in text.lower():  # a newer post is on its way
            await self.standin.wait_for_message(
                self.channel, _is_post, after=post, timeout=POST_WAIT
            )
            return False
        menu = ix.original
        made = False
        for _ in range(60):
            step = await self._pick(user, menu)
            if step is None:
                return made
            kind, answer = step
            if kind == "section":
                continue
            made = True
            if not menu.components or "✔" not in answer.text:
                return True
        return made

    async def _pick(self, user: User, menu: Message) -> tuple[str, Interaction] | None:
        buttons = [c for c in menu.components if c.get("type") == 2]
        selects = [c for c in menu.components if c.get("type") == 3]
        options = [c for c in buttons if c["custom_id"].startswith("alg:o:")]
        if selects and selects[0]["custom_id"].startswith("alg:g:"):
            comp = selects[0]
            value = self.rnd.choice(comp["options"])["value"]
            ix = await self._send(self.standin.click(user, menu, comp["custom_id"], values=[value]))
            return None if ix is None else ("section", ix)
        if selects:
            comp = selects[0]
            option = self.rnd.choice(comp["options"])
            label = option["label"]
            click = self.standin.click(user, menu, comp["custom_id"], values=[option["value"]])
        elif options:
            button = self.rnd.choice(options)
            label = button.get("label") or ""
            click = self.standin.click(user, menu, button["custom_id"])
        else:
            return None
        answer = await self._move(click, moves=moves_of(label), what=f"{user.name}: {label}")
        return None if answer is None else ("option", answer)

    # ---------------------------------------------------------------- helpers
    async def _move(self, coro, *, moves: int = 1, what: str = "") -> Interaction | None:
        """Send a move (``moves``: a menu entry may play a move and its sub-choice); count
        it when acknowledged, and a refusal of a legal move."""
        self.note(f"send {what!r}")
        ix = await self._send(coro)
        if ix is None:
            self._unsure(moves, "no answer")
            return None
        text = await _final_text(ix)
        if ix.response_type == 6 and ix.followup_ids:  # a refusal after a deferred update
            text = "\n".join(m.text for m in ix.replies if m.id in ix.followup_ids)
        if "✔" in text and not any(r in text.lower() for r in REFUSED):
            self.acked += moves
            self.note(f"acked {moves}: {text[:80]!r}")
            self.metrics.moves += 1
            if "game is over" in text.lower():
                self.over = True
            return ix
        low = text.lower()
        if any(r in low for r in REFUSED):
            self.metrics.refused_legal.append(f"{self.channel.name}: {text[:160]}")
            self.refused += 1
            self.note(f"refused: {text[:80]!r}")
        else:
            self._unsure(moves, f"answer {text[:80]!r}")  # says nothing: the move may be in
        return None

    def _unsure(self, moves: int, why: str) -> None:
        self.uncertain += moves
        self.note(f"unsure {moves}: {why}")

    async def _send(self, coro):
        """Send one interaction once the bot is connected; None when it got no answer."""
        await self.standin.wait_until(lambda: self.standin.connected, timeout=60)
        try:
            result = await coro
        except TimeoutError:
            self.metrics.unanswered += 1
            return None
        except AssertionError as exc:  # disconnected as we sent, no answer, or refused
            if "not connected" in str(exc) or "no bot session" in str(exc):
                return None
            if "condition not met" in str(exc):
                self.metrics.unanswered += 1
                return None
            if "no component" in str(exc):  # the button went (a newer post) as we clicked
                return None
            raise
        if isinstance(result, Interaction):
            self.metrics.answer(result)
        return result

    async def _slash(self, user: User, command: str, **options) -> Interaction:
        ix = await self.standin.slash(user, self.channel, command, timeout=ANSWER_WAIT, **options)
        self.metrics.answer(ix)
        await _final_text(ix)
        return ix

    def newest_post(self) -> Message | None:
        for message in reversed(self.standin.posts(self.channel)):
            if _is_post(message):
                return message if "Play" in message.labels else None
        return None


def _is_post(message: Message) -> bool:
    return bool(HEAD.search(message.content)) or "game is over" in message.content


async def _final_text(ix: Interaction) -> str:
    """The answer's text once a deferred answer is filled in."""
    try:
        return await ix.wait_text()
    except TimeoutError:
        return ix.text


PAIR = " · "  # a menu entry of two moves (a move and its sub-choice) is labelled "a · b"


def moves_of(label: str) -> int:
    """How many moves one click on a menu entry labelled ``label`` plays."""
    return 1 + label.count(PAIR)
