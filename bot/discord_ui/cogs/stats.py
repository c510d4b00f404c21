"""`/stats` and `/leaderboard`, from the results of finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.client import reply_privately
from bot.discord_ui.cogs.help import unknown_game
from rules import registry

if TYPE_CHECKING:
    from bot.discord_ui.client import HauntedBot

GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in registry.games().values()]


class StatsCog(commands.Cog):
    def __init__(self, bot: HauntedBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games played and won on this server")
    @app_commands.describe(player="whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        who = player or interaction.user
        rows = await self.bot.store.stats(who.id, interaction.guild_id)
        if not rows:
            await interaction.response.send_message(
                f"{who.display_name} has not finished a game here yet.", ephemeral=True
            )
            return
        lines = [f"• {_game_name(gid)}: {won} won of {played}" for gid, played, won in rows]
        embed = discord.Embed(title=f"{who.display_name}'s games", description="\n".join(lines), colour=0xE8751A)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="Most games won on this server")
    @app_commands.describe(game="one game only (default: all games)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        if game is not None and game not in registry.games():
            await reply_privately(interaction, unknown_game(game))
            return
        rows = await self.bot.store.leaderboard(game, interaction.guild_id)
        title = f"Leaderboard: {registry.get(game).name}" if game else "Leaderboard: all games"
        if not rows:
            await interaction.response.send_message("No finished games yet.", ephemeral=True)
            return
        lines = [f"{n}. <@{uid}>: {won} won of {played}" for n, (uid, won, played) in enumerate(rows, start=1)]
        embed = discord.Embed(title=title, description="\n".join(lines), colour=0xE8751A)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


def _game_name(game_id: str) -> str:
    """A finished game's name, even for a game this build no longer has."""
    game = registry.games().get(game_id)
    return game.name if game is not None else game_id
