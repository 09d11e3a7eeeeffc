"""Pictures off the event loop, and the text of turn posts and status answers.

Rendering is CPU work: it runs in a worker process (``tables.workers``) so the gateway
heartbeat and other interactions keep flowing. ``imaging.render`` returns None while a game
has no renderer; callers then post text only.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

import imaging
from cogs.text import MESSAGE_LIMIT, clip, relative_time, safe
from engine.core import GAMES
from tables import workers

log = logging.getLogger("algae.render")

MAX_LINE = 180
MAX_POST_LINES = 15


async def picture(kind: str, which: str, view: dict[str, Any], **extra: Any) -> bytes | None:
    """PNG bytes (or None), rendered in a worker process; a renderer bug is logged, not fatal.

    ``extra`` (such as ``previous=``, the view of the post before) goes to renderers that
    accept it."""
    try:
        return await workers.run(imaging.render, kind, which, view, **extra)
    except Exception as exc:
        if workers.closed():  # shutting down: the post stays in the outbox
            log.info("rendering %s/%s abandoned at shutdown", kind, which)
            raise asyncio.CancelledError from exc
        log.exception("rendering %s/%s failed", kind, which)
        return None


def as_file(png: bytes | None, name: str = "board.png") -> discord.File | None:
    return discord.File(io.BytesIO(png), filename=name) if png else None


def turn_text(payload: dict[str, Any], title: str, *, spectator: bool) -> str:
    """The public post: what happened, then who must act (mentions only in the game
    channel; spectators read names, nobody there is pinged)."""
    head = f"**{safe(title, 60)}** · game #{payload.get('game_id')} · move {payload.get('version')}"
    lines = [head]
    events = [str(x) for x in payload.get("lines") or []]
    dropped = int(payload.get("dropped_lines") or 0)
    if len(events) > MAX_POST_LINES:  # the first line says what the turn was: kept
        dropped += len(events) - MAX_POST_LINES
        events = [events[0], *events[len(events) - MAX_POST_LINES + 1 :]]
    lines += [f"• {safe(e, MAX_LINE)}" for e in events]
    if dropped:
        lines.append(f"-# … {dropped} more line(s) in /log")
    if payload.get("over"):
        lines.append("🏁 **The game is over.**")
        resigned = set(payload.get("resigned") or [])
        for s in sorted(payload.get("scores") or [], key=lambda s: s.get("rank") or 99):
            gave_up = " (resigned)" if s.get("seat") in resigned else ""
            lines.append(
                f"{s.get('rank', '?')}. {safe(s.get('player', '?'))}: {s.get('vp')} "
                f"{points_word(payload)}{gave_up}"
            )
            lines.append(breakdown_line(s.get("breakdown") or {}))
    else:
        waiting = []
        for t in payload.get("to_act") or []:
            who = safe(t.get("name", "?"))
            if not spectator and int(t.get("user_id") or 0) > 0:  # an AI (< 0): no ping
                who = f"<@{int(t['user_id'])}>"
            waiting.append(f"{who} ({safe(t.get('prompt', ''), 80)})")
        if waiting:
            lines.append("➡️ To act: " + ", ".join(waiting))
    return clip("\n".join(lines), MESSAGE_LIMIT)


def points_word(payload: dict[str, Any]) -> str:
    """ "VP", or what the game calls its points ("OP" in On Mars)."""
    spec = GAMES.get(str(payload.get("kind") or ""))
    return spec.points if spec is not None else "VP"


def breakdown_line(breakdown: dict[str, Any]) -> str:
    """ "-# cards 12 · money 3": where a final score came from, one bounded line."""
    parts = [f"{safe(str(k), 30)} {v}" for k, v in breakdown.items() if v]
    return clip("-# " + (" · ".join(parts) or "no points"), MAX_LINE)


def to_act_text(to_act: Any, *, mention: bool = False) -> str:
    """ "alice (Draw or stop) since <t:…:R>" for each seat to act."""
    parts = []
    for t in to_act:
        who = f"<@{t.user_id}>" if mention and t.user_id > 0 else safe(t.name)
        parts.append(f"{who} — {safe(t.prompt, 80)}, since {relative_time(t.since)}")
    return "\n".join(parts)
