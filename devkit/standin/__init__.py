"""A local Discord stand-in for end-to-end tests: REST routes and gateway on 127.0.0.1.

``StandIn`` is the server plus a client API (users, slash commands, clicks, waiting for
posts); ``BotProcess`` runs ``python bot.py`` against it as it is deployed.
"""

from devkit.standin.botproc import BotProcess
from devkit.standin.driver import StandIn
from devkit.standin.records import TURN_HEAD, Call, Interaction, Message, is_turn_post

__all__ = [
    "TURN_HEAD",
    "BotProcess",
    "Call",
    "Interaction",
    "Message",
    "StandIn",
    "is_turn_post",
]
