"""Views of a game at earlier moves, for pictures of late posts and change marks.

A post records the version it announces and the version of the post before it; the poster
draws the board at that version and marks what changed since the earlier one, even when
the post is retried after newer moves. Earlier states come from replaying the record (the
log is the truth), off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine.core import Game, replay
from tables.line import LogLine
from tables.log import HistoryPage, filtered

if TYPE_CHECKING:
    from storage.base import GameRow, Store
    from tables.models import GameInfo


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
