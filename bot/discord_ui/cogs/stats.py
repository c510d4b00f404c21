"""`/stats` and `/leaderboard`, from the results of finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

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
        lines = [f"• {registry.get(gid).name}: {won} won of {played}" for gid, played, won in rows]
        embed = discord.Embed(title=f"{who.display_name}'s games", description="\n".join(lines), colour=0xE8751A)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="Most games won on this server")
    @app_commands.describe(game="one game only (default: all games)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        rows = await self.bot.store.leaderboard(game, interaction.guild_id)
        title = f"Leaderboard: {registry.get(game).name}" if game else "Leaderboard: all games"
        if not rows:
            await interaction.response.send_message("No finished games yet.", ephemeral=True)
            return
        lines = [f"{n}. <@{uid}>: {won} won of {played}" for n, (uid, won, played) in enumerate(rows, start=1)]
        embed = discord.Embed(title=title, description="\n".join(lines), colour=0xE8751A)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())
