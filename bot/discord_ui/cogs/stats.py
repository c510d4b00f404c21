"""`/stats` and `/leaderboard`, from the results of finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.cogs.help import game_autocomplete, unknown_game
from bot.discord_ui.layout import clip
from bot.discord_ui.replies import reply_privately
from bot.ratings import COMPUTER_RATINGS, START, Standing, standings, streak_text
from rules import registry

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

SCOPES = [
    app_commands.Choice(name="this server", value="server"),
    app_commands.Choice(name="every server", value="everywhere"),
]
#: How many players a leaderboard lists.
TOP = 10


class StatsCog(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Games played, won, rating and streak per game")
    @app_commands.describe(player="whose stats (default: yours)", scope="this server (default) or every server")
    @app_commands.choices(scope=SCOPES)
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None, scope: str = "server"
    ) -> None:
        who = player or interaction.user
        guild = None if scope == "everywhere" else interaction.guild_id
        where = "anywhere" if guild is None else "here"
        games = [game_id for game_id, _played, _won in await self.bot.store.stats(who.id, guild)]
        if not games:
            await interaction.response.send_message(
                f"{who.display_name} has not finished a game {where} yet.", ephemeral=True
            )
            return
        table = standings(await self.bot.store.game_results(games, guild))
        lines = [standing_line(table[(game_id, who.id)]) for game_id in games]
        title = f"{who.display_name}'s games" + (" on every server" if guild is None else "")
        embed = discord.Embed(title=title, description=clip("\n".join(lines), 4096), colour=0xE8751A)
        embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="leaderboard", description="The best players: by rating in one game, by wins overall")
    @app_commands.describe(game="one game, ranked by rating (default: all games, by wins)", scope="this server or all")
    @app_commands.choices(scope=SCOPES)
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction[Any], game: str | None = None, scope: str = "server"
    ) -> None:
        if game is not None and game not in registry.games():
            await reply_privately(interaction, unknown_game(game))
            return
        guild = None if scope == "everywhere" else interaction.guild_id
        if game is None:
            title = "Leaderboard: all games, by wins"
            rows = await self.bot.store.leaderboard(None, guild, limit=TOP)
            lines = [f"{n}. <@{uid}>: {won} won of {played}" for n, (uid, won, played) in enumerate(rows, start=1)]
        else:
            title = f"Leaderboard: {registry.get(game).name}, by rating"
            table = standings(await self.bot.store.game_results([game], guild))
            best = sorted(table.values(), key=lambda s: (-s.rating, -s.won, s.user_id))[:TOP]
            lines = [
                f"{n}. <@{s.user_id}>: rating **{s.rating:.0f}** · {s.won} won of {s.played}"
                for n, s in enumerate(best, start=1)
            ]
        if guild is None:
            title += " (every server)"
        if not lines:
            await interaction.response.send_message("No finished games yet.", ephemeral=True)
            return
        embed = discord.Embed(title=title, description="\n".join(lines), colour=0xE8751A)
        if game is not None:
            embed.set_footer(text=RATING_NOTE)
        await interaction.response.send_message(embed=embed, allowed_mentions=discord.AllowedMentions.none())


RATING_NOTE = (
    f"Ratings start at {START:.0f} and move after each finished game by your place against every other seat; "
    "computer players count as opponents of fixed rating ("
    + ", ".join(f"{level} {COMPUTER_RATINGS[level]:.0f}" for level in ("easy", "normal", "hard"))
    + ")."
)


def standing_line(standing: Standing) -> str:
    """One game's line of /stats, in player words."""
    best = ""
    if standing.best_streak > max(standing.streak, 1):
        best = f" (best: {streak_text(standing.best_streak)})"
    return (
        f"• **{_game_name(standing.game_id)}**: {standing.played} played, {standing.won} won "
        f"({standing.win_rate:.0%}), average place {standing.average_place:.1f}, rating {standing.rating:.0f}; "
        f"{streak_text(standing.streak)}{best}"
    )


def _game_name(game_id: str) -> str:
    """A finished game's name, even for a game this build no longer has."""
    game = registry.games().get(game_id)
    return game.name if game is not None else game_id
