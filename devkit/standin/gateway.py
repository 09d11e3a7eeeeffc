"""The stand-in's gateway: sessions, shards, and which session gets which event.

Each websocket is one session. Its IDENTIFY may name a shard ``[shard_id, shard_count]``
(discord.py's ``AutoShardedBot`` opens one session per shard it holds); without one it is
shard 0 of 1. As on Discord, a guild belongs to shard ``(guild_id >> 22) % shard_count``:
READY lists, and GUILD_CREATE follows for, that shard's guilds only, and every event of a
guild (an interaction, a channel deleted) goes to the session that identified with the
guild's shard; events without a guild (direct messages) go to shard 0. ``guild_on_shard``
makes a guild whose id lands on a chosen shard.

HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats. RESUME of a session the stand-in
started sends again, as Discord does, the events the old connection sent after the last
sequence number the bot saw, then RESUMED; an unknown session gets INVALID_SESSION, and the
bot identifies again. ``gateway_fault`` breaks the sessions the ways Discord's gateway does
(a close, a TCP drop, op 7 reconnect: the bot resumes; op 9 invalid session: it identifies).
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from devkit.standin.models import Channel, Guild, snowflake
from devkit.standin.wire import json_response

if TYPE_CHECKING:
    from devkit.standin.models import User

TOKEN = "fake-token"


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard formula."""
    return (guild_id >> 22) % shard_count


@dataclass
class Session:
    ws: web.WebSocketResponse
    shard: tuple[int, int] = (0, 1)
    seq: int = 0
    identified: bool = False
    transport: Any = None  # the TCP connection under the websocket
    session_id: str = ""  # READY's, kept by a RESUME
    sent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=2000))

    @property
    def open(self) -> bool:
        return self.identified and not self.ws.closed

    def holds(self, guild_id: int | None) -> bool:
        shard_id, count = self.shard
        return (0 if guild_id is None else shard_of(guild_id, count)) == shard_id


class Gateway:
    """Mixed into ``StandInServer`` (which owns ``guilds``, ``bot``, ``changed`` ...)."""

    if TYPE_CHECKING:  # the host's
        app_id: int
        bot: User
        owner: User
        guilds: list[Guild]

        @property
        def gateway_url(self) -> str: ...
        async def changed(self) -> None: ...

    def _init_gateway(self) -> None:
        self.sessions: list[Session] = []
        self.identify: dict[str, Any] | None = None  # the latest IDENTIFY payload
        self.identifies: list[dict[str, Any]] = []
        self.connections = 0  # READYs and RESUMEDs sent (a reconnect or a second shard adds one)
        self.resumes = 0  # RESUMEDs sent
        self.max_concurrency = 1  # GET /gateway/bot's session_start_limit (Discord: 1 for most)
        self._by_id: dict[str, Session] = {}  # every session READY started, by its id

    # ----------------------------------------------------------------- guilds
    def guild_on_shard(self, shard_id: int, shard_count: int, name: str = "") -> Guild:
        """A new guild (with a ``games`` channel) whose id falls on ``shard_id``."""
        base = snowflake()
        high = base >> 22
        high += (shard_id - high) % shard_count
        guild = Guild(
            (high << 22) | (base & 0x3FFFFF), name or f"shard-{shard_id} guild", self.owner.id
        )
        guild.channels.append(Channel(snowflake(), guild.id, "games", 0))
        self.guilds.append(guild)
        return guild

    def guild_of(self, channel: Channel) -> Guild:
        return next(g for g in self.guilds if g.id == channel.guild_id)

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0}
        limit["max_concurrency"] = self.max_concurrency
        return json_response({"url": self.gateway_url, "shards": 1, "session_start_limit": limit})

    # ---------------------------------------------------------------- sessions
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws, transport=request.transport)
        self.sessions.append(session)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                if data["d"].get("token") != TOKEN:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                self.identify = data["d"]
                self.identifies.append(data["d"])
                shard = data["d"].get("shard") or [0, 1]
                session.shard = (int(shard[0]), int(shard[1]))
                await self._send_ready(session)
            elif op == 6:
                await self._resume(session, data["d"])
        if session in self.sessions:
            self.sessions.remove(session)
        await self.changed()
        return ws

    async def _send_ready(self, session: Session) -> None:
        mine = [g for g in self.guilds if session.holds(g.id)]
        session.session_id = f"session-{snowflake()}"
        self._by_id[session.session_id] = session
        ready = {
            "v": 10,
            "user": self.bot.payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "session_id": session.session_id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
            "shard": list(session.shard),
        }
        session.identified = True
        await self._send_event(session, "READY", ready)
        for guild in mine:
            await self._send_event(session, "GUILD_CREATE", guild.payload(self.bot))
        self.connections += 1
        await self.changed()

    async def _resume(self, session: Session, d: dict[str, Any]) -> None:
        """RESUME: the new connection takes the old session's place, gets the events the
        bot had not seen, then RESUMED; a session not known gets INVALID_SESSION."""
        old = self._by_id.pop(str(d.get("session_id")), None)
        if old is None or d.get("token") != TOKEN:
            await session.ws.send_json({"op": 9, "d": False, "s": None, "t": None})
            return
        old.identified = False  # its connection may not have been seen to close yet
        if old in self.sessions:
            self.sessions.remove(old)
        session.session_id, session.shard, session.seq = old.session_id, old.shard, old.seq
        session.sent = old.sent
        self._by_id[session.session_id] = session
        seen = int(d.get("seq") or 0)
        for frame in [f for f in old.sent if f["s"] > seen]:
            await session.ws.send_json(frame)
        session.identified = True
        await self._send_event(session, "RESUMED", {})
        self.connections += 1
        self.resumes += 1
        await self.changed()

    async def _send_event(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        await session.ws.send_json(frame)

    def session_for(self, guild_id: int | None) -> Session | None:
        """The open session that holds this guild's shard (None: nobody holds it now)."""
        return next((s for s in reversed(self.sessions) if s.open and s.holds(guild_id)), None)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send a gateway DISPATCH to the session holding the event's guild."""
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        session = self.session_for(guild_id)
        if session is None:
            raise AssertionError(f"stand-in: no bot session holds the shard of guild {guild_id}")
        await self._send_event(session, event, data)

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every session as Discord does on an outage (the bot must reconnect)."""
        for session in list(self.sessions):
            await session.ws.close(code=code, message=b"stand-in: dropped")

    async def gateway_fault(self, kind: str) -> None:
        """Break every session: ``close`` (a close frame), ``tcp`` (the connection dies
        without one), ``reconnect`` (op 7: reconnect and resume) or ``invalid`` (op 9: the
        session is gone, identify again)."""
        for session in [s for s in self.sessions if not s.ws.closed]:
            if kind == "close":
                await session.ws.close(code=4000, message=b"stand-in: dropped")
            elif kind == "tcp":
                if session.transport is not None:
                    session.transport.abort()
            elif kind == "reconnect":
                await session.ws.send_json({"op": 7, "d": None, "s": None, "t": None})
            elif kind == "invalid":
                await session.ws.send_json({"op": 9, "d": False, "s": None, "t": None})
            else:
                raise ValueError(f"unknown gateway fault {kind!r}")

    async def _close_sessions(self) -> None:
        for session in list(self.sessions):
            await session.ws.close()

    @property
    def connected(self) -> bool:
        return any(s.open for s in self.sessions)

    def shards_connected(self) -> set[int]:
        return {s.shard[0] for s in self.sessions if s.open}
