"""The Discord client: builds the store, the session service, the turn clock, the publisher and the cogs."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord_ui.base import BaseBot
from bot.discord_ui.cogs.game import GameCog
from bot.discord_ui.cogs.help import HelpCog
from bot.discord_ui.cogs.lobby import LobbyCog
from bot.discord_ui.cogs.log import LogCog
from bot.discord_ui.cogs.stats import StatsCog
from bot.discord_ui.cogs.table import TableCog
from bot.discord_ui.components import DYNAMIC_ITEMS, Clicks, answer_clicks
from bot.discord_ui.edit_budget import EditBudget, refusal_trace
from bot.discord_ui.publisher import Publisher
from bot.discord_ui.refused import RefusedRequests
from bot.discord_ui.replies import reply_privately
from bot.discord_ui.tree import SOMETHING_WENT_WRONG, HauntedTree, refusal
from bot.sessions import Change, SessionService
from bot.sessions.session import Listener
from bot.shards import Shards
from bot.turn_clock import Clock, SystemClock, TurnClock
from persistence.store import Store

log = logging.getLogger(__name__)


class HauntedBot(BaseBot):
    """Slash commands and components only: no prefix commands, no privileged intents."""

    lobby_cog: LobbyCog
    game_cog: GameCog
    help_cog: HelpCog

    def __init__(self, settings: Settings, *, clock: Clock | None = None, **options: Any) -> None:
        """`clock` drives the turn clock (default: the system's); tests pass one they move by hand."""
        intents = discord.Intents.default()  # guilds + DMs; message content and members are not needed
        #: Requests Discord refused, counted; the routes refused lately held back (bot/discord_ui/refused.py).
        self.refused = RefusedRequests()
        the_clock: Clock = clock if clock is not None else SystemClock()
        #: Edits to hour-old messages, per channel, within Discord's budget for them.
        budget = EditBudget(the_clock)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=settings.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            max_messages=None,  # nothing reads discord.py's message cache: the store knows our messages
            # The refusal counter hears every answer first; a 30046 then goes to the hour-old budget.
            http_trace=refusal_trace(budget, self.refused.trace),
            tree_cls=HauntedTree,
            **options,
        )
        self.refused.guard(self.http)
        ignore_message_events(self._connection)
        answer_clicks(self._connection)  # moves, and components of no grammar of ours
        self.settings = settings
        self.clock = the_clock
        self.edit_budget = budget

    async def setup_hook(self) -> None:
        shards = self.settings.shards
        self.store = await Store.open(self.settings.database, synchronous=self.settings.sqlite_synchronous)
        self.service = SessionService(self.store, computer_delay=self.settings.computer_delay, owns=shards.owns)
        self.publisher = Publisher(
            self,
            self.service,
            interval=self.settings.table_edit_interval,
            images=self.settings.table_images,
            mention_after=self.settings.mention_after,
            draw_in_process=self.settings.draw_in_process,
        )
        self.turn_clock = TurnClock(self.service, now=self.clock.now, sleep=self.clock.sleep)
        # Table and DM edits and turn clocks only for the sessions this process owns (bot/shards.py);
        # the owner hears of moves made elsewhere through the service's watch below.
        self.service.subscribe(owned_only(shards, self.publisher.on_change))
        self.service.subscribe(owned_only(shards, self.turn_clock.on_change))
        self.turn_clock.subscribe(self.publisher.on_clock)
        self.publisher.turn_clock = self.turn_clock
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.lobby_cog = LobbyCog(self)
        self.game_cog = GameCog(self)
        self.help_cog = HelpCog(self)
        for cog in (self.lobby_cog, self.game_cog, self.help_cog, StatsCog(self), LogCog(self), TableCog(self)):
            await self.add_cog(cog)
        self.tree.error(self.on_app_command_error)
        await self.sync_commands()
        await self.service.watch_other_processes()  # before loading, so no change falls in between
        resumed = [s for s in await self.service.resume_all() if shards.owns(s.row.guild_id)]
        redrawn = await self.publisher.resume(resumed)
        self.turn_clock.resume(resumed)
        log.info("%d open games resumed, %d of them to redraw", len(resumed), redrawn)

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guilds", self.user, len(self.guilds))

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        text = refusal(interaction, error)
        if text is None:
            log.exception("command %s failed", interaction.command.name if interaction.command else "?", exc_info=error)
        if interaction.type is not discord.InteractionType.autocomplete:  # a suggestion list takes no message
            await reply_privately(interaction, text or SOMETHING_WENT_WRONG)

    async def close(self) -> None:
        try:
            if hasattr(self, "turn_clock"):
                await self.turn_clock.close()
            if hasattr(self, "publisher"):
                await self.publisher.close()
            if hasattr(self, "service"):
                await self.service.close()
            if hasattr(self, "store"):
                await self.store.close()
        finally:
            await super().close()


if TYPE_CHECKING:
    # The type checker holds the cogs to what the components hand them.
    _CLICKS: type[Clicks] = HauntedBot


class ShardedHauntedBot(HauntedBot, commands.AutoShardedBot):
    """The bot running some of the shards (SHARD_COUNT / SHARD_IDS): one of several processes."""


#: Gateway events the bot never reads. The messages intent (needed to hear that a table or DM was
#: deleted) also brings every message created or edited in the bot's channels, among them the echo
#: of each of our own edits: discord.py would build a full `Message` of each, for no reader.
UNREAD_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE")


def ignore_message_events(state: Any) -> None:
    """Drop the events of `UNREAD_EVENTS` as they arrive (discord.py's parser table, by event name)."""
    for event in UNREAD_EVENTS:
        state.parsers[event] = _ignore


def _ignore(data: Any) -> None:
    return None


def owned_only(shards: Shards, listener: Listener) -> Listener:
    """`listener`, told only of the sessions this process owns."""
    if shards.everything:
        return listener

    def told(change: Change) -> None:
        if shards.owns(change.session.row.guild_id):
            listener(change)

    return told
