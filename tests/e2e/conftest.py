from __future__ import annotations

import itertools
import time
import zlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import bot.sessions.service as session_service
from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from rules import registry
from rules.contract import Game
from tests.e2e.harness import SecretWatch, settings_for
from tests.fake_discord.fixtures import BotRunner, bot_runner, fake_discord
from tests.fake_discord.server import FakeDiscord
from tests.sessions.clock import ManualClock
from tests.sessions.toy import LONG_TOY, TOY

__all__ = ["bot_runner", "fake_discord"]


class _Seeds:
    """Stands in for the `secrets` module where the session service draws each new game's seed."""

    def __init__(self, first: int) -> None:
        self._numbers = itertools.count(first)

    def randbits(self, bits: int) -> int:
        return next(self._numbers) % (1 << bits)


@pytest.fixture(autouse=True)
def game_seeds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game a test opens is dealt from a seed given by the test's name, not by chance: a run
    plays the same deals every time, so a failure repeats and a test costs the same on every run."""
    first = zlib.crc32(request.node.nodeid.encode())
    monkeypatch.setattr(session_service, "secrets", _Seeds(first))


@pytest.fixture
def with_toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy game (tests/sessions/toy.py), which has secret simultaneous choices,
    so the adapter's DM paths are tested on a game the adapter has never heard of."""
    real = registry.games()

    def games() -> dict[str, Game[Any]]:
        return {**real, TOY.id: TOY, LONG_TOY.id: LONG_TOY}

    monkeypatch.setattr(registry, "games", games)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "e2e.db"


@pytest.fixture
def bot_options(request: pytest.FixtureRequest) -> dict[str, Any]:
    """Settings overrides for the `haunted` bot, e.g.
    `@pytest.mark.parametrize("bot_options", [{"table_edit_interval": 60}], indirect=True)`."""
    options: dict[str, Any] = getattr(request, "param", {})
    return options


@pytest.fixture
def clock() -> ManualClock:
    """The `haunted` bot's clock, which only the test moves (turn clocks never wait for real)."""
    return ManualClock(start=float(int(time.time())))


@pytest_asyncio.fixture
async def haunted(
    fake_discord: FakeDiscord, bot_runner: BotRunner, db_path: Path, bot_options: dict[str, Any], clock: ManualClock
) -> AsyncIterator[HauntedBot]:
    """The real bot, in this process, connected to the fake; its promises checked at teardown."""
    bot = make_bot(settings_for(fake_discord, db_path, **bot_options), clock=clock)
    await bot_runner.start(bot)
    watch = SecretWatch(bot)
    yield bot
    bot_runner.assert_alive(bot)
    watch.assert_public_messages_clean(fake_discord, bot)
    assert not fake_discord.late_acks, f"interactions acknowledged too late: {fake_discord.late_acks}"
    # Closed DMs (50007) are scripted by tests; anything else Discord refused is a bot bug.
    refused = [r for r in fake_discord.rejected if r.code != 50007]
    assert not refused, f"Discord would have refused: {refused}"
