"""Numbered schema migrations, applied in order at start (``SqliteStore.open``).

Each entry is ``(number, name, sql)``. Never edit an applied migration's SQL: add a new one
(``mars_stays`` writes each of its migrations' SQL exactly as it was first applied).
The applied numbers are kept in ``schema_migrations``; applying is idempotent.
"""

from __future__ import annotations


def mars_stays(number: int, rules: int, since: int) -> tuple[int, str, str]:
    """The migration that keeps every On Mars game started so far on ``rules``: On Mars rules
    ``rules + 1`` (issue 9) changed the engine, and the games started since migration ``since``
    name no rules, so their move logs must still replay on the old ones."""
    return (
        number,
        f"On Mars games started so far stay on rules {rules}",
        f"\n-- On Mars rules {rules + 1} (issue 9) changed the engine: every game started since "
        f"migration {since} without a\n-- rules option began on rules {rules} and keeps it, so its "
        "move log still replays on those rules\n"
        f"UPDATE games SET options = json_set(options, '$.rules', {rules})\n"
        " WHERE kind = 'mars' AND status != 'lobby'"
        " AND json_extract(options, '$.rules') IS NULL;\n",
    )


MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "initial schema",
        """
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'active', 'finished', 'aborted', 'broken')),
    host_id       INTEGER NOT NULL,
    seed          INTEGER NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    hotseat       INTEGER NOT NULL DEFAULT 0,
    max_seats     INTEGER NOT NULL,
    players       TEXT,               -- engine seat names (JSON list), fixed at start
    version       INTEGER NOT NULL DEFAULT 0,   -- accepted moves
    snapshot      TEXT,               -- Game.to_json(), a cache of the move log
    waiting       TEXT    NOT NULL DEFAULT '{}', -- {seat: unix time its decision opened}
    announced_seq INTEGER NOT NULL DEFAULT 0,    -- last move whose events were posted
    broken_reason TEXT,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    started_at    REAL,
    ended_at      REAL
);
-- one live game per channel or thread
CREATE UNIQUE INDEX games_live_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active', 'broken');
CREATE INDEX games_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,          -- 1, 2, 3 ... equals games.version after it
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    move     TEXT    NOT NULL,
    events   TEXT    NOT NULL DEFAULT '[]',
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE links (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX links_channel ON links (channel_id);

CREATE TABLE user_settings (
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    due_at     REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at    REAL,
    message_id INTEGER,
    dead       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due_at) WHERE sent_at IS NULL AND dead = 0;
""",
    ),
    (
        2,
        "turn timers, game timing and notices",
        """
-- per-game timing chosen by the host (no row: reminders every 24 h, no time limit)
CREATE TABLE game_timing (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    remind_hours REAL,                  -- NULL: no reminders
    limit_hours  REAL,                  -- NULL: no turn time limit
    on_timeout   TEXT NOT NULL DEFAULT 'remind'
                 CHECK (on_timeout IN ('remind', 'default', 'host')),
    updated_at   REAL NOT NULL
);

-- one row per seat with an open decision: due times computed from when it opened
CREATE TABLE turn_timers (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,       -- the holder the times were computed for
    opened_at   REAL    NOT NULL,       -- games.waiting[seat] of that decision
    remind_at   REAL,                   -- next reminder due; NULL: none
    reminders   INTEGER NOT NULL DEFAULT 0,
    deadline_at REAL,                   -- turn time limit; NULL: none or acted on
    timed_out   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX turn_timers_remind ON turn_timers (remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX turn_timers_deadline ON turn_timers (deadline_at) WHERE deadline_at IS NOT NULL;

-- messages that are not turn posts (reminders, time-outs, DMs): a second outbox
CREATE TABLE notices (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL DEFAULT 0,
    channel_id INTEGER,                 -- NULL: a direct message to user_id
    kind       TEXT    NOT NULL,
    payload    TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    due_at     REAL    NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at    REAL,
    message_id INTEGER,
    dead       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX notices_due ON notices (due_at) WHERE sent_at IS NULL AND dead = 0;
""",
    ),
    (
        3,
        "history: undos, undo requests, results",
        """
-- an undo takes a log position of its own (games.version counts moves and undos);
-- ``undone`` lists the seq of the moves it took back (they stay in ``moves``)
CREATE TABLE undos (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    undone     TEXT    NOT NULL,
    line       TEXT    NOT NULL,
    request_id INTEGER,
    at         REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE undo_requests (
    id           INTEGER PRIMARY KEY,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    requester_id INTEGER NOT NULL,
    at_version   INTEGER NOT NULL,   -- games.version when asked; a later change cancels it
    count        INTEGER NOT NULL,
    approvers    TEXT    NOT NULL,   -- JSON {user_id: null | true | false}
    status       TEXT    NOT NULL DEFAULT 'open'
                 CHECK (status IN ('open', 'applied', 'refused', 'cancelled')),
    created_at   REAL    NOT NULL,
    decided_at   REAL
);
CREATE INDEX undo_requests_open ON undo_requests (game_id) WHERE status = 'open';

-- final standing per seat of a finished game (for /stats)
CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    kind     TEXT    NOT NULL,
    rank     INTEGER NOT NULL,
    vp       INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    resigned INTEGER NOT NULL DEFAULT 0,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_user ON results (user_id, kind);
""",
    ),
    (
        5,
        "seats handed to an AI player when their holder resigned (issue 10)",
        """
-- who held a seat before resigning it to an AI: ranked last in the results
CREATE TABLE handovers (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX handovers_user ON handovers (user_id);

-- a turn time limit may also hand the overdue turn to an AI ('ai'): the CHECK is rebuilt
CREATE TABLE game_timing_new (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    remind_hours REAL,
    limit_hours  REAL,
    on_timeout   TEXT NOT NULL DEFAULT 'remind'
                 CHECK (on_timeout IN ('remind', 'default', 'host', 'ai')),
    updated_at   REAL NOT NULL
);
INSERT INTO game_timing_new SELECT game_id, remind_hours, limit_hours, on_timeout, updated_at
    FROM game_timing;
DROP TABLE game_timing;
ALTER TABLE game_timing_new RENAME TO game_timing;
""",
    ),
    (
        7,
        "install secret for seeds; On Mars games started so far stay on rules 1",
        """
-- one random secret per installation, mixed into every seed a lobby is given (tables/lobby.py)
-- so that nobody can compute a game's hidden cards from the seed they chose
CREATE TABLE install_secret (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    secret  TEXT    NOT NULL  -- 32 random bytes, hex
);
INSERT INTO install_secret (id, secret) VALUES (1, lower(hex(randomblob(32))));

-- On Mars rules 2 (issue 9) changed the engine: every game already started keeps rules 1
-- (engine/mars/data.py RULES_LATEST), so its move log still replays on the rules it began on
UPDATE games SET options = json_set(options, '$.rules', 1)
 WHERE kind = 'mars' AND status != 'lobby' AND json_extract(options, '$.rules') IS NULL;
""",
    ),
    (
        8,
        "undo requests remember their public message",
        """
-- the message that asks for consent: when a move cancels the request, its buttons go
ALTER TABLE undo_requests ADD COLUMN channel_id INTEGER;
ALTER TABLE undo_requests ADD COLUMN message_id INTEGER;
""",
    ),
    mars_stays(9, rules=2, since=7),
    mars_stays(10, rules=3, since=9),
    mars_stays(11, rules=4, since=10),
    mars_stays(12, rules=5, since=11),
    (
        13,
        "Algae games started so far stay on the rules their snapshot names",
        """
-- Algae rules 3 (issue 11) changed the engine; an Algae game's options never named its rules,
-- so a replay of its move log (undo, /history, the log) would have used the newest. Its
-- snapshot does: version 2 games carry state.rules, version 1 snapshots have none
UPDATE games SET options = json_set(
        options, '$.rules', coalesce(json_extract(snapshot, '$.state.rules'), 1))
 WHERE kind = 'algae' AND status != 'lobby' AND json_extract(options, '$.rules') IS NULL;
""",
    ),
    mars_stays(14, rules=6, since=12),
    mars_stays(15, rules=7, since=14),
    mars_stays(16, rules=8, since=15),
    mars_stays(17, rules=9, since=16),
    mars_stays(18, rules=10, since=17),
    mars_stays(19, rules=11, since=18),
    mars_stays(20, rules=12, since=19),
]
