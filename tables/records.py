"""Game records: /export writes one, /import rebuilds a game from one.

A record is JSON: ``{"format", "format_version", "kind", "players", "seed", "options",
"moves": [[seat, move], ...]}`` plus informational fields (title, game id, status, how many
moves were taken back). ``moves`` holds the live line only: undone moves are left out, so
the record replays to exactly the game as it stands (the full log with undos stays in the
bot's database and /log).

Export is refused while a game is active: the record carries the seed, and the seed with
the moves tells every future draw, which is hidden information. Finished, aborted and broken
games export (a broken game's record is how a host gets it repaired).

Import: in a channel without a live game; at most 1 MB and ``MAX_RECORD_MOVES`` moves;
replayed fully off the event loop; a record that does not replay is refused with the move
number and the reason. The importer becomes host and holds every seat (a hot-seat game)
until they hand seats to others with /game replace: the names in a file are only names. The
record's seed goes on with the game (its moves replay only with it), so an imported game that
is still being played says so: whoever has the file can work out its hidden cards and draws.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from engine.core import GAMES, Game, GameSpec, IllegalMove, new_game
from storage.base import ChannelTaken, NewGame, NewMove, NewPost
from tables import announce
from tables.errors import ChannelBusy, NoGame, TableError
from tables.models import GameInfo, TurnResult
from tables.results import resigned_standings
from tables.text import clean_name, clean_options, shown

if TYPE_CHECKING:
    from storage.base import GameRow
    from tables.access import GameAccess

FORMAT = "euro-games-record"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 1_000_000
MAX_RECORD_MOVES = 20_000


class RecordError(TableError):
    """A record that is not one, or does not replay."""


def parse_record(raw: bytes | str) -> dict[str, Any]:
    """The record in ``raw`` checked for shape and bounds (not yet replayed)."""
    data = _record_object(raw)
    kind = data.get("kind")
    spec = GAMES.get(kind) if isinstance(kind, str) else None
    if spec is None:
        raise RecordError(f"unknown game {shown(kind)!r}")
    names = _player_names(data.get("players"), spec)
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise RecordError("the seed must be a non-negative whole number")
    try:
        options = clean_options(data.get("options") or {})
    except TableError as exc:
        raise RecordError(exc.message) from exc
    except RecursionError as exc:
        raise RecordError("the options are nested too deeply") from exc
    moves = _record_moves(data.get("moves"))
    return {
        "kind": kind,
        "players": names,
        "seed": seed,
        "options": options,
        "moves": moves,
        "ended": data.get("status") == "finished",
        "resigned": _resigned_seats(data.get("resigned"), len(names)),
    }


def _resigned_seats(resigned: Any, seats: int) -> list[int]:
    """The seats a finished game's record says resigned (issue 12 item 7)."""
    resigned = resigned or []
    if not isinstance(resigned, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x < seats for x in resigned
    ):
        raise RecordError("'resigned' must list seat numbers of the game")
    return sorted(set(resigned))


def _record_object(raw: bytes | str) -> dict[str, Any]:
    """The JSON object of a record file of this bot (size and shape checked)."""
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"the file is too big (at most {MAX_RECORD_BYTES // 1000} kB)")
    try:
        data = json.loads(raw)
    except RecursionError as exc:  # brackets nested past the parser's depth
        raise RecordError("the file is nested too deeply to be a game record") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise RecordError(f"the file is not JSON ({str(exc)[:80]})") from exc
    if not isinstance(data, dict):
        raise RecordError("the file is not a game record (a JSON object is expected)")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError("the file is not a game record of this bot")
    return data


def _player_names(players: Any, spec: GameSpec) -> list[str]:
    """The record's player names: as many as the game seats, clean and distinct."""
    if not isinstance(players, list) or not spec.min_players <= len(players) <= spec.max_players:
        raise RecordError(f"{spec.title} takes {spec.min_players} to {spec.max_players} players")
    try:
        names = [clean_name(p) for p in players]
    except TableError as exc:
        raise RecordError(f"bad player name: {exc.message}") from exc
    if len({n.casefold() for n in names}) != len(names):
        raise RecordError("two players have the same name")
    return names


def _record_moves(moves: Any) -> list[list[Any]]:
    """The record's moves as ``[seat, move]`` pairs (at most ``MAX_RECORD_MOVES``)."""
    if not isinstance(moves, list) or len(moves) > MAX_RECORD_MOVES:
        raise RecordError(f"'moves' must be a list of at most {MAX_RECORD_MOVES} moves")
    clean: list[list[Any]] = []
    for number, item in enumerate(moves, start=1):
        ok = isinstance(item, list) and len(item) == 2
        seat, move = item if ok else (None, None)
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(move, str):
            raise RecordError(f'move {number}: expected [seat, "move"]')
        clean.append([seat, move])
    return clean


def replay_with_events(record: dict[str, Any]) -> tuple[Game, list[list[str]]]:
    """Replay a record, keeping each move's log lines; RecordError names the failing move."""
    try:
        game = new_game(
            record["kind"], record["players"], seed=record["seed"], options=record["options"]
        )
    except Exception as exc:
        raise RecordError(f"the game cannot start: {str(exc)[:200]}") from exc
    lines: list[list[str]] = []
    for number, (seat, move) in enumerate(record["moves"], start=1):
        try:
            events = game.play(seat, move)
        except IllegalMove as exc:
            raise RecordError(f"move {number} ({move[:60]!r}): {exc.reason[:300]}") from exc
        except Exception as exc:  # an engine bug: still name the move
            raise RecordError(f"move {number} ({move[:60]!r}): the game failed on it") from exc
        lines.append([e.text for e in events])
    return game, lines


class Records:
    """Game records: /export writes one, /import rebuilds a game from one."""

    def __init__(self, games: GameAccess) -> None:
        self.games = games

    async def export_record(
        self,
        channel_id: int | None,
        *,
        game_id: int | None = None,
        user_id: int | None = None,
        admin: bool = False,
    ) -> tuple[GameInfo, dict[str, Any]]:
        """The record of a game: by id, else the channel's live game, else its last one. A
        broken game is not over, so its record (with the seed) goes only to its host or an
        admin (``user_id``/``admin``; None: the caller is trusted, e.g. the terminal)."""
        if game_id is None and channel_id is not None:
            row = await self.games.store.find_game(
                channel_id
            ) or await self.games.store.last_game_in(channel_id)
            if row is None:
                raise NoGame("there is no game in this channel")
        else:
            row = await self.games.row(channel_id, game_id)
            await self._seen_here(row, channel_id, user_id)
        if row.status == "lobby" or row.players is None:
            raise RecordError("the game has not started: there is nothing to export yet")
        if row.status == "active":
            raise RecordError(
                "an active game is not exported: its record holds the seed, which tells every "
                "hidden draw to come; export it when it has ended"
            )
        if row.status == "broken" and user_id not in (None, row.host_id) and not admin:
            raise RecordError(
                "this game broke before it ended, so its record (which holds the seed, and with "
                "it every hidden draw to come) goes only to its host or a server admin, to have "
                "it repaired"
            )
        line = await self.games.log_line(row.id)
        live = line.live()
        info = self.games.info(row)
        record = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "kind": row.kind,
            "title": info.title,
            "game_id": row.id,
            "status": row.status,
            "players": list(row.players),
            "seed": row.seed,
            "options": dict(row.options),
            "moves": [[m.seat, m.move] for m in live],
            "undone_moves": len(line.moves) - len(live),
            "resigned": await self._resigned_seats(row),
        }
        return info, record

    async def _resigned_seats(self, row: GameRow) -> list[int]:
        """The seats that resigned a finished game (its record says so, issue 12 item 7):
        the results say so of the seats' last holders, and a seat resigned to an AI player
        earlier is in the handovers (issue 10)."""
        handed = await self.games.store.handovers(row.id)
        seats: set[int] = set(handed)
        for user in {s.user_id for s in row.seats} | {u for u, _ in handed.values()}:
            seats |= {
                r.seat
                for r in await self.games.store.results_of(user)
                if r.game_id == row.id and r.resigned
            }
        return sorted(seats)

    async def _seen_here(self, row: GameRow, channel_id: int | None, user_id: int | None) -> None:
        """A game asked for by number exports only where it is seen: its own channel or one
        of its spectator channels (a private channel's game stays there)."""
        if user_id is None or channel_id is None:
            return
        if channel_id not in await self.games.seen_in(row):
            raise RecordError(
                f"game #{row.id} was played in another channel: export it from there (or from "
                "one of its spectator channels)"
            )

    async def import_record(
        self,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        user_name: str,
        raw: bytes | str,
    ) -> TurnResult:
        """Rebuild a game from a record in a channel without a live game (see the module
        docstring); the importer holds every seat. Raises RecordError or ChannelBusy."""
        name = clean_name(user_name)
        if await self.games.store.find_game(channel_id) is not None:
            raise ChannelBusy("this channel already has a game; import into another channel")
        record = parse_record(raw)
        game, lines = await asyncio.to_thread(replay_with_events, record)
        spec = GAMES[record["kind"]]
        now = self.games.clock()
        count = len(record["moves"])
        moves = [
            NewMove(seat, user_id, move, events)
            for (seat, move), events in zip(game.moves, lines, strict=True)
        ]
        # a game that ended by resignation ends again: it is not imported as active
        ended = game.over or bool(record.get("ended") and record.get("resigned"))
        waiting = {} if ended else {d.seat: now for d in game.pending()}
        new = NewGame(
            kind=record["kind"],
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=user_id,
            host_name=name,
            seed=record["seed"],
            options=record["options"],
            hotseat=True,
            max_seats=len(record["players"]),
            status="active",
        )
        text = (
            f"{spec.title} imported by {name}: {count} moves replayed; "
            f"{name} holds every seat until the host hands them on with /game replace"
        )
        if not ended:  # the record's seed tells every hidden card and draw (module docstring)
            text += (
                ". Hidden cards and future draws are not secret here: anyone with the record "
                "can work them out"
            )
        row_stub = _stub(new, record["players"], user_id)
        acting = () if ended else announce.to_act(game, row_stub, waiting)
        scores = tuple(game.scores())
        if ended and not game.over:
            quitting = set(record["resigned"])
            scores = tuple(resigned_standings(list(scores), quitting))
            names = ", ".join(record["players"][s] for s in sorted(quitting))
            text += f"; it ended when {names} resigned"
        data = announce.payload(0, new.kind, count, [text], acting, ended, scores)
        if ended and not game.over:
            data["resigned"] = sorted(record["resigned"])
        snapshot = json.dumps(game.to_json(), separators=(",", ":"))
        posts = [NewPost("final" if ended else "start", data)]
        try:
            game_id, ids = await self.games.store.import_game(
                new,
                record["players"],
                moves,
                snapshot,
                status="finished" if ended else "active",
                waiting=waiting,
                posts=posts,
                now=now,
            )
        except ChannelTaken as exc:
            raise ChannelBusy("this channel already has a game") from exc
        self.games.keep(game_id, count, game)
        return TurnResult(
            game_id=game_id,
            channel_id=channel_id,
            kind=new.kind,
            version=count,
            events=(text,),
            to_act=acting,
            over=ended,
            scores=scores,
            posted=True,
            lines=(text,),
            post_ids=tuple(ids),
        )


def _stub(new: NewGame, players: list[str], user_id: int) -> Any:
    """Enough of a GameRow for ``announce.to_act`` before the game has an id."""
    from storage.base import GameRow, SeatRow

    return GameRow(
        id=0,
        kind=new.kind,
        guild_id=new.guild_id,
        channel_id=new.channel_id,
        status="active",
        host_id=user_id,
        seed=new.seed,
        options=new.options,
        hotseat=True,
        max_seats=len(players),
        players=players,
        version=0,
        waiting={},
        announced_seq=0,
        broken_reason=None,
        created_at=0.0,
        updated_at=0.0,
        started_at=None,
        ended_at=None,
        seats=tuple(SeatRow(i, user_id, n) for i, n in enumerate(players)),
    )
