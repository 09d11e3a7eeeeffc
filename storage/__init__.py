"""Storage: the only place with SQL (DESIGN.md §4).

``storage.base`` defines the interface the table layer calls (``Store``) and the rows it
passes around; ``storage.sqlite`` is the embedded SQLite implementation, ``storage.postgres``
the PostgreSQL one for several processes (same tables, same SQL translated by
``storage.pg_sql``); ``storage.open.open_any`` opens either from a path or a URL.
"""

from storage.base import (
    LIVE_STATUSES,
    ChannelTaken,
    GameRow,
    LinkRow,
    MoveRow,
    NewGame,
    NewMove,
    NewPost,
    PostRow,
    SeatRow,
    Snapshot,
    Store,
    StoreError,
    VersionConflict,
)
from storage.sqlite import SqliteStore, open_store

__all__ = [
    "LIVE_STATUSES",
    "ChannelTaken",
    "GameRow",
    "LinkRow",
    "MoveRow",
    "NewGame",
    "NewMove",
    "NewPost",
    "PostRow",
    "SeatRow",
    "Snapshot",
    "SqliteStore",
    "Store",
    "StoreError",
    "VersionConflict",
    "open_store",
]
