"""End to end through the Discord stand-in: ``python -m benchmarks e2e``.

The bot runs as deployed (``python bot.py`` in a subprocess) against the stand-in on
127.0.0.1. Players take turns by ``/play move:`` (a random legal move from autocomplete)
in the real game when it is installed, else the test game. Measured:

* time to the first answer of a /play interaction (its response or defer);
* time from sending /play to its public post with the board image (turns that post);
* time from a Play click to the private menu;
* the bot's own event-loop lag (a sleeper woken every 50 ms; the worst delay over the run,
  which includes every render of every post), read from its shutdown log line.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script or through ``python -m benchmarks``
    sys.path.insert(0, str(ROOT))

from benchmarks.kit import Row, row  # noqa: E402

POSTS = 40
MAX_MOVES = 400
# the answer to a move that ends a turn (cogs/play.py); only such a move posts the board
TURN_ENDS = ("Your turn is done.", "The game is over.")
QUIET = 5.0  # seconds after a turn's end with no post: a setup choice while others choose


def _kind() -> str:
    import engine

    return "algae" if "algae" in engine.GAMES else "tally"


async def run(posts: int = POSTS) -> list[Row]:
    kind = _kind()
    one = await _phase(kind, games=1, posts=posts)
    four = await _phase(kind, games=4, posts=max(1, posts // 4))
    note = f"game {kind}; bot subprocess + stand-in on this machine"
    rows = []
    for label, result in (("1 game", one), ("4 games at once", four)):
        first_answers, full_posts, menus, lag_ms = result
        rows += [
            row("e2e", f"{label}: /play -> first answer", first_answers, "p95 <= 500 ms", note),
            row("e2e", f"{label}: /play -> post with image", full_posts, "p95 <= 1000 ms", note),
            row("e2e", f"{label}: Play click -> menu", menus, "p95 <= 500 ms"),
            row(
                "e2e",
                f"{label}: event-loop lag, worst",
                [lag_ms / 1000],
                "<= 100 ms",
                f"a 50 ms sleeper in the bot, over {len(full_posts)} renders",
            ),
        ]
    return rows


async def _phase(kind: str, games: int, posts: int):
    """One bot process; ``games`` games in their own channels, played concurrently."""
    from devkit.standin import BotProcess, StandIn

    standin = StandIn()
    await standin.start()
    tmp = Path(tempfile.mkdtemp(prefix="algae-bench-"))
    bot = BotProcess(standin, tmp / "bench.sqlite3", tmp / "bot.log")
    first_answers: list[float] = []
    full_posts: list[float] = []
    menus: list[float] = []
    try:
        await bot.start()
        tables = []
        for n, channel in enumerate(standin.guild.channels[:games]):
            players = [standin.user(f"ann{n}"), standin.user(f"bob{n}")]
            tables.append(_table(standin, kind, channel, players, posts, random.Random(n)))
        results = await asyncio.gather(*tables)
    finally:
        await bot.stop()
        await standin.stop()
    for answers, made, opened in results:
        first_answers += answers
        full_posts += made
        menus += opened
    return first_answers, full_posts, menus, _max_lag_ms(bot.log_path.read_text(errors="replace"))


async def _table(standin, kind, channel, players, posts: int, rnd: random.Random):
    """Play one game in ``channel`` until ``posts`` turn posts were timed."""
    answers: list[float] = []
    made: list[float] = []
    opened: list[float] = []
    await _new_game(standin, channel, players, kind)
    moves = 0
    while len(made) < posts and moves < MAX_MOVES:
        moves += 1
        if not await _one_move(standin, players, channel, rnd, answers, made):
            await _new_game(standin, channel, players, kind)  # game over: a fresh one
        if moves % 10 == 0:
            opened.append(await _menu_time(standin, players, channel))
    return answers, made, [m for m in opened if m > 0]


async def _new_game(standin, channel, players, kind: str) -> None:
    status = await standin.slash(players[0], channel, "status")
    if "no game" not in status.text.lower():
        ix = await standin.slash(players[0], channel, "game abort")
        confirm = await standin.click(players[0], ix.original, label="Abort the game")
        await confirm.wait_text("Aborted")
    await standin.slash(players[0], channel, "game new", game=kind, seed=11)
    for user in players[1:]:
        await standin.slash(user, channel, "game join")
    await standin.slash(players[0], channel, "game start")
    await standin.wait_for_message(channel, lambda m: "Play" in m.labels and bool(m.pngs()))


async def _one_move(standin, players, channel, rnd, first_answers, full_posts) -> bool:
    for user in players:
        choices = await standin.autocomplete(user, channel, "play", "move", move="")
        if choices:
            break
    else:
        return False
    last = standin.posts(channel)[-1] if standin.posts(channel) else None
    ix = await standin.slash(user, channel, "play", move=rnd.choice(choices)["value"])
    first_answers.append(ix.first_response_at - ix.sent_at)
    if not any(end in ix.text for end in TURN_ENDS):
        return True  # more to decide in this turn (or refused): nothing is posted yet
    try:
        message = await standin.wait_for_message(
            channel, lambda m: bool(m.pngs()), after=last, timeout=QUIET
        )
    except AssertionError:  # a setup choice while the others still choose posts nothing
        return True
    full_posts.append(message.created_at - ix.sent_at)
    return True


async def _menu_time(standin, players, channel) -> float:
    post = next((m for m in reversed(standin.posts(channel)) if "Play" in m.labels), None)
    if post is None:
        return 0.0
    ix = await standin.click(players[0], post, label="Play")
    return ix.first_response_at - ix.sent_at


def _max_lag_ms(log_text: str) -> float:
    found = re.findall(r"event loop lag max ([\d.]+) ms", log_text)
    return float(found[-1]) if found else float("nan")


if __name__ == "__main__":
    from benchmarks.kit import format_table

    print(format_table(asyncio.run(run())))
