"""Ruling G10 through the fake Discord: a player's only legal move is made for them without a
click (the table's default), it shows in the game's log like any move, and their screen never
offers a button for it that could only be refused as too late."""

from __future__ import annotations

import dataclasses
import random

from bot.discord_ui.client import HauntedBot
from bot.discord_ui.publisher import ONLY_MOVE
from bot.sessions import ACTIVE, Change
from rules.contract import Event, GameState, seats_text
from tests.e2e.harness import Table, dm_of, play_privately
from tests.e2e.test_log_e2e import ask_for_log
from tests.fake_discord.server import FakeDiscord

GAME = "haunted-house"


async def test_g10_a_players_only_move_is_made_without_a_click_and_shows_in_the_log(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    made: list[tuple[GameState, tuple[Event, ...]]] = []  # alice's only moves: the state before, the events
    before: dict[int, GameState] = {}

    def watch(change: Change) -> None:
        session = change.session
        if session.state is None:
            return
        last = before.get(session.id)
        moved = change.kind in ("moved", "finished") and last is not None and session.moves[-1] == 0
        if moved and last is not None and len(session.game.legal_actions(last, 0)) == 1:
            made.append((last, change.events))
        before[session.id] = session.game.copy_state(session.state)

    haunted.service.subscribe(watch)
    table = await Table.open(fake, haunted, "alice", GAME)
    for _ in range(2):
        await table.add_computer("alice")
    await table.start("alice")
    await fake.wait_for(dm_of(fake, "alice"), what="alice's DM")

    clicks = await play_privately(fake, table, ["alice"], random.Random(10))

    session = await haunted.service.get(table.session_id())
    assert session.status == "finished"
    assert made, "the last trick of every hand leaves alice one card to play"
    assert session.moves.count(0) == clicks + len(made), "each only move was made without a click"
    log = await ask_for_log(fake, "alice", table.channel_id, {"game": session.id})
    text = "\n".join(data.decode() for data in log.files.values())
    lines = [seats_text(e.text, session.names) for _state, events in made for e in events if e.seats is None]
    assert lines, "a card played to a trick is a public line"
    for line in lines:
        assert line in text, f"the made move is in the log: {line}"

    # While her only move waits to be made, alice's hand says so and offers no button for it.
    state, _events = made[-1]
    waiting = dataclasses.replace(
        session,
        state=state,
        row=session.row.model_copy(update={"status": ACTIVE, "state": session.game.dump_state(state)}),
    )
    assert waiting.only_move(0) is not None
    payload = haunted.publisher.hand_payload(waiting, 0)
    assert ONLY_MOVE in str(payload["embed"].to_dict())
    assert payload["view"].is_empty(), "no button for a move the bot makes"
