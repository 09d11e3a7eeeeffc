"""The Discord objects the stand-in hands out, and the JSON payloads discord.py expects.

Only the fields discord.py reads are filled in; the shapes follow the Discord API docs
(users, members, guilds, channels, messages, interactions). Snowflakes are plain counters
above a large base, so they look like real ids and never collide within one stand-in.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

ALL_PERMISSIONS = (1 << 50) - 1
MEMBER_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 38)
)  # view, send, embed, attach, history, use app commands, send in threads
MANAGE_CHANNELS = 1 << 4

_ids = itertools.count(1_200_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class User:
    """A person (or the bot) in the stand-in guild."""

    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    bot: bool = False
    dms_closed: bool = False  # DMs from the bot fail with 403 / 50007, as on Discord

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_payload(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "user": self.payload(),
            "roles": [],
            "joined_at": now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "nick": None,
            "avatar": None,
            "pending": False,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass
class Channel:
    """A text channel of the guild."""

    id: int
    guild_id: int
    name: str
    position: int = 0

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)

    def payload(self, bot: User) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(self.id),
                    "name": "@everyone",
                    "color": 0,
                    "hoist": False,
                    "position": 0,
                    "permissions": str(MEMBER_PERMISSIONS),
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": 1,
            "members": [bot.member_payload()],
            "channels": [c.payload() for c in self.channels],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def message_payload(
    *,
    message_id: int,
    channel_id: int,
    guild_id: int | None,
    author: User,
    body: dict[str, Any],
    attachments: list[dict[str, Any]],
    flags: int = 0,
    interaction_user: User | None = None,
) -> dict[str, Any]:
    """A message object as Discord returns it, built from what the bot sent."""
    data: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": author.payload(),
        "content": body.get("content") or "",
        "timestamp": now_iso(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds") or [],
        "pinned": False,
        "type": 0,
        "flags": flags,
        "components": body.get("components") or [],
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    if body.get("nonce") is not None:
        data["nonce"] = body["nonce"]
    if interaction_user is not None:
        data["interaction_metadata"] = {
            "id": str(snowflake()),
            "type": 2,
            "user": interaction_user.payload(),
            "authorizing_integration_owners": {},
        }
    return data


def interaction_payload(
    *,
    kind: int,
    app_id: int,
    guild: Guild,
    channel: Channel,
    user: User,
    data: dict[str, Any],
    message: dict[str, Any] | None = None,
) -> tuple[dict[str, Any], str]:
    """An INTERACTION_CREATE body and its token."""
    token = f"tok-{snowflake()}"
    payload: dict[str, Any] = {
        "id": str(snowflake()),
        "application_id": str(app_id),
        "type": kind,
        "token": token,
        "version": 1,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
        "channel_id": str(channel.id),
        "channel": channel.payload(),
        "member": user.member_payload(with_permissions=True),
        "data": data,
        "app_permissions": str(ALL_PERMISSIONS),
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if message is not None:
        payload["message"] = message
    return payload, token


@dataclass
class Upload:
    """A file a user attaches to a slash command option (type 11, ATTACHMENT); the
    stand-in serves its bytes at the attachment's URL (``StandIn.upload_url``)."""

    filename: str
    data: bytes
    id: int = field(default_factory=snowflake)
    content_type: str = "application/json"


def option_type(value: Any) -> int:
    """The application-command option type for a Python value given by a test."""
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    if isinstance(value, User):
        return 6
    if isinstance(value, Channel):
        return 7
    if isinstance(value, Upload):
        return 11
    return 3


def option_value(value: Any) -> Any:
    if isinstance(value, User | Channel | Upload):
        return str(value.id)
    return value
