from tests.fake_discord.fixtures import bot_runner, fake_discord

__all__ = ["bot_runner", "fake_discord"]
