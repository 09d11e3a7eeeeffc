"""Results of ``Tables``: /game resign, and /stats from the standings of finished games.

Resigning ends the game for everyone (status ``finished``, never purged): the engines have
no way to play on without a seat, and a game left to wait for a player who quit is the
"lost game" players dread most. The standings are the running scores, the players who
stayed ranked by them and the resigner(s) after them; nobody who resigned wins. When every
player has resigned (a hot-seat game's only user, for instance) the game still ends
cleanly, with no winner. The final post carries the picture and the standings.

Results are written when a game ends by resignation; a game that ended by its last move
gets its results the first time /stats needs them (from its final scores), so the move
commit itself is untouched.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import GAMES, Game, ScoreLine
from storage.base import NewPost, Store, VersionConflict
from storage.history import ResultRow
from tables import announce
from tables.errors import GameOver, NotSeated, StaleDecision, TableError
from tables.models import TurnResult

if TYPE_CHECKING:
    from storage.base import GameRow


@dataclass(frozen=True)
class KindStats:
    """One user's totals for one game kind."""

    kind: str
    title: str
    played: int
    won: int
    resigned: int
    best_vp: int | None


class ResultsMixin:
    store: Store
    clock: Callable[[], float]

    if TYPE_CHECKING:

        async def _row(self, channel_id: int | None, game_id: int | None) -> GameRow: ...
        async def _engine(self, row: GameRow) -> Game: ...
        def _lock(self, game_id: int) -> asyncio.Lock: ...
        def _evict(self, game_id: int) -> None: ...

    async def resign(
        self, channel_id: int | None, user_id: int, *, game_id: int | None = None
    ) -> TurnResult:
        """The user gives up: the game ends for everyone (see the module docstring)."""
        row = await self._row(channel_id, game_id)
        if row.status != "active":
            raise GameOver(
                "only a game in play can be resigned"
                + ("; in a lobby use /game leave" if row.status == "lobby" else "")
            )
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not playing in this game")
        async with self._lock(row.id):
            row = await self._row(None, row.id)
            if row.status != "active":
                raise GameOver(f"this game is {row.status}")
            game = await self._engine(row)
            quitting = {s.seat for s in row.seats if s.user_id == user_id}
            standings = resigned_standings(game.scores(), quitting)
            now = self.clock()
            results = _results(row, standings, quitting, now)
            who = ", ".join(s.name for s in row.seats if s.seat in quitting)  # hot-seat: all
            left = {s.seat for s in row.seats} - quitting
            text = f"{who} resigned: the game ends" + ("" if left else " (everyone has left)")
            data = announce.payload(
                row.id, row.kind, row.version, [text], (), True, tuple(standings)
            )
            data["resigned"] = sorted(quitting)
            data["previous"] = row.announced_seq
            try:
                ids = await self.store.finish_game(
                    row.id, row.version, results, [NewPost("final", data)], now
                )
            except VersionConflict as exc:
                self._evict(row.id)
                raise StaleDecision("the game moved on meanwhile; try again") from exc
        return TurnResult(
            game_id=row.id,
            channel_id=row.channel_id,
            kind=row.kind,
            version=row.version,
            events=(text,),
            to_act=(),
            over=True,
            scores=tuple(standings),
            posted=True,
            lines=(text,),
            post_ids=tuple(ids),
        )

    async def stats(self, user_id: int) -> list[KindStats]:
        """Games played (finished) and won by a user, per game kind."""
        for game_id in await self.store.unscored_games(user_id):
            try:
                row = await self._row(None, game_id)
                game = await self._engine(row)
            except TableError:
                continue  # an uninstalled or unreadable game: not counted
            if game.over:
                scores = game.scores()
                await self.store.save_results(_results(row, scores, set(), row.ended_at or 0.0))
        games: dict[int, list[ResultRow]] = {}
        for r in await self.store.results_of(user_id):
            games.setdefault(r.game_id, []).append(r)  # a hot-seat game counts once
        totals: dict[str, KindStats] = {}
        for rows in games.values():
            kind = rows[0].kind
            t = totals.get(kind) or KindStats(
                kind, GAMES[kind].title if kind in GAMES else kind, 0, 0, 0, None
            )
            vps = [r.vp for r in rows if not r.resigned]
            best = max([*vps, *([t.best_vp] if t.best_vp is not None else [])], default=None)
            totals[kind] = dataclasses.replace(
                t,
                played=t.played + 1,
                won=t.won + any(r.won for r in rows),
                resigned=t.resigned + any(r.resigned for r in rows),
                best_vp=best,
            )
        return [totals[k] for k in sorted(totals)]


def resigned_standings(scores: list[ScoreLine], quitting: set[int]) -> list[ScoreLine]:
    """Ranks again: the players who stayed by their engine rank, then the resigners."""
    stay = sorted((s for s in scores if s.seat not in quitting), key=lambda s: (s.rank, s.seat))
    out: list[ScoreLine] = []
    for i, s in enumerate(stay):
        same = i > 0 and s.rank == stay[i - 1].rank
        out.append(dataclasses.replace(s, rank=out[-1].rank if same else i + 1))
    last = len(stay) + 1
    out += [dataclasses.replace(s, rank=last) for s in scores if s.seat in quitting]
    return sorted(out, key=lambda s: s.seat)


def _results(
    row: GameRow, scores: list[ScoreLine], quitting: set[int], now: float
) -> list[ResultRow]:
    holders = {s.seat: s for s in row.seats}
    return [
        ResultRow(
            game_id=row.id,
            seat=s.seat,
            user_id=holders[s.seat].user_id if s.seat in holders else 0,
            name=holders[s.seat].name if s.seat in holders else s.player,
            kind=row.kind,
            rank=s.rank,
            vp=s.vp,
            won=s.rank == 1 and s.seat not in quitting,
            resigned=s.seat in quitting,
            at=now,
        )
        for s in scores
    ]
