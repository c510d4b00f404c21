"""Refused requests: counted by kind, logged when their 10-minute count changes band, and a route
just refused held back for a pause that doubles, without a request; and the brake."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.discord_ui.refused import BRAKE, Held, RefusedRequests, was_held
from tests.fake_discord import FakeDiscord
from tests.fake_discord.fixtures import BotRunner, bot_runner, fake_discord

__all__ = ["bot_runner", "fake_discord"]


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def forbidden(code: int = 50001) -> discord.Forbidden:
    return discord.Forbidden(
        SimpleNamespace(status=403, reason="Forbidden"), {"code": code, "message": "Missing Access"}
    )


class Discord:
    """Answers each request it is sent with the next of `answers` (an exception is raised)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.refusing = True

    async def __call__(self, route: Route, *, files: Any = None, **kwargs: Any) -> Any:
        self.sent.append(f"{route.method} {route.url}")
        if self.refusing:
            raise forbidden()
        return {"ok": True}


TABLE = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=1, message_id=2)
OTHER_CHANNEL = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=7, message_id=8)


async def ask(refused: RefusedRequests, discord_: Discord, route: Route = TABLE, files: Any = None) -> str:
    try:
        await refused._request(discord_, route, files, {})
    except discord.HTTPException as error:
        return "held" if was_held(error) else f"refused {error.status}/{error.code}"
    return "answered"


async def test_a_refused_route_is_held_for_a_pause_that_doubles_until_it_is_answered() -> None:
    clock, remote = Clock(), Discord()
    refused = RefusedRequests(now=clock, first_pause=1.0, longest_pause=4.0)
    assert await ask(refused, remote) == "refused 403/50001"
    assert await ask(refused, remote) == "held"
    assert await ask(refused, remote, OTHER_CHANNEL) == "refused 403/50001", "another channel is another route"
    assert await ask(refused, remote, files=[object()]) == "refused 403/50001", "with a file it is another request"
    clock.t += 1.0
    assert await ask(refused, remote) == "refused 403/50001"
    clock.t += 1.5
    assert await ask(refused, remote) == "held", "the pause doubled to 2 s"
    clock.t += 0.5
    assert await ask(refused, remote) == "refused 403/50001"
    clock.t += 4.0
    assert await ask(refused, remote) == "refused 403/50001"
    clock.t += 3.9
    assert await ask(refused, remote) == "held", "never longer than the longest pause"
    remote.refusing = False
    clock.t += 0.1
    assert await ask(refused, remote) == "answered"
    remote.refusing = True
    assert await ask(refused, remote) == "refused 403/50001", "an answer ends the pause"
    clock.t += 1.0
    assert await ask(refused, remote) == "refused 403/50001", "and the next refusal starts again at 1 s"
    assert len(remote.sent) == 9
    assert refused.held == {"403/50001": 3}


async def test_the_held_refusal_is_the_same_kind_so_callers_handle_it_alike() -> None:
    clock, remote = Clock(), Discord()
    refused = RefusedRequests(now=clock)
    with pytest.raises(discord.Forbidden):
        await refused._request(remote, TABLE, None, {})
    with pytest.raises(discord.Forbidden) as again:
        await refused._request(remote, TABLE, None, {})
    assert (again.value.status, again.value.code) == (403, 50001)
    assert was_held(again.value)


async def test_past_the_brake_every_request_is_held_until_the_window_forgets(caplog: pytest.LogCaptureFixture) -> None:
    clock, remote = Clock(), Discord()
    remote.refusing = False
    refused = RefusedRequests(now=clock)
    caplog.set_level(logging.INFO, logger="bot.discord_ui.refused")
    for _ in range(BRAKE):
        refused.record("403/50013")
    with pytest.raises(Held):
        await refused._request(remote, OTHER_CHANNEL, None, {})
    assert remote.sent == []
    assert "every request is held" in caplog.records[-1].getMessage()
    clock.t += 601
    assert await ask(refused, remote, OTHER_CHANNEL) == "answered"
    assert "0 requests refused by Discord in the last 10 minutes" in caplog.records[-1].getMessage()


def test_the_count_is_logged_when_it_changes_band_not_per_refusal(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    refused = RefusedRequests(now=clock)
    caplog.set_level(logging.INFO, logger="bot.discord_ui.refused")
    for _ in range(25):
        refused.record("403/50001")
        clock.t += 1
    refused.record("429")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines
    assert lines[0].startswith("1 requests refused by Discord in the last 10 minutes (403/50001: 1)")
    assert lines[1].startswith("10 requests refused by Discord in the last 10 minutes (403/50001: 10)")
    assert "bans the bot's address for an hour at 10000" in lines[1]
    assert refused.kinds == {"403/50001": 25, "429": 1}
    assert refused.recent == 26


class Answer(SimpleNamespace):
    async def json(self, content_type: Any = None) -> Any:
        return self.body


@pytest.mark.parametrize(
    ("status", "scope", "body", "kind"),
    [
        (403, None, {"code": 50013, "message": "Missing Permissions"}, "403/50013"),
        (401, None, {"code": 0, "message": "401: Unauthorized"}, "401/0"),
        (429, "user", {"retry_after": 1.0, "global": False}, "429"),
        (429, "user", {"code": 30046, "retry_after": 1.0}, "429/30046"),
        (429, "shared", {"retry_after": 1.0}, None),  # Discord does not count a shared resource's limit
        (404, None, {"code": 10008}, None),
        (200, None, {}, None),
    ],
)
async def test_which_answers_count(status: int, scope: str | None, body: Any, kind: str | None) -> None:
    refused = RefusedRequests(now=Clock())
    headers = {"X-RateLimit-Scope": scope} if scope else {}
    params: Any = SimpleNamespace(response=Answer(status=status, headers=headers, body=body))
    await refused._on_request_end(None, None, params)  # type: ignore[arg-type]
    assert refused.kinds == ({kind: 1} if kind else {})


async def test_every_answer_is_counted_as_it_arrives_even_the_429s_discord_py_retries(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    refused = RefusedRequests()
    bot = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1, http_trace=refused.trace)
    refused.guard(bot.http)
    await bot_runner.start(bot)
    games = bot.get_partial_messageable(fake_discord.channel_id("games"))
    fake_discord.refuse_everything(429, retry_after=0.01)
    with pytest.raises(discord.HTTPException):
        await games.send("hello")
    assert refused.kinds == {"429": 5}, "discord.py tried five times; each 429 counts"
    with pytest.raises(discord.HTTPException):
        await games.send("hello")  # held: not sent, not counted
    fake_discord.refuse_everything(403, 50001)
    other = bot.get_partial_messageable(int(fake_discord.add_channel(fake_discord.guild.id, "other")["id"]))
    with pytest.raises(discord.Forbidden):
        await other.send("hello")
    with pytest.raises(discord.Forbidden):
        await other.send("hello")  # held
    assert refused.kinds == {"429": 5, "403/50001": 1}
    assert refused.held == {"429/0": 1, "403/50001": 1}
    fake_discord.refuse_everything(None)
