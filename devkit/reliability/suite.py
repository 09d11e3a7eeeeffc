"""The phases of a reliability run and its report (see the package docstring)."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from benchmarks.kit import percentile
from devkit.reliability import checks, hostile
from devkit.reliability.players import Metrics, Table
from devkit.reliability.world import World

MESSAGES = "/channels/{channel_id}/messages"
EDIT = "/channels/{channel_id}/messages/{message_id}"
CALLBACK = "/interactions/{interaction_id}/{token}/callback"
FOLLOWUP = "/webhooks/{app_id}/{token}"
WEBHOOK_EDIT = "/webhooks/{app_id}/{token}/messages/{message_id}"


@dataclass(frozen=True)
class Config:
    channels: int = 40
    moves: int = 24  # per table in the load phase
    kill_moves: int = 6  # per table around each kill
    fault_moves: int = 6
    kills: int = 2
    hostile: int = 2000
    long_retry: bool = True  # a 429 with retry_after past discord.py's 30 s limit
    workers: int | None = None  # render processes (None: the bot's default, the cores)
    seed: int = 15


@dataclass
class Report:
    config: Config
    load: Metrics = field(default_factory=Metrics)
    load_seconds: float = 0.0
    load_window: tuple[float, float] = (0.0, 0.0)
    other: Metrics = field(default_factory=Metrics)
    double_problems: list[str] = field(default_factory=list)
    double_cases: int = 0
    faults: list[str] = field(default_factory=list)
    hostile: hostile.Hostile = field(default_factory=hostile.Hostile)
    state_changed: list[str] = field(default_factory=list)
    hostile_tracebacks: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    late_callbacks: int = 0
    nonce_repeats: int = 0
    findings: checks.Findings = field(default_factory=checks.Findings)
    peak_rss_mb: float = 0.0
    peak_workers_mb: float = 0.0
    kills: int = 0
    seconds: float = 0.0


async def run(config: Config) -> Report:
    started = time.monotonic()
    report = Report(config)
    rnd = random.Random(config.seed)
    world = await World.open(config.channels, config.workers)
    stop_sampler = asyncio.Event()
    sampler = asyncio.create_task(world.memory_sampler(stop_sampler))
    try:
        tables = await _open_tables(world, report.load, rnd)
        await _load(world, tables, config, report)
        for t in tables:
            t.metrics = report.other
        await _double(world, tables, report)
        await _kills(world, tables, config, report)
        await _faults(world, tables, config, report)
        await _hostile(world, tables, config, report)
        await _settle(world)
        checks.moves_kept(world, tables, report.findings)
        checks.posts(world, tables, report.findings)
        report.findings.post_latencies = checks.post_latencies(world, *report.load_window)
    finally:
        stop_sampler.set()
        await sampler
        report.peak_rss_mb = world.peak_rss_kb / 1024
        report.peak_workers_mb = world.peak_workers_kb / 1024
        report.late_callbacks = world.standin.late_callbacks
        report.nonce_repeats = world.standin.nonce_repeats
        report.kills = world.kills
        await world.close()
    await checks.replays(world.bot.db_path, world.standin.guild.id, report.findings)
    report.tracebacks = checks.tracebacks(world.log_text())
    report.seconds = time.monotonic() - started
    return report


async def _open_tables(world: World, metrics: Metrics, rnd: random.Random) -> list[Table]:
    tables = [
        Table(
            world.standin,
            channel,
            world.players[channel.id],
            "algae" if n % 2 == 0 else "mars",
            metrics,
            random.Random(rnd.random()),
        )
        for n, channel in enumerate(world.channels)
    ]
    gate = asyncio.Semaphore(8)

    async def open_one(n: int, t: Table) -> None:
        async with gate:
            await t.open(seed=100 + n)

    await asyncio.gather(*(open_one(n, t) for n, t in enumerate(tables)))
    return tables


async def _load(world: World, tables: list[Table], config: Config, report: Report) -> None:
    start, wall = time.monotonic(), time.time()
    await asyncio.gather(*(t.play(config.moves) for t in tables))
    report.load_seconds = time.monotonic() - start
    report.load_window = (wall, time.time())
    await _settle(world)  # the load's posts are made before the kills start


async def _double(world: World, tables: list[Table], report: Report) -> None:
    """The same option twice at once, two options at once, /play twice at once."""
    s = world.standin
    for n, t in enumerate(tables[: max(3, len(tables) // 4)]):
        if t.over:
            continue
        case = n % 3
        before = _logged(world, t)
        if case == 2:
            user, choices = await _typist(t)
            if not choices:
                continue
            move = choices[0]["value"]
            sent = [s.slash(user, t.channel, "play", move=move, timeout=20) for _ in range(2)]
            sizes = [1, 1]
        else:
            found = await _open_menu(t)
            if found is None:
                continue
            user, menu = found
            clicks = _two_clicks(menu, same=case == 0)
            if clicks is None:
                continue
            sizes = [_entry_moves(world, t, cid, v) for cid, v in clicks]
            sent = [s.click(user, menu, cid, values=v, timeout=20) for cid, v in clicks]
        answers = await asyncio.gather(*sent, return_exceptions=True)
        report.double_cases += 1
        texts = []
        for a in answers:
            if isinstance(a, BaseException):
                report.double_problems.append(f"{t.channel.name}: {a!r}")
                continue
            texts.append(await a.wait_text(timeout=20))
        made = sum("✔" in x for x in texts)
        delta = _logged(world, t) - before
        t.acked += delta if made == 1 and delta in sizes else made
        t.note(f"double case {case}: {made} made, {delta} logged, sizes {sizes}")
        label = ("same option twice", "two options", "/play twice")[case]
        # one accepted click plays its entry's moves (a paired entry plays two), no more
        ok = delta == sum(sizes) if case == 2 and made == 2 else made == 1 and delta in sizes
        if not ok:
            report.double_problems.append(f"{t.channel.name} {label}: {made} ✔, {delta} logged")


def _entry_moves(world: World, t: Table, custom_id: str, values: list[str] | None) -> int:
    """How many moves the menu entry a click names plays (1, or 2 for a choice and its
    sub-choice offered together: tables/lookahead.py), worked out on the logged game."""
    from cogs.custom_ids import parse, select_index
    from engine.core import replay
    from tables import lookahead

    cid = parse(custom_id)
    if cid is None or cid.seat is None or t.game_id is None:
        return 1
    index = cid.index if cid.index is not None else select_index(values)
    game = replay(checks.record_of(world, t.game_id))
    decision = game.decision_for(cid.seat)
    if decision is None or index is None:
        return 1
    entries = lookahead.steps(game, decision)
    return len(entries[index].moves) if 0 <= index < len(entries) else 1


async def _typist(t: Table):
    for user in t.players:
        choices = await t.standin.autocomplete(user, t.channel, "play", "move", move="")
        if choices:
            return user, choices
    return None, []


async def _open_menu(t: Table):
    post = t.newest_post()
    if post is None:
        return None
    for user in t.players:
        ix = await t.standin.click(user, post, label="Play", timeout=20)
        await ix.wait_text(timeout=20)
        menu = ix.original
        usable = menu is not None and menu.ephemeral and bool(menu.components)
        if usable and menu is not None and menu.custom_ids[0].split(":")[1] in ("o", "s"):
            return user, menu
    return None


def _two_clicks(menu, *, same: bool):
    comp = menu.components[0]
    if comp.get("type") == 3:
        values = [o["value"] for o in comp.get("options") or []]
        if not values or (not same and len(values) < 2):
            return None
        pair = [values[0], values[0] if same else values[1]]
        return [(comp["custom_id"], [v]) for v in pair]
    ids = [c["custom_id"] for c in menu.components if c["custom_id"].startswith("alg:o:")]
    if not ids or (not same and len(ids) < 2):
        return None
    return [(ids[0], None), (ids[0] if same else ids[1], None)]


def _logged(world: World, t: Table) -> int:
    return 0 if t.game_id is None else checks.chosen_moves(world, t.game_id)


async def _kills(world: World, tables: list[Table], config: Config, report: Report) -> None:
    """SIGKILL mid-stream by the bot's pid, restart, play on."""
    for _ in range(config.kills):
        playing = [asyncio.create_task(t.play(config.kill_moves)) for t in tables]
        await asyncio.sleep(1.5)
        _mark(tables, "SIGKILL")
        await world.kill_and_restart()
        _mark(tables, "restarted")
        await asyncio.gather(*playing)


async def _faults(world: World, tables: list[Table], config: Config, report: Report) -> None:
    s = world.standin
    rest = [
        ("POST", MESSAGES, 500, 3, 1.0),
        ("POST", MESSAGES, 503, 2, 1.0),
        ("POST", MESSAGES, 429, 3, 1.0),
        ("POST", CALLBACK, 500, 2, 1.0),
        ("POST", CALLBACK, 429, 2, 0.3),
        ("POST", FOLLOWUP, 503, 2, 1.0),
        ("PATCH", WEBHOOK_EDIT, 500, 2, 1.0),
        ("PATCH", EDIT, 503, 3, 1.0),
    ]
    if config.long_retry:
        rest.append(("POST", MESSAGES, 429, 1, 35.0))
    stop = asyncio.Event()
    playing = [asyncio.create_task(t.play(config.fault_moves, stop)) for t in tables]
    for method, route, status, times, retry in rest:
        s.fail(method, route, status, times=times, retry_after=retry)
        report.faults.append(f"{status} x{times} on {method} {route} (retry_after {retry:g}s)")
        _mark(tables, f"fault {report.faults[-1]}")
        await asyncio.sleep(1.0)
    for kind in ("close", "tcp", "reconnect", "invalid"):
        count = s.connections
        await s.gateway_fault(kind)
        report.faults.append(f"gateway: {kind}")
        _mark(tables, f"fault gateway: {kind}")
        if kind in ("close", "tcp", "invalid", "reconnect"):
            await s.wait_until(lambda c=count: s.connections > c and s.connected, timeout=60)  # type: ignore[misc]
        await asyncio.sleep(1.0)
    await asyncio.gather(*playing)
    s.failures.clear()


def _mark(tables: list[Table], what: str) -> None:
    for t in tables:
        t.note(f"== {what}")


async def _hostile(world: World, tables: list[Table], config: Config, report: Report) -> None:
    await _settle(world)
    before = world.state()
    log_before = len(checks.tracebacks(world.log_text()))
    report.hostile = await hostile.run(world, tables, config.hostile, seed=config.seed)
    after = world.state()
    for key in before:
        if before[key] != after[key]:
            report.state_changed.append(key)
    report.hostile_tracebacks = checks.tracebacks(world.log_text())[log_before:]


async def _settle(world: World, timeout: float = 120.0) -> None:
    """Wait until the outbox holds nothing due (long retries included)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pending = world.peek("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND dead = 0")
        if pending[0][0] == 0:
            return
        await asyncio.sleep(0.5)


# ----------------------------------------------------------------------- the table
def rows(report: Report) -> list[tuple[str, str, str]]:
    """(what, measured, target) lines of the report."""
    load, f, h = report.load, report.findings, report.hostile
    ms = [x * 1000 for x in load.first_answers]
    posts = [x * 1000 for x in f.post_latencies]

    def p(xs: list[float], q: float) -> str:
        return f"{percentile(xs, q):.0f} ms" if xs else "-"

    out = [
        ("channels / games", f"{report.config.channels} (algae and mars)", ""),
        ("load: moves / seconds", f"{load.moves} / {report.load_seconds:.1f} s", ""),
        ("load: moves per second", f"{load.moves / max(report.load_seconds, 1e-9):.1f}", ""),
        ("load: first answer p50", p(ms, 0.5), ""),
        ("load: first answer p95", p(ms, 0.95), "<= 500 ms"),
        ("load: first answer max", f"{max(ms):.0f} ms" if ms else "-", "< 2500 ms"),
        ("load: interactions timed", str(len(ms)), ""),
        ("posts: move -> post p50", p(posts, 0.5), ""),
        ("posts: move -> post p95", p(posts, 0.95), "<= 3000 ms"),
        (
            "legal moves refused: under load / double, kills, faults",
            f"{len(load.refused_legal)} / {len(report.other.refused_legal)}",
            "0 / 0",
        ),
        ("answers past 3 s (Discord drops them)", str(report.late_callbacks), "0"),
        (
            "unanswered legit interactions: under load / double, kills, faults",
            f"{load.unanswered} / {report.other.unanswered}",
            "0 / -",
        ),
        (
            "double clicks: cases / problems",
            f"{report.double_cases} / {len(report.double_problems)}",
            "- / 0",
        ),
        ("kills (SIGKILL by pid)", str(report.kills), ">= 2"),
        ("moves lost or applied twice", str(len(f.lost_or_twice)), "0"),
        ("faults injected", str(len(report.faults)), ""),
        (
            "posts missing / duplicated / given up",
            f"{len(f.missing_posts)} / {len(f.duplicate_posts)} / {f.dead_posts}",
            "0 / 0 / 0",
        ),
        ("posts still pending at the end", str(f.pending_posts), "0"),
        ("nonce repeats dropped by the stand-in", str(report.nonce_repeats), ""),
        ("games with posts out of move order", str(len(f.out_of_order)), "0"),
        ("older posts still showing Play", str(len(f.stale_play_buttons)), "0"),
        (
            "hostile: reached the bot / blocked by 'Discord' (apart)",
            f"{h.sent} / {h.blocked}",
            f">= {report.config.hostile} / -",
        ),
        ("hostile: unanswered", str(len(h.unanswered)), "0"),
        ("hostile: public replies", str(len(h.public)), "0"),
        ("hostile: replies allowing @everyone/roles", str(len(h.pinging)), "0"),
        (
            "hostile: state changed (moves, versions, settings...)",
            ", ".join(report.state_changed) or "none",
            "none",
        ),
        ("hostile: tracebacks", str(len(report.hostile_tracebacks)), "0"),
        ("tracebacks in the whole run", str(len(report.tracebacks)), "0"),
        ("move logs not replaying to their snapshot", str(len(f.replay_mismatches)), "0"),
        ("bot peak RSS (VmHWM)", f"{report.peak_rss_mb:.0f} MB", ""),
        ("render workers peak RSS, together", f"{report.peak_workers_mb:.0f} MB", ""),
        ("run time", f"{report.seconds:.0f} s", ""),
    ]
    return out


def format_report(report: Report) -> str:
    table = rows(report)
    width = max(len(r[0]) for r in table)
    value = max(len(r[1]) for r in table)
    lines = [f"{'what':<{width}}  {'measured':<{value}}  target", "-" * (width + value + 12)]
    lines += [f"{a:<{width}}  {b:<{value}}  {c}" for a, b, c in table]
    details = [
        ("refused legal moves under load", report.load.refused_legal),
        ("refused legal moves (double, kills, faults)", report.other.refused_legal),
        ("double-click problems", report.double_problems),
        ("lost or twice", report.findings.lost_or_twice),
        ("out of order", report.findings.out_of_order),
        ("missing posts", report.findings.missing_posts),
        ("duplicate posts", report.findings.duplicate_posts),
        ("stale Play buttons", report.findings.stale_play_buttons),
        ("hostile unanswered", report.hostile.unanswered),
        ("hostile public", report.hostile.public),
        ("replay mismatches", report.findings.replay_mismatches),
        ("tracebacks", report.tracebacks),
    ]
    for name, items in details:
        if items:
            lines.append(f"\n{name} ({len(items)}):")
            lines += [f"  {x}" for x in items[:10]]
    for journal in report.findings.journals[:6]:
        lines.append(f"\njournal of {journal}")
    return "\n".join(lines)
