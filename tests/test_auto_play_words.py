"""Ruling G10's host option as players meet it: a `/play` parameter with a plain description,
named in the lobby when the host turns it off, and the hand's line while a move is made for them."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_ui.cogs.lobby import options_text, play_command
from bot.discord_ui.publisher import ONLY_MOVE, ONLY_MOVE_TITLE
from rules import registry
from rules.contract import AUTO_PLAY_HELP, Game
from tests.test_player_words import DEVELOPMENT_WORDS


async def _open(_interaction: discord.Interaction[Any], _game: Game[Any], _options: dict[str, Any]) -> None:
    return None


def test_g10_the_lobby_names_the_option_only_when_the_host_turns_it_off() -> None:
    game = registry.get("haunted-house")
    assert options_text(game, {}) == "standard rules"
    assert options_text(game, {"auto_play": True}) == "standard rules"
    assert options_text(game, {"auto_play": False}) == "Make my only move for me: off"
    climb = registry.get("candy-climb")
    assert options_text(climb, {"auto_play": False, "auto_pass": False}) == (
        "Make my only move for me: off, Pass for me when I cannot beat: off"
    )


def test_g10_play_offers_the_option_with_a_sentence_a_player_reads() -> None:
    for game in registry.games().values():
        command = play_command(game, _open)
        names = {parameter.name: parameter for parameter in command.parameters}
        if game.family is None:
            assert "auto_play" not in names
            continue
        described = names["auto_play"].description
        assert described == "When you can do just one thing, the bot does it for you"
        assert not names["auto_play"].required
        assert len(command.parameters) <= 25


def test_g10_the_words_players_see_hold_no_development_words() -> None:
    for text in (AUTO_PLAY_HELP, ONLY_MOVE_TITLE, ONLY_MOVE):
        assert not DEVELOPMENT_WORDS.search(text), text
