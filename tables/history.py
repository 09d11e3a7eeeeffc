"""Views of a game at earlier moves, for pictures of late posts, /history and change marks.

A post records the version it announces and carries its change marks (what differs from the
board the post before showed), computed when the move is committed: the board before is the
one this process announced last (kept here, one per game) or the cached game when the post
before was the last move, so a post at move 500 costs what one at move 5 does. Only when
neither is at hand (the first post after a restart in the middle of a turn) is the board
before replayed from the record, off the event loop. The poster draws the view at the
post's version: the live game, replayed only when the post is retried after newer moves.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from engine.core import Game, replay
from tables.controls import FOREIGN
from tables.errors import ForeignControl
from tables.line import LogLine
from tables.log import HistoryPage, filtered

if TYPE_CHECKING:
    from storage.base import GameRow, Store
    from tables.models import GameInfo, Where

ANNOUNCED_GAMES = 256  # games whose last announced board is kept in memory


def views_at(game: Game, versions: set[int], seat: int | None = None) -> dict[int, dict[str, Any]]:
    """The views of ``seat`` (None: public) after each move count in ``versions``.

    One replay pass serves every version asked; the live object serves its own version.
    """
    wanted = {v for v in versions if 0 <= v <= game.version}
    found: dict[int, dict[str, Any]] = {}
    if game.version in wanted:
        found[game.version] = game.view(seat)
    earlier = wanted - found.keys()
    if not earlier:
        return found
    upto = max(earlier)

    def keep(number: int, state: Game) -> None:
        if number in earlier:
            found[number] = state.view(seat)

    start = replay({**game.record(), "moves": []})
    if 0 in earlier:
        found[0] = start.view(seat)
    replay(game.record(), upto=upto, on_move=keep)
    return found


def views_at_positions(
    game: Game, line: LogLine, positions: set[int], seat: int | None = None
) -> dict[int, dict[str, Any]]:
    """Views at log positions of a game that had undos: a position on the live line is a
    move count of ``game``; one on a line later undone is replayed on its own."""
    current = [m.seq for m in line.live()]
    counts: dict[int, int] = {}
    found: dict[int, dict[str, Any]] = {}
    for p in positions:
        if not 0 <= p <= game.version + game.version_base:
            continue
        live = line.live(p)
        if [m.seq for m in live] == current[: len(live)]:
            counts[p] = len(live)
        else:
            record = {**game.record(), "moves": [[m.seat, m.move] for m in live]}
            found[p] = replay(record).view(seat)
    on_line = views_at(game, set(counts.values()), seat)
    found.update({p: on_line[c] for p, c in counts.items() if c in on_line})
    return found


class HistoryMixin:
    """``Tables`` methods that look back in a game's history.

    Versions here are log positions (``games.version``, post versions, /log numbers): the
    same as move counts until a game has an undo (see tables/line.py)."""

    if TYPE_CHECKING:

        async def load(
            self, channel_id: int | None, *, game_id: int | None = None, fresh: bool = False
        ) -> tuple[GameInfo, Game]: ...
        async def _row(self, channel_id: int | None, game_id: int | None) -> GameRow: ...
        async def log_line(self, game_id: int) -> LogLine: ...

        store: Store
        _cache: OrderedDict[int, tuple[int, Game]]

    _announced: OrderedDict[int, tuple[int, dict[str, Any]]]

    def _announced_views(self) -> OrderedDict[int, tuple[int, dict[str, Any]]]:
        if not hasattr(self, "_announced"):
            self._announced = OrderedDict()
        return self._announced

    def remember_announced(self, game_id: int, position: int, view: dict[str, Any]) -> None:
        """The public view a post of ``game_id`` at log ``position`` shows."""
        kept = self._announced_views()
        kept[game_id] = (position, view)
        kept.move_to_end(game_id)
        while len(kept) > ANNOUNCED_GAMES:
            kept.popitem(last=False)

    async def _view_announced(self, row: GameRow) -> dict[str, Any] | None:
        """The public view of the game's last post (``row.announced_seq``): kept in memory,
        else the cached game when it is at that position, else replayed (off the loop)."""
        seq = row.announced_seq
        if seq is None:
            return None
        hit = self._announced_views().get(row.id)
        if hit is not None and hit[0] == seq:
            return hit[1]
        cached = self._cache.get(row.id)
        if cached is not None and cached[0] == seq:
            return cached[1].view(None)
        try:
            _, _, views = await self.public_views(row.id, {seq})
        except Exception:  # marks are a nicety: a post never fails for them
            return None
        return views.get(seq)

    async def post_marks(
        self, row: GameRow, game: Game
    ) -> tuple[dict[str, Any] | None, dict[str, Any]]:
        """(change marks, public view) for the post announcing ``game`` (the state after
        this move, not yet committed) against the board of the game's previous post. Once
        the move is committed, hand the view to ``remember_announced``."""
        import imaging

        now = game.view(None)
        before = await self._view_announced(row)
        return (None if before is None else imaging.changes(row.kind, now, before)), now

    async def _row_or_last(self, channel_id: int | None, game_id: int | None) -> GameRow:
        """The game by id, else the channel's live game, else the channel's last game."""
        if game_id is None and channel_id is not None:
            row = await self.store.find_game(channel_id) or await self.store.last_game_in(
                channel_id
            )
            if row is not None:
                return row
        return await self._row(channel_id, game_id)

    async def public_views(
        self, game_id: int, versions: set[int] | list[int]
    ) -> tuple[GameInfo, bool, dict[int, dict[str, Any]]]:
        """The game's info, whether it is over, and its public view at each log position."""
        info, game = await self.load(None, game_id=game_id)
        wanted = set(versions)
        if game.version_base:  # undone moves: positions are not move counts
            line = await self.log_line(game_id)
            views = await asyncio.to_thread(views_at_positions, game, line, wanted)
            return info, game.over, views
        if wanted <= {game.version}:
            return info, game.over, views_at(game, wanted)
        views = await asyncio.to_thread(views_at, game, wanted)
        return info, game.over, views

    async def post_board(
        self, where: Where, game_id: int, version: int
    ) -> tuple[GameInfo, int, dict[str, Any]]:
        """The public view a post's "Full board" button shows: (info, the position shown,
        view). Only where the game is seen: its own channel or one of its spectator
        channels, in its guild (whatever the button's custom id claims)."""
        row = await self._row(None, game_id)
        seen = {row.channel_id} | {link.channel_id for link in await self.store.links(row.id)}
        if where.guild_id != row.guild_id or where.channel_id not in seen:
            raise ForeignControl(FOREIGN)
        info, _ = await self.load(None, game_id=row.id)
        position = max(0, min(version, info.version))
        _, _, views = await self.public_views(row.id, {position})
        return info, position, views[position]

    async def board_at(
        self, channel_id: int | None, position: int, *, game_id: int | None = None
    ) -> tuple[GameInfo, int, dict[str, Any]]:
        """The public view after log position ``position`` (clamped to the game), for
        /history: (info, the position shown, view). Undone lines are shown as they were."""
        row = await self._row_or_last(channel_id, game_id)
        info, _ = await self.load(None, game_id=row.id)
        position = max(0, min(position, info.version))
        _, _, views = await self.public_views(row.id, {position})
        return info, position, views[position]

    async def history(
        self,
        channel_id: int | None,
        *,
        game_id: int | None = None,
        page: int = 1,
        per_page: int = 15,
        player: str | None = None,
        round: int | None = None,
    ) -> HistoryPage:
        """One page of the log (moves and undos, oldest first), optionally only one
        player's lines (by seat name) or one round's (the engine's week/round). Without
        a live game in the channel, its last game (finished games are kept)."""
        row = await self._row_or_last(channel_id, game_id)
        line = await self.log_line(row.id)
        items, words = await filtered(row, line, player=player, round_=round)
        per_page = max(1, min(per_page, 100))
        pages = max(1, -(-len(items) // per_page))
        page = max(1, min(page, pages))
        chunk = tuple(items[(page - 1) * per_page : page * per_page])
        return HistoryPage(row.id, chunk, page, pages, len(items), words)
