"""Views of a game at earlier moves, for pictures of late posts, /history and change marks.

A post records the version it announces and carries its change marks, computed when the
move is committed (tables/commit.py), from the board before it; only when that board is not
in memory is it replayed here. The poster draws the view at the post's version: the live
game, replayed only when the post is retried after newer moves.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine.core import Game, replay
from tables.controls import FOREIGN
from tables.errors import ForeignControl
from tables.line import LogLine
from tables.log import HistoryPage, filtered

if TYPE_CHECKING:
    from tables.access import GameAccess
    from tables.models import GameInfo, Where


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


async def public_views(
    games: GameAccess, game_id: int, versions: set[int] | list[int]
) -> tuple[GameInfo, bool, dict[int, dict[str, Any]]]:
    """The game's info, whether it is over, and its public view at each log position."""
    info, game = await games.load(None, game_id=game_id)
    wanted = set(versions)
    if game.version_base:  # undone moves: positions are not move counts
        line = await games.log_line(game_id)
        views = await asyncio.to_thread(views_at_positions, game, line, wanted)
        return info, game.over, views
    if wanted <= {game.version}:
        return info, game.over, views_at(game, wanted)
    views = await asyncio.to_thread(views_at, game, wanted)
    return info, game.over, views


class History:
    """Looking back in a game's history: boards at earlier moves and the log's pages.

    Versions here are log positions (``games.version``, post versions, /log numbers): the
    same as move counts until a game has an undo (see tables/line.py)."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def public_views(
        self, game_id: int, versions: set[int] | list[int]
    ) -> tuple[GameInfo, bool, dict[int, dict[str, Any]]]:
        """The game's info, whether it is over, and its public view at each log position."""
        return await public_views(self.games, game_id, versions)

    async def post_board(
        self, where: Where, game_id: int, version: int
    ) -> tuple[GameInfo, int, dict[str, Any]]:
        """The public view a post's "Full board" button shows: (info, the position shown,
        view). Only where the game is seen: its own channel or one of its spectator
        channels, in its guild (whatever the button's custom id claims)."""
        row = await self.games.row(None, game_id)
        if where.guild_id != row.guild_id or where.channel_id not in await self.games.seen_in(row):
            raise ForeignControl(FOREIGN)
        info, _ = await self.games.load(None, game_id=row.id)
        position = max(0, min(version, info.version))
        _, _, views = await self.public_views(row.id, {position})
        return info, position, views[position]

    async def board_at(
        self, channel_id: int | None, position: int, *, game_id: int | None = None
    ) -> tuple[GameInfo, int, dict[str, Any]]:
        """The public view after log position ``position`` (clamped to the game), for
        /history: (info, the position shown, view). Undone lines are shown as they were."""
        row = await self.games.row_or_last(channel_id, game_id)
        info, _ = await self.games.load(None, game_id=row.id)
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
        row = await self.games.row_or_last(channel_id, game_id)
        line = await self.games.log_line(row.id)
        items, words = await filtered(row, line, player=player, round_=round)
        per_page = max(1, min(per_page, 100))
        pages = max(1, -(-len(items) // per_page))
        page = max(1, min(page, pages))
        chunk = tuple(items[(page - 1) * per_page : page * per_page])
        return HistoryPage(row.id, chunk, page, pages, len(items), words)
