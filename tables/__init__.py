"""The table layer: between the front ends (Discord cogs, terminal) and the engine.

No discord.py here. Typical use::

    tables = await open_tables("data/bot.sqlite3")
    info = await tables.create("algae", guild_id, channel_id, host_id, "Ann")
    await tables.join(channel_id, user_id, "Bob")
    result = await tables.start(channel_id, host_id)          # TurnResult
    options = await tables.decisions_for(channel_id, user_id)  # list[Decision]
    result = await tables.play(channel_id, user_id, "draw", expected_version=options[0].version)
    for post in await tables.due_posts():                      # outbox: make the messages
        ...; await tables.post_sent(post.id, message_id)

See ``tables.service.Tables`` for every method and the service that owns it,
``tables.errors`` for the errors (all ``TableError``, a ``ValueError`` with a user-facing
message; engine ``IllegalMove`` passes through) and ``tables.models`` for the results.
"""

from tables.errors import (
    BrokenGame,
    ChannelBusy,
    GameOver,
    LobbyError,
    MoveFailed,
    NoGame,
    NotHost,
    NotSeated,
    NotYourTurn,
    SeatNeeded,
    StaleDecision,
    TableError,
)
from tables.models import (
    GameInfo,
    GameStatus,
    LogEntry,
    LogPage,
    Post,
    SeatInfo,
    ToAct,
    TurnResult,
)
from tables.service import Tables, open_tables
from tables.text import MAX_NAME_CHARS

__all__ = [
    "MAX_NAME_CHARS",
    "BrokenGame",
    "ChannelBusy",
    "GameInfo",
    "GameOver",
    "GameStatus",
    "LobbyError",
    "LogEntry",
    "LogPage",
    "MoveFailed",
    "NoGame",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "Post",
    "SeatInfo",
    "SeatNeeded",
    "StaleDecision",
    "TableError",
    "Tables",
    "ToAct",
    "TurnResult",
    "open_tables",
]
