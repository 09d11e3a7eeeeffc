"""The table layer: everything between a front end (Discord cog, terminal) and the engine.

``Tables`` is the one object a front end holds. It builds the services below over one
``GameAccess`` (tables/access.py: rows, engine objects, locks, the cache) and offers each
service's public methods under one name; the list in ``Tables.__init__`` says which service
owns which method, and each service's file says what it owns. It knows nothing of
discord.py; ids are ints (Discord snowflakes) and names are str. Every error it raises is a
``TableError`` with a message for the user, except ``engine.IllegalMove``, which passes
through unchanged (reason + suggestions).

Where: the methods take ``channel_id`` (the channel's live game: lobby, active or broken)
and an optional keyword ``game_id``. With ``game_id`` the game is looked up by id (also
finished ones); when both are given and the game is not the one of that channel, ``play``
answers ``StaleDecision`` (an old button); the readers use the game id alone.

Nothing is half-applied (tables/moves.py): a move is applied to a private copy of the
cached game, and only after the commit (tables/commit.py) succeeds does that copy replace
the cached object.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from storage.base import Store
from tables.access import CACHE_SIZE, LEASE, GameAccess
from tables.ai_seats import AiSeats
from tables.commit import Committer
from tables.controls import Controls
from tables.history import History
from tables.lobby import Lobby
from tables.menus import Menus
from tables.moves import Moves
from tables.prefs import Preferences
from tables.reads import Reads
from tables.records import Records
from tables.reminders import Reminders
from tables.results import Results
from tables.side import Outbox, Spectators
from tables.undo import Undo

__all__ = ["CACHE_SIZE", "LEASE", "Tables", "open_tables"]


class Tables:
    """The table layer over a ``Store``. All public methods are coroutines.

    ``clock`` returns unix seconds (a fake one makes tests deterministic).
    """

    # One line a service and one a public method: a list to read, not logic to split.
    def __init__(  # noqa: PLR0915
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = CACHE_SIZE,
        lease: float = LEASE,
        raw_seeds: bool = False,
    ) -> None:
        self.games = games = GameAccess(store, clock=clock, cache_size=cache_size, lease=lease)
        self.store = store
        self.clock = clock
        self.menus = menus = Menus()
        self.committer = committer = Committer(games)
        self.reads = reads = Reads(games)
        self.moves = moves = Moves(games, committer, menus)
        self.controls = controls = Controls(games, menus, moves)
        self.lobby = lobby = Lobby(games, committer, raw_seeds=raw_seeds)
        self.ai_seats = ai_seats = AiSeats(games, moves)
        self.history_views = history = History(games)
        self.spectators = spectators = Spectators(games)
        self.outbox = outbox = Outbox(games)
        self.preferences = prefs = Preferences(games)
        self.reminders = reminders = Reminders(games, committer, prefs)
        self.undos = undos = Undo(games)
        self.records = records = Records(games)
        self.results = results = Results(games, ai_seats)

        # ---- what a front end calls, by the service that owns it
        # reads.py: which game is where, views, decisions, the log, the status
        self.info = games.info
        self.game_in = reads.game_in
        self.game = reads.game
        self.list_games = reads.list_games
        self.load = reads.load
        self.decisions_for = reads.decisions_for
        self.view = reads.view
        self.log = reads.log
        self.status = reads.status
        self.log_line = games.log_line
        # moves.py and controls.py: moves, and clicks on the Play button and menus
        self.play = moves.play
        self.row_at = controls.row_at
        self.open_menu = controls.open_menu
        self.menu_decision = controls.menu_decision
        self.play_option = controls.play_option
        self.menu_of = menus.menu_of
        # lobby.py: lobbies and seats
        self.create = lobby.create
        self.join = lobby.join
        self.leave = lobby.leave
        self.kick = lobby.kick
        self.replace = lobby.replace
        self.start = lobby.start
        self.abort = lobby.abort
        # ai_seats.py: AI players
        self.add_ai = ai_seats.add_ai
        self.remove_ai = ai_seats.remove_ai
        self.seat_to_ai = ai_seats.seat_to_ai
        self.ai_seats_to_act = ai_seats.ai_seats_to_act
        self.run_ai = ai_seats.run_ai
        # history.py: boards at earlier moves, /history
        self.public_views = history.public_views
        self.post_board = history.post_board
        self.board_at = history.board_at
        self.history = history.history
        # side.py: spectator channels and the outbox of posts
        self.spectate_add = spectators.spectate_add
        self.spectate_remove = spectators.spectate_remove
        self.spectate_list = spectators.spectate_list
        self.due_posts = outbox.due_posts
        self.posts = outbox.posts
        self.games_with_due_posts = outbox.games_with_due_posts
        self.games_of_posts = outbox.games_of_posts
        self.next_posts = outbox.next_posts
        self.post_before = outbox.post_before
        self.post_sent = outbox.post_sent
        self.post_failed = outbox.post_failed
        self.prune_posts = outbox.prune_posts
        # prefs.py: preferences, settings, /mygames, the notice outbox
        self.prefs = prefs.prefs
        self.set_prefs = prefs.set_prefs
        self.set_vacation = prefs.set_vacation
        self.on_vacation = prefs.on_vacation
        self.user_settings = prefs.user_settings
        self.user_setting = prefs.user_setting
        self.set_user_setting = prefs.set_user_setting
        self.my_games = prefs.my_games
        self.due_notices = prefs.due_notices
        self.notice = prefs.notice
        self.notice_sent = prefs.notice_sent
        self.notice_failed = prefs.notice_failed
        self.turn_link = prefs.turn_link
        # reminders.py: turn timers
        self.timing = reminders.timing
        self.set_timing = reminders.set_timing
        self.run_timers = reminders.run_timers
        self.play_timeout = reminders.play_timeout
        # undo.py
        self.undo = undos.undo
        self.note_undo_message = undos.note_undo_message
        self.drop_undo_request = undos.drop_undo_request
        self.can_undo_turn = undos.can_undo_turn
        self.answer_undo = undos.answer_undo
        self.undo_request = undos.undo_request
        # records.py: /export and /import
        self.export_record = records.export_record
        self.import_record = records.import_record
        # results.py: /game resign and /stats
        self.resign = results.resign
        self.stats = results.stats

    @property
    def raw_seeds(self) -> bool:
        """True: lobby seeds are used as given (the terminal table; see ``Lobby.create``)."""
        return self.lobby.raw_seeds

    @raw_seeds.setter
    def raw_seeds(self, value: bool) -> None:
        self.lobby.raw_seeds = value

    async def close(self) -> None:
        await self.store.close()


async def open_tables(db_path: str | Path, **kwargs: Any) -> Tables:
    """Open the store at ``db_path`` (a SQLite file, or a ``postgresql://`` URL) and wrap
    it in ``Tables``."""
    from storage.open import open_any

    return Tables(await open_any(db_path), **kwargs)
