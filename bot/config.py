"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.shards import Shards


class Settings(BaseSettings):
    # An empty line (`DEV_GUILD_ID=` as .env.example has it) means "not set", not an empty value.
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = Field(default=None, description="The bot token from the Developer Portal.")
    database_path: Path = Field(default=Path("./haunted-table.db"), description="The SQLite file.")
    #: Which database: unset or `sqlite:///path` keeps the SQLite file (DATABASE_PATH when unset);
    #: `postgresql://user:password@host/db` is the store several shard processes share.
    database_url: str | None = None
    log_level: str = "INFO"
    #: Guild to sync slash commands to at start (instant); unset = global sync (may take up to an hour).
    dev_guild_id: int | None = None
    #: SQLite durability: NORMAL survives a process crash (WAL); FULL also a power cut. See docs/operations.md.
    sqlite_synchronous: Literal["NORMAL", "FULL"] = "NORMAL"
    #: Seconds a computer seat waits before moving, so people can follow it on the table.
    computer_delay: float = 1.5
    #: Seconds between two edits of one table message (bursts of moves are coalesced).
    table_edit_interval: float = 1.0
    #: Seconds a player may take to answer their turn before the "your move" mention is sent (a player
    #: already at the table, answering at once, is not notified of every move); 0: mention at once.
    mention_after: float = 10.0
    #: Several shard processes (bot/shards.py; they need DATABASE_URL=postgresql://...): the total
    #: shard count, and this process's shard ids ("0,1"; empty: all of them). Unset: one unsharded process.
    shard_count: int | None = None
    shard_ids: str = ""
    #: Whether tables and hands carry a drawn picture (PNG) under their text; off: text only.
    table_images: bool = True
    #: Whether pictures are drawn in a process of their own (on) or a thread of the bot's (off): the
    #: drawing's CPU work then never takes turns with the event loop that answers clicks.
    draw_in_process: bool = True
    #: Test hooks: point discord.py at a fake Discord (never set these in production).
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    guild_ready_timeout: float = 2.0

    @property
    def shards(self) -> Shards:
        return Shards.parse(self.shard_count, self.shard_ids)

    @property
    def database(self) -> str:
        """What the store opens: DATABASE_URL if set, else the DATABASE_PATH file."""
        return self.database_url if self.database_url else str(self.database_path)
