"""`/rules <game>`: each game's rules in our own words, a page at a time."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_ui.components import RulesButton
from bot.discord_ui.layout import clip
from bot.discord_ui.replies import reply_privately
from bot.game_help import HOUSE_SET, icons_of
from rules import registry
from rules.contract import Game

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

log = logging.getLogger(__name__)


def icon_key(game: Game[Any]) -> str:
    """The last page of a game's rules: what each icon on its screens means."""
    return "**What the icons mean**\n" + "\n".join(f"{icon} {meaning}" for icon, meaning in icons_of(game))


def rules_payload(game_id: str, page: int) -> dict[str, Any]:
    game = registry.get(game_id)
    pages = (*game.help_pages, icon_key(game))
    page = max(0, min(page, len(pages) - 1))
    embed = discord.Embed(title=f"{game.name}: how to play", description=clip(pages[page], 4096), colour=0x2E8B57)
    footer = f"Page {page + 1} of {len(pages)}"
    if game.house_card_set:
        footer += "  ·  " + HOUSE_SET
    embed.set_footer(text=footer)
    view = discord.ui.View(timeout=None)
    if len(pages) > 1:
        view.add_item(RulesButton(game.id, max(page - 1, 0), "◀ Previous", disabled=page == 0))
        view.add_item(RulesButton(game.id, min(page + 1, len(pages) - 1), "Next ▶", disabled=page == len(pages) - 1))
    return {"embed": embed, "view": view}


async def game_autocomplete(_interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    """Games whose name or id holds what the player typed (Discord shows at most 25), so
    a game option never hits the 25-choice limit however many games there are."""
    typed = current.strip().lower()
    found = [game for game in registry.games().values() if typed in game.name.lower() or typed in game.id]
    found.sort(key=lambda game: (not game.name.lower().startswith(typed), game.family is not None, game.name))
    return [app_commands.Choice(name=game.name, value=game.id) for game in found[:25]]


class HelpCog(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How to play a game, in short pages")
    @app_commands.describe(game="which game (type part of its name)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        if game not in registry.games():
            await reply_privately(interaction, unknown_game(game))
            return
        await interaction.response.send_message(**rules_payload(game, 0), ephemeral=True)

    async def turn_page(self, interaction: discord.Interaction[Any], game_id: str, page: int) -> None:
        if game_id not in registry.games():
            await reply_privately(interaction, unknown_game(game_id))
            return
        await interaction.response.edit_message(**rules_payload(game_id, page))


def unknown_game(game_id: str) -> str:
    """The answer to a game id this bot does not have (a crafted or outdated one)."""
    log.info("unknown game %r asked for", game_id[:30])
    return "I don't know that game. `/games` lists the tables open here, and `/play` the games I have."
