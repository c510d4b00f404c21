"""pytest fixtures for the fake Discord: import them into a conftest.py.

from tests.fake_discord.fixtures import bot_runner, fake_discord  # noqa: F401
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import discord
import pytest_asyncio

from .server import PATIENCE, FakeDiscord, point_discord_py_at


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake with discord.py pointed at it; at teardown no call may have hit an unknown route."""
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        yield fake
    finally:
        restore()
        await fake.stop()
    assert not fake.unhandled, f"the bot called routes the fake does not know: {fake.unhandled}"
    assert not fake.crashes, f"the fake itself failed on: {fake.crashes}"


class BotRunner:
    """Starts in-process bots against the fake and closes them, checking they did not crash meanwhile."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.tasks: dict[discord.Client, asyncio.Task[None]] = {}

    async def start(
        self,
        bot: discord.Client,
        token: str = "fake-token",
        timeout: float = PATIENCE,  # noqa: ASYNC109
    ) -> discord.Client:
        """Runs `bot.start(token)` as a task and returns once the bot's on_ready has fired."""
        task = asyncio.create_task(bot.start(token), name=f"bot.start {bot!r}")
        self.tasks[bot] = task
        deadline = time.monotonic() + timeout
        while not bot.is_ready():
            if task.done():
                del self.tasks[bot]
                task.result()  # re-raises what killed start()
                raise AssertionError("bot.start() returned before the bot was ready")
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot was not ready within {timeout} s")
            await asyncio.sleep(0.005)
        return bot

    def assert_alive(self, bot: discord.Client) -> None:
        task = self.tasks[bot]
        if task.done():
            error = task.exception()
            raise AssertionError(f"the bot task ended: {error!r}") from error

    async def stop(self, bot: discord.Client) -> None:
        """Asserts the bot is still running, then closes it as a clean shutdown would (close code 1000)."""
        self.assert_alive(bot)
        await bot.close()
        await asyncio.wait_for(self.tasks.pop(bot), PATIENCE)

    async def stop_all(self) -> None:
        """Closes every bot still running, then reports the first one found dead."""
        dead: list[AssertionError] = []
        for bot in list(self.tasks):
            try:
                await self.stop(bot)
            except AssertionError as error:
                self.tasks.pop(bot, None)
                await bot.close()
                dead.append(error)
        if dead:
            raise dead[0]


@pytest_asyncio.fixture
async def bot_runner(fake_discord: FakeDiscord) -> AsyncIterator[BotRunner]:
    runner = BotRunner(fake_discord)
    try:
        yield runner
    finally:
        await runner.stop_all()
