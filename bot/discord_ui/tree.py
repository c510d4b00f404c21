"""The bot's slash-command tree: commands Discord sends that do not fit the bot's commands now.

A Discord app keeps the command list it loaded for a while after the bot's commands change, so
a player can still send a command, subcommand or option this bot no longer has (or a path that
never existed, such as a game under the wrong shelf of `/play`). A hostile client can send an
option value of the wrong kind. discord.py raises `CommandNotFound`, `CommandSignatureMismatch`
or `TransformerError` for some of these, and hands a value of the wrong kind to the command as
it is. Each gets a short private answer saying what to use instead, and one log line: no
traceback, which is kept for the bot's own failures.
"""

from __future__ import annotations

import logging
from typing import Any, cast

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands

from bot.game_help import play_path
from rules import registry

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = "Something went wrong on my side; the game is safe. Please try again."
#: The end of every answer to a command this bot does not have: the list in the player's app is old.
SEE_THE_LIST = "Type `/` to see the commands I have now (your Discord app may take a minute to show them)."

#: What each kind of option takes, as a player reads it.
WANTED: dict[Kind, str] = {
    Kind.string: "text",
    Kind.integer: "a whole number",
    Kind.number: "a number",
    Kind.boolean: "True or False",
    Kind.user: "a member",
    Kind.channel: "a channel",
    Kind.role: "a role",
    Kind.mentionable: "a member or a role",
    Kind.attachment: "a file",
}
SNOWFLAKES = (Kind.user, Kind.channel, Kind.role, Kind.mentionable, Kind.attachment)


class WrongKindOfValue(app_commands.AppCommandError):
    """An option's value is not of the kind the command declares (Discord's own clients never send
    that; discord.py would pass it on to the command as it is)."""

    def __init__(self, option: str, kind: Kind) -> None:
        super().__init__(f"option {option!r} is not {kind.name}")
        self.option = option
        self.kind = kind


class HauntedTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Refuse, before any command runs, an option value of the wrong kind."""
        if interaction.type is discord.InteractionType.application_command:
            check_values(interaction)
        return True


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the subcommand at the end of a command's path (`/play candy-tricks scary`)."""
    options: list[dict[str, Any]] = list(data.get("options") or [])
    while options and options[0].get("type") in (1, 2):
        options = list(options[0].get("options") or [])
    return options


def check_values(interaction: discord.Interaction[Any]) -> None:
    """Raise `WrongKindOfValue` for the first option whose value the command cannot take."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return  # not one of ours (any more): the tree answers CommandNotFound
    kinds = {p.display_name: p.type for p in command.parameters}
    data = cast("dict[str, Any]", interaction.data or {})
    for option in leaf_options(data):
        name = str(option.get("name"))
        kind = kinds.get(name)
        if kind is not None and not fits(option.get("value"), kind):
            raise WrongKindOfValue(name, kind)


def fits(value: Any, kind: Kind) -> bool:
    if kind is Kind.string:
        return isinstance(value, str)
    if kind is Kind.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Kind.number:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is Kind.boolean:
        return isinstance(value, bool)
    if kind in SNOWFLAKES:
        return str(value).isdigit()
    return True


def refusal(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> str | None:
    """The private answer to a command that does not fit this bot's commands now, with one log
    line; None when the error is the bot's own failure."""
    user = interaction.user.id
    if isinstance(error, app_commands.CommandNotFound):
        path = " ".join((*error.parents, error.name))
        log.warning("/%s from %s is not a command I have (an old command list?)", path[:80], user)
        return not_available(error.parents, error.name)
    if isinstance(error, app_commands.CommandSignatureMismatch):
        log.warning("/%s from %s does not match the command I have (an old command list?)", error.command.name, user)
        return f"That command has changed since your Discord app loaded it. {SEE_THE_LIST}"
    if isinstance(error, app_commands.TransformerError):
        log.warning("a %s option from %s could not be used", error.type.name, user)
        if error.type is Kind.user:  # a user who is not (or no longer) a member of the server
            return "That person is not a member of this server; pick someone from the list Discord shows."
        return "That value is not one the option can take; pick one from the list Discord shows."
    if isinstance(error, WrongKindOfValue):
        log.warning("option %r from %s is not %s", error.option[:30], user, error.kind.name)
        return f"The option {error.option} takes {WANTED.get(error.kind, 'another kind of value')}; nothing was done."
    return None


def not_available(parents: list[str], name: str) -> str:
    """What to use instead of a command this bot does not have: the right path to a game's table
    when the name is a game's, else the command list."""
    game = registry.games().get(name)
    if game is not None:
        return f"That command is not available. To open a table for {game.name}, use `{play_path(game)}`."
    if parents[:1] == ["play"]:
        return "That command is not available: use `/play` and pick a game from its list."
    return f"That command is not available any more. {SEE_THE_LIST}"
