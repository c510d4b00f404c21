"""`/play` stays within Discord's limits however many games there are, and a player finds a game by typing."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord_ui.cogs.help import game_autocomplete
from bot.discord_ui.cogs.lobby import play_group, play_path
from rules import registry
from rules.contract import Game
from rules.families import FAMILIES

#: Discord's limit of subcommands (and groups) under one command or group.
SUBCOMMANDS = 25


async def _open(_interaction: discord.Interaction[Any], _game: Game[Any], _options: dict[str, Any]) -> None:
    return None


def test_every_game_stands_on_a_known_shelf_or_directly_under_play() -> None:
    for game in registry.games().values():
        assert game.family is None or game.family in FAMILIES, game.id


def test_play_lists_base_games_directly_and_other_games_under_their_shelf() -> None:
    play = play_group(_open)
    top = {command.name: command for command in play.commands}
    assert len(top) <= SUBCOMMANDS
    for game in registry.games().values():
        if game.family is None:
            assert isinstance(top[game.id], app_commands.Command)
        else:
            shelf = top[game.family]
            assert isinstance(shelf, app_commands.Group)
            assert game.id in {command.name for command in shelf.commands}
            assert len(shelf.commands) <= SUBCOMMANDS


def test_a_shelf_is_offered_only_when_it_holds_a_game() -> None:
    shelves = {command.name for command in play_group(_open).commands if isinstance(command, app_commands.Group)}
    assert shelves == {game.family for game in registry.games().values() if game.family is not None}


def test_the_play_path_is_what_a_player_types() -> None:
    base = registry.get("closest-ghost")
    assert play_path(base) == "/play closest-ghost"


async def test_typing_part_of_a_name_offers_that_game_first() -> None:
    found = await game_autocomplete(None, "ghost")  # type: ignore[arg-type]
    names = [choice.name for choice in found]
    assert names, "typing 'ghost' found no game"
    assert all("ghost" in name.lower() or "ghost" in choice.value for name, choice in zip(names, found, strict=True))
    assert "The Closest Ghost" in names
    assert len(await game_autocomplete(None, "")) == min(len(registry.games()), 25)  # type: ignore[arg-type]
    assert await game_autocomplete(None, "no such game at all") == []  # type: ignore[arg-type]
