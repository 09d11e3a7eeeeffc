"""Reading games: which game is where, the engine view, open decisions, the log, the status.

Where: the methods take ``channel_id`` (the channel's live game: lobby, active or broken)
and an optional keyword ``game_id``. With ``game_id`` the game is looked up by id (also
finished ones); the readers use the game id alone.
"""

from __future__ import annotations

from typing import Any

from engine.core import Decision, Game
from storage.base import LIVE_STATUSES
from tables import announce
from tables.access import GameAccess
from tables.errors import NotSeated
from tables.models import GameInfo, GameStatus, LogEntry, LogPage


class Reads:
    """Read-only questions about games; nothing here changes a game."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def game_in(self, channel_id: int) -> GameInfo:
        """The live game (lobby, active or broken) of a channel; NoGame when there is none."""
        return self.games.info(await self.games.row(channel_id, None))

    async def game(self, game_id: int) -> GameInfo:
        """Any game by id (also finished or aborted ones); NoGame when unknown."""
        return self.games.info(await self.games.row(None, game_id))

    async def list_games(self, guild_id: int | None, *, ended: bool = False) -> list[GameInfo]:
        """The live games of a guild; with ``ended`` also finished and aborted ones."""
        statuses = (*LIVE_STATUSES, "finished", "aborted") if ended else LIVE_STATUSES
        return [self.games.info(r) for r in await self.games.store.list_games(guild_id, statuses)]

    async def load(
        self, channel_id: int | None, *, game_id: int | None = None, fresh: bool = False
    ) -> tuple[GameInfo, Game]:
        """The game's info and engine object (read only: do not call ``play`` on it).

        ``fresh`` skips the cache (the snapshot is parsed again)."""
        return await self.games.load(channel_id, game_id=game_id, fresh=fresh)

    async def decisions_for(
        self, channel_id: int | None, user_id: int, *, game_id: int | None = None
    ) -> list[Decision]:
        """The open decisions of the seats ``user_id`` holds ([] when none is to act)."""
        row = await self.games.row(channel_id, game_id)
        self.games.check_playable(row)
        held = {s.seat for s in row.seats if s.user_id == user_id}
        if not held:
            raise NotSeated("you are not playing in this game")
        game = await self.games.engine(row)
        return [d for d in game.pending() if d.seat in held]

    async def view(
        self,
        channel_id: int | None,
        user_id: int | None = None,
        *,
        game_id: int | None = None,
        seat: int | None = None,
    ) -> dict[str, Any]:
        """The engine view: the user's own seat (``seat`` when they hold several), or the
        public view for ``None``, spectators and anyone not seated."""
        row = await self.games.row(channel_id, game_id)
        game = await self.games.engine(row)
        held = [s.seat for s in row.seats if user_id is not None and s.user_id == user_id]
        if seat is not None and seat not in held:
            raise NotSeated(f"you do not hold seat {seat + 1}")
        chosen = seat if seat is not None else (held[0] if held else None)
        return game.view(chosen)

    async def log(
        self,
        channel_id: int | None,
        *,
        game_id: int | None = None,
        page: int = 1,
        per_page: int = 20,
    ) -> LogPage:
        """One page of the move log (oldest first; ``page`` 1-based)."""
        row = await self.games.row(channel_id, game_id)
        per_page = max(1, min(per_page, 100))
        total = row.version
        pages = max(1, -(-total // per_page))
        page = max(1, min(page, pages))
        moves = await self.games.store.moves(
            row.id, after_seq=(page - 1) * per_page, limit=per_page
        )
        names = {s.seat: s.name for s in row.seats}
        entries = tuple(
            LogEntry(
                m.seq, m.seat, m.user_id, names.get(m.seat, "?"), m.move, tuple(m.events), m.at
            )
            for m in moves
        )
        return LogPage(row.id, entries, page, pages, total)

    async def status(self, channel_id: int | None, *, game_id: int | None = None) -> GameStatus:
        """Whose turn and since when, the round and stage (``Game.progress``), running scores.
        A channel whose game ended reads that game (issue 12 item 11)."""
        row = await self.games.row_or_last(channel_id, game_id)
        info = self.games.info(row)
        if row.status in ("lobby", "aborted") or row.players is None:
            return GameStatus(info, (), row.status != "lobby", ())
        game = await self.games.engine(row)
        progress = game.progress()
        return GameStatus(
            info,
            announce.to_act(game, row, row.waiting),
            game.over,
            tuple(game.scores()),
            round=progress.round,
            phase=progress.stage or None,
            round_name=progress.round_name,
        )
