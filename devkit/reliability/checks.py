"""What must hold at the end of a run: every acknowledged move is in the log once, posts
are in move order and made exactly once, only the newest post has a Play button, the
outbox is empty, and every move log replays to its game's snapshot."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from devkit.reliability.players import HEAD, Table
from devkit.reliability.world import World


@dataclass
class Findings:
    lost_or_twice: list[str] = field(default_factory=list)
    out_of_order: list[str] = field(default_factory=list)
    duplicate_posts: list[str] = field(default_factory=list)
    missing_posts: list[str] = field(default_factory=list)
    stale_play_buttons: list[str] = field(default_factory=list)
    pending_posts: int = 0
    dead_posts: int = 0
    replay_mismatches: list[str] = field(default_factory=list)
    post_latencies: list[float] = field(default_factory=list)
    journals: list[str] = field(default_factory=list)  # of the games counted wrong


def post_latencies(world: World, since: float, until: float) -> list[float]:
    """Seconds from a move's commit (its post queued in the same transaction) to the post
    made, for the posts queued between ``since`` and ``until`` (unix time)."""
    rows = world.peek(
        "SELECT sent_at - created_at FROM outbox WHERE sent_at IS NOT NULL"
        " AND created_at BETWEEN ? AND ?",
        (since, until),
    )
    return [r[0] for r in rows]


def moves_kept(world: World, tables: list[Table], findings: Findings) -> None:
    """acked <= moves chosen in the log <= acked + moves whose answer was lost (the forced
    moves played for the players after a move are in the log too, but nobody sent them)."""
    for t in tables:
        logged = 0 if t.game_id is None else chosen_moves(world, t.game_id)
        if not t.acked <= logged <= t.acked + t.uncertain:
            findings.lost_or_twice.append(
                f"game {t.game_id}: {t.acked} acknowledged, {t.uncertain} unsure, {logged} logged"
            )
            findings.journals.append(_journal(world, t))
        elif t.refused:
            findings.journals.append(_journal(world, t))


def _journal(world: World, t: Table) -> str:
    """The driver's journal of a game beside its logged moves, merged by time."""
    assert t.game_id is not None
    flags = iter(_flags(world, t.game_id))
    rows = world.peek(
        "SELECT seq, seat, move, at FROM moves WHERE game_id = ? ORDER BY seq", (t.game_id,)
    )
    logged = [
        f"{at:.3f} LOGGED #{seq} seat {seat} {move!r}{'' if next(flags) else ' (forced)'}"
        for seq, seat, move, at in rows
    ]
    lines = sorted(logged + t.journal)
    return f"game {t.game_id} ({t.channel.name}):\n    " + "\n    ".join(lines)


def posts(world: World, tables: list[Table], findings: Findings) -> None:
    """Order, exactly once, Play buttons, and the time from a move to its post."""
    sent = world.peek("SELECT game_id, channel_id, payload FROM outbox WHERE sent_at IS NOT NULL")
    expected = Counter((g, c, json.loads(p).get("version")) for g, c, p in sent)
    findings.pending_posts = world.peek(
        "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead = 0"
    )[0][0]
    findings.dead_posts = world.peek("SELECT COUNT(*) FROM outbox WHERE dead = 1")[0][0]
    for t in tables:
        messages = [m for m in world.standin.posts(t.channel) if HEAD.search(m.content)]
        heads = [(int(h[1]), int(h[2])) for m in messages if (h := HEAD.search(m.content))]
        seen = Counter(heads)
        for head, n in seen.items():
            if n > 1:
                findings.duplicate_posts.append(
                    f"{t.channel.name}: game {head[0]} move {head[1]} x{n}"
                )
        for (g, c, v), n in expected.items():
            if c == t.channel.id and seen.get((g, v), 0) < n:
                findings.missing_posts.append(f"{t.channel.name}: game {g} move {v}")
        versions = [v for g, v in heads if g == t.game_id]
        if versions != sorted(versions):
            findings.out_of_order.append(f"{t.channel.name}: {versions}")
        ours = [m for m in messages if (h := HEAD.search(m.content)) and h[1] == str(t.game_id)]
        for m in ours[:-1]:
            if "Play" in m.labels:
                findings.stale_play_buttons.append(f"{t.channel.name}: {m.content[:60]}")


async def replays(db_path, guild_id: int, findings: Findings) -> None:
    """Every game's move log replays to the snapshot it has (the bot is stopped)."""
    from engine.core import replay
    from tables.line import record_of
    from tables.service import open_tables

    tables = await open_tables(db_path)
    try:
        for info in await tables.list_games(guild_id, ended=True):
            if info.status not in ("active", "finished"):
                continue
            row = await tables.store.get_game(info.id)
            assert row is not None  # listed just now, and the bot is stopped
            snap = await tables.store.load_snapshot(info.id)
            line = await tables.log_line(info.id)
            game = replay(record_of(row, line.live()))
            if game.to_json() != json.loads(snap.text or "null"):
                findings.replay_mismatches.append(f"game {info.id}")
    finally:
        await tables.close()


def tracebacks(log_text: str) -> list[str]:
    """The tracebacks the bot logged (each with the line before it)."""
    lines = log_text.splitlines()
    return [
        "\n".join(lines[max(0, i - 1) : i + 4])
        for i, line in enumerate(lines)
        if line.startswith("Traceback")
    ]


def chosen_moves(world: World, game_id: int) -> int:
    """The moves of a game that a player chose: the forced moves the table layer played
    after them (one legal option, issue 12) are logged too, but nobody sent them."""
    return sum(_flags(world, game_id))


def _flags(world: World, game_id: int) -> list[bool]:
    from tables.forced import chosen_flags

    return chosen_flags(record_of(world, game_id))


def record_of(world: World, game_id: int) -> dict:
    """The game's record as the log holds it (every logged move, in order)."""
    ((kind, seed, options),) = world.peek(
        "SELECT kind, seed, options FROM games WHERE id = ?", (game_id,)
    )
    seats = world.peek("SELECT name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
    moves = world.peek("SELECT seat, move FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
    return {
        "kind": kind,
        "players": [name for (name,) in seats],
        "seed": seed,
        "options": json.loads(options or "{}"),
        "moves": [[seat, move] for seat, move in moves],
    }
