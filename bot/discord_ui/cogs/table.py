"""`/table here`, and the gateway's news of a game's thread or channel (bot/discord_ui/threads.py)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.lobby import player_of
from bot.discord_ui.replies import reply_privately
from bot.sessions import ACTIVE, Session, SessionError

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

log = logging.getLogger(__name__)

#: The answer to `/table here`, in the channel the table comes to.
TABLE_HERE = "The table of **{game}** game #{id} comes here."
WHICH_GAME = "Which game? Give its number (see `/games`)."
NO_SUCH_GAME = "There is no running game with that number on this server."
HOST_ONLY = "Only the game's host or a moderator can move its table."
NOT_HERE = "A table can come only to a text channel of this server, or a thread of one."


class TableCog(commands.Cog):
    table = app_commands.Group(name="table", description="Where a running game's table is", guild_only=True)

    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot

    # ---- the gateway's news ----------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        meta = payload.data.get("thread_metadata") or {}
        archived, locked = bool(meta.get("archived")), bool(meta.get("locked"))
        self.bot.publisher.homes.heard_thread_update(payload.thread_id, archived=archived, locked=locked)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.bot.publisher.homes.heard_thread_deleted(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        self.bot.publisher.homes.heard_channel_deleted(channel.id)

    # ---- /table here -------------------------------------------------------------------------

    @table.command(name="here", description="Bring a running game's table to this channel (host or moderator)")
    @app_commands.describe(game="the game number (default: your game whose channel was deleted)")
    async def here(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            channel_id, thread_id = channel.parent_id, channel.id
        elif isinstance(channel, discord.TextChannel):
            channel_id, thread_id = channel.id, None
        else:
            await reply_privately(interaction, NOT_HERE)
            return
        who = player_of(interaction)
        moderator = who.is_admin or is_moderator(interaction)
        session = await self._chosen(interaction, game, moderator)
        if session is None:
            return
        if session.row.host_id != who.user_id and not moderator:
            await reply_privately(interaction, HOST_ONLY)
            return
        homes = self.bot.publisher.homes
        homes.forget_news(session.id)
        # No thread yet when run in a channel: the table opens one there, as at the start of a game.
        await self.bot.service.remember_messages(
            session.id, channel_id=channel_id, thread_id=thread_id, table_message_id=None, lobby_message_id=None
        )
        log.info("session %s: its table brought to channel %s by %s", session.id, channel.id, who.user_id)
        await interaction.response.send_message(TABLE_HERE.format(game=session.game.name, id=session.id))
        self.bot.publisher.refresh(session.id)

    async def _chosen(self, interaction: discord.Interaction[Any], game: int | None, moderator: bool) -> Session | None:
        """The running game named by number; else the only one of the user's (any, for a moderator)
        that has no table since its channel was deleted."""
        if game is not None:
            try:
                session = await self.bot.service.get(game)
            except SessionError:
                session = None
            if session is None or session.row.guild_id != interaction.guild_id or session.status != ACTIVE:
                await reply_privately(interaction, NO_SUCH_GAME)
                return None
            return session
        running = await self.bot.service.open_sessions(interaction.guild_id)
        homeless = [s for s in running if s.status == ACTIVE and s.row.channel_id is None]
        mine = [s for s in homeless if moderator or s.row.host_id == interaction.user.id]
        if len(mine) == 1:
            return mine[0]
        played = [s for s in homeless if s.seat_of(interaction.user.id) is not None]
        await reply_privately(interaction, HOST_ONLY if not mine and played else WHICH_GAME)
        return None


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    """Who may move any game's table: those who may manage the server, its channels or its threads."""
    rights = interaction.permissions
    return rights.manage_guild or rights.manage_channels or rights.manage_threads
