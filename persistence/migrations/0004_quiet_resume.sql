-- What a restart needs to resume without noise (nothing re-edited, nobody mentioned twice):
-- the server's name as DMs show it (drawn before the guild data arrives), the last "your move"
-- mention and whom it named, a mark of the session as its messages last showed it, and a digest
-- of what each table and DM message shows, so that only messages whose picture changed are edited.

ALTER TABLE sessions ADD COLUMN place TEXT;
ALTER TABLE sessions ADD COLUMN ping_message_id INTEGER;
ALTER TABLE sessions ADD COLUMN pinged TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN shown_mark TEXT NOT NULL DEFAULT '';

CREATE TABLE shown (
    message_id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    digest     TEXT    NOT NULL
);

CREATE INDEX shown_by_session ON shown (session_id);
