"""Starting the bot as a newcomer would: no voice warnings, and a clear line when Discord is out of reach."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import discord
import pytest

from bot.config import Settings
from bot.discord_ui.app import make_bot, serve


def settings(tmp_path: Path, api_base: str) -> Settings:
    return Settings(
        _env_file=None,
        discord_token="token",
        database_path=tmp_path / "t.db",
        discord_api_base=api_base,
        discord_gateway_url="ws://127.0.0.1:9/",
    )


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_starting_says_nothing_about_voice_libraries(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    caplog.set_level(logging.WARNING)
    bot = make_bot(settings(tmp_path, "http://127.0.0.1:9/api/v10"))
    await bot.close()
    assert not [r for r in caplog.records if "voice" in r.getMessage()]


async def test_an_unreachable_discord_gives_one_clear_line_per_attempt_and_a_retry(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    with pytest.raises(OSError, match=r"127\.0\.0\.1"):  # the last attempt gives up (tests only: it tries for ever)
        await serve(settings(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10"), attempts=3, delays=(0.0,))
    ours = [r for r in caplog.records if r.name == "bot.discord_ui.app"]
    assert len(ours) == 2, "one line for each failed attempt before the last"
    assert all("Discord cannot be reached" in r.getMessage() and "trying again" in r.getMessage() for r in ours)
    assert all(r.exc_info is None for r in caplog.records), "no traceback"


def test_env_example_copied_as_it_is_gives_valid_settings_with_no_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cp .env.example .env` is the README's first step: its empty lines mean "not set"."""
    for name in ("DISCORD_TOKEN", "DEV_GUILD_ID", "DATABASE_URL", "TABLE_IMAGES"):
        monkeypatch.delenv(name, raising=False)
    example = Path(__file__).resolve().parents[1] / ".env.example"
    loaded = Settings(_env_file=example)
    assert loaded.discord_token is None, "an empty token is no token: make run explains how to get one"
    assert loaded.dev_guild_id is None
    assert loaded.table_images is True
