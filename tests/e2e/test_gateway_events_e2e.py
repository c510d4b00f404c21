"""The gateway events the bot reads, and the ones it lets pass unread."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, click_move, move_controls, seat_of, table_moved_past
from tests.fake_discord.server import FakeDiscord


async def test_messages_created_and_edited_pass_unread_and_nothing_keeps_a_copy(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    # Each edit of a table comes back as MESSAGE_UPDATE (and each post as MESSAGE_CREATE): discord.py
    # would build a full message of each and keep the latest thousand, which nothing of ours reads.
    fake, rng = fake_discord, random.Random(5)
    heard: list[str] = []
    deleted = asyncio.Event()

    async def edited(payload: Any) -> None:
        heard.append("edit")

    async def created(message: Any) -> None:
        heard.append("create")

    async def gone(payload: Any) -> None:
        deleted.set()

    haunted.add_listener(edited, "on_raw_message_edit")
    haunted.add_listener(created, "on_message")
    haunted.add_listener(gone, "on_raw_message_delete")
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    for _ in range(3):
        control = rng.choice(move_controls(table.table))
        before = len(table.table.versions)
        await click_move(fake, ("alice", "bob")[seat_of(control)], table.table, control, rng)
        await fake.wait_for(table_moved_past(table, before), what="the table to show the move")
    # Events arrive in order: once this delete is heard, every earlier create and edit was handled.
    fake.delete_message(table.lobby_id)
    await asyncio.wait_for(deleted.wait(), 10)
    echoes = [e for s in fake.sessions.values() for _, e, _ in s.events if e in ("MESSAGE_CREATE", "MESSAGE_UPDATE")]
    assert len(echoes) >= 4, "the fake sent the posts' and edits' echoes"
    assert heard == []
    assert list(haunted.cached_messages) == []
