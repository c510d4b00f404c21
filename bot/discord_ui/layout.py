"""A renderer's `Screen` -> a Discord embed and components, within Discord's limits.

Renderers say what to show; this is the one place that knows Discord's limits:
5 rows, 5 buttons a row, 25 options a select, 80-character labels, 100-character
select texts, an embed of at most 6,000 characters (4,096 in the description,
25 fields of 1,024). Everything is clipped here, never rejected by Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import discord

from bot.discord_ui import ids
from bot.discord_ui.ids import select_id
from bot.renderers.base import Control, Screen

MAX_ROWS = 5
BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
EMBED_TOTAL = 6000
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class PlannedEmbed(discord.Embed):
    """An embed whose JSON is written once: a drawn message's digest and discord.py's send both ask
    for it (`to_dict`). A change made to the embed after that (a picture set) shows in it."""

    __slots__ = ("_json",)

    def to_dict(self) -> Any:
        known = getattr(self, "_json", None)
        if known is None:
            known = super().to_dict()
            object.__setattr__(self, "_json", known)
        return known

    # A change made by setting or deleting an attribute (title, colour, image, footer...) has it written
    # afresh. The fields are the embed's own list in the JSON too (as discord.py's `to_dict` gives
    # them), so a field added, changed or removed in place shows without that.
    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, "_json", None)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        object.__setattr__(self, "_json", None)
        object.__delattr__(self, name)


def embed_for(screen: Screen) -> discord.Embed:
    embed = PlannedEmbed(
        title=clip(screen.title, 256), description=clip(screen.description, 4096), colour=screen.colour
    )
    budget = EMBED_TOTAL - len(embed.title or "") - len(embed.description or "") - len(screen.footer[:2048])
    for fld in screen.fields[:25]:
        name, value = clip(fld.name or "\u200b", 256), clip(fld.value or "\u200b", 1024)
        if len(name) + len(value) > budget:
            break
        budget -= len(name) + len(value)
        embed.add_field(name=name, value=value, inline=fld.inline)
    if screen.footer:
        embed.set_footer(text=clip(screen.footer, 2048))
    return embed


@dataclass(frozen=True)
class Where:
    """Which session, move and seat the controls are drawn for."""

    session: int
    move: int
    seat: int


def plan_rows(controls: Sequence[Control], rows: int) -> list[list[Control]]:
    """Split controls into rows: each list is either buttons (<= 5) or one select (<= 25).

    Grouped controls become selects. Ungrouped ones are buttons when they fit in
    the rows left, otherwise they become selects too, so nothing is dropped
    unless more than `rows` selects would be needed.
    """
    groups: dict[tuple[int | None, str], list[Control]] = {}
    loose: list[Control] = []
    for control in controls:
        if control.group is None:
            loose.append(control)
        else:
            # One select carries one seat in its custom_id, so groups split by seat.
            groups.setdefault((control.seat, control.group), []).append(control)
    selects = [chunk for members in groups.values() for chunk in _chunks(members, MAX_OPTIONS)]
    rows_for_buttons = rows - len(selects)
    if len(loose) <= rows_for_buttons * BUTTONS_PER_ROW:
        buttons = _chunks(loose, BUTTONS_PER_ROW)
    else:
        by_seat: dict[int | None, list[Control]] = {}
        for control in loose:
            by_seat.setdefault(control.seat, []).append(control)
        selects += [
            [_regroup(c, "Choose a move") for c in chunk]
            for members in by_seat.values()
            for chunk in _chunks(members, MAX_OPTIONS)
        ]
        buttons = []
    planned = buttons + selects
    return planned[:rows]


def _chunks(items: Sequence[Control], size: int) -> list[list[Control]]:
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def _regroup(control: Control, group: str) -> Control:
    return Control(
        control.action, control.label, control.style, group, control.emoji, control.description, control.seat
    )


#: One component as Discord's JSON (what discord.py's `to_components` sends).
Component = dict[str, Any]


class PlannedView(discord.ui.View):
    """A message's components planned as Discord's own JSON, not as discord.py items.

    Every component the bot sends is dispatched by its custom_id alone (the DynamicItems registered
    at start-up), so the view of a message needs no items: discord.py only asks it for its
    components. Building a `discord.ui.Button` per control on every move cost about as much as drawing
    the table; these are plain dicts, laid out exactly as discord.py lays out a View's items (a test
    holds the two equal), so what Discord receives, and the digests stored for it, do not change.
    """

    def __init__(self) -> None:
        # Not discord.ui.View's own set-up (a random id, a future to stop on, item weights), which is for
        # views it stores and dispatches, never these: it cost a tenth of drawing a table. discord.py
        # asks a view it sends only for what is below and for its `timeout` and `children`.
        self._children = []
        self._timeout: float | None = None
        self._rows: list[list[Component]] = [[] for _ in range(MAX_ROWS)]
        self._widths = [0] * MAX_ROWS

    @property
    def timeout(self) -> float | None:
        return self._timeout

    @timeout.setter
    def timeout(self, value: float | None) -> None:
        self._timeout = value  # an ephemeral message's view gets one; these are never dispatched anyway

    def place(self, component: Component, row: int | None = None) -> None:
        """Add a component on `row`, or, like discord.py, on the first row with room for it."""
        width = BUTTONS_PER_ROW if component["type"] != 2 else 1
        if row is None:
            row = next((r for r, used in enumerate(self._widths) if used + width <= BUTTONS_PER_ROW), None)
            if row is None:
                raise ValueError("no room left on the message for another component")
        if self._widths[row] + width > BUTTONS_PER_ROW:
            raise ValueError(f"row {row} has no room for another component")
        self._widths[row] += width
        self._rows[row].append(component)

    def to_components(self) -> list[Component]:
        return [{"type": 1, "components": row} for row in self._rows if row]

    def is_dispatchable(self) -> bool:
        return False  # dispatched by the registered DynamicItems, never stored per message

    def is_finished(self) -> bool:
        # "Finished" is how discord.py is told never to store or time this view: a private answer's
        # `send_message` stores any view not finished (and starts its 15-minute timeout), whatever
        # `is_dispatchable` says. These are dispatched by the registered DynamicItems only.
        return True

    def has_components_v2(self) -> bool:
        return False  # classic action rows of buttons and selects only

    def is_empty(self) -> bool:
        return not any(self._rows)


def button(custom_id: str, label: str, style: discord.ButtonStyle, emoji: str | None = None) -> Component:
    """A button as discord.py's `discord.ui.Button(...).to_component_dict()` writes it."""
    payload: Component = {"type": 2, "style": style.value, "disabled": False}
    if label:
        payload["label"] = label
    payload["custom_id"] = custom_id
    if emoji:
        payload["emoji"] = _emoji(emoji)
    return payload


def move_select(custom_id: str, controls: Sequence[Control]) -> Component:
    """A select of moves (each option's value is the move's token), as discord.py writes one."""
    options = []
    for c in controls:
        option: Component = {"label": clip(c.label, 100), "value": c.action.token(), "default": False}
        if c.description:
            option["description"] = clip(c.description, 100)
        if c.emoji:
            option["emoji"] = _emoji(c.emoji)
        options.append(option)
    return {
        "type": 3,
        "custom_id": custom_id,
        "min_values": 1,
        "max_values": 1,
        "disabled": False,
        "required": True,
        "placeholder": clip(controls[0].group or "Choose a move", 150),
        "options": options,
    }


@cache
def _emoji(text: str) -> Component:
    return dict(discord.PartialEmoji.from_str(text).to_dict())


def add_controls(view: PlannedView, controls: Sequence[Control], where: Where, rows: int = MAX_ROWS) -> None:
    """Add a screen's move controls to `view`: buttons and selects whose ids the move items parse."""
    for row, planned in enumerate(plan_rows(controls, rows)):
        if planned[0].group is None:
            for control in planned:
                style = STYLES[control.style]
                view.place(button(move_id(where, control), clip(control.label, 80), style, control.emoji), row)
        else:
            seat = where.seat if planned[0].seat is None else planned[0].seat
            view.place(move_select(select_id(where.session, where.move, seat, row), planned), row)


def move_id(where: Where, control: Control) -> str:
    seat = where.seat if control.seat is None else control.seat
    return ids.move_id(where.session, where.move, seat, control.action.token())
