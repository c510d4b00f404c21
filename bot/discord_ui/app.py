"""Start the bot: `run_bot(settings)` for `python -m bot run`, `make_bot` for tests."""

from __future__ import annotations

import asyncio
import logging

import discord
import yarl

from bot.config import Settings
from bot.discord_ui.client import HauntedBot, ShardedHauntedBot
from bot.runtime import tune_gc
from bot.turn_clock import Clock

log = logging.getLogger(__name__)


def point_at(api_base: str | None, gateway_url: str | None) -> None:
    """Send REST and gateway traffic elsewhere (a fake Discord in tests). Never set in production."""
    if api_base:
        discord.http.Route.BASE = api_base
    if gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


#: Seconds between attempts to reach Discord at start, doubling up to the last.
RETRY_DELAYS = (5.0, 10.0, 20.0, 40.0, 60.0)


def make_bot(settings: Settings, *, clock: Clock | None = None) -> HauntedBot:
    """The bot; `clock` (tests only) replaces the system clock that drives turn clocks."""
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    # The bot has no voice: discord.py's warnings about voice libraries would only alarm.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    shards = settings.shards
    if settings.shard_count is None:
        return HauntedBot(settings, clock=clock)
    # AutoShardedBot: one gateway connection per shard id, in this one process.
    return ShardedHauntedBot(settings, clock=clock, shard_count=shards.count, shard_ids=sorted(shards.ids))


async def serve(settings: Settings, *, attempts: int | None = None, delays: tuple[float, ...] = RETRY_DELAYS) -> None:
    """Run the bot; when Discord cannot be reached (no network, an outage), say so in one log
    line and try again after a pause, `attempts` times at most (None: for ever). Once connected,
    discord.py itself reconnects after drops."""
    assert settings.discord_token is not None
    tune_gc()
    attempt = 0
    while True:
        bot = make_bot(settings)
        try:
            async with bot:
                await bot.start(settings.discord_token.get_secret_value())
            return
        except (OSError, discord.GatewayNotFound, discord.DiscordServerError) as unreachable:
            attempt += 1
            if attempts is not None and attempt >= attempts:
                raise
            delay = delays[min(attempt, len(delays)) - 1]
            reason = str(unreachable) or type(unreachable).__name__
            log.error("Discord cannot be reached (%s); trying again in %.0f s.", reason, delay)
            await asyncio.sleep(delay)


def run_bot(settings: Settings) -> int:
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        log.error("Discord refused the token. Check DISCORD_TOKEN in .env (Developer Portal > Bot > Reset Token).")
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error("Discord refused the intents. This bot needs no privileged intents; check the application.")
        return 2
    except KeyboardInterrupt:
        pass
    return 0
