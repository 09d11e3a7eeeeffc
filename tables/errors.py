"""Errors of the table layer. Each carries a message fit to show the user as is.

``engine.IllegalMove`` (an illegal or garbled move, with ``reason`` and ``suggestions``) is
not wrapped: it passes through the table layer unchanged.
"""

from __future__ import annotations


class TableError(ValueError):
    """Base: ``str(err)`` / ``err.message`` is the user-facing text."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoGame(TableError):
    """No such game, or no live game in that channel."""


class NotSeated(TableError):
    """The user holds no seat (or not the seat asked for) in this game."""


class NotYourTurn(TableError):
    """The user's seats have no open decision now."""


class NotHost(TableError):
    """Only the host (or a server admin) may do that."""


class StaleDecision(TableError):
    """The menu/button was built for an older decision: "this menu is out of date"."""


class ForeignControl(TableError):
    """A button or menu used outside the channel of the game it names (forged or moved)."""


class ChannelBusy(TableError):
    """The channel already has a live game."""


class GameOver(TableError):
    """The game has finished or was aborted."""


class LobbyError(TableError):
    """A lobby rule was broken: full, already joined, too few players, bad options ..."""


class BrokenGame(TableError):
    """The game's log does not replay; it is frozen until a host aborts it."""


class MoveFailed(TableError):
    """The engine failed on a move it had accepted (a bug); nothing was saved."""


class SeatNeeded(TableError):
    """The user holds several seats that could act (hot-seat): the call must pass ``seat``."""


def check_host(host_id: int, user_id: int | None, is_admin: bool) -> None:
    """The host of a game, or a server admin (Manage Channels), may manage it."""
    if user_id != host_id and not is_admin:
        raise NotHost("only the host of this game (or a server admin) can do that")
