"""Spectator links and the outbox (posts queued by commits, made by the front end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage.base import LIVE_STATUSES
from tables.errors import GameOver, LobbyError, check_host
from tables.models import GameInfo, Post

if TYPE_CHECKING:
    from storage.base import PostRow
    from tables.access import GameAccess

MAX_POST_ATTEMPTS = 8


def next_retry(attempts: int, retry_in: float | None, *, give_up: bool, limit: int) -> float | None:
    """Seconds until the next try of a post or notice that failed after ``attempts`` earlier
    failures: ``retry_in``, by default a backoff from 30 s doubling up to one hour. None
    gives it up: asked to, or this was attempt number ``limit``."""
    if give_up or attempts + 1 >= limit:
        return None
    return min(30.0 * 2**attempts, 3600.0) if retry_in is None else retry_in


class Spectators:
    """Spectator links: channels that mirror a game's public posts."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def spectate_add(
        self,
        channel_id: int | None,
        target_channel_id: int,
        *,
        game_id: int | None = None,
        actor_id: int | None = None,
        is_admin: bool = False,
    ) -> GameInfo:
        """Mirror the game's public posts into another channel. With ``actor_id`` (a
        front end always passes it), only the host or an admin may: a mirror writes into
        another channel."""
        row = await self.games.row(channel_id, game_id)
        if actor_id is not None:
            check_host(row.host_id, actor_id, is_admin)
        if row.status not in LIVE_STATUSES:
            raise GameOver(f"this game is {row.status}")
        if target_channel_id == row.channel_id:
            raise LobbyError("that is the game's own channel")
        await self.games.store.add_link(row.id, target_channel_id, self.games.clock())
        return self.games.info(row)

    async def spectate_remove(
        self,
        channel_id: int | None,
        target_channel_id: int,
        *,
        game_id: int | None = None,
        actor_id: int | None = None,
        is_admin: bool = False,
    ) -> bool:
        row = await self.games.row(channel_id, game_id)
        if actor_id is not None:
            check_host(row.host_id, actor_id, is_admin)
        return await self.games.store.remove_link(row.id, target_channel_id)

    async def spectate_list(
        self, channel_id: int | None, *, game_id: int | None = None
    ) -> list[int]:
        row = await self.games.row(channel_id, game_id)
        return [link.channel_id for link in await self.games.store.links(row.id)]


class Outbox:
    """The outbox: the posts committed moves queued, claimed, made or retried by the front end."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def due_posts(self, limit: int = 20) -> list[Post]:
        """Posts still to make, oldest first (each describes a message; the move is
        already committed, so a post is never "applied")."""
        rows = await self.games.store.claim_posts(self.games.clock(), limit, self.games.lease)
        return [_post(r) for r in rows]

    async def posts(self, post_ids: list[int] | tuple[int, ...]) -> list[Post]:
        """These posts if they are still to make (not sent, not given up), in id order;
        claimed for this process like ``due_posts``."""
        ids = sorted(set(post_ids))
        rows = await self.games.store.claim_posts(
            self.games.clock(), len(ids), self.games.lease, ids
        )
        return [_post(r) for r in rows]

    async def games_with_due_posts(self, limit: int = 50) -> list[int]:
        """The games that have posts due now (nothing is claimed: see ``next_posts``)."""
        rows = await self.games.store.due_posts(self.games.clock(), limit)
        return sorted({r.game_id for r in rows})

    async def games_of_posts(self, post_ids: list[int] | tuple[int, ...]) -> list[int]:
        """The games these posts belong to (nothing is claimed)."""
        rows = [await self.games.store.get_post(i) for i in sorted(set(post_ids))]
        return sorted({r.game_id for r in rows if r is not None})

    async def next_posts(self, game_id: int) -> list[Post]:
        """A game's posts to make now, keeping move order: per channel, its oldest pending
        post, if it is due, claimed for this process (``claim_posts``: with several
        processes on one database, one of them makes it). A later post waits while an
        earlier one of its channel is still pending, backing off or claimed elsewhere."""
        now = self.games.clock()
        first: dict[int, PostRow] = {}
        for r in await self.games.store.pending_posts_of(game_id):
            first.setdefault(r.channel_id, r)
        due = [r.id for r in first.values() if r.due_at <= now]
        if not due:
            return []
        return [
            _post(r)
            for r in await self.games.store.claim_posts(now, len(due), self.games.lease, due)
        ]

    async def post_before(self, post: Post) -> Post | None:
        """The post made in ``post``'s channel for its game just before it (the one whose
        Play button goes once ``post`` is made)."""
        r = await self.games.store.sent_post_before(post.game_id, post.channel_id, post.id)
        return _post(r) if r else None

    async def post_sent(self, post_id: int, message_id: int | None = None) -> bool:
        """Mark a post made; False when it was already marked (never post twice)."""
        return await self.games.store.post_sent(post_id, message_id, self.games.clock())

    async def post_failed(
        self, post_id: int, error: str, *, retry_in: float | None = None, give_up: bool = False
    ) -> bool:
        """Count a failed attempt. It is retried after ``retry_in`` seconds (default: an
        exponential backoff from 30 s to one hour); after MAX_POST_ATTEMPTS attempts, or with
        ``give_up``, it is dropped (``dead``)."""
        post = await self.games.store.get_post(post_id)
        if post is None or post.sent_at is not None or post.dead:
            return False
        retry = next_retry(post.attempts, retry_in, give_up=give_up, limit=MAX_POST_ATTEMPTS)
        return await self.games.store.post_failed(
            post_id, error, self.games.clock(), retry_in=retry
        )

    async def prune_posts(self, *, keep_days: float = 30.0) -> int:
        """Forget posts made (or given up) more than ``keep_days`` ago; returns how many.
        Unsent posts are never pruned."""
        return await self.games.store.prune_posts(self.games.clock() - keep_days * 86400)


def _post(r: PostRow) -> Post:
    return Post(
        r.id,
        r.game_id,
        r.channel_id,
        r.kind,
        r.payload,
        r.attempts,
        r.created_at,
        r.last_error,
        r.sent_at,
        r.message_id,
        r.dead,
    )
