"""A message's controls are planned as Discord's JSON (`PlannedView`), not built as discord.py items on
every move: what Discord receives must be exactly what discord.py's own View of the same items sends,
or stored digests, layouts and every client's rendering would change."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
import pytest

from bot.discord_ui import ids
from bot.discord_ui.components import DYNAMIC_ITEMS, BackButton, TableButton
from bot.discord_ui.layout import MAX_ROWS, STYLES, PlannedView, Where, add_controls, clip, move_id, plan_rows
from bot.pictures.samples import random_play, setup_for
from bot.renderers import renderer_for
from bot.renderers.base import Control
from bot.screens import seen_of
from rules import registry

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")


def items_view(controls: Sequence[Control], where: Where, rows: int) -> discord.ui.View:
    """The same controls as discord.py items, laid out by discord.py (the way the bot built them before)."""
    view = discord.ui.View(timeout=None)
    for row, planned in enumerate(plan_rows(controls, rows)):
        if planned[0].group is None:
            for c in planned:
                view.add_item(
                    discord.ui.Button(
                        label=clip(c.label, 80),
                        style=STYLES[c.style],
                        emoji=c.emoji,
                        custom_id=move_id(where, c),
                        row=row,
                    )
                )
        else:
            seat = where.seat if planned[0].seat is None else planned[0].seat
            options = [
                discord.SelectOption(
                    label=clip(c.label, 100),
                    value=c.action.token(),
                    description=clip(c.description, 100) if c.description else None,
                    emoji=c.emoji,
                )
                for c in planned
            ]
            view.add_item(
                discord.ui.Select(
                    custom_id=ids.select_id(where.session, where.move, seat, row),
                    placeholder=clip(planned[0].group or "Choose a move", 150),
                    options=options,
                    row=row,
                )
            )
    return view


def screens(game_id: str) -> list[tuple[Sequence[Control], int | None]]:
    """The controls of the table and of each seat's hand at every position of one seeded random game."""
    game = registry.get(game_id)
    players, options = setup_for(game, 4)
    found: list[tuple[Sequence[Control], int | None]] = []
    for state in random_play(game, players, options, seed=3):
        for seat in (None, *range(players)):
            seen = seen_of(game, state, seat, NAMES[:players])
            screen = renderer_for(game).table(seen) if seat is None else renderer_for(game).hand(seen)
            found.append((screen.controls, seat))
    return found


@pytest.mark.parametrize("game_id", sorted(registry.games()))
async def test_planned_controls_are_what_discord_py_items_would_send_for_every_screen_of_a_game(game_id: str) -> None:
    checked = 0
    for controls, seat in screens(game_id):
        rows = MAX_ROWS - 1 if seat is None else MAX_ROWS
        where = Where(7, 12, seat or 0)
        planned = PlannedView()
        add_controls(planned, controls, where, rows=rows)
        items = items_view(controls, where, rows)
        # The table's own buttons go where discord.py would put an item without a row: the first with room.
        if seat is None:
            for verb in ("hand", "rules"):
                planned.place(TableButton.component(7, verb))
                items.add_item(TableButton(7, verb))
            planned.place(BackButton.component(7, 1, "I'm back (Bo)"))
            items.add_item(BackButton(7, 1, "I'm back (Bo)"))
        assert planned.to_components() == items.to_components()
        checked += bool(controls)
    assert checked, f"{game_id}: some screen has controls to compare"


async def test_a_planned_view_lays_buttons_without_a_row_on_the_first_row_with_room_and_refuses_a_sixth_row() -> None:
    view = PlannedView()
    select = {"type": 3, "custom_id": "s", "options": []}
    view.place(select, 0)
    view.place(TableButton.component(1, "rules"))
    assert [row["components"][0]["custom_id"] for row in view.to_components()] == ["s", "ht:1:table:rules"]
    for row in range(2, MAX_ROWS):
        view.place(dict(select, custom_id=f"s{row}"), row)
    for _ in range(4):
        view.place(TableButton.component(1, "hand"))
    with pytest.raises(ValueError, match="no room"):
        view.place(TableButton.component(1, "hand"))


async def test_planned_components_are_dispatched_by_the_registered_items_and_never_stored_per_message() -> None:
    view = PlannedView()
    view.place(TableButton.component(3, "rules"))
    assert not view.is_dispatchable(), "nothing to store: the DynamicItems answer every id"
    [row] = view.to_components()
    [component] = row["components"]
    templates: list[Any] = [item.__discord_ui_compiled_template__ for item in DYNAMIC_ITEMS]
    assert any(re.fullmatch(template, component["custom_id"]) for template in templates)
