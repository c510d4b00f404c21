"""The bot's buttons and selects, as `DynamicItem`s.

Everything a click needs is parsed from its custom_id (see `ids.py`), so the
components of any message the bot ever sent keep working after a restart.
The callbacks only parse and hand over to the cogs, which hold the logic; they know the cogs
only as the `Clicks` below, so the cogs import this module and never the other way round.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, ClassVar, Protocol, cast

import discord

from bot.discord_ui import ids
from bot.discord_ui.layout import Component, button, clip
from bot.discord_ui.replies import reply_privately
from bot.discord_ui.tree import SOMETHING_WENT_WRONG

log = logging.getLogger(__name__)


class GameClicks(Protocol):
    async def on_move(
        self, interaction: discord.Interaction[Any], session_id: int, move: int, seat: int, token: str
    ) -> None: ...
    async def on_table_button(self, interaction: discord.Interaction[Any], session_id: int, verb: str) -> None: ...
    async def on_back(self, interaction: discord.Interaction[Any], session_id: int, seat: int) -> None: ...


class LobbyClicks(Protocol):
    async def on_lobby_button(self, interaction: discord.Interaction[Any], session_id: int, verb: str) -> None: ...
    async def on_computer_pick(
        self, interaction: discord.Interaction[Any], session_id: int, level: str | None
    ) -> None: ...
    async def on_clock_pick(
        self, interaction: discord.Interaction[Any], session_id: int, value: str | None
    ) -> None: ...


class HelpClicks(Protocol):
    async def turn_page(self, interaction: discord.Interaction[Any], game_id: str, page: int) -> None: ...


class Clicks(Protocol):
    """Where the components hand their clicks: the bot's cogs (`client.HauntedBot` has them)."""

    @property
    def game_cog(self) -> GameClicks: ...
    @property
    def lobby_cog(self) -> LobbyClicks: ...
    @property
    def help_cog(self) -> HelpClicks: ...


def _bot(interaction: discord.Interaction[Any]) -> Clicks:
    return cast("Clicks", interaction.client)


#: The answer to a component whose custom_id or shape is none the bot sends (a crafted or outdated one).
UNKNOWN_BUTTON = "That button is not one I know; nothing was changed."


async def _answered(
    interaction: discord.Interaction[Any], handler: Callable[[], Awaitable[None]], *, select: bool = False
) -> None:
    """Run a click's handler; if it fails unexpectedly, the clicker still gets an answer
    (discord.py would only log it, and Discord would show "interaction failed"). `select`: the
    custom_id is a select's, so a button carrying it (or a select carrying a button's) is crafted
    and refused before the handler runs."""
    if _component_type(interaction) != (SELECT if select else BUTTON):
        log.info("a %s custom_id came on another kind of component; refused", _kind(interaction))
        await reply_privately(interaction, UNKNOWN_BUTTON)
        return
    try:
        await handler()
    except Exception:
        log.exception("component %s failed", _kind(interaction))
        await reply_privately(interaction, SOMETHING_WENT_WRONG)


#: Discord's component types: a button, a select of text options.
BUTTON, SELECT = 2, 3


def _component_type(interaction: discord.Interaction[Any]) -> int | None:
    kind = cast("dict[str, Any]", interaction.data or {}).get("component_type")
    return kind if isinstance(kind, int) else None


async def answer_unknown(interaction: discord.Interaction[Any]) -> None:
    """A component interaction whose custom_id fits none of the bot's (`ids.known`): discord.py
    would drop it and the player would see "interaction failed". A short answer and one log line."""
    custom_id = str(cast("dict[str, Any]", interaction.data or {}).get("custom_id", ""))
    log.info("a component with a custom_id of no grammar of mine (%r) was used; refused", custom_id[:40])
    await reply_privately(interaction, UNKNOWN_BUTTON)


def _kind(interaction: discord.Interaction[Any]) -> str:
    """The custom_id's grammar word (move ids may name a card, so never the whole id)."""
    custom_id = str(cast("dict[str, Any]", interaction.data or {}).get("custom_id", ""))
    parts = custom_id.split(":")
    return parts[2] if len(parts) > 2 and not parts[2].isdigit() else "move"


def _values(interaction: discord.Interaction[Any]) -> list[str]:
    """The options picked in a select (read from the interaction: these selects are rebuilt empty)."""
    data = cast("dict[str, Any]", interaction.data or {})
    return [str(value) for value in data.get("values", [])]


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.MOVE_PATTERN):
    def __init__(self, button: discord.ui.Button[Any], session: int, move: int, seat: int, token: str) -> None:
        super().__init__(button)
        self.session, self.move, self.seat, self.token = session, move, seat, token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        button = cast("discord.ui.Button[Any]", item)
        return cls(button, int(match["sid"]), int(match["move"]), int(match["seat"]), match["token"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _move(interaction, self.session, self.move, self.seat, self.token)


async def _move(interaction: discord.Interaction[Any], session: int, move: int, seat: int, token: str) -> None:
    cog = _bot(interaction).game_cog
    await _answered(interaction, lambda: cog.on_move(interaction, session, move, seat, token))


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_PATTERN):
    def __init__(self, select: discord.ui.Select[Any], session: int, move: int, seat: int) -> None:
        super().__init__(select)
        self.session, self.move, self.seat = session, move, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        select = cast("discord.ui.Select[Any]", item)
        return cls(select, int(match["sid"]), int(match["move"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _pick(interaction, self.session, self.move, self.seat)


async def _pick(interaction: discord.Interaction[Any], session: int, move: int, seat: int) -> None:
    async def picked() -> None:
        values = _values(interaction)
        if not values:
            await interaction.response.defer()
            return
        await _bot(interaction).game_cog.on_move(interaction, session, move, seat, values[0])

    await _answered(interaction, picked, select=True)


_MOVE = re.compile(ids.MOVE_PATTERN)
_SELECT = re.compile(ids.SELECT_PATTERN)
#: Discord's interaction type of a click on a message component.
MESSAGE_COMPONENT = 3


def _light(data: dict[str, Any]) -> dict[str, Any]:
    """A move's interaction without the clicked message's embeds and components: a move's answer
    needs the message's id and flags only (it redraws the message from the game), and discord.py
    would build an object for each of its up to 25 buttons and its embed at every click (measured
    with bench.e2e: most of the cost of reading a click)."""
    message = data["message"]
    return {**data, "message": {**message, "embeds": [], "components": []}}


def answer_clicks(state: Any) -> None:
    """Take a move's click (and a component of no grammar of ours) from discord.py's parser table
    (`INTERACTION_CREATE`, by event name) and answer it in one task of our own.

    discord.py would answer it through its `DynamicItem` machinery: a task that rebuilds the whole
    message's components as items (`View.from_message`) to find the one clicked, plus a task for the
    `interaction` event. Moves are nearly every click, and a move's custom_id says everything its
    answer needs, so they go straight to the game cog, as `MoveButton`/`MoveSelect` would send them.
    Every other click takes discord.py's path. The `interaction` event is still dispatched."""
    parse = state.parsers["INTERACTION_CREATE"]
    running: set[asyncio.Task[None]] = set()  # a task nobody holds may be collected before it ends

    def parse_interaction_create(data: dict[str, Any]) -> None:
        inner = data.get("data") or {}
        custom_id = inner.get("custom_id")
        if data.get("type") != MESSAGE_COMPONENT or data.get("message") is None or not isinstance(custom_id, str):
            parse(data)
            return
        answer: Coroutine[Any, Any, None]
        if (move := _MOVE.fullmatch(custom_id)) is not None:
            interaction = discord.Interaction(data=cast("Any", _light(data)), state=state)
            answer = _move(interaction, int(move["sid"]), int(move["move"]), int(move["seat"]), move["token"])
        elif (select := _SELECT.fullmatch(custom_id)) is not None:
            interaction = discord.Interaction(data=cast("Any", _light(data)), state=state)
            answer = _pick(interaction, int(select["sid"]), int(select["move"]), int(select["seat"]))
        elif not ids.known(custom_id):
            interaction = discord.Interaction(data=cast("Any", data), state=state)
            answer = answer_unknown(interaction)
        else:
            parse(data)
            return
        task = asyncio.get_running_loop().create_task(answer, name="click")
        running.add(task)
        task.add_done_callback(running.discard)
        state.dispatch("interaction", interaction)

    state.parsers["INTERACTION_CREATE"] = parse_interaction_create


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY_PATTERN):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "dropbot": ("Remove computer", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
    }

    def __init__(self, session: int, verb: str) -> None:
        # An unknown verb (a crafted id) still makes an item, so its click gets an answer.
        label, style = self.LABELS.get(verb, (verb, discord.ButtonStyle.secondary))
        custom_id = ids.lobby_id(session, verb) if verb in self.LABELS else f"{ids.PREFIX}:{session}:lobby:{verb}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.session, self.verb = session, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["sid"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _bot(interaction).lobby_cog
        await _answered(interaction, lambda: cog.on_lobby_button(interaction, self.session, self.verb))


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TABLE_PATTERN):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "hand": ("My hand", discord.ButtonStyle.primary),
        "rules": ("Rules", discord.ButtonStyle.secondary),
        "rematch": ("Rematch", discord.ButtonStyle.success),
    }

    def __init__(self, session: int, verb: str) -> None:
        label, style = self.LABELS.get(verb, (verb, discord.ButtonStyle.secondary))
        custom_id = ids.table_id(session, verb) if verb in self.LABELS else f"{ids.PREFIX}:{session}:table:{verb}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.session, self.verb = session, verb

    @classmethod
    def component(cls, session: int, verb: str) -> Component:
        """The button as a message's planned component (`PlannedView`)."""
        label, style = cls.LABELS[verb]
        return button(ids.table_id(session, verb), label, style)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(int(match["sid"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _bot(interaction).game_cog
        await _answered(interaction, lambda: cog.on_table_button(interaction, self.session, self.verb))


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.RULES_PATTERN):
    """Turns a page of `/rules`; the page to show is in the custom_id."""

    def __init__(self, game: str, page: int, label: str, disabled: bool = False) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, custom_id=ids.rules_id(game, page), disabled=disabled
        )
        super().__init__(button)
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesButton:
        return cls(match["game"], int(match["page"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _bot(interaction).help_cog
        await _answered(interaction, lambda: cog.turn_page(interaction, self.game, self.page))


class ComputerSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.COMPUTER_PATTERN):
    """The lobby's "Add a computer player…": each pick seats one computer of that level."""

    def __init__(self, session: int, levels: Sequence[tuple[str, str]] = ()) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.computer_id(session),
            placeholder="Add a computer player…",
            options=[discord.SelectOption(label=label, value=level) for level, label in levels]
            or [discord.SelectOption(label="Normal", value="normal")],
        )
        super().__init__(select)
        self.session = session

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ComputerSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        cog = _bot(interaction).lobby_cog
        level = values[0] if values else None
        await _answered(interaction, lambda: cog.on_computer_pick(interaction, self.session, level), select=True)


class ClockSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.CLOCK_PATTERN):
    """The lobby's turn clock: off, or a time per move (option values: "off" or seconds)."""

    def __init__(self, session: int, choices: Sequence[tuple[str, str, bool]] = ()) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.clock_id(session),
            placeholder="Turn clock…",
            options=[discord.SelectOption(label=label, value=value, default=chosen) for value, label, chosen in choices]
            or [discord.SelectOption(label="No turn clock", value="off")],
        )
        super().__init__(select)
        self.session = session

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ClockSelect:
        return cls(int(match["sid"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = _values(interaction)
        cog = _bot(interaction).lobby_cog
        value = values[0] if values else None
        await _answered(interaction, lambda: cog.on_clock_pick(interaction, self.session, value), select=True)


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.BACK_PATTERN):
    """ "I'm back": an away player takes their seat back from the computer (only they may press it)."""

    def __init__(self, session: int, seat: int, label: str = "I'm back") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=clip(label, 80), style=discord.ButtonStyle.success, custom_id=ids.back_id(session, seat)
        )
        super().__init__(button)
        self.session, self.seat = session, seat

    @staticmethod
    def component(session: int, seat: int, label: str = "I'm back") -> Component:
        """The button as a message's planned component (`PlannedView`)."""
        return button(ids.back_id(session, seat), clip(label, 80), discord.ButtonStyle.success)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["sid"]), int(match["seat"]), str(getattr(item, "label", "") or "I'm back"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = _bot(interaction).game_cog
        await _answered(interaction, lambda: cog.on_back(interaction, self.session, self.seat))


DYNAMIC_ITEMS = (
    MoveButton,
    MoveSelect,
    LobbyButton,
    TableButton,
    RulesButton,
    ComputerSelect,
    ClockSelect,
    BackButton,
)
