"""Discord's budget for edits to messages over an hour old, as the fake keeps it, and the bot's
answer to a refusal that arrives all the same (no retry by discord.py on its own clock)."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
import pytest

from bot.discord_ui.edit_budget import EditBudget, HourOldEditRefused, refusal_trace
from tests.fake_discord import FakeDiscord
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import FakeTime

AUTH = {"Authorization": "Bot fake-token"}


async def _request(fake: FakeDiscord, method: str, path: str, body: Any) -> tuple[int, Any, Any]:
    async with (
        aiohttp.ClientSession() as http,
        http.request(method, fake.api_base + path, json=body, headers=AUTH) as response,
    ):
        return response.status, await response.json(), response.headers


async def test_the_fourth_edit_in_six_seconds_of_an_hour_old_message_is_refused(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    games = fake.channel_id("games")
    _, old, _ = await _request(fake, "POST", f"/channels/{games}/messages", {"content": "old"})
    fake.clock.advance(3601)
    _, young, _ = await _request(fake, "POST", f"/channels/{games}/messages", {"content": "young"})
    for n in range(3):
        status, _, _ = await _request(fake, "PATCH", f"/channels/{games}/messages/{old['id']}", {"content": f"{n}"})
        assert status == 200
    status, body, headers = await _request(fake, "PATCH", f"/channels/{games}/messages/{old['id']}", {"content": "4"})
    assert status == 429
    assert body["code"] == 30046
    assert 0 < body["retry_after"] <= 6
    assert body["global"] is False
    assert headers["Via"], "discord.py honours a 429 only with Via and a JSON retry_after"
    assert [r.code for r in fake.rejected] == [30046]
    # A message under an hour old is not counted, nor limited.
    for n in range(5):
        status, _, _ = await _request(fake, "PATCH", f"/channels/{games}/messages/{young['id']}", {"content": f"{n}"})
        assert status == 200
    # Once the oldest edit leaves the window, the channel takes one more.
    fake.clock.advance(body["retry_after"])
    status, _, _ = await _request(fake, "PATCH", f"/channels/{games}/messages/{old['id']}", {"content": "5"})
    assert status == 200
    fake.rejected.clear()


class _LaggingClock:
    """The bot's clock `lag` seconds behind Discord's."""

    def __init__(self, time: FakeTime, lag: float) -> None:
        self.time = time
        self.lag = lag

    def now(self) -> float:
        return self.time.now() - self.lag

    async def sleep(self, seconds: float) -> None:
        raise AssertionError("not used here")


async def test_a_refusal_that_arrives_anyway_is_not_retried_by_discord_py(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """The bot's clock runs two minutes behind Discord's, so it does not count the message as old yet:
    Discord refuses the fourth edit. It is sent once (discord.py would send it up to five times), and
    the budget holds the channel until Discord's retry_after has passed, counting that message as old."""
    fake = fake_discord
    budget = EditBudget(_LaggingClock(fake.clock, lag=120))
    client = discord.Client(
        intents=discord.Intents.default(), guild_ready_timeout=0.1, http_trace=refusal_trace(budget)
    )
    await bot_runner.start(client)
    channel = client.get_partial_messageable(fake.channel_id("games"))
    message = await channel.send("table")
    fake.clock.advance(3601)
    assert not budget.is_old(message.id), "the bot's clock says 58 minutes"
    for n in range(3):
        assert budget.take(channel.id, message.id) == 0
        await message.edit(content=f"{n}")
    with pytest.raises(HourOldEditRefused) as refused:
        await message.edit(content="4")
    assert refused.value.code == 30046
    assert len(fake.calls_to("PATCH", rf"/messages/{message.id}$")) == 4, "the refused edit was sent once"
    assert budget.is_old(message.id)
    wait = budget.wait(channel.id)
    assert wait == pytest.approx(refused.value.retry_after, abs=0.05)
    assert budget.take(channel.id, message.id) == pytest.approx(wait, abs=0.05), "held until Discord takes it"
    fake.rejected.clear()
