"""A local Discord stand-in: the REST routes and the gateway websocket discord.py uses.

It runs in the test's event loop on 127.0.0.1 (random port). The bot subprocess reaches it
through ``DISCORD_API_BASE`` and ``DISCORD_GATEWAY_URL`` (see :meth:`StandInServer.env`).
Every REST call is recorded (:attr:`calls`), every message kept with its files
(:attr:`messages`), and a test can make the next calls of a route fail with 500 or 429
(:meth:`fail`). Driving the bot (slash commands, clicks) is in ``driver.py``.

Messages sent with ``enforce_nonce`` are deduplicated by nonce, as Discord does, so a post
retried after a lost answer never shows twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from devkit.standin.gateway import TOKEN, Gateway
from devkit.standin.models import (
    ALL_PERMISSIONS,
    Channel,
    Guild,
    Upload,
    User,
    message_payload,
    snowflake,
)
from devkit.standin.records import EPHEMERAL, LOADING, Call, Interaction, Message
from devkit.standin.wire import (
    BODY,
    FILES,
    attachment_list,
    failure_response,
    json_response,
    not_found,
    read_body,
)

API_PREFIX = "/api/v10"
SLOW = 0  # a Failure with this status delays the answer instead of failing


@dataclass
class Failure:
    """Fail the next ``times`` calls of ``method`` on ``route`` with ``status``."""

    method: str
    route: str
    status: int
    times: int
    retry_after: float


INTERACTION_DEADLINE = 3.0


class StandInServer(Gateway):
    """State, REST routes and gateway. Create, ``await start()``, ``await stop()``."""

    def __init__(self, channels: tuple[str, ...] = ("games", "table-2", "spectators", "lounge")):
        self.app_id = snowflake()
        self.bot = User(snowflake(), "AlgaeBot", ALL_PERMISSIONS, bot=True)
        self.owner = User(snowflake(), "owner", ALL_PERMISSIONS)
        self.channel_names = channels  # every guild's channels (``add_guild``)
        self.guild = self._new_guild("Stand-in Guild")
        self.guilds: list[Guild] = [self.guild]  # more: ``guild_on_shard``, ``add_guild``
        self._init_gateway()
        self.users: dict[int, User] = {self.owner.id: self.owner}
        self.calls: list[Call] = []
        self.messages: dict[int, Message] = {}
        self.channel_log: dict[int, list[int]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[str, list[dict[str, Any]]] = {}  # "global" or guild id -> commands
        self.failures: list[Failure] = []
        self.uploads: dict[int, Upload] = {}  # files attached to slash commands, by id
        self.dm_channels: dict[int, int] = {}  # DM channel id -> the user it reaches
        self.nonce_repeats = 0  # posts Discord would have dropped as repeats (enforce_nonce)
        # Discord drops a callback later than 3 s after the interaction (10062); None: never
        self.deadline: float | None = INTERACTION_DEADLINE
        self.late_callbacks = 0
        self._nonces: dict[tuple[int, str], int] = {}
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    def _new_guild(self, name: str) -> Guild:
        guild = Guild(snowflake(), name, self.owner.id)
        for position, channel in enumerate(self.channel_names):
            guild.channels.append(Channel(snowflake(), guild.id, channel, position))
        return guild

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=32 * 1024 * 1024)
        r = app.router
        p = API_PREFIX
        r.add_get("/gateway", self._gateway)
        r.add_get("/attachments/{attachment_id}/{filename}", self._attachment)
        r.add_get(p + "/users/@me", self._me)
        r.add_get(p + "/oauth2/applications/@me", self._application)
        r.add_get(p + "/gateway/bot", self._gateway_bot)
        r.add_get(p + "/gateway", self._gateway_bot)
        r.add_put(p + "/applications/{app_id}/commands", self._sync_commands)
        r.add_put(p + "/applications/{app_id}/guilds/{guild_id}/commands", self._sync_commands)
        r.add_get(p + "/applications/{app_id}/commands", self._get_commands)
        r.add_get(p + "/applications/{app_id}/guilds/{guild_id}/commands", self._get_commands)
        r.add_get(p + "/channels/{channel_id}", self._get_channel)
        r.add_post(p + "/users/@me/channels", self._open_dm)
        r.add_post(p + "/channels/{channel_id}/messages", self._post_message)
        r.add_get(p + "/channels/{channel_id}/messages/{message_id}", self._get_message)
        r.add_patch(p + "/channels/{channel_id}/messages/{message_id}", self._edit_message)
        r.add_delete(p + "/channels/{channel_id}/messages/{message_id}", self._delete_message)
        r.add_post(p + "/interactions/{interaction_id}/{token}/callback", self._callback)
        r.add_post(p + "/webhooks/{app_id}/{token}", self._followup)
        r.add_get(p + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_get)
        r.add_patch(p + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_edit)
        r.add_delete(p + "/webhooks/{app_id}/{token}/messages/{message_id}", self._webhook_delete)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        await self._close_sessions()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def upload_url(self, upload: Upload) -> str:
        """Where the bot downloads an attachment from (the CDN of the stand-in)."""
        return f"http://127.0.0.1:{self.port}/attachments/{upload.id}/{upload.filename}"

    async def _attachment(self, request: web.Request) -> web.Response:
        upload = self.uploads.get(int(request.match_info["attachment_id"]))
        if upload is None:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=upload.data, content_type=upload.content_type)

    def env(self) -> dict[str, str]:
        return {
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # ------------------------------------------------------------ waiting / faults
    async def changed(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_until(self, predicate: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Wait until ``predicate()`` is truthy; return its value.

        Checked after every change the stand-in sees, and every 0.1 s for predicates over
        state outside it (the bot's log file, for instance)."""
        deadline = asyncio.get_running_loop().time() + timeout
        async with self._changed:
            while not (value := predicate()):
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    raise AssertionError(f"stand-in: condition not met in {timeout}s")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), min(left, 0.1))
        return value

    def fail(
        self, method: str, route: str, status: int, times: int = 1, retry_after: float = 1.0
    ) -> None:
        """Answer the next ``times`` ``method route`` calls with ``status`` (500, 429 ...)."""
        self.failures.append(Failure(method.upper(), route, status, times, retry_after))

    def slow(self, method: str, route: str, seconds: float, times: int = 1) -> None:
        """Answer the next ``times`` calls only after ``seconds`` (the work is still done,
        so a client that gave up meanwhile has made the change without knowing it)."""
        self.failures.append(Failure(method.upper(), route, SLOW, times, seconds))

    def calls_to(self, method: str, route: str) -> list[Call]:
        return [c for c in self.calls if c.method == method.upper() and c.route == route]

    def nonces_in(self, channel_id: int) -> dict[str, int]:
        """Each nonce a message was created with in a channel -> that message's id (a later
        edit replaces ``Message.sent``, so the message itself no longer shows it)."""
        return {n: mid for (c, n), mid in self._nonces.items() if c == channel_id}

    @web.middleware
    async def _middleware(self, request: web.Request, handler):
        info = request.match_info
        route = info.route.resource.canonical if info.route.resource else request.path
        route = route.removeprefix(API_PREFIX)
        if route == "/gateway" and request.path == "/gateway":
            return await handler(request)
        body = await read_body(request)
        call = Call(request.method, route, request.path, body)
        self.calls.append(call)
        for failure in self.failures:
            if failure.method == request.method and failure.route == route and failure.times > 0:
                failure.times -= 1
                if failure.status == SLOW:  # answer late, but do the work (a lost answer)
                    await asyncio.sleep(failure.retry_after)
                    break
                call.status = failure.status
                await self.changed()
                return failure_response(failure)
        if request.headers.get("Authorization") not in (f"Bot {TOKEN}", None):
            call.status = 401
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        request[BODY] = body
        try:
            response = await handler(request)
        except web.HTTPNotFound:
            response = json_response({"message": "Unknown route", "code": 0}, status=404)
        call.status = response.status
        await self.changed()
        return response

    # ---------------------------------------------------------------- REST: bot
    async def _me(self, request: web.Request) -> web.Response:
        return json_response(self.bot.payload())

    async def _application(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(self.app_id),
                "name": "Algae",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "approximate_guild_count": 1,
                "bot": self.bot.payload(),
            }
        )

    async def _sync_commands(self, request: web.Request) -> web.Response:
        scope = request.match_info.get("guild_id", "global")
        commands = []
        for cmd in request[BODY] or []:
            cmd = dict(cmd, id=str(snowflake()), application_id=str(self.app_id), version="1")
            commands.append(cmd)
        self.commands[scope] = commands
        return json_response(commands)

    async def _get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands.get(request.match_info.get("guild_id", "global"), []))

    # ----------------------------------------------------------- REST: channels
    def channel_by_id(self, channel_id: int) -> Channel | None:
        channels = (c for g in self.guilds for c in g.channels)
        return next((c for c in channels if c.id == channel_id), None)

    def _guild_id_of(self, channel_id: int) -> int | None:
        channel = self.channel_by_id(channel_id)
        return channel.guild_id if channel is not None else self.guild.id

    async def _get_channel(self, request: web.Request) -> web.Response:
        channel = self.channel_by_id(int(request.match_info["channel_id"]))
        if channel is None:
            return not_found("Unknown Channel", 10003)
        return json_response(channel.payload())

    async def _open_dm(self, request: web.Request) -> web.Response:
        """POST /users/@me/channels: the DM channel with a user (one per user)."""
        user = self.users.get(int((request[BODY] or {}).get("recipient_id") or 0))
        if user is None:
            return not_found("Unknown User", 10013)
        channel_id = next((c for c, u in self.dm_channels.items() if u == user.id), None)
        if channel_id is None:
            channel_id = snowflake()
            self.dm_channels[channel_id] = user.id
        return json_response(
            {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "recipients": [user.payload()],
            }
        )

    async def _post_message(self, request: web.Request) -> web.Response:
        channel_id = int(request.match_info["channel_id"])
        dm_user = self.users.get(self.dm_channels.get(channel_id, 0))
        if dm_user is not None and dm_user.dms_closed:
            return json_response(
                {"message": "Cannot send messages to this user", "code": 50007}, status=403
            )
        if self.channel_by_id(channel_id) is None and dm_user is None:
            return not_found("Unknown Channel", 10003)
        body = request[BODY]
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            existing = self._nonces.get((channel_id, str(nonce)))
            if existing is not None:
                self.nonce_repeats += 1
                return json_response(self.messages[existing].payload)
        message = self._new_message(channel_id, body, request.get(FILES, {}))
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = message.id
        return json_response(message.payload)

    def _new_message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: dict[str, bytes],
        *,
        flags: int = 0,
        interaction_user: User | None = None,
    ) -> Message:
        mid = snowflake()
        attachments = attachment_list(body, files)
        payload = message_payload(
            message_id=mid,
            channel_id=channel_id,
            guild_id=self._guild_id_of(channel_id),
            author=self.bot,
            body=body,
            attachments=attachments,
            flags=flags | (body.get("flags") or 0),
            interaction_user=interaction_user,
        )
        ephemeral = bool(payload["flags"] & EPHEMERAL)
        message = Message(mid, channel_id, payload, dict(files), dict(body), ephemeral=ephemeral)
        self.messages[mid] = message
        if not ephemeral:
            self.channel_log.setdefault(channel_id, []).append(mid)
        return message

    def _edit(self, message: Message, body: dict[str, Any], files: dict[str, bytes]) -> None:
        for key in ("content", "embeds", "components"):
            if key in body:
                message.payload[key] = body[key] if body[key] is not None else []
        if "content" in body and body["content"] is None:
            message.payload["content"] = ""
        if files or "attachments" in body:
            kept = {a.get("filename") for a in body.get("attachments") or [] if "id" in a}
            message.files = {n: d for n, d in message.files.items() if n in kept}
            message.files.update(files)
            message.payload["attachments"] = attachment_list(body, message.files)
        message.payload["flags"] = (message.payload.get("flags", 0) & ~LOADING) | (
            body.get("flags") or 0
        )
        message.payload["edited_timestamp"] = message.payload["timestamp"]
        message.sent = {**message.sent, **body}  # the fields as the bot last set them
        message.edits += 1

    async def _get_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted:
            return not_found("Unknown Message", 10008)
        return json_response(message.payload)

    async def _edit_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted:
            return not_found("Unknown Message", 10008)
        self._edit(message, request[BODY], request.get(FILES, {}))
        return json_response(message.payload)

    async def _delete_message(self, request: web.Request) -> web.Response:
        message = self.messages.get(int(request.match_info["message_id"]))
        if message is None or message.deleted:
            return not_found("Unknown Message", 10008)
        message.deleted = True
        return web.Response(status=204)

    # ------------------------------------------------------- REST: interactions
    def _callback_refused(self, ix: Interaction | None, interaction_id: str) -> web.Response | None:
        """What Discord answers a callback it will not take: an unknown interaction, one
        answered already, or one past its 3-second deadline."""
        if ix is None or str(ix.id) != interaction_id:
            return not_found("Unknown interaction", 10062)
        if ix.answered:
            return json_response(
                {"message": "Interaction has already been acknowledged.", "code": 40060},
                status=400,
            )
        if self.deadline is not None and time.monotonic() - ix.sent_at > self.deadline:
            self.late_callbacks += 1  # the user saw "This interaction failed"
            return not_found("Unknown interaction", 10062)
        return None

    async def _callback(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(request.match_info["token"])
        refused = self._callback_refused(ix, request.match_info["interaction_id"])
        if refused is not None or ix is None:
            return refused or not_found("Unknown interaction", 10062)
        body = request[BODY]
        kind, data = body.get("type"), body.get("data") or {}
        ix.response_type, ix.first_response_at = kind, time.monotonic()
        message: Message | None = None
        if kind == 4:
            message = self._new_message(
                ix.channel.id, data, request.get(FILES, {}), interaction_user=ix.user
            )
        elif kind == 5:
            flags = LOADING | (data.get("flags") or 0)
            message = self._new_message(
                ix.channel.id, {}, {}, flags=flags, interaction_user=ix.user
            )
        elif kind in (6, 7) and ix.source_message_id is not None:
            message = self.messages[ix.source_message_id]
            if kind == 7:
                self._edit(message, data, request.get(FILES, {}))
        elif kind == 8:
            ix.choices = data.get("choices") or []
        if message is not None:
            ix.original_id = message.id
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.kind,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": {"type": kind},
        }
        if message is not None and kind in (4, 5, 7):
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["resource"]["message"] = message.payload
        return json_response(answer)

    def _webhook_message(self, request: web.Request) -> Message | None:
        ix = self.interactions.get(request.match_info["token"])
        mid = request.match_info["message_id"]
        if ix is None:
            return None
        if mid == "@original":
            return ix.original
        return self.messages.get(int(mid))

    async def _followup(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(request.match_info["token"])
        if ix is None:
            return not_found("Unknown Webhook", 10015)
        body, files = request[BODY], request.get(FILES, {})
        original = ix.original
        if original is not None and original.payload.get("flags", 0) & LOADING:
            self._edit(original, body, files)  # the first follow-up fills a deferred answer
            return json_response(original.payload)
        message = self._new_message(ix.channel.id, body, files, interaction_user=ix.user)
        ix.followup_ids.append(message.id)
        return json_response(message.payload)

    async def _webhook_get(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None:
            return not_found("Unknown Message", 10008)
        return json_response(message.payload)

    async def _webhook_edit(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None or message.deleted:
            return not_found("Unknown Message", 10008)
        self._edit(message, request[BODY], request.get(FILES, {}))
        ix = self.interactions.get(request.match_info["token"])
        if ix is not None and message.id == ix.original_id:
            ix.edited = True  # this interaction's own answer (a deferred update's edit)
        return json_response(message.payload)

    async def _webhook_delete(self, request: web.Request) -> web.Response:
        message = self._webhook_message(request)
        if message is None or message.deleted:
            return not_found("Unknown Message", 10008)
        message.deleted = True
        return web.Response(status=204)
