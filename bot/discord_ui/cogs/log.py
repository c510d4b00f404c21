"""`/log`: a game's whole log as a text file, rebuilt from its moves (the table shows only the last lines)."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.replies import reply_privately
from bot.replay import ReplayError, replay
from bot.sessions import MAX_SESSION_ID
from persistence.errors import NotFound

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

log = logging.getLogger(__name__)


class LogCog(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot

    @app_commands.command(name="log", description="The whole log of a game as a text file, sent to you privately")
    @app_commands.describe(game="the game number (default: the game of this thread)")
    @app_commands.guild_only()
    async def game_log(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        """Everyone may read a game's public lines (they were on the table); a player also gets a
        second file with the lines only they were shown. Both are private answers: asking for a
        log should not post a file into the game's thread for everyone."""
        session_id = game if game is not None else await self._game_here(interaction)
        if session_id is None:
            await reply_privately(interaction, "Which game? Give its number (see `/games`).")
            return
        if not 0 < session_id <= MAX_SESSION_ID:
            await reply_privately(interaction, "There is no game with that number on this server.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # a long game takes a moment
        try:
            row = await self.bot.store.get_session(session_id)
            if row.guild_id != interaction.guild_id:
                raise NotFound(f"session {session_id} is not in this guild")
            replayed = await replay(self.bot.store, session_id)
        except NotFound:
            await reply_privately(interaction, "There is no game with that number on this server.")
            return
        except ReplayError as wrong:
            log.warning("session %s: no log: %s", session_id, wrong)
            await reply_privately(interaction, "That game has no log yet: it has not started.")
            return
        name = f"{replayed.game.id}-{session_id}"
        files = [_file(replayed.text(replayed.public_lines(), "Everything shown on the table."), f"{name}-log.txt")]
        seats = await self.bot.store.seats(session_id)
        mine = [s.seat for s in seats if s.user_id == interaction.user.id]
        for seat in mine:
            lines = replayed.private_lines(seat)
            heading = f"Only for {replayed.names[seat]}: what you alone (or with your partner) were shown."
            files.append(_file(replayed.text(lines, heading), f"{name}-seat-{seat + 1}-private.txt"))
        what = "the game's log" + (" and, in a second file, your private lines" if mine else "")
        await interaction.followup.send(f"Here is {what}.", files=files, ephemeral=True)

    async def _game_here(self, interaction: discord.Interaction[Any]) -> int | None:
        """The latest game played in this thread or channel."""
        rows = await self.bot.store.list_sessions(guild_id=interaction.guild_id)
        here = [r for r in rows if interaction.channel_id in (r.thread_id, r.channel_id) and r.state is not None]
        return here[-1].id if here else None


def _file(text: str, filename: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)
