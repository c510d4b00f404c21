-- The first schema: sessions, their seats, the move log and the results of finished games.
-- Each migration runs in one transaction (no VACUUM or journal_mode changes here).

-- AUTOINCREMENT so an id is never reused: old buttons carry the session id and must not reach a newer game.
CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id          TEXT    NOT NULL,
    options          TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    table_message_id INTEGER,
    lobby_message_id INTEGER,
    host_id          INTEGER,
    seed             INTEGER NOT NULL,
    state            TEXT,
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

CREATE TABLE seats (
    session_id    INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER,
    computer      TEXT,
    name          TEXT    NOT NULL,
    dm_channel_id INTEGER,
    dm_message_id INTEGER,
    dm_refused    INTEGER NOT NULL DEFAULT 0 CHECK (dm_refused IN (0, 1)),
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;

-- Append-only: rows are inserted by moves and never updated.
CREATE TABLE actions (
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;

CREATE TABLE results (
    session_id  INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    computer    TEXT,
    game_id     TEXT    NOT NULL,
    guild_id    INTEGER,
    score       INTEGER NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    finished_at REAL    NOT NULL,
    PRIMARY KEY (session_id, seat)
) WITHOUT ROWID;
