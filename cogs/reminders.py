"""The scheduler: runs the table layer's timer pass and sends its notices.

Every ``ALGAE_SCHEDULER_POLL`` seconds (default 30): ``tables.run_timers()`` (reminders,
turn time limits, default moves: all the maths and the once-only claims live there), the
turn posts of default moves are published, then due notices are sent. A notice is a
reminder or time-out note in the game channel (pinging only the player, or the host), or
a direct message with a jump link to the turn post. A DM Discord refuses (DMs closed,
403 / 50007) is reported to the table layer, which gives it up and records it; nothing
here ever waits on a DM.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.ext import commands

from cogs.text import MESSAGE_LIMIT, clip, relative_time, safe

if TYPE_CHECKING:
    from tables.time_models import Notice

log = logging.getLogger("algae.scheduler")

DEFAULT_POLL = 30.0
CANNOT_DM = 50007
WAIT_FOR_POST_PASSES = 5  # a turn DM waits this many passes for its turn post's link


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    guild = str(guild_id) if guild_id else "@me"
    tail = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild}/{channel_id}{tail}"


def notice_text(notice: Notice, link: str | None = None) -> str:
    """The message of a notice (names escaped, one bounded message)."""
    p = notice.payload
    title = safe(str(p.get("title") or "the game"), 60)
    game = f"**{title}** (game #{int(p.get('game_id') or notice.game_id)})"
    prompt = safe(str(p.get("prompt") or ""), 80)
    since = relative_time(p.get("since"))
    user = int(p.get("user_id") or notice.user_id or 0)
    who = f"<@{user}>" if user else safe(str(p.get("name") or "?"))
    hours = p.get("limit_hours")
    if notice.kind == "remind":
        text = f"⏰ {who}, {game} is waiting for you: {prompt} (since {since})."
        if p.get("default_at"):
            text += (
                f" If you have not played {relative_time(p['default_at'])}, "
                "the safe default move is played for you."
            )
    elif notice.kind == "limit":
        text = (
            f"⌛ {who}, your turn time ({hours:g} h) in {game} has run out: {prompt} "
            f"(since {since}). Please play when you can."
        )
    elif notice.kind == "host":
        name = safe(str(p.get("name") or "?"))
        why = " The game has no safe default move here." if p.get("no_default") else ""
        text = (
            f"⌛ {name}'s turn time ({hours:g} h) in {game} has run out (waiting since "
            f"{since}).{why} <@{int(p.get('host_id') or notice.user_id)}>, as the host you "
            "may hand the seat to someone else with `/game replace`."
        )
    elif notice.kind == "turn_dm":
        text = f"🎲 Your turn in {game}: {prompt}"
    else:
        text = f"{game}: {safe(notice.kind)}"
    if link:
        text += f"\n{link}"
    return clip(text, MESSAGE_LIMIT)


def notice_mentions(notice: Notice) -> discord.AllowedMentions:
    """Only the person the notice is for is pinged (nobody in a DM)."""
    if notice.channel_id is None:
        return discord.AllowedMentions.none()
    target = notice.payload.get("host_id") if notice.kind == "host" else notice.user_id
    users = [discord.Object(int(target))] if target else []
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


class Scheduler(commands.Cog):
    """Owns the timer loop; no commands."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.poll = float(os.environ.get("ALGAE_SCHEDULER_POLL") or DEFAULT_POLL)
        self._task: asyncio.Task | None = None
        self._waited: dict[int, int] = {}  # turn DM id -> passes spent waiting for the post

    async def cog_load(self) -> None:
        if getattr(self.bot, "sync_only", False):
            return
        self._task = asyncio.create_task(self._loop(), name="scheduler")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    @property
    def tables(self):
        return self.bot.tables  # type: ignore[attr-defined]

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduler pass failed")
            await asyncio.sleep(self.poll)

    async def run_once(self) -> None:
        done = await self.tables.run_timers()
        if done.post_ids:
            from cogs.posting import poster

            await poster(self.bot).publish(done.post_ids)
        sent = 0
        for notice in await self.tables.due_notices(limit=20):
            try:
                sent += await self.send(notice)
            except Exception as exc:  # one bad notice never holds up the others
                log.exception("notice %s failed", notice.id)
                await self.tables.notice_failed(notice, f"{type(exc).__name__}: {exc}"[:200])
        if done.opened or done.reminded or done.deferred or done.timed_out or sent:
            log.info(
                "scheduler pass: opened=%d reminded=%d deferred=%d timed_out=%d sent=%d",
                done.opened,
                done.reminded,
                done.deferred,
                done.timed_out,
                sent,
            )

    async def send(self, notice: Notice) -> bool:
        """One attempt at one notice; True when made."""
        link = None
        if notice.kind == "turn_dm":
            guild_id, channel_id, message_id, pending = await self.tables.turn_link(notice.game_id)
            waited = self._waited.get(notice.id, 0)
            if pending and waited < WAIT_FOR_POST_PASSES:  # link the new turn post
                self._waited[notice.id] = waited + 1
                return False
            self._waited.pop(notice.id, None)
            link = jump_link(guild_id, channel_id, message_id)
        kwargs: dict[str, Any] = {
            "content": notice_text(notice, link),
            "allowed_mentions": notice_mentions(notice),
            "nonce": f"alg-note-{notice.id}",
        }
        try:
            # bounded like a post: a hung send must not stall the scheduler pass
            message = await asyncio.wait_for(
                self._deliver(notice, kwargs),
                self.bot.config.post_timeout,  # type: ignore[attr-defined]
            )
        except discord.RateLimited as exc:
            await self.tables.notice_failed(notice, "429", retry_in=exc.retry_after)
            return False
        except discord.Forbidden as exc:
            closed = notice.channel_id is None and exc.code == CANNOT_DM
            await self.tables.notice_failed(
                notice, f"{exc.status} {exc.text}"[:200], give_up=True, dm_closed=closed
            )
            log.info("notice %s refused and given up (%s %s)", notice.id, exc.status, exc.code)
            return False
        except discord.HTTPException as exc:
            give_up = 400 <= exc.status < 500
            await self.tables.notice_failed(
                notice, f"{exc.status} {exc.text}"[:200], give_up=give_up
            )
            return False
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            await self.tables.notice_failed(notice, f"{type(exc).__name__}: {exc}"[:200])
            return False
        await self.tables.notice_sent(notice, message.id)
        return True

    async def _deliver(self, notice: Notice, kwargs: dict[str, Any]) -> discord.Message:
        if notice.channel_id is None:
            data = await self.bot.http.start_private_message(notice.user_id)
            channel = self.bot.get_partial_messageable(
                int(data["id"]), type=discord.ChannelType.private
            )
        else:
            channel = self.bot.get_partial_messageable(notice.channel_id)
        return await channel.send(**kwargs)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Scheduler(bot))
