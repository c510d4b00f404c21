"""`/play <game> [options]` and the lobby: Join, Leave, Remove computer, Start, Cancel, and two
selects: "Add a computer player…" (its level) and the turn clock.

`/play` has one subcommand per registered game, whose typed options are made
from the game's `Options` model, so a new game or variant needs no change here.
"""

from __future__ import annotations

import inspect
import logging
import typing
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bot.discord_ui.components import UNKNOWN_BUTTON, ClockSelect, ComputerSelect, LobbyButton
from bot.discord_ui.permissions import TEXT_TABLES, TEXT_TABLES_NOTE, TablePlan, cannot_play_text, names, table_plan
from bot.discord_ui.replies import reply_privately
from bot.game_help import play_path as play_path  # where each game opens; also what the tests type
from bot.sessions import DEFAULT_COMPUTER, LOBBY, TURN_CLOCKS, Player, Session, SessionError
from rules import registry
from rules.contract import Game
from rules.families import FAMILIES

if TYPE_CHECKING:
    from bot.discord_ui.base import BaseBot

log = logging.getLogger(__name__)

LOBBY_COLOUR = 0x7B3FA0
#: The levels the lobby offers, the default first; only those this build's rules/players.py knows.
OFFERED_LEVELS = (("normal", "Normal"), ("easy", "Easy"), ("hard", "Hard"))


def computer_levels() -> list[tuple[str, str]]:
    """(level, label) of each computer level on offer, the default first."""
    return list(OFFERED_LEVELS)


def clock_text(seconds: int | None) -> str:
    return "off" if seconds is None else f"{TURN_CLOCKS.get(seconds, f'{seconds} s')} per move"


def clock_choices(current: int | None) -> list[tuple[str, str, bool]]:
    """The turn clock select's options: (value, label, chosen now)."""
    return [
        ("off" if seconds is None else str(seconds), "No turn clock" if seconds is None else f"{name} per move",
         seconds == current)
        for seconds, name in TURN_CLOCKS.items()
    ]  # fmt: skip


def player_of(interaction: discord.Interaction[Any]) -> Player:
    user = interaction.user
    is_admin = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Player(user_id=user.id, name=user.display_name, is_admin=is_admin)


def seat_line(session: Session, seat: int) -> str:
    """A lobby seat: its number and name, and who hosts or how well a computer plays."""
    row = session.seats[seat]
    level = dict(OFFERED_LEVELS).get(row.computer or "", row.computer)
    role = " (host)" if row.user_id == session.row.host_id else f" ({level.lower()} computer)" if level else ""
    return f"{seat + 1}. {row.name}{role}"


def lobby_payload(session: Session) -> dict[str, Any]:
    """The lobby message: who sits where, how many are needed, and the buttons."""
    game = session.game
    low, high = game.seat_range(game.options(session.options))
    seats = "\n".join(seat_line(session, s.seat) for s in session.seats)
    counts = session.player_counts()
    needed = f"{counts_text(counts)} needed"
    if counts != list(range(low, high + 1)):
        needed += " with these options"  # e.g. four chosen King cards: a two-player deck
    options = options_text(game, session.options)
    embed = discord.Embed(
        title=f"{game.name}: table #{session.id}",
        description=(
            "Press **Join** to take a seat. The host adds computer players, sets the turn clock "
            f"and starts the game.\n\n{seats or '(empty)'}"
        ),
        colour=LOBBY_COLOUR,
    )
    embed.add_field(name="Players", value=f"{len(session.seats)} seated, {needed}")
    embed.add_field(name="Options", value=options)
    embed.add_field(name="Turn clock", value=clock_text(session.turn_seconds))
    if game.house_card_set:
        embed.set_footer(text="Our own card texts: the printed cards were not available (see /rules).")
    view = discord.ui.View(timeout=None)
    for verb in ("join", "leave", "dropbot", "start", "cancel"):
        view.add_item(LobbyButton(session.id, verb))
    view.add_item(ComputerSelect(session.id, computer_levels()))
    view.add_item(ClockSelect(session.id, clock_choices(session.turn_seconds)))
    return {"content": None, "embed": embed, "view": view}


def counts_text(counts: list[int]) -> str:
    """Player counts as a lobby says them: "3", "2-6", "4 or 6"."""
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def options_text(game: Game[Any], options: dict[str, Any]) -> str:
    """The table's options as a player reads them: "Tiny Tim: on, Beyond: off"; only those
    that differ from the game's own rules, which are "standard rules"."""
    defaults = game.options().model_dump()
    chosen = game.options(options).model_dump()
    fields = game.Options.model_fields
    parts = []
    for name, value in chosen.items():
        if value == defaults.get(name):
            continue
        title = fields[name].title or name.replace("_", " ").capitalize()
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value)
        parts.append(f"{title}: {shown}")
    return ", ".join(parts) or "standard rules"


def closed_lobby_payload(session: Session, text: str) -> dict[str, Any]:
    embed = discord.Embed(title=f"{session.game.name}: table #{session.id}", description=text, colour=LOBBY_COLOUR)
    return {"content": None, "embed": embed, "view": None}


def _annotation(field: FieldInfo) -> Any:
    """The slash-command type for one option field: bool, a bounded int, or a choice."""
    kind = field.annotation
    if kind is bool:
        return bool
    if typing.get_origin(kind) is typing.Literal:
        return kind
    if kind is int:
        low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        if low is not None and high is not None:
            return app_commands.Range[int, low, high]
        return int
    return str


def play_command(
    game: Game[Any], handler: Callable[[discord.Interaction[Any], Game[Any], dict[str, Any]], Awaitable[None]]
) -> app_commands.Command[Any, ..., None]:
    """`/play <game-id>` with one typed, optional parameter per field of the game's options."""
    model: type[BaseModel] = game.Options
    fields = model.model_fields

    async def callback(interaction: discord.Interaction[Any], **options: Any) -> None:
        await handler(interaction, game, {k: v for k, v in options.items() if v is not None})

    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(f) | None, default=None)
        for name, f in fields.items()
    ]
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        name: (f.description or name.replace("_", " "))[:100] for name, f in fields.items()
    }
    low, high = game.min_players, game.max_players
    players = f"{low}" if low == high else f"{low}-{high}"
    return app_commands.Command(
        name=game.id, description=f"Open a table for {game.name} ({players} players)"[:100], callback=callback
    )


def play_group(
    handler: Callable[[discord.Interaction[Any], Game[Any], dict[str, Any]], Awaitable[None]],
) -> app_commands.Group:
    """`/play`: the base games directly under it, every other game under its shelf
    (`/play candy-tricks haunted-house`), so no level passes Discord's 25 subcommands."""
    play = app_commands.Group(name="play", description="Open a table for a game", guild_only=True)
    shelves: dict[str, app_commands.Group] = {}
    for game in registry.games().values():
        parent = play
        if game.family is not None:
            if game.family not in shelves:
                shelves[game.family] = app_commands.Group(name=game.family, description=FAMILIES[game.family][:100])
                play.add_command(shelves[game.family])
            parent = shelves[game.family]
        parent.add_command(play_command(game, handler))
    return play


class LobbyCog(commands.Cog):
    def __init__(self, bot: BaseBot) -> None:
        self.bot = bot
        self.play = play_group(self.open_lobby)

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.play)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.play.name)

    async def open_lobby(self, interaction: discord.Interaction[Any], game: Game[Any], options: dict[str, Any]) -> None:
        plan = await self._table_plan(interaction)
        if plan is None:
            return
        try:
            session = await self.bot.service.create_lobby(
                game.id,
                player_of(interaction),
                options=options,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                place=interaction.guild.name if interaction.guild is not None else None,
            )
        except SessionError as wrong:
            log.info("a table for %s was not opened: %s", game.id, type(wrong).__name__)
            await reply_privately(interaction, wrong.message)
            return
        tell = await self._remember_plan(session, plan)
        await interaction.response.send_message(**lobby_payload(session))
        message = await interaction.original_response()
        await self.bot.service.remember_messages(session.id, lobby_message_id=message.id)
        log.info("session %s: lobby posted as message %s", session.id, message.id)
        if tell:
            await reply_privately(interaction, TEXT_TABLES_NOTE)

    async def _table_plan(self, interaction: discord.Interaction[Any]) -> TablePlan | None:
        """Where and how a table can be shown in the interaction's channel, from the permissions the
        interaction reports for the bot there; None (and the reason, privately) when it cannot be."""
        plan = table_plan(interaction.app_permissions.value)
        if not plan.missing:
            return plan
        log.info("no table possible in channel %s: missing %s", interaction.channel_id, ", ".join(names(plan.missing)))
        await reply_privately(interaction, cannot_play_text(plan))
        return None

    async def _remember_plan(self, session: Session, plan: TablePlan) -> bool:
        """Store what the game does without. True when the host is to be told (once) that its
        tables will have no pictures."""
        if plan.limits == session.limits:
            return False
        told = TEXT_TABLES in session.limits
        await self.bot.service.remember_limits(session.id, plan.limits)
        return TEXT_TABLES in plan.limits and not told and self.bot.settings.table_images

    async def on_lobby_button(self, interaction: discord.Interaction[Any], session_id: int, verb: str) -> None:
        service = self.bot.service
        who = player_of(interaction)
        if verb in ("start", "cancel"):
            tell = False
            try:
                if verb == "start":
                    # The channel may have changed since /play; stored before the start, which posts the table.
                    plan = await self._table_plan(interaction)
                    if plan is None:
                        return
                    tell = await self._remember_plan(await service.get(session_id), plan)
                    session = await service.start(session_id, who)
                    text = "The game has started: the table is in the thread below."
                else:
                    session = await service.abandon(session_id, who)
                    text = "This table was cancelled."
            except SessionError as wrong:
                await reply_privately(interaction, wrong.message)
                return
            await interaction.response.edit_message(**closed_lobby_payload(session, text))
            if tell:
                await reply_privately(interaction, TEXT_TABLES_NOTE)
            return
        changes = {"join": service.join, "leave": service.leave, "dropbot": service.remove_computer}
        change = changes.get(verb)
        if change is None:
            log.info("session %s: unknown lobby button %r", session_id, verb[:20])
            await reply_privately(interaction, UNKNOWN_BUTTON)
            return
        await self._lobby_change(interaction, change(session_id, who))

    async def on_computer_pick(self, interaction: discord.Interaction[Any], session_id: int, level: str | None) -> None:
        """A pick in "Add a computer player…": one computer of that level joins."""
        who = player_of(interaction)
        await self._lobby_change(interaction, self.bot.service.add_computer(session_id, who, level or DEFAULT_COMPUTER))

    async def on_clock_pick(self, interaction: discord.Interaction[Any], session_id: int, value: str | None) -> None:
        """The host chose the turn clock: "off" or seconds per move."""
        seconds = None if value in (None, "off") else int(value) if value.isdigit() else -1
        service = self.bot.service
        await self._lobby_change(interaction, service.set_turn_clock(session_id, player_of(interaction), seconds))

    async def _lobby_change(self, interaction: discord.Interaction[Any], change: Awaitable[Session]) -> None:
        try:
            session = await change
        except SessionError as wrong:
            await reply_privately(interaction, wrong.message)
            return
        if session.status == LOBBY:
            await interaction.response.edit_message(**lobby_payload(session))
        else:
            await reply_privately(interaction, "This table is no longer open.")
