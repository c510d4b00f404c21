"""The bot as its cogs see it: Discord's client with the services it owns.

`client.HauntedBot` builds the services and the cogs; a cog takes the bot as a `BaseBot`, so
imports run one way (client -> cogs -> base), never from a cog back to the client.
"""

from __future__ import annotations

from discord.ext import commands

from bot.config import Settings
from bot.discord_ui.publisher import Publisher
from bot.sessions import SessionService
from bot.turn_clock import TurnClock
from persistence.store import Store


class BaseBot(commands.Bot):
    """Set up by `HauntedBot` (the settings when it is made, the rest before any cog is added)."""

    settings: Settings
    store: Store
    service: SessionService
    publisher: Publisher
    turn_clock: TurnClock
