"""Storage: the only place with SQL (DESIGN.md §4).

``storage.base`` defines the interface the table layer calls (``Store``) and the rows it
passes around; ``storage.sqlite`` is the embedded SQLite implementation. A PostgreSQL
backend would be a new module implementing the same ``Store`` protocol.
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
