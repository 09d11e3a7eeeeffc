"""Results: /game resign, and /stats from the standings of finished games.

Resigning hands the resigner's seat(s) to an AI player and the game goes on for the others
(issue 10: a game no longer dies because one player quit). The handover is recorded
(``handovers``, migration 5); when the game ends the resigner still ranks last and the
seat's result is theirs, not the AI's. When no human would be left, the game ends at once
as before: the players who stayed ranked by the running scores, the resigner(s) after them;
nobody who resigned wins. The final post carries the picture and the standings.

Results are written when a game ends by resignation; a game that ended by its last move
gets its results the first time /stats needs them (from its final scores), so the move
commit itself is untouched. /stats counts games with an AI seat apart from human games.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import GAMES, ScoreLine
from storage.base import NewPost, VersionConflict
from storage.history import ResultRow
from tables import announce
from tables.errors import GameOver, NotSeated, StaleDecision, TableError
from tables.models import TurnResult

if TYPE_CHECKING:
    from storage.base import GameRow
    from tables.access import GameAccess
    from tables.ai_seats import AiSeats


@dataclass(frozen=True)
class KindStats:
    """One user's totals for one game kind."""

    kind: str
    title: str
    played: int
    won: int
    resigned: int
    best_vp: int | None
    ai_played: int = 0  # games with an AI seat, counted apart from played/won
    ai_won: int = 0


class Results:
    """Resigning, and the results and /stats of finished games."""

    def __init__(self, games: GameAccess, ai_seats: AiSeats) -> None:
        self.games = games
        self.ai_seats = ai_seats

    async def resign(
        self, channel_id: int | None, user_id: int, *, game_id: int | None = None
    ) -> TurnResult:
        """The user gives up: the game ends for everyone (see the module docstring)."""
        row = await self.games.row(channel_id, game_id)
        if row.status != "active":
            raise GameOver(
                "only a game in play can be resigned"
                + ("; in a lobby use /game leave" if row.status == "lobby" else "")
            )
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not playing in this game")
        async with self.games.lock(row.id):
            row = await self.games.row(None, row.id)
            if row.status != "active":
                raise GameOver(f"this game is {row.status}")
            game = await self.games.engine(row)
            quitting = {s.seat for s in row.seats if s.user_id == user_id}
            if any(s.user_id > 0 and s.seat not in quitting for s in row.seats):
                return await self._resign_to_ai(row, user_id, quitting)
            who = ", ".join(s.name for s in row.seats if s.seat in quitting)  # hot-seat: all
            handed = await self.games.store.handovers(row.id)
            quitting |= {s.seat for s in row.seats if s.user_id < 0 and s.seat in handed}
            standings = resigned_standings(game.scores(), quitting)
            now = self.games.clock()
            results = _results(row, standings, quitting, now, handed)
            left = {s.seat for s in row.seats} - quitting
            text = f"{who} resigned: the game ends" + ("" if left else " (everyone has left)")
            data = announce.payload(
                row.id, row.kind, row.version, [text], (), True, tuple(standings)
            )
            data["resigned"] = sorted(quitting)
            data["previous"] = row.announced_seq
            try:
                ids = await self.games.store.finish_game(
                    row.id, row.version, results, [NewPost("final", data)], now
                )
            except VersionConflict as exc:
                self.games.evict(row.id)
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

    async def _resign_to_ai(self, row: GameRow, user_id: int, quitting: set[int]) -> TurnResult:
        """The resigner's seats go to normal AI players; the game goes on (lock held)."""
        now = self.games.clock()
        names = []
        for s in row.seats:
            if s.seat in quitting:
                await self.games.store.add_handover(row.id, s.seat, user_id, s.name, now)
                names.append(s.name)
                await self.ai_seats.seat_to_ai(None, user_id, user_id, "normal", seat=s.seat,
                                      game_id=row.id, check=False)  # fmt: skip
        game = await self.games.engine(await self.games.row(None, row.id))
        text = f"{', '.join(names)} resigned: an AI player takes over and the game goes on"
        return TurnResult(
            game_id=row.id,
            channel_id=row.channel_id,
            kind=row.kind,
            version=row.version,
            events=(text,),
            to_act=(),
            over=False,
            scores=tuple(game.scores()),
            lines=(text,),
        )

    async def stats(self, user_id: int) -> list[KindStats]:
        """Games played (finished) and won by a user, per game kind; games with an AI seat
        are counted apart (``ai_played``, ``ai_won``)."""
        unscored = await self.games.store.unscored_games(user_id)
        for game_id in sorted({*unscored, *await self.games.store.resigned_to_ai(user_id)}):
            try:
                row = await self.games.row(None, game_id)
                game = await self.games.engine(row)
            except TableError:
                continue  # an uninstalled or unreadable game: not counted
            if game.over:
                handed = await self.games.store.handovers(row.id)
                quitting = {s.seat for s in row.seats if s.user_id < 0 and s.seat in handed}
                scores = resigned_standings(game.scores(), quitting)
                ended = row.ended_at or 0.0
                await self.games.store.save_results(_results(row, scores, quitting, ended, handed))
        with_ai = await self.games.store.games_with_ai(user_id)
        games: dict[int, list[ResultRow]] = {}
        for r in await self.games.store.results_of(user_id):
            games.setdefault(r.game_id, []).append(r)  # a hot-seat game counts once
        totals: dict[str, KindStats] = {}
        for rows in games.values():
            kind = rows[0].kind
            t = totals.get(kind) or KindStats(
                kind, GAMES[kind].title if kind in GAMES else kind, 0, 0, 0, None
            )
            won = any(r.won for r in rows)
            resigned = t.resigned + any(r.resigned for r in rows)
            if rows[0].game_id in with_ai:
                totals[kind] = dataclasses.replace(
                    t, ai_played=t.ai_played + 1, ai_won=t.ai_won + won, resigned=resigned
                )
                continue
            vps = [r.vp for r in rows if not r.resigned]
            best = max([*vps, *([t.best_vp] if t.best_vp is not None else [])], default=None)
            totals[kind] = dataclasses.replace(
                t, played=t.played + 1, won=t.won + won, resigned=resigned, best_vp=best
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
    row: GameRow,
    scores: list[ScoreLine],
    quitting: set[int],
    now: float,
    handed: dict[int, tuple[int, str]] | None = None,
) -> list[ResultRow]:
    """One row a seat; a seat resigned to an AI (``handed``) is the resigner's row."""
    holders = {s.seat: (s.user_id, s.name) for s in row.seats}
    for seat, who in (handed or {}).items():
        if seat in quitting:
            holders[seat] = who
    return [
        ResultRow(
            game_id=row.id,
            seat=s.seat,
            user_id=holders[s.seat][0] if s.seat in holders else 0,
            name=holders[s.seat][1] if s.seat in holders else s.player,
            kind=row.kind,
            rank=s.rank,
            vp=s.vp,
            won=s.rank == 1 and s.seat not in quitting,
            resigned=s.seat in quitting,
            at=now,
        )
        for s in scores
    ]
