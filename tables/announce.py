"""What to tell people after a move: who must act, since when, and the post payload."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import Decision, Game, ScoreLine
from storage.base import GameRow
from tables.models import ToAct, mentions_of

MAX_POST_LINES = 40
# a player's echo of a control word ("ann: stop") says nothing the other lines do not
_ECHO = re.compile(
    r"^[^:]{1,40}: (stop|done|skip|end your turn|end the turn|no more|take no more|"
    r"place no more|export no more|stop moving|keep|pass)\b",
    re.IGNORECASE,
)


def summary(lines: list[str], limit: int = MAX_POST_LINES) -> tuple[list[str], int]:
    """A turn by what happened: echo lines of control words left out, and when still too
    long the first line (what the turn was: the spot taken, the action chosen) kept with
    the latest ones; a turn of nothing but an echo keeps it. Returns the lines and how
    many lines that say something were cut."""
    kept = [line for line in lines if not _ECHO.match(line)] or lines[-1:]
    if len(kept) <= limit:
        return kept, 0  # echoes are not "lines cut": /log has them, nothing is missed
    return [kept[0], *kept[len(kept) - limit + 1 :]], len(kept) - limit


def to_act(game: Game, row: GameRow, waiting: dict[int, float]) -> tuple[ToAct, ...]:
    """The seats with an open decision, with their current holder and since when."""
    holders = {s.seat: s for s in row.seats}
    result = []
    for d in game.pending():
        holder = holders.get(d.seat)
        result.append(
            ToAct(
                seat=d.seat,
                user_id=holder.user_id if holder else 0,
                name=holder.name if holder else game.players[d.seat],
                prompt=d.prompt,
                version=d.version,
                since=waiting.get(d.seat),
            )
        )
    return tuple(result)


def new_waiting(
    before: list[Decision], after: list[Decision], old: dict[int, float], now: float
) -> dict[int, float]:
    """Keep the opening time of decisions that did not change; new ones open ``now``."""
    return _kept(before, after, old, now, lambda d: d.version)


def undo_waiting(
    before: list[Decision], after: list[Decision], old: dict[int, float], now: float
) -> dict[int, float]:
    """``new_waiting`` for an undo. An undo renumbers every decision's version (menus made
    before it must be refused), so a version says nothing here: a seat whose decision reads
    the same as before (prompt and options) keeps its opening time, and with it its turn
    DM, reminders and deadline; a changed or new decision opens ``now``."""
    return _kept(before, after, old, now, _reads)


def _kept(
    before: list[Decision],
    after: list[Decision],
    old: dict[int, float],
    now: float,
    same: Callable[[Decision], object],
) -> dict[int, float]:
    """Each seat of ``after``: its old opening time when ``same`` reads its decision as
    before, else ``now``."""
    was = {d.seat: same(d) for d in before}
    return {d.seat: old.get(d.seat, now) if was.get(d.seat) == same(d) else now for d in after}


def _reads(d: Decision) -> tuple[str, tuple[tuple[str, str], ...]]:
    """What a decision says to its player (what the engine's versions follow)."""
    return d.prompt, tuple((o.move, o.label) for o in d.options)


def turn_ended(
    before: list[Decision],
    after: list[Decision],
    mover: int,
    over: bool,
    keys: tuple[str | None, str | None] = (None, None),
) -> bool:
    """Post publicly when the mover is done for now (unless, in a game that names its
    turns, the others only go on with the same simultaneous step of this turn:
    ``only_others_still_deciding``), someone else must now act, or the game says a new
    turn began (``keys``: its ``turn_key()`` before and after the move;
    this is what gives a solo game one post per turn)."""
    after_seats = {d.seat for d in after}
    if over or (keys[0] is not None and keys[0] != keys[1]):
        return True
    if mover not in after_seats:
        named = keys[0] is not None  # the game names its turns: a shared step is one turn
        return not (named and only_others_still_deciding(before, after, mover))
    return after_seats - {mover} != {d.seat for d in before} - {mover}


def only_others_still_deciding(before: list[Decision], after: list[Decision], mover: int) -> bool:
    """The mover finished their part of a simultaneous step (setup picks, Monday steps D and
    E, the weekend) while everyone left still has the very decision they had: nobody has
    anything new to be told or pinged for, so no post; the next post tells this move too
    (it tells every move since the last one)."""
    open_before = {(d.seat, d.version) for d in before if d.seat != mover}
    return bool(after) and all((d.seat, d.version) in open_before for d in after)


def pings(
    before: list[Decision],
    after: list[Decision],
    mover: int,
    acting: tuple[ToAct, ...],
    mover_user: int,
) -> tuple[int, ...]:
    """Who a post pings: the users whose seat must act now and was not acting before this
    move. A player is pinged once when a decision of theirs opens, never again while it
    stays open (other players moving meanwhile, a simultaneous step), never for their own
    move or undo (the mover is in their menu), and never for a forced move (those are
    played before anyone is asked). Between two posts only the mover acts, so "not acting
    before this move" is "not told to act by the previous post"."""
    was = {d.seat for d in before}
    now = {d.seat for d in after}
    fresh = {s for s in now - was if s != mover}
    users = (t.user_id for t in acting if t.seat in fresh and t.user_id != mover_user)
    return tuple(dict.fromkeys(u for u in users if u > 0))  # AI seats (< 0) are never pinged


def score_data(scores: list[ScoreLine] | tuple[ScoreLine, ...]) -> list[dict[str, Any]]:
    return [
        {"seat": s.seat, "player": s.player, "vp": s.vp, "rank": s.rank, "breakdown": s.breakdown}
        for s in scores
    ]


def payload(
    game_id: int,
    kind: str,
    version: int,
    lines: list[str],
    acting: tuple[ToAct, ...],
    over: bool,
    scores: list[ScoreLine] | tuple[ScoreLine, ...],
    *,
    mentions: tuple[int, ...] | None = None,
) -> dict[str, Any]:
    """A post's data; ``mentions`` the users it pings (None: everyone to act)."""
    shown, dropped = summary(lines)
    return {
        "game_id": game_id,
        "kind": kind,
        "version": version,
        "lines": shown,
        "dropped_lines": dropped,
        "to_act": [
            {
                "seat": t.seat,
                "user_id": t.user_id,
                "name": t.name,
                "prompt": t.prompt,
                "version": t.version,
            }
            for t in acting
        ],
        "mentions": list(mentions_of(acting) if mentions is None else mentions),
        "over": over,
        "scores": score_data(scores),
    }
