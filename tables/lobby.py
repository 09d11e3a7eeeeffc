"""Lobby operations: create, join, leave, start, abort, kick, replace."""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import TYPE_CHECKING

from engine.core import GAMES, new_game
from storage.base import (
    LIVE_STATUSES,
    ChannelTaken,
    NewGame,
    NewPost,
    SeatsChanged,
    StoreError,
    join_refusal,
)
from tables import announce
from tables.errors import (
    BrokenGame,
    ChannelBusy,
    GameOver,
    LobbyError,
    NotSeated,
    SeatNeeded,
    check_host,
)
from tables.models import GameInfo, TurnResult
from tables.text import clean_name, clean_options, shown

if TYPE_CHECKING:
    from storage.base import GameRow
    from tables.access import GameAccess
    from tables.commit import Committer


class Lobby:
    """Lobbies and seats: create, join, leave, kick, replace, start and abort a game."""

    def __init__(self, games: GameAccess, committer: Committer, *, raw_seeds: bool = False) -> None:
        self.games = games
        self.committer = committer  # keeps the start post's board for the first marks
        self.raw_seeds = raw_seeds  # True: lobby seeds are used as given (the terminal table)

    # where (guild, channel), who (host id, name), then the keyword-only game choices
    async def create(
        self,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        seats: int | None = None,
        seed: int | None = None,
        options: dict | None = None,
        hotseat: bool = False,
    ) -> GameInfo:
        """Open a lobby in a channel with the host in seat 0.

        ``seats`` caps the lobby (default: the game's maximum). ``hotseat`` lets one user
        hold several seats (each joined under its own name). ``seed`` defaults to a random
        one. The game's real seed mixes ``seed`` with this installation's secret, so the host
        who chose the number cannot compute hidden cards with ``new_game`` (the real seed is
        shown only in an ended game's record); a ``Tables`` made with ``raw_seeds=True`` keeps
        the number as it is (the terminal table, where one person sees every seat). Raises
        LobbyError (unknown game, bad seats/options) or ChannelBusy."""
        spec = GAMES.get(kind)
        if spec is None:
            known = ", ".join(sorted(GAMES)) or "none yet"
            raise LobbyError(f"there is no game called {shown(kind)!r} (known: {known})")
        name = clean_name(host_name)
        max_seats = spec.max_players if seats is None else seats
        if not isinstance(max_seats, int) or not 1 <= max_seats <= spec.max_players:
            raise LobbyError(f"{spec.title} takes at most {spec.max_players} players")
        if max_seats < spec.min_players:
            raise LobbyError(f"{spec.title} needs at least {spec.min_players} players")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise LobbyError("the seed must be a non-negative whole number")
        if not self.raw_seeds:
            seed = mix_seed(await self.games.store.install_secret(), seed)
        options = clean_options(options)
        latest = getattr(spec.cls, "RULES_LATEST", None)
        if isinstance(latest, int) and "rules" not in options:
            # the game names its rules version from the start, so its move log replays on
            # them whatever a later version changes (no stamping migration needed then)
            options["rules"] = latest
        new = NewGame(
            kind=kind,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=name,
            seed=seed,
            options=options,
            hotseat=bool(hotseat),
            max_seats=max_seats,
        )
        try:
            game_id = await self.games.store.create_game(new, self.games.clock())
        except ChannelTaken as exc:
            row = await self.games.store.find_game(channel_id)
            what = ""
            if row is not None:
                title = GAMES[row.kind].title if row.kind in GAMES else row.kind
                what = f" ({title}, {row.status})"
            raise ChannelBusy(
                f"this channel already has a game{what}; finish or abort it first, or use a thread"
            ) from exc
        return await self.games.info_of(game_id)

    async def join(
        self, channel_id: int, user_id: int, name: str, *, game_id: int | None = None
    ) -> GameInfo:
        """Take the next seat of the channel's lobby under ``name``.

        The checks and the insert hold the game's lock, so joins at once (a double click,
        several users for the last seat) each see the seats the one before left; the store
        checks again in its write, for a join of another process."""
        row = await lobby_row(self.games, channel_id, game_id)
        name = clean_name(name)
        async with self.games.lock(row.id):
            row = await lobby_row(self.games, None, row.id)
            seats = [(s.user_id, s.name) for s in row.seats]
            why = join_refusal(seats, row.hotseat, row.max_seats, user_id, name)
            if why is not None:
                raise LobbyError(why)
            try:
                await self.games.store.add_seat(row.id, user_id, name, self.games.clock())
            except StoreError as exc:
                raise LobbyError(str(exc)) from exc
        return await self.games.info_of(row.id)

    async def leave(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> GameInfo:
        """Give up your seat(s) in a lobby. A host who leaves hands the lobby to the next
        seat; the last one to leave closes it (status ``aborted``)."""
        row = await lobby_row(
            self.games, channel_id, game_id, started="ask the host to replace you"
        )
        if not any(s.user_id == user_id for s in row.seats):
            raise NotSeated("you are not in this game")
        now = self.games.clock()
        try:
            await self.games.store.remove_seats(row.id, user_id, now)
        except StoreError as exc:
            raise LobbyError(str(exc)) from exc
        rest = [s for s in row.seats if s.user_id != user_id]
        if not rest:
            await self.games.store.set_status(row.id, "aborted", now, only_from=("lobby",))
        elif row.host_id == user_id:
            await self.games.store.set_host(row.id, rest[0].user_id, now)
        return await self.games.info_of(row.id)

    async def kick(
        self,
        channel_id: int,
        actor_id: int,
        target_id: int,
        *,
        is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """The host (or an admin) removes someone from the lobby."""
        row = await lobby_row(self.games, channel_id, game_id, started="use replace instead")
        check_host(row.host_id, actor_id, is_admin)
        if target_id == row.host_id:
            raise LobbyError("the host cannot be kicked; the host can leave or abort")
        if not any(s.user_id == target_id for s in row.seats):
            raise NotSeated("that user is not in this game")
        try:
            await self.games.store.remove_seats(row.id, target_id, self.games.clock())
        except StoreError as exc:
            raise LobbyError(str(exc)) from exc
        return await self.games.info_of(row.id)

    async def replace(
        self,
        channel_id: int,
        actor_id: int,
        old_id: int,
        new_id: int,
        new_name: str,
        *,
        is_admin: bool = False,
        seat: int | None = None,
        game_id: int | None = None,
    ) -> GameInfo:
        """The host (or an admin) hands a seat to another user, also mid-game. The engine
        keeps its seat names; the new display name is used in announcements."""
        row = await self.games.row(channel_id, game_id)
        if row.status not in ("lobby", "active"):
            raise GameOver(f"this game is {row.status}")
        check_host(row.host_id, actor_id, is_admin)
        name = clean_name(new_name)
        held = [s.seat for s in row.seats if s.user_id == old_id]
        seat = held_seat(row, old_id, seat, "that user")
        if new_id != old_id and any(s.user_id == new_id for s in row.seats) and not row.hotseat:
            raise LobbyError("the new player already has a seat in this game")
        if any(s.name.casefold() == name.casefold() and s.seat != seat for s in row.seats):
            raise LobbyError(f"the name '{name}' is taken in this game")
        now = self.games.clock()
        try:
            await self.games.store.replace_seat(row.id, seat, new_id, name, now)
        except StoreError as exc:
            raise LobbyError(str(exc)) from exc
        if row.host_id == old_id and len(held) == 1:
            await self.games.store.set_host(row.id, new_id, now)
        return await self.games.info_of(row.id)

    async def start(
        self, channel_id: int, user_id: int, *, is_admin: bool = False, game_id: int | None = None
    ) -> TurnResult:
        """The host starts the lobby: seats in join order, first decisions opened, a
        "start" post queued for the channel and its spectator links. Holding the game's
        lock, so a join (or a second Start) of this process waits; the store refuses seats
        that changed meanwhile in another process."""
        row = await lobby_row(self.games, channel_id, game_id)
        async with self.games.lock(row.id):
            row = await lobby_row(self.games, None, row.id)
            check_host(row.host_id, user_id, is_admin)
            return await self._start(row)

    async def _start(self, row: GameRow) -> TurnResult:
        spec = GAMES[row.kind]
        if len(row.seats) < spec.min_players:
            raise LobbyError(
                f"{spec.title} needs at least {spec.min_players} players; "
                f"{len(row.seats)} joined so far"
            )
        players = [s.name for s in row.seats]
        try:
            game = new_game(row.kind, players, seed=row.seed, options=row.options)
        except ValueError as exc:
            raise LobbyError(f"the game cannot start: {exc}") from exc
        now = self.games.clock()
        pending = game.pending()
        waiting = {d.seat: now for d in pending}
        acting = announce.to_act(game, row, waiting)
        lines = [f"{spec.title} begins: {', '.join(players)}", *game.start_notes()]
        scores = tuple(game.scores())
        data = announce.payload(row.id, row.kind, 0, lines, acting, game.over, scores)
        snapshot = json.dumps(game.to_json(), separators=(",", ":"))
        try:
            ids = await self.games.store.start_game(
                row.id, players, snapshot, waiting, [NewPost("start", data)], now
            )
        except SeatsChanged as exc:
            raise LobbyError(
                "someone joined or left as the game was starting; look at the seats and "
                "start it again"
            ) from exc
        except StoreError as exc:
            raise LobbyError("the game has already started") from exc
        self.games.keep(row.id, 0, game)
        # the start post's board: what the first turn post marks its changes against (a
        # simultaneous first step posts only once everyone is done, after the cache moved on)
        self.committer.remember_announced(row.id, 0, game.view(None))
        return TurnResult(
            game_id=row.id,
            channel_id=row.channel_id,
            kind=row.kind,
            version=0,
            events=tuple(lines),
            to_act=acting,
            over=game.over,
            scores=scores,
            posted=True,
            lines=tuple(lines),
            post_ids=tuple(ids),
        )

    async def abort(
        self,
        channel_id: int | None,
        user_id: int,
        *,
        is_admin: bool = False,
        game_id: int | None = None,
    ) -> GameInfo:
        """The host (or an admin) ends a lobby, an active or a broken game for good."""
        row = await self.games.row(channel_id, game_id)
        if row.status not in LIVE_STATUSES:
            raise GameOver(f"this game is already {row.status}")
        check_host(row.host_id, user_id, is_admin)
        await self.games.store.set_status(
            row.id, "aborted", self.games.clock(), only_from=LIVE_STATUSES
        )
        self.games.evict(row.id)
        return await self.games.info_of(row.id)


async def lobby_row(
    games: GameAccess, channel_id: int | None, game_id: int | None, *, started: str = ""
) -> GameRow:
    """The game's row while it is a lobby; else why not (``started``: a hint once it started)."""
    row = await games.row(channel_id, game_id)
    if row.status == "broken":
        raise BrokenGame(f"game #{row.id} is broken; the host can abort it")
    if row.status != "lobby":
        if row.status == "active":
            hint = f"; {started}" if started else ""
            raise LobbyError(f"the game has already started{hint}")
        raise GameOver(f"this game is {row.status}")
    return row


def mix_seed(secret: bytes, seed: int) -> int:
    """The game seed for a chosen ``seed``: a keyed hash with the install secret, so the chosen
    number says nothing about the game without the secret (issue 9, hidden information)."""
    digest = hashlib.blake2b(str(seed).encode(), key=secret[:64], digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1  # below 2**63, as the games table wants


def held_seat(row: GameRow, user_id: int, seat: int | None, who: str) -> int:
    """The seat (an index) of ``user_id`` that ``seat`` names, or their only one; refusals
    number seats from 1, as players do. ``who``: how the refusal names the user."""
    held = [s.seat for s in row.seats if s.user_id == user_id]
    if seat is not None:
        if seat not in held:
            raise NotSeated(f"{who} does not hold seat {seat + 1}")
        return seat
    if not held:
        raise NotSeated(f"{who} is not in this game")
    if len(held) > 1:
        numbers = ", ".join(str(s + 1) for s in held)
        raise SeatNeeded(f"{who} holds several seats ({numbers}); say which seat")
    return held[0]
