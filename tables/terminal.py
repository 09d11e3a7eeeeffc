"""The terminal table: ``python bot.py --local`` (or ``python -m tables.terminal``).

One local "channel" on the embedded SQLite file, each named player a local user. It
resumes the game of that channel when there is one. Lines (typed, or a script on stdin)::

    alice: <move>     play a move for alice (notation, label or unique prefix);
                      AI seats (--ai NAME[:level], repeatable) then play by themselves
    moves [player]    the legal moves of everyone to act (or of one player)
    board             write the current picture (PNG) and print its path
    board me | NAME   that player's own board (private goals only in their own picture;
                      ``me``: the player to act now)
    log               the moves so far          status    whose turn, scores
    help              this text                 quit      leave (the game is saved)
    # comment         ignored, as are blank lines

With ``--strict`` the first refused or unknown line ends the run with exit code 1, printing
``line N: <reason>`` to stderr: scenario tests are written this way.

Test-only games: ``ALGAE_EXTRA_GAMES="devkit.toygame:register_toy"`` (comma-separated
``module:function``) imports and registers extra game kinds (see ``tables.extra``), e.g.
``ALGAE_EXTRA_GAMES=devkit.toygame:register_toy python bot.py --local --game tally``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.core import GAMES, IllegalMove
from tables.errors import NoGame, TableError
from tables.extra import load_extra_games
from tables.models import GameInfo, TurnResult
from tables.service import Tables, open_tables

LOCAL_GUILD = 0
LOCAL_CHANNEL = 1
USER_BASE = 1000  # the local user of the i-th player is USER_BASE + i
DEFAULT_DB = "data/local.sqlite3"
HELP = __doc__.split("::", 1)[1].split("With ``--strict``", 1)[0].rstrip()


class Refused(Exception):
    """A line the table did not accept; the message is shown (with its line number)."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bot.py --local", description="Play at the terminal.")
    p.add_argument("--db", default=os.environ.get("ALGAE_DB", DEFAULT_DB), help="SQLite file")
    p.add_argument("--game", help="game kind (default: the first installed game)")
    p.add_argument("--players", help="comma-separated names (default: alice,bob)")
    p.add_argument("--seed", type=int, help="seed of a new game")
    p.add_argument("--options", help="game options as a JSON object")
    p.add_argument("--strict", action="store_true", help="stop at the first refused line")
    p.add_argument("--new", action="store_true", help="abort the local game and start afresh")
    p.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="NAME[:LEVEL]",
        help="an AI player in a new game (level easy, normal or strong; default normal)",
    )
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the terminal table; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    import engine  # noqa: F401  (registers the product's games)

    # the product's games live in engine/ packages; test-only ones (devkit.toygame) do not
    real = [k for k, spec in GAMES.items() if spec.cls.__module__.startswith("engine.")]
    try:
        load_extra_games()
    except (ImportError, AttributeError) as exc:
        print(f"ALGAE_EXTRA_GAMES: {exc}", file=sys.stderr)
        return 2
    kind = args.game or ("algae" if "algae" in real else (real[0] if real else None))
    if kind is None:
        print(
            "No game is installed yet. Name one with --game KIND "
            f"(known: {', '.join(sorted(GAMES)) or 'none'}).",
            file=sys.stderr,
        )
        return 2
    if kind not in GAMES:
        print(f"Unknown game '{kind}' (known: {', '.join(sorted(GAMES))}).", file=sys.stderr)
        return 2
    try:
        options = json.loads(args.options) if args.options else None
    except json.JSONDecodeError as exc:
        print(f"--options is not JSON: {exc}", file=sys.stderr)
        return 2
    default = "alice" if args.ai else "alice,bob"
    players = [p.strip() for p in (args.players or default).split(",") if p.strip()]
    bad = [p for p in players if ":" in p or len(p) > 64]
    if bad or len({p.casefold() for p in players}) != len(players) or not players:
        print("--players needs distinct names without ':' (at most 64 characters)", file=sys.stderr)
        return 2
    table = Terminal(args, kind, players, options, sys.stdin, sys.stdout, sys.stderr)
    try:
        return asyncio.run(table.run())
    except KeyboardInterrupt:
        print("\n(interrupted; every move made so far is saved)", file=sys.stderr)
        return 130


@dataclass
class Terminal:
    args: argparse.Namespace
    kind: str
    players: list[str]
    options: dict[str, Any] | None
    stdin: TextIO
    out: TextIO
    err: TextIO

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    async def run(self) -> int:
        # hot-seat: one screen shows every seat, and --seed reproduces a game
        tables = await open_tables(self.args.db, raw_seeds=True)
        try:
            info = await self._open(tables)
            if info is None:
                return 2
            self.game_id = info.id
            self.users = {s.name.casefold(): s.user_id for s in info.seats}
            self.names = {s.user_id: s.name for s in info.seats}
            self.say(
                f"{info.title} #{info.id} in {self.args.db} — players: "
                f"{', '.join(s.name for s in info.seats)}. Type 'help' for the commands."
            )
            await self._run_ai(tables, info.id)
            await self._show_waiting(tables)
            return await self._loop(tables)
        finally:
            await tables.close()

    async def _open(self, tables: Tables) -> GameInfo | None:
        try:
            info: GameInfo | None = await tables.game_in(LOCAL_CHANNEL)
        except NoGame:
            info = None
        if info is not None and self.args.new:
            await tables.abort(LOCAL_CHANNEL, info.host_id, is_admin=True)
            self.say(f"(aborted the previous local game #{info.id})")
            info = None
        if info is not None and self.args.game and info.kind != self.kind:
            print(
                f"The local table has a {info.kind} game in progress (#{info.id}); "
                "add --new to abort it and start a new one.",
                file=self.err,
            )
            return None
        if info is None:
            try:
                info = await self._create(tables)
            except TableError as exc:
                print(f"cannot start the game: {exc}", file=self.err)
                return None
        elif self.args.players or self.args.seed is not None or self.args.options:
            self.say(f"(resuming game #{info.id}; --players/--seed/--options apply to new games)")
        if info.status == "lobby":
            await tables.start(LOCAL_CHANNEL, info.host_id, is_admin=True)
            info = await tables.game(info.id)
        await self._drain(tables)
        return info

    async def _create(self, tables: Tables) -> GameInfo:
        first, *rest = self.players
        spec = GAMES[self.kind]
        await tables.create(
            self.kind,
            LOCAL_GUILD,
            LOCAL_CHANNEL,
            USER_BASE,
            first,
            seats=min(
                max(len(self.players) + len(self.args.ai), spec.min_players), spec.max_players
            ),
            seed=self.args.seed,
            options=self.options,
        )
        for i, name in enumerate(rest, start=1):
            await tables.join(LOCAL_CHANNEL, USER_BASE + i, name)
        for item in self.args.ai:
            name, _, level = item.partition(":")
            await tables.add_ai(LOCAL_CHANNEL, USER_BASE, level or None, name=name.strip())
        return await tables.game_in(LOCAL_CHANNEL)

    async def _loop(self, tables: Tables) -> int:
        interactive = self.stdin.isatty()
        lines = _line_reader(self.stdin)
        number = 0
        while True:
            if interactive:
                print("> ", end="", file=self.out, flush=True)
            line = await lines.get()
            if not line:
                if interactive:
                    self.say()
                return 0
            number += 1
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                if await self._line(tables, text) == "quit":
                    return 0
            except (Refused, TableError, IllegalMove) as exc:
                reason = _reason(exc)
                if self.args.strict:
                    print(f"line {number}: {reason}", file=self.err, flush=True)
                    return 1
                self.say(f"refused: {reason}")

    async def _line(self, tables: Tables, text: str) -> str | None:
        who, colon, move = text.partition(":")
        if colon and who.strip().casefold() in self.users:
            await self._play(tables, who.strip(), move)
            return None
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            return "quit"
        if word == "help":
            self.say(HELP)
        elif word == "moves":
            await self._moves(tables, rest.strip())
        elif word == "board":
            await self._board(tables, rest.strip())
        elif word == "log":
            await self._log(tables)
        elif word == "status":
            await self._status(tables)
        elif colon:
            raise Refused(f"there is no player called '{who.strip()}' at this table")
        else:
            raise Refused(f"unknown command '{word}'; type 'help' (moves are 'name: move')")
        return None

    async def _play(self, tables: Tables, who: str, move: str) -> None:
        user = self.users[who.casefold()]
        result = await tables.play(LOCAL_CHANNEL, user, move, game_id=self.game_id)
        for line in result.events:
            self.say(f"  {line}")
        await self._run_ai(tables, self.game_id)
        self._announce(result if result.over else await self._latest(tables, result))

    async def _run_ai(self, tables: Tables, game_id: int) -> None:
        """The AI seats play until a person must act (each decided in a worker process)."""

        async def shown(result: TurnResult) -> None:
            for line in result.events:
                self.say(f"  {line}")

        await tables.run_ai(game_id, on_result=shown)
        await self._drain(tables)

    async def _latest(self, tables: Tables, result: TurnResult) -> TurnResult:
        """After AI moves: who is to act now (the last AI move's result), else ``result``."""
        status = await tables.status(None, game_id=self.game_id)
        if status.info.version == result.version:
            return result
        from dataclasses import replace

        return replace(result, to_act=status.to_act, over=status.over, scores=status.scores)

    def _announce(self, result: TurnResult) -> None:
        if result.over:
            self.say("The game is over.")
            for s in sorted(result.scores, key=lambda s: (s.rank, s.seat)):
                self.say(f"  {s.rank}. {s.player}: {s.vp} VP")
        else:
            self.say(f"waiting for: {result.waiting_text}")

    async def _show_waiting(self, tables: Tables) -> None:
        status = await tables.status(None, game_id=self.game_id)
        if status.over:
            self.say("The game is over.")
        else:
            self.say("waiting for: " + ", ".join(f"{t.name} ({t.prompt})" for t in status.to_act))

    async def _moves(self, tables: Tables, who: str) -> None:
        if who:
            if who.casefold() not in self.users:
                raise Refused(f"there is no player called '{who}' at this table")
            users = [self.users[who.casefold()]]
        else:
            users = list(dict.fromkeys(self.users.values()))
        _, game = await tables.load(None, game_id=self.game_id)
        if game.over:
            raise Refused("the game is over")
        shown = False
        for user in users:
            for d in await tables.decisions_for(None, user, game_id=self.game_id):
                shown = True
                self.say(f"{game.players[d.seat]} — {d.prompt}:")
                if hand := game.hand_line(d.seat):
                    self.say(f"  ({hand})")
                for o in d.options:
                    group = f"[{o.group}] " if o.group else ""
                    self.say(f"  {o.move:<24} {group}{o.label}")
        if not shown:
            self.say(f"{who or 'nobody'} has nothing to do now")

    async def _board(self, tables: Tables, who: str = "") -> None:
        """The public picture (the final one once the game is over), or with a name (or
        ``me``) that player's own board from their own view."""
        import imaging

        info = await tables.game(self.game_id)
        if who:
            user = await self._board_user(tables, who)
            seat = next(s.seat for s in info.seats if s.user_id == user)
            view = await tables.view(None, user, game_id=self.game_id, seat=seat)
            which, extra, tag = "player", {"seat": seat}, self.names[user].casefold()
        else:
            view = await tables.view(None, game_id=self.game_id)
            which = "final" if view.get("over") else "public"  # the standings once it ended
            extra, tag = {}, which
        try:
            png = imaging.render(info.kind, which, view, **extra)
        except Exception as exc:  # a drawing bug must not end the session
            self.say(f"(could not draw the board: {exc})")
            png = None
        if png is None:
            self.say(_summary(view))
            self.say("(no picture exists for this game yet)")
            return
        db = Path(self.args.db).resolve()  # one file per database, game and picture
        path = db.parent / f"{db.stem}-game{info.id}-{_file_word(tag)}.png"
        path.write_bytes(png)
        self.say(str(path))

    async def _board_user(self, tables: Tables, who: str) -> int:
        if who.casefold() != "me":
            if who.casefold() not in self.users:
                raise Refused(f"there is no player called '{who}' at this table")
            return self.users[who.casefold()]
        status = await tables.status(None, game_id=self.game_id)
        acting = list(dict.fromkeys(t.user_id for t in status.to_act))
        if len(acting) != 1:
            names = ", ".join(self.names[u] for u in self.names)
            raise Refused(f"'me' is the one player to act; say whose board: {names}")
        return acting[0]

    async def _log(self, tables: Tables) -> None:
        page, pages = 1, 1
        while page <= pages:
            result = await tables.log(None, game_id=self.game_id, page=page, per_page=100)
            for e in result.entries:
                what = "; ".join(e.events)
                self.say(f"{e.seq:>4}. {e.name}: {e.move}" + (f" — {what}" if what else ""))
            page, pages = page + 1, result.pages
        if not result.total:
            self.say("(no moves yet)")

    async def _status(self, tables: Tables) -> None:
        status = await tables.status(None, game_id=self.game_id)
        info = status.info
        parts = [f"{info.title} #{info.id}: {info.status}, move {info.version}"]
        if status.round is not None:
            parts.append(f"{status.round_name} {status.round}")
        if status.phase is not None:
            parts.append(status.phase)
        self.say(", ".join(parts))
        for t in status.to_act:
            self.say(f"  to act: {t.name} ({t.prompt})")
        for s in status.scores:
            self.say(f"  {s.player}: {s.vp} VP")

    async def _drain(self, tables: Tables) -> None:
        """The terminal prints results directly: mark the local posts as made."""
        for post in await tables.due_posts(100):
            if post.channel_id == LOCAL_CHANNEL:
                await tables.post_sent(post.id, None)


def _line_reader(stream: TextIO) -> asyncio.Queue[str]:
    """Lines of ``stream`` read by a daemon thread ("" at the end), so that a blocked
    ``readline`` never keeps the process alive after Ctrl-C."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()

    def pump() -> None:
        while True:
            try:
                line = stream.readline()
            except (OSError, ValueError):
                line = ""
            try:
                loop.call_soon_threadsafe(queue.put_nowait, line)
            except RuntimeError:  # the table has closed (quit): stop reading
                return
            if not line:
                return

    threading.Thread(target=pump, name="terminal-stdin", daemon=True).start()
    return queue


def _reason(exc: BaseException) -> str:
    if isinstance(exc, IllegalMove):
        return str(exc)  # the reason, with "(try: ...)" suggestions
    return str(exc)


def _file_word(text: str) -> str:
    """A player name made safe for a file name."""
    return "".join(c if c.isalnum() else "_" for c in text)[:40] or "player"


def _summary(view: dict[str, Any], limit: int = 20) -> str:
    """A plain-text summary of a public view (until the game has pictures)."""
    lines = []
    for key, value in list(view.items())[:limit]:
        text = json.dumps(value, separators=(", ", ": "), default=str)
        lines.append(f"  {key}: {text[:100]}{'…' if len(text) > 100 else ''}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
