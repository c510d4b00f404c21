-- What a game does without for lack of a server permission, as 0005_limits.sql in SQLite.

ALTER TABLE sessions ADD COLUMN limits TEXT NOT NULL DEFAULT '';
