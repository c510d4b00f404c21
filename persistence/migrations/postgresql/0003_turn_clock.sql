-- The turn clock, as 0003_turn_clock.sql in SQLite: the time per move chosen in the lobby (NULL: no
-- clock), each seat's running deadline with its reminder and timeout counts, and seats the computer
-- plays while their player is away.

ALTER TABLE sessions ADD COLUMN turn_seconds INTEGER CHECK (turn_seconds IS NULL OR turn_seconds > 0);

ALTER TABLE seats ADD COLUMN away SMALLINT NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

-- One row per seat that has had a clock: `deadline` NULL when the seat is not due to act.
CREATE TABLE turn_clocks (
    session_id BIGINT  NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    since_move INTEGER NOT NULL CHECK (since_move >= 0),
    started_at DOUBLE PRECISION,
    deadline   DOUBLE PRECISION,
    reminders  INTEGER NOT NULL DEFAULT 0 CHECK (reminders BETWEEN 0 AND 2),
    timeouts   INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    PRIMARY KEY (session_id, seat)
);
