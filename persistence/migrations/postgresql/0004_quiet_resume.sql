-- What a restart needs to resume without noise, as 0004_quiet_resume.sql in SQLite: the server's
-- name, the last "your move" mention and whom it named, the session's mark as its messages last
-- showed it, and a digest of what each table and DM message shows.

ALTER TABLE sessions ADD COLUMN place TEXT;
ALTER TABLE sessions ADD COLUMN ping_message_id BIGINT;
ALTER TABLE sessions ADD COLUMN pinged TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN shown_mark TEXT NOT NULL DEFAULT '';

CREATE TABLE shown (
    message_id BIGINT PRIMARY KEY,
    session_id BIGINT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    digest     TEXT   NOT NULL
);

CREATE INDEX shown_by_session ON shown (session_id);
