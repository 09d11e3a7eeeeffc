"""Undo: free take-backs within a turn, and undo requests by consent.

The model (DESIGN.md notes; storage/history.py for the rows):

* Nothing is deleted. An undo is recorded at the next log position (``games.version`` + 1)
  and names the moves it took back; the snapshot is rebuilt by replaying the live moves
  (off the event loop) and committed with the version bump in one transaction. The
  engine's decision versions are rebased on the log position (``Game.rebase_versions``),
  so every menu made before the undo is refused as out of date.
* Never past a reveal: the span may not reach before ``Game.undo_barrier`` (a move that
  drew from the seeded generator or revealed hidden information), with or without consent.
* Free: the caller's own moves at the end of the log made since the last public post (the
  turn has not ended publicly yet, so nobody else was told to act on it).
* Otherwise a request: every other player who moved in the span, or who must act now,
  approves with a button. A refusal, or any move or undo meanwhile, cancels it. With no
  one to ask (a solo game), it applies at once. One open request a game: another /undo
  meanwhile is refused (``UndoPending``), so its approvers are pinged once.
* After an undo: a log line ("ann took back 2 moves") and a new public post of the board.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import Game, replay
from storage.base import NewPost, VersionConflict
from storage.history import NewUndo, UndoRequestRow
from tables import announce
from tables.controls import check_where
from tables.errors import GameOver, NoGame, NotSeated, StaleDecision, TableError
from tables.forced import chosen_flags
from tables.line import apply_names, record_of
from tables.models import TurnResult, Where

if TYPE_CHECKING:
    from storage.base import GameRow
    from tables.access import GameAccess

MAX_UNDO = 30
ORPHANED = 60.0  # seconds: an open request with no message by then was never posted


class UndoRefused(TableError):
    """This undo is not allowed (past a reveal, nothing to take back ...)."""


class UndoPending(UndoRefused):
    """An undo request of this game is open: one at a time, so its approvers are pinged
    once. ``request`` names it (its message, once posted, for a link to it)."""

    def __init__(self, request: UndoRequestRow, message: str) -> None:
        super().__init__(message)
        self.request = request


@dataclass(frozen=True)
class UndoOutcome:
    """What an undo call did. ``status``: applied, requested, approved (waiting for
    others), refused (by an approver) or cancelled (the game moved on)."""

    game_id: int
    channel_id: int
    status: str
    count: int
    seqs: tuple[int, ...]
    requester_id: int
    result: TurnResult | None = None
    request_id: int | None = None
    waiting_for: tuple[tuple[int, str], ...] = ()  # (user id, name) still to approve
    described: tuple[str, ...] = ()  # what a request would take back, one line a move
    message_id: int | None = None  # the request's public message (answers to a request)

    @property
    def mentions(self) -> tuple[int, ...]:
        return tuple(u for u, _ in self.waiting_for)


class Undo:
    """Undo: free take-backs within a turn, and undo requests by consent."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def undo(
        self,
        channel_id: int | None,
        user_id: int,
        count: int | None = None,
        *,
        game_id: int | None = None,
        only_free: bool = False,
    ) -> UndoOutcome:
        """Take back the caller's last ``count`` chosen moves (forced moves after them go
        with them; None: their turn so far, or else their last move): at once when none of
        it was announced yet, else as a request the affected players approve. Only the
        caller's own moves: a span reaching another player's choice is refused. Raises
        UndoRefused (past a reveal, too many, another player's move), NotSeated, GameOver."""
        if count is not None and (not isinstance(count, int) or not 1 <= count <= MAX_UNDO):
            raise UndoRefused(f"take back 1 to {MAX_UNDO} moves at a time")
        row = await self.games.row(channel_id, game_id)
        self.games.check_playable(row)
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not playing in this game")
        async with self.games.lock(row.id):
            row = await self.games.row(None, row.id)
            self.games.check_playable(row)
            game = await self.games.engine(row)
            live = (await self.games.log_line(row.id)).live()
            flags = await asyncio.to_thread(chosen_flags, record_of(row, live))
            held = {s.seat for s in row.seats if s.user_id == user_id}
            raw = _own_span(row, live, flags, held, count, game.undo_barrier)
            span = _span(game, live, raw)
            seqs = tuple(m.seq for m in span)
            free = span[0].seq > row.announced_seq
            if only_free and not free:
                raise UndoRefused("your turn was already announced; /undo asks the others to agree")
            asked = _approvers(row, game, span, flags[len(live) - raw :], user_id)
            if free or not asked:
                result = await self._take_back(row, game, live, raw, user_id, post=not free)
                return UndoOutcome(row.id, row.channel_id, "applied", raw, seqs, user_id, result)
            await self._none_open(row, user_id)
            request_id = await self.games.store.add_undo_request(
                row.id, user_id, row.version, raw, [u for u, _ in asked], self.games.clock()
            )
            return UndoOutcome(
                row.id,
                row.channel_id,
                "requested",
                raw,
                seqs,
                user_id,
                request_id=request_id,
                waiting_for=tuple(asked),
                described=_described(span, flags[len(live) - raw :]),
            )

    async def note_undo_message(self, request_id: int, channel_id: int, message_id: int) -> None:
        """The public message of a request, so a move that cancels it can drop its buttons."""
        await self.games.store.set_undo_request_message(request_id, channel_id, message_id)

    async def drop_undo_request(self, request_id: int) -> None:
        """Cancel a request whose public message could not be posted (nobody can answer it,
        and while open it would turn every other /undo away)."""
        await self.games.store.close_undo_request(request_id, "cancelled", self.games.clock())

    async def can_undo_turn(self, game_id: int, user_id: int) -> bool:
        """Whether the caller has moves of this turn not yet posted to take back freely
        (the private menu then offers "Undo my turn"). Cheap: no replay."""
        row = await self.games.row(None, game_id)
        if row.status != "active" or row.version <= row.announced_seq:
            return False
        held = {s.seat for s in row.seats if s.user_id == user_id}
        since = await self.games.store.moves(row.id, after_seq=row.announced_seq)
        game = await self.games.engine(row)
        first = len(game.moves) - len(since)
        return (
            bool(since)
            and all(m.seat in held for m in since)
            and first >= game.undo_barrier
            and len((await self.games.log_line(row.id)).live()) == game.version
        )

    async def answer_undo(
        self, request_id: int, user_id: int, approve: bool, *, where: Where | None = None
    ) -> UndoOutcome:
        """An approver's answer. The last approval applies the undo (if nothing moved).
        ``where`` (the click's guild and channel) must be the game's own."""
        request = await self.games.store.get_undo_request(request_id)
        if request is None:
            raise NoGame("there is no such undo request")
        row = await self.games.row(None, request.game_id)
        if where is not None:
            check_where(row, where)
        if user_id not in request.approvers:  # first: an outsider learns nothing more
            raise NotSeated("this undo request is for the players it affects")
        await self._still_open(request, row)
        async with self.games.lock(row.id):
            row = await self.games.row(None, row.id)
            await self._still_open(request, row)
            voted = await self.games.store.vote_undo_request(
                request_id, user_id, approve, self.games.clock()
            )
            assert voted is not None
            if voted.status == "refused":
                return self._outcome(row, voted, "refused", ())
            waiting = [u for u, v in voted.approvers.items() if v is not True]
            names = {s.user_id: s.name for s in row.seats}
            if waiting:
                left = tuple((u, names.get(u, "?")) for u in waiting)
                return self._outcome(row, voted, "approved", left)
            game = await self.games.engine(row)
            live = (await self.games.log_line(row.id)).live()
            _span(game, live, voted.count)  # still within the barrier (it cannot move back)
            result = await self._take_back(
                row, game, live, voted.count, voted.requester_id, request_id=voted.id
            )
            return self._outcome(row, voted, "applied", (), result)

    async def undo_request(self, request_id: int) -> UndoRequestRow | None:
        return await self.games.store.get_undo_request(request_id)

    # ------------------------------------------------------------ internals
    async def _none_open(self, row: GameRow, user_id: int) -> None:
        """One open request a game: another would ping the approvers again. UndoPending
        when one is open; one the game moved past, or never posted, is closed instead."""
        request = await self.games.store.open_undo_request(row.id)
        if request is None:
            return
        now = self.games.clock()
        unposted = request.message_id is None and now - request.created_at > ORPHANED
        if request.at_version != row.version or unposted:
            await self.games.store.close_undo_request(request.id, "cancelled", now)
            return
        names = {s.user_id: s.name for s in row.seats}
        left = ", ".join(names.get(u, "?") for u, v in request.approvers.items() if v is None)
        asker = names.get(request.requester_id, "another player")
        whose = "Your" if request.requester_id == user_id else f"{asker}'s"
        raise UndoPending(
            request,
            f"{whose} undo request is still open (waiting for {left}). A new one can be "
            "asked once it is answered or the game moves on.",
        )

    async def _still_open(self, request: UndoRequestRow, row: GameRow) -> None:
        current = await self.games.store.get_undo_request(request.id)
        status = current.status if current else "cancelled"
        if status == "open" and (row.version != request.at_version or row.status != "active"):
            await self.games.store.close_undo_request(request.id, "cancelled", self.games.clock())
            status = "cancelled"
        if status != "open":
            why = {"cancelled": "the game moved on since it was asked"}.get(status, status)
            raise StaleDecision(f"this undo request is closed ({why})")

    def _outcome(
        self,
        row: GameRow,
        request: UndoRequestRow,
        status: str,
        waiting: tuple[tuple[int, str], ...],
        result: TurnResult | None = None,
    ) -> UndoOutcome:
        return UndoOutcome(
            row.id,
            row.channel_id,
            status,
            request.count,
            (),
            request.requester_id,
            result,
            request.id,
            waiting,
            message_id=request.message_id,
        )

    async def _take_back(
        self,
        row: GameRow,
        game: Game,
        live: list,
        count: int,
        user_id: int,
        *,
        request_id: int | None = None,
        post: bool = True,
    ) -> TurnResult:
        """Replay the live moves but the last ``count``, commit the undo, queue a post
        (``post`` False: the undone moves were never announced, so nothing public changed
        and the undoer, back in their menu, is neither posted about nor pinged)."""
        keep = len(live) - count
        span = live[keep:]
        rebuilt = apply_names(await asyncio.to_thread(replay, record_of(row, live[:keep])), row)
        position = row.version + 1
        rebuilt.rebase_versions(position - keep)
        who = next((s.name for s in row.seats if s.user_id == user_id), "someone")
        moves = "1 move" if count == 1 else f"{count} moves"
        where = f"#{span[0].seq}" if count == 1 else f"#{span[0].seq}–#{span[-1].seq}"
        text = f"{who} took back {moves} ({where})" + (" by consent" if request_id else "")
        now = self.games.clock()
        before = game.pending()
        waiting = announce.undo_waiting(before, rebuilt.pending(), row.waiting, now)
        acting = announce.to_act(rebuilt, row, waiting)
        scores = tuple(rebuilt.scores())
        pings = announce.pings(before, rebuilt.pending(), -1, acting, user_id)
        data = announce.payload(
            row.id, row.kind, position, [text], acting, rebuilt.over, scores, mentions=pings
        )
        data["undo"] = True
        undo = NewUndo(user_id, [m.seq for m in span], text, request_id)
        snapshot = json.dumps(rebuilt.to_json(), separators=(",", ":"))
        try:
            ids = await self.games.store.commit_undo(
                row.id,
                row.version,
                undo,
                snapshot,
                waiting=waiting,
                posts=[NewPost("turn", data)] if post else [],
                now=now,
            )
        except VersionConflict as exc:
            self.games.evict(row.id)
            raise StaleDecision("the game moved on meanwhile; look again") from exc
        self.games.keep(row.id, position, rebuilt)
        return TurnResult(
            game_id=row.id,
            channel_id=row.channel_id,
            kind=row.kind,
            version=position,
            events=(text,),
            to_act=acting,
            over=rebuilt.over,
            scores=scores,
            posted=post,
            lines=(text,) if post else (),
            post_ids=tuple(ids),
            pings=pings if post else (),
        )


def _span(game: Game, live: list, count: int) -> list:
    """The last ``count`` live moves, refused when there are fewer or a reveal is inside."""
    if game.over:
        raise GameOver("the game is over")
    if len(live) != game.version:
        raise UndoRefused("the game's log and its state disagree; nothing was changed")
    if count > len(live):
        raise UndoRefused(f"there are only {len(live)} moves to take back")
    keep = len(live) - count
    barrier = game.undo_barrier
    if keep < barrier:
        at = live[barrier - 1].seq
        raise UndoRefused(
            f"move #{at} revealed something hidden or random, so it and the moves before it "
            "cannot be taken back"
            + (f"; at most {len(live) - barrier} can be" if len(live) > barrier else "")
        )
    return live[keep:]


def _own_span(
    row: GameRow,
    live: list,
    flags: list[bool],
    held: set[int],
    count: int | None,
    barrier: int = 0,
) -> int:
    """How many live moves (from the end) take back the caller's last ``count`` chosen
    moves with the forced moves after them; ``count`` None: every chosen move of theirs
    since the last post (back to the last reveal, ``barrier``), or their last one. Refused
    when another player's choice is in the way (only a player's own moves are theirs to
    take back)."""
    taken = chosen = 0
    for index in range(len(live) - 1, -1, -1):
        move, was_chosen = live[index], flags[index]
        if count is not None and chosen == count:
            break
        if count is None and chosen and (move.seq <= row.announced_seq or index < barrier):
            break
        if was_chosen and move.seat not in held:
            if chosen and count is None:
                break
            name = next((s.name for s in row.seats if s.seat == move.seat), "another player")
            mine = f"; at most {chosen} of the last moves are yours" if chosen else ""
            raise UndoRefused(
                f"that would take back {name}'s move #{move.seq} too; "
                f"only your own moves can be taken back{mine}"
            )
        taken += 1
        chosen += was_chosen
    if not chosen:
        raise UndoRefused("you have no move to take back")
    if count is not None and chosen < count:
        raise UndoRefused(f"you have only {chosen} moves to take back")
    return taken


def _described(span: list, flags: list[bool]) -> tuple[str, ...]:
    """What a span takes back, as players read it: each chosen move's first log line."""
    return tuple(
        f"#{m.seq} {m.events[0] if m.events else m.move}"
        for m, chosen in zip(span, flags, strict=True)
        if chosen
    )


def _approvers(
    row: GameRow, game: Game, span: list, flags: list[bool], user_id: int
) -> list[tuple[int, str]]:
    """The other users who chose a move in the span or must act now (each once, seat
    order); a forced move asks nobody (no one chose it)."""
    seats = {m.seat for m, chosen in zip(span, flags, strict=True) if chosen}
    seats |= {d.seat for d in game.pending()}
    found: dict[int, str] = {}
    for s in row.seats:
        if s.seat in seats and s.user_id != user_id and s.user_id:
            found.setdefault(s.user_id, s.name)
    return list(found.items())
