"""The test-facing side of the stand-in: people, slash commands, clicks, waiting for posts.

standin = StandIn(); await standin.start()
alice = standin.user("alice")
ix = await standin.slash(alice, standin.games, "game new", game="tally", seats=2)
post = await standin.wait_for_message(standin.games, lambda m: "Play" in m.labels)
menu = await standin.click(alice, post, label="Play")
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from devkit.standin.models import (
    MANAGE_CHANNELS,
    MEMBER_PERMISSIONS,
    Channel,
    Guild,
    Upload,
    User,
    interaction_payload,
    option_type,
    option_value,
    snowflake,
)
from devkit.standin.records import Interaction, Message
from devkit.standin.server import StandInServer


class Refused(AssertionError):
    """What a real Discord client would refuse to send (the stand-in enforces it)."""


class StandIn(StandInServer):
    """The stand-in server plus a small client API for tests and benchmarks."""

    # ------------------------------------------------------------------ world
    def user(self, name: str, *, manage_channels: bool = False) -> User:
        perms = MEMBER_PERMISSIONS | (MANAGE_CHANNELS if manage_channels else 0)
        user = User(snowflake(), name, perms)
        self.users[user.id] = user
        return user

    def channel(self, name: str) -> Channel:
        return next(c for c in self.guild.channels if c.name == name)

    async def add_guild(self, name: str = "Another Guild") -> Guild:
        """A new guild with the same channels as the first; as on Discord when the bot is
        added to a server, a connected bot gets its GUILD_CREATE at once."""
        guild = self._new_guild(name)
        self.guilds.append(guild)
        session = self.session_for(guild.id)
        if session is not None:
            await self._send_event(session, "GUILD_CREATE", guild.payload(self.bot))
        return guild

    async def delete_channel(self, channel: Channel) -> None:
        """Delete a channel: later posts there get 404 Unknown Channel."""
        self.guild_of(channel).channels.remove(channel)
        if self.connected:
            await self.dispatch("CHANNEL_DELETE", channel.payload())

    @property
    def games(self) -> Channel:
        """The default game channel."""
        return self.guild.channels[0]

    async def wait_connected(self, count: int = 1, timeout: float = 30.0) -> None:
        """Wait until the bot has connected ``count`` times in all (READY or RESUMED: a
        restart or a reconnect adds one)."""
        await self.wait_until(lambda: self.connections >= count and self.connected, timeout)

    # ------------------------------------------------------------ interactions
    async def _send(
        self,
        kind: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
        *,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> Interaction:
        guild = self.guild_of(channel)  # the event goes to the session of its shard
        if "guild_id" in data:
            data = {**data, "guild_id": str(guild.id)}
        payload, token = interaction_payload(
            kind=kind,
            app_id=self.app_id,
            guild=guild,
            channel=channel,
            user=user,
            data=data,
            message=message.payload if message is not None else None,
        )
        ix = Interaction(
            self,
            int(payload["id"]),
            token,
            kind,
            user,
            channel,
            payload,
            source_message_id=message.id if message is not None else None,
        )
        self.interactions[token] = ix
        await self.dispatch("INTERACTION_CREATE", payload)
        if wait:  # the first answer, then a deferred answer's text (as a user sees it)
            await self.wait_until(lambda: ix.answered, self._first_answer_wait(timeout))
            if kind in (2, 3) and ix.response_type in (5, 6):
                await self.wait_until(lambda: ix.complete, timeout)
        return ix

    def _first_answer_wait(self, timeout: float) -> float:
        """How long a first answer is worth waiting for: past the interaction deadline, a
        callback is refused (``_callback_refused`` checks and records it in one step), so
        an interaction unanswered then stays so (its bot was killed, say) and the player
        knows at once, as on Discord, instead of after the whole ``timeout``."""
        if self.deadline is None:
            return timeout
        return min(timeout, self.deadline + 0.5)

    def _command_data(
        self, command: str, options: dict[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        name, *subs = command.split()
        leaf: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for key, value in options.items():
            opt: dict[str, Any] = {
                "name": key,
                "type": option_type(value),
                "value": option_value(value),
            }
            if key == focused:
                opt["focused"] = True
            leaf.append(opt)
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                member = value.member_payload(with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
            elif isinstance(value, Channel):
                channel = value.payload()
                channel["permissions"] = str(MEMBER_PERMISSIONS)
                resolved.setdefault("channels", {})[str(value.id)] = channel
            elif isinstance(value, Upload):
                self.uploads[value.id] = value
                resolved.setdefault("attachments", {})[str(value.id)] = {
                    "id": str(value.id),
                    "filename": value.filename,
                    "size": len(value.data),
                    "url": self.upload_url(value),
                    "proxy_url": self.upload_url(value),
                    "content_type": value.content_type,
                }
        for sub in reversed(subs):
            leaf = [{"name": sub, "type": 1, "options": leaf}]
        data: dict[str, Any] = {
            "id": str(snowflake()),
            "name": name,
            "type": 1,
            "options": leaf,
            "guild_id": str(self.guild.id),
        }
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        *,
        wait: bool = True,
        timeout: float = 10.0,
        unchecked: bool = False,
        **options: Any,
    ) -> Interaction:
        """Run ``/command`` (e.g. "game new") as ``user``; waits for the first answer.

        Options Discord would refuse (out of range, too long, not a choice, a command
        never registered) raise ``Refused``, as a real client shows an error and sends
        nothing; ``unchecked`` sends them anyway (a modified client)."""
        data = self._command_data(command, options)
        if not unchecked:
            await self._discord_checks(data, autocomplete=False)
        return await self._send(2, user, channel, data, wait=wait, timeout=timeout)

    async def _discord_checks(self, data: dict[str, Any], *, autocomplete: bool) -> None:
        from cogs.option_rules import problem
        from devkit.standin.schema import bot_commands

        schema = (await bot_commands()).get(data["name"])
        why = (
            "unknown command"
            if schema is None
            else problem(schema, data.get("options") or [], autocomplete=autocomplete)
        )
        if why is not None:
            raise Refused(f"Discord would not send /{data['name']}: {why}")

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        focused: str,
        /,
        *,
        unchecked: bool = False,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers for option ``focused`` (given the other options)."""
        options.setdefault(focused, "")
        data = self._command_data(command, options, focused=focused)
        if not unchecked:
            await self._discord_checks(data, autocomplete=True)
        ix = await self._send(4, user, channel, data)
        assert ix.response_type == 8, f"autocomplete answered with type {ix.response_type}"
        return ix.choices or []

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: list[str] | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> Interaction:
        """Click a button (by custom_id or label) or choose ``values`` in a select.

        As on Discord, only a component of ``message`` can be clicked, and a select sends
        only values among its options, as many as it allows (else ``Refused``); ``forge``
        sends anything."""
        component = _find_component(message, custom_id, label, select=values is not None)
        if values is not None:
            offered = {o.get("value") for o in component.get("options") or []}
            low, high = component.get("min_values", 1), component.get("max_values", 1)
            if not set(values) <= offered or not low <= len(values) <= high:
                raise Refused(f"Discord would not send the values {values!r}")
        data: dict[str, Any] = {
            "custom_id": component["custom_id"],
            "component_type": component["type"],
        }
        if values is not None:
            data["values"] = list(values)
        channel = self.channel_by_id(message.channel_id)
        assert channel is not None
        return await self._send(3, user, channel, data, message, wait=wait, timeout=timeout)

    async def forge(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        values: list[str] | None = None,
        listed: bool = True,
        component_type: int | None = None,
        wait: bool = True,
        timeout: float = 10.0,
    ) -> Interaction:
        """A click Discord would not deliver: a modified client presents ``message`` (any
        message of its channel) as carrying a component ``custom_id`` and sends ``values``
        as they are. The bot must survive it and change nothing it should not.

        ``listed=False`` sends ``message`` as it is now, without the component (what
        Discord itself sends with a click: the stored message, so a forged id, or a stale
        client's click on a button the bot has since removed, arrives unlisted);
        ``component_type`` claims a type other than the one ``values`` implies."""
        kind = 2 if values is None else 3
        shown = message if not listed else _presenting(message, custom_id, kind, values)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type or kind}
        if values is not None:
            data["values"] = list(values)
        channel = self.channel_by_id(message.channel_id)
        assert channel is not None
        return await self._send(3, user, channel, data, shown, wait=wait, timeout=timeout)

    # -------------------------------------------------------------- messages
    def posts(self, channel: Channel) -> list[Message]:
        """The public messages of a channel, oldest first (deleted ones left out)."""
        ids = self.channel_log.get(channel.id, [])
        return [self.messages[i] for i in ids if not self.messages[i].deleted]

    def dms(self, user: User) -> list[Message]:
        """The direct messages the bot sent ``user``, oldest first."""
        ids = [c for c, u in self.dm_channels.items() if u == user.id]
        return [self.messages[i] for c in ids for i in self.channel_log.get(c, [])]

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] = lambda m: True,
        *,
        after: Message | None = None,
        timeout: float = 10.0,
    ) -> Message:
        """The first public message of ``channel`` (newer than ``after``) that matches."""

        def find() -> Message | None:
            for message in self.posts(channel):
                if after is not None and message.id <= after.id:
                    continue
                if predicate(message):
                    return message
            return None

        return await self.wait_until(find, timeout)


def _presenting(message: Message, custom_id: str, kind: int, values: list[str] | None) -> Message:
    """A copy of ``message`` whose only component is ``custom_id`` (a forged payload)."""
    component: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    if values is not None:
        component["options"] = [{"label": v[:100] or "?", "value": v} for v in values]
    else:
        component |= {"label": "Play", "style": 1}
    fake = copy.deepcopy(message.payload)
    fake["components"] = [{"type": 1, "components": [component]}]
    return Message(message.id, message.channel_id, fake)


def _find_component(
    message: Message, custom_id: str | None, label: str | None, *, select: bool
) -> dict[str, Any]:
    for component in message.components:
        if select and component.get("type") != 3:
            continue
        if custom_id is not None and component.get("custom_id") != custom_id:
            continue
        if label is not None and component.get("label") != label:
            continue
        return component
    raise AssertionError(
        f"no component custom_id={custom_id!r} label={label!r} in message: "
        f"{[(c.get('label'), c.get('custom_id')) for c in message.components]}"
    )
