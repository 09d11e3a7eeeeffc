"""Public posts: made at once after a turn, and retried from the outbox when that fails.

The move is committed (with its outbox rows) before any post is tried, so a post can fail,
be retried, or be made after a restart without the move ever being applied again. Two
guards keep a post from showing twice: within the process a post is never in flight twice
(the immediate attempt and the worker share ``_inflight``), and every attempt carries the
same ``nonce`` with ``enforce_nonce``, so Discord itself drops a repeat of a request whose
answer was lost (a timeout after the message was created).

Order: per game, posts are made in move order, one at a time per channel. ``_drain`` sends
a game's due posts (``Tables.next_posts``: per channel its oldest pending post), so a
later post waits while an earlier one of its channel is still pending or backing off.
Once a post is made, the post before it in that channel loses its Play button (an edit),
so the newest post is the only one to play from. A kill between the post and that edit
would leave the older post showing Play for good: at start, the posts before each recent
game's newest post are edited again (``_sweep_play_buttons``).

Speed: a move's handler starts its post at once (``publish_soon``), before it answers the
player; the worker polls the outbox every ``POLL_SECONDS`` and starts a drain for each
game with posts due without waiting for any of them, so a post is also picked up while
the handler that made it is still busy (menus to build, the answer to send). Each "post
made" log line says where its time went (waiting, picture, send).

Shutdown: ``cog_unload`` stops the worker and new drains, waits a moment for the sends in
flight, then cancels what is left; those posts stay in the outbox for the next start, and
nothing is logged as an error.

Failures: 429 longer than ``max_ratelimit_timeout`` (discord.py raises ``RateLimited``) is
retried after its ``retry_after``; 5xx, timeouts and connection errors back off
exponentially; a channel that is gone or forbidden gives the post up.

Also here: the event-loop lag monitor (rendering must not stall the loop; see benchmarks).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.ext import commands

from cogs.render import as_file, picture, turn_text
from cogs.services import bot_tables

if TYPE_CHECKING:
    from tables.models import Post
    from tables.service import Tables

log = logging.getLogger("algae.posting")

POLL_SECONDS = 0.25  # one indexed query: posts go out this soon after their commit
BACKOFF_MAX = 300.0
LAG_INTERVAL = 0.05
LAG_WARN = 0.1
SHUTDOWN_GRACE = 3.0  # seconds sends in flight may take to finish at shutdown
EDIT_ATTEMPTS = 3  # tries at once for a short outage (discord.py does not retry a 503)
SWEEP_DAYS = 1.0  # games moved within this long get their Play buttons checked at start
SWEEP_DEPTH = 2  # posts before the newest that a kill may have left showing Play
NEWEST = 2**62  # a post id past every real one (the newest post made is "before" it)


def retry_delay(attempts: int, base: float | None = None) -> float:
    """Seconds before the next try after ``attempts`` failures: 1, 2, 4 ... up to 5 min
    (``base``, by default ``ALGAE_RETRY_BASE`` or 1 s, is the first of them)."""
    if base is None:
        base = float(os.environ.get("ALGAE_RETRY_BASE") or 1.0)
    return min(max(0.01, base) * 2.0 ** max(0, attempts), BACKOFF_MAX)


def post_mentions(payload: dict[str, Any], *, spectator: bool) -> discord.AllowedMentions:
    """Only the users who must act are pinged, and never in a spectator channel."""
    users = [] if spectator else [discord.Object(int(u)) for u in payload.get("mentions") or []]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


class Posting(commands.Cog):
    """Owns the outbox worker and the picture cache of recent posts."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._inflight: set[int] = set()
        self._done: OrderedDict[int, None] = OrderedDict()  # made by this process
        self._pictures: OrderedDict[tuple[int, int], asyncio.Future] = OrderedDict()
        self._tasks: list[asyncio.Task] = []
        self._drains: dict[int, asyncio.Task] = {}  # game id -> its running drain
        self._again: set[int] = set()  # games with posts that came during their drain
        self._edits: set[asyncio.Task] = set()
        self._retrying: set[asyncio.Task] = set()  # button edits retried in the background
        self.closing = False
        self.max_lag = 0.0

    async def cog_load(self) -> None:
        if getattr(self.bot, "sync_only", False):
            return
        self._tasks = [
            asyncio.create_task(self._worker(), name="outbox"),
            asyncio.create_task(self._lag_monitor(), name="loop-lag"),
        ]

    async def cog_unload(self) -> None:
        self.closing = True
        for task in [*self._tasks, *self._retrying]:
            task.cancel()
        await asyncio.gather(*self._tasks, *self._retrying, return_exceptions=True)
        busy = [*self._drains.values(), *self._edits]
        if busy:  # sends in flight may finish; the rest stays in the outbox
            _, late = await asyncio.wait(busy, timeout=SHUTDOWN_GRACE)
            for task in late:
                task.cancel()
            await asyncio.gather(*busy, return_exceptions=True)
            log.info("shutdown: %d send(s) left to the outbox", len(late))
        log.info("event loop lag max %.1f ms", self.max_lag * 1000)

    @property
    def tables(self) -> Tables:
        return bot_tables(self.bot)

    # --------------------------------------------------------------- posting
    async def publish(self, post_ids: tuple[int, ...] | list[int]) -> None:
        """Make these outbox posts now (right after the move), in order with the game's
        other posts; failures stay queued. Never raises: the move is in, and the worker
        retries whatever is left."""
        if not post_ids or self.closing:
            return
        try:
            games = await self.tables.games_of_posts(post_ids)
            await asyncio.gather(*(self.drain(g) for g in games))
        except Exception:
            if not self.closing:
                log.exception("posting %s at once failed; the outbox will retry", post_ids)

    def publish_soon(self, post_ids: tuple[int, ...] | list[int]) -> None:
        """``publish`` in a task of its own, started now: the post goes out while the
        player's answer is still being sent (the answer no longer holds the post up)."""
        if post_ids and not self.closing:
            self._track(asyncio.create_task(self.publish(post_ids), name="publish"))

    async def drain(self, game_id: int) -> None:
        """Make the due posts of a game, in order; one drain per game at a time (a call
        during a drain makes that drain look again before it ends)."""
        await asyncio.shield(self._start_drain(game_id))

    def _start_drain(self, game_id: int) -> asyncio.Task:
        """The game's running drain (told to look again), or a new one."""
        running = self._drains.get(game_id)
        if running is not None:
            self._again.add(game_id)
            return running
        task = asyncio.create_task(self._drain(game_id), name=f"posts-{game_id}")
        self._drains[game_id] = task
        task.add_done_callback(lambda _: self._drains.pop(game_id, None))
        return task

    async def _drain(self, game_id: int) -> None:
        """Never raises: what could not be made stays in the outbox for the worker."""
        blocked: set[int] = set()  # channels whose oldest post just failed
        try:
            while not self.closing:
                self._again.discard(game_id)
                due = [
                    p for p in await self.tables.next_posts(game_id) if p.channel_id not in blocked
                ]
                if not due:
                    if game_id in self._again:
                        continue
                    return
                made = await asyncio.gather(*(self.send(p) for p in due))
                blocked |= {p.channel_id for p, ok in zip(due, made, strict=True) if not ok}
        except asyncio.CancelledError:
            raise
        except Exception:
            if not self.closing:
                log.exception("posts of game %s: the outbox will retry", game_id)

    async def send(self, post: Post) -> bool:
        """One attempt at one post; True when it is (now or already) made."""
        if post.id in self._inflight or post.id in self._done:
            return post.id in self._done
        self._inflight.add(post.id)
        try:
            made = await self._attempt(post)
        finally:
            self._inflight.discard(post.id)
        if made:
            from cogs.ai import after_post

            after_post(self.bot, post)  # an AI seat may be the one to act now
            self._done[post.id] = None
            while len(self._done) > 4096:
                self._done.popitem(last=False)
            if not post.payload.get("spectator"):
                self._track(asyncio.create_task(self._unbutton_before(post)))
        return made

    def _track(self, task: asyncio.Task) -> None:
        self._edits.add(task)
        task.add_done_callback(self._edits.discard)

    async def _unbutton_before(self, post: Post) -> None:
        """Take the Play button off the post made before ``post`` in its channel."""
        try:
            older = await self.tables.post_before(post)
            if older is not None:
                await self._take_play_off(older)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not self.closing:
                log.warning("taking the Play button off before post %s failed: %r", post.id, exc)

    async def _take_play_off(self, older: Post) -> None:
        """Edit ``older`` (a post made) to show no buttons. A short outage is retried at
        once; after ``EDIT_ATTEMPTS`` failures a background task keeps retrying (backing
        off up to ``BACKOFF_MAX``) until the edit lands, the message is gone or the bot
        stops, so an older post does not keep showing Play until the next start."""
        if older.message_id is None or older.payload.get("over"):
            return
        for attempt in range(EDIT_ATTEMPTS):
            error = await self._edit_off(older)
            if error is None:
                return
            if attempt < EDIT_ATTEMPTS - 1:
                await asyncio.sleep(retry_delay(attempt))
        log.warning("post %s keeps its Play button for now (retrying): %s", older.id, error)
        task = asyncio.create_task(self._keep_taking_off(older), name=f"unbutton-{older.id}")
        self._retrying.add(task)
        task.add_done_callback(self._retrying.discard)

    async def _keep_taking_off(self, older: Post) -> None:
        """The background retries of one button edit (cancelled at shutdown: the sweep at
        the next start redoes it)."""
        attempt = 0
        while not self.closing:
            await asyncio.sleep(retry_delay(attempt))
            attempt += 1
            if await self._edit_off(older) is None:
                log.info("post %s: Play button taken off on background try %d", older.id, attempt)
                return

    async def _edit_off(self, older: Post) -> Exception | None:
        """One try at taking the Play button off ``older``: None when done (or nothing is left
        to edit), else the passing error. Its Full board button stays: it shows the board as
        of that post (cogs/board_button.py), a turn's picture one click away in the history."""
        from cogs.menus import play_view

        assert older.message_id is not None
        message = self.bot.get_partial_messageable(older.channel_id).get_partial_message(
            older.message_id
        )
        board_only = play_view(older.game_id, int(older.payload.get("version", 0)), play=False)
        try:
            await asyncio.wait_for(message.edit(view=board_only), self.bot.config.post_timeout)  # type: ignore[attr-defined]
        except (discord.Forbidden, discord.NotFound):
            return None  # deleted or out of reach: nothing to take off
        except (discord.HTTPException, TimeoutError, aiohttp.ClientError, OSError) as exc:
            return exc
        return None

    async def _sweep_play_buttons(self) -> None:
        """At start, take the Play button off the posts before each recent game's newest
        post: a kill (or a long outage) between a post and the edit of the post before it
        left that one showing Play, and nothing else would ever edit it again."""
        since = self.tables.clock() - SWEEP_DAYS * 86400
        edited = 0
        try:
            for guild in list(self.bot.guilds):
                for info in await self.tables.list_games(guild.id, ended=True):
                    if info.updated_at >= since and info.status in ("active", "finished"):
                        edited += await self._sweep_game(info.id, info.channel_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not self.closing:
                log.warning("the Play button sweep stopped: %r", exc)
        log.info("start: Play buttons taken off %d older post(s)", edited)

    async def _sweep_game(self, game_id: int, channel_id: int) -> int:
        """Edit the ``SWEEP_DEPTH`` posts before the game's newest post in its channel."""
        from tables.models import Post

        newest = Post(NEWEST, game_id, channel_id, "turn", {}, 0, 0.0)
        edited = 0
        for _ in range(SWEEP_DEPTH + 1):
            older = await self.tables.post_before(newest)
            if older is None or self.closing:
                break
            if newest.id != NEWEST:
                await self._take_play_off(older)
                edited += 1
            newest = older
        return edited

    async def _attempt(self, post: Post) -> bool:
        payload = post.payload
        spectator = bool(payload.get("spectator"))
        started = time.monotonic()
        begun = self.tables.clock() - post.created_at  # waiting for its turn to be made
        png = await self._picture(post)
        drawn = time.monotonic()
        content = turn_text(payload, self._title(post.kind, payload), spectator=spectator)
        kwargs: dict[str, Any] = {
            "content": content,
            "allowed_mentions": post_mentions(payload, spectator=spectator),
            "nonce": f"alg-post-{post.id}",
        }
        file = as_file(png)
        if file is not None:
            kwargs["file"] = file
        if not payload.get("over"):
            from cogs.menus import play_view

            version = int(payload.get("version", 0))
            kwargs["view"] = play_view(post.game_id, version, play=not spectator)
        channel = self.bot.get_partial_messageable(post.channel_id)
        timeout = self.bot.config.post_timeout  # type: ignore[attr-defined]
        try:
            message = await asyncio.wait_for(channel.send(**kwargs), timeout)
        except discord.RateLimited as exc:
            return await self._failed(
                post, f"429 retry after {exc.retry_after:.1f}s", exc.retry_after
            )
        except (discord.Forbidden, discord.NotFound) as exc:
            return await self._failed(post, f"{exc.status} {exc.text}"[:200], None, give_up=True)
        except discord.HTTPException as exc:
            give_up = 400 <= exc.status < 500 and exc.status != 429
            return await self._failed(post, f"{exc.status} {exc.text}"[:200], None, give_up=give_up)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            return await self._failed(post, f"{type(exc).__name__}: {exc}"[:200], None)
        except RuntimeError:
            if not self.closing:  # the HTTP session closes at shutdown: not a bug
                raise
            log.info("post %s left to the outbox at shutdown", post.id)
            return False
        sent = time.monotonic()
        await self.tables.post_sent(post.id, message.id)
        log.info(
            "post %s made in channel %s (message %s) %.2f s after its move"
            " (waited %.2f s, picture %.2f s, send %.2f s)",
            post.id,
            post.channel_id,
            message.id,
            self.tables.clock() - post.created_at,
            begun,
            drawn - started,
            sent - drawn,
        )
        return True

    async def _failed(
        self, post: Post, error: str, retry_in: float | None, *, give_up: bool = False
    ) -> bool:
        delay = retry_in if retry_in is not None else retry_delay(post.attempts)
        log.warning(
            "post %s failed (%s); %s",
            post.id,
            error,
            "gave up" if give_up else f"retry in {delay:.1f}s",
        )
        await self.tables.post_failed(post.id, error, retry_in=delay, give_up=give_up)
        return False

    def _title(self, kind: str, payload: dict[str, Any]) -> str:
        from engine.core import GAMES

        game_kind = payload.get("kind") or ""
        spec = GAMES.get(game_kind)
        return spec.title if spec else str(game_kind or kind)

    async def _picture(self, post: Post) -> bytes | None:
        """The public picture of the game at the move the post announces (even when the
        post is retried after newer moves), rendered once for all the channels of a post
        (concurrent sends share one render)."""
        version = int(post.payload.get("version", 0))
        key = (post.game_id, version)
        task = self._pictures.get(key)
        if task is None:
            task = asyncio.ensure_future(self._render(post.game_id, version, post.payload))
            self._pictures[key] = task
            while len(self._pictures) > 32:
                self._pictures.popitem(last=False)
        result = await asyncio.shield(task)
        if result is None:  # the game could not be loaded or drawn: try again next time
            self._pictures.pop(key, None)
        return result

    async def _render(self, game_id: int, version: int, payload: dict[str, Any]) -> bytes | None:
        """The final picture, or the turn card with the marks and lines the post carries
        (a post from before marks were carried replays the board of the post before)."""
        from cogs.board_button import remember_extra

        before = payload.get("previous")
        previous = int(before) if before is not None else None
        carried = "marks" in payload or previous is None
        wanted = {version} if carried or previous is None else {version, previous}
        try:
            info, _, views = await self.tables.public_views(game_id, wanted)
        except Exception as exc:  # a broken or vanished game still gets its text post
            log.warning("no picture for game %s: %s", game_id, exc)
            return None
        view = views.get(version)
        if view is None:
            return None
        if payload.get("over"):
            return await picture(info.kind, "final", view)
        extra: dict[str, Any] = {"lines": list(payload.get("lines") or [])}
        if carried:
            extra["marks"] = payload.get("marks")
        else:
            extra["previous"] = views.get(previous) if previous is not None else None
        remember_extra(game_id, version, extra)
        return await picture(info.kind, "card", view, **extra)

    # ---------------------------------------------------------------- worker
    async def _worker(self) -> None:
        """Start a drain for every game with posts due (retries, posts left over from
        before a restart, a post whose move's handler is still busy), never waiting for
        them: one slow game does not hold up the others' posts."""
        await self.bot.wait_until_ready()
        self._track(asyncio.create_task(self._sweep_play_buttons(), name="play-sweep"))
        while not self.bot.is_closed() and not self.closing:
            try:
                for game_id in await self.tables.games_with_due_posts(limit=50):
                    if game_id not in self._drains:
                        self._start_drain(game_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                if not self.closing:
                    log.exception("outbox pass failed")
            await asyncio.sleep(POLL_SECONDS)

    async def _lag_monitor(self) -> None:
        """How late the loop wakes a sleeper: the event-loop lag every user feels."""
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(LAG_INTERVAL)
            lag = loop.time() - start - LAG_INTERVAL
            if lag > self.max_lag:
                self.max_lag = lag
            if lag > LAG_WARN:
                log.warning("event loop lag %.0f ms", lag * 1000)


class _Stopped:
    """What ``poster`` gives once the Posting cog is unloaded (shutdown): posts stay in
    the outbox for the next start."""

    async def publish(self, post_ids: tuple[int, ...] | list[int]) -> None:
        log.info("posts %s left to the outbox: shutting down", list(post_ids))

    def publish_soon(self, post_ids: tuple[int, ...] | list[int]) -> None:
        log.info("posts %s left to the outbox: shutting down", list(post_ids))


def poster(bot: discord.Client) -> Posting | _Stopped:
    """The Posting cog (``bot`` is an interaction's client: always our ``commands.Bot``)."""
    assert isinstance(bot, commands.Bot)
    cog = bot.get_cog("Posting")
    return cog if isinstance(cog, Posting) else _Stopped()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Posting(bot))
