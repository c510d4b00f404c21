-- What a game does without for lack of a server permission, as space-separated words (for
-- example "text" for tables without pictures, "channel" for a table without a thread of its own),
-- so a restart neither asks Discord again for what it refused nor tells the host twice.

ALTER TABLE sessions ADD COLUMN limits TEXT NOT NULL DEFAULT '';
