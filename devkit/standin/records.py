"""What the stand-in remembers: REST calls, messages (with their files) and interactions."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from devkit.standin.models import Channel, User

if TYPE_CHECKING:
    from devkit.standin.server import StandInServer

EPHEMERAL = 1 << 6
LOADING = 1 << 7


@dataclass
class Call:
    """One REST request the bot made, and what the stand-in answered."""

    method: str
    route: str  # the route template, e.g. "/channels/{channel_id}/messages"
    path: str
    body: dict[str, Any] | None
    status: int = 0
    at: float = field(default_factory=time.monotonic)


@dataclass
class Message:
    """A message as the stand-in holds it; ``payload`` is what Discord would return."""

    id: int
    channel_id: int
    payload: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    sent: dict[str, Any] = field(default_factory=dict)  # the last body the bot sent
    ephemeral: bool = False
    deleted: bool = False
    edits: int = 0
    created_at: float = field(default_factory=time.monotonic)

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.payload.get("embeds") or []

    @property
    def text(self) -> str:
        """Content plus every embed's title, description and fields, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(p for p in parts if p)

    @property
    def components(self) -> list[dict[str, Any]]:
        """Every button and select, flattened out of the action rows."""
        out: list[dict[str, Any]] = []
        for row in self.payload.get("components") or []:
            out += row.get("components") or []
        return out

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.components if "custom_id" in c]

    @property
    def labels(self) -> list[str]:
        return [c.get("label") or "" for c in self.components if c.get("type") == 2]

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        return self.sent.get("allowed_mentions")

    def pngs(self) -> list[bytes]:
        return [data for name, data in self.files.items() if name.endswith(".png")]


@dataclass
class Interaction:
    """An interaction the test sent, and everything the bot answered to it."""

    server: StandInServer
    id: int
    token: str
    kind: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    source_message_id: int | None = None
    sent_at: float = field(default_factory=time.monotonic)
    first_response_at: float | None = None
    response_type: int | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    edited: bool = False  # the bot edited this interaction's message through its token

    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def original(self) -> Message | None:
        return self.server.messages.get(self.original_id) if self.original_id else None

    @property
    def replies(self) -> list[Message]:
        """The original response (when it is a message of its own) and the follow-ups."""
        ids = [self.original_id] if self.original_id else []
        ids += self.followup_ids
        return [self.server.messages[i] for i in ids if i in self.server.messages]

    @property
    def answer(self) -> list[Message]:
        """The messages that answer this interaction: after a deferred update (type 6)
        that was followed up, the follow-ups (the message clicked belongs to the menu)."""
        if self.response_type == 6 and self.followup_ids:
            return [m for m in self.replies if m.id in self.followup_ids]
        return self.replies

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.answer)

    @property
    def ephemeral(self) -> bool:
        return all(m.ephemeral for m in self.answer) and bool(self.answer)

    @property
    def settled(self) -> bool:
        """The bot has said something: a deferred update (type 6) only once it edited the
        message or sent a follow-up; any other answer at once."""
        if self.response_type != 6:
            return self.answered
        return self.edited or bool(self.followup_ids)

    @property
    def complete(self) -> bool:
        """Answered for good: settled, and no deferred answer still loading."""
        msgs = self.replies
        if not msgs or any(m.payload.get("flags", 0) & LOADING for m in msgs):
            return False
        return self.settled

    async def wait(self, predicate, timeout: float = 10.0) -> Interaction:
        """Wait until ``predicate(self)`` holds (e.g. a deferred answer got its text)."""
        await self.server.wait_until(lambda: predicate(self), timeout)
        return self

    async def wait_text(self, needle: str = "", timeout: float = 10.0) -> str:
        """Wait for a non-loading answer containing ``needle`` (case-insensitive)."""

        def ready() -> bool:
            return self.complete and needle.lower() in self.text.lower()

        await self.server.wait_until(ready, timeout)
        return self.text


TURN_HEAD = re.compile(r"· game #(\d+) · move (\d+)")


def is_turn_post(message: Message) -> bool:
    """A turn post (with its Play button while it is the newest), or the final one."""
    return bool(TURN_HEAD.search(message.content)) or "game is over" in message.content
