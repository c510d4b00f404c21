-- Indexes for the questions the bot asks often: running games at start-up and per server (/games),
-- one player's stats (/stats) and the leaderboards per game and server (/leaderboard).

CREATE INDEX sessions_by_status_guild ON sessions (status, guild_id);
CREATE INDEX results_by_user_game ON results (user_id, game_id);
CREATE INDEX results_by_game_guild ON results (game_id, guild_id);
