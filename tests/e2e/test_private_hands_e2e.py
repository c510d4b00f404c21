"""Secret hands end to end: DMs, a closed DM and its private fallback, spectators, logs."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import discord
import pytest

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, dm_of, latest_dm, move_controls, play_privately, settled
from tests.fake_discord.server import FakeDiscord

CARD = re.compile(r"\b(holly|bells|stars|hearts)\d+\b")


async def test_each_player_gets_a_dm_naming_the_server_and_game(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "ghosts-of-christmas")
    for who in ("bob", "carol"):
        await table.lobby_click(who, "Join")
    await table.start("alice")
    for who in ("alice", "bob", "carol"):
        dm = await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")
        assert "Ghosts of Christmas" in dm.text()
        assert "Haunted Server" in dm.text()
    assert "My hand" in [c.label for c in table.table.components]


async def test_a_closed_dm_is_said_once_and_my_hand_gives_the_same_controls(
    fake_discord: FakeDiscord, haunted: HauntedBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake = fake_discord
    fake.refuse_dms("alice")
    table = await Table.open(fake, haunted, "alice", "ghosts-of-christmas", tiny_tim=True)
    await table.lobby_click("bob", "Join")
    await table.add_computer("alice")
    await table.start("alice")
    thread = table.thread_id()
    assert thread is not None
    await play_privately(fake, table, ["alice", "bob"], random.Random(3), no_dms=frozenset({"alice"}))

    notices = [m for m in fake.messages(thread) if "can't send you direct messages" in m.content]
    assert len(notices) == 1, "the closed DM is reported once, not at every move"
    # Each "your move" says where that player's controls are.
    alice, bob = (f"<@{fake.user(who)['id']}>" for who in ("alice", "bob"))
    pings = [m.content for m in fake.messages(thread, deleted=True) if "your move in" in m.content]

    def told(mention: str, where: str) -> bool:
        # Alone in a ping ("<@a>, your move in …: where") or beside others ("<@a>: where").
        return any(
            (p.startswith(f"{mention}, your move in") and where in p) or f"{mention}: {where}" in p for p in pings
        )

    assert told(alice, "press **My hand**"), pings
    assert told(bob, "your controls are in your DMs"), pings
    assert str(fake.user("alice")["id"]) in notices[0].content
    assert not latest_dm(fake, "alice")
    assert latest_dm(fake, "bob") is not None
    assert "Game over" in table.table.text()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "fake-token" not in logged, "the token never reaches the logs"
    assert not CARD.search(logged), "no card (and so no secret card) is named in the logs"


async def test_spectators_have_no_hand(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "ghosts-of-christmas")
    await table.lobby_click("bob", "Join")
    await table.lobby_click("carol", "Join")
    await table.start("alice")
    my_hand = table.table.component(label="My hand").custom_id
    assert my_hand is not None
    click = await fake.click("dave", table.table.id, my_hand)
    await click.acked()
    answer = await fake.wait_for(lambda: fake.ephemerals("dave"), what="dave's answer")
    assert "watching" in answer[-1].text()
    command = await fake.slash("dave", fake.channel_id("games"), "hand")
    await command.acked()
    assert "not playing" in fake.ephemerals("dave")[-1].text()


async def test_hand_command_shows_the_players_screen_privately(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "ghosts-of-christmas")
    await table.add_computer("alice")
    await table.add_computer("alice")
    await table.start("alice")
    # The computers may move first: their moves edit alice's DM, so let them finish first.
    await settled(haunted, table.session_id())
    await fake.wait_for(lambda: latest_dm(fake, "alice"), what="alice's DM")
    command = await fake.slash("alice", fake.channel_id("games"), "hand")
    ack = await command.acked()
    assert ack.type == 4
    screen = fake.message(ack.message_id)  # type: ignore[arg-type]
    assert screen.ephemeral
    dm = latest_dm(fake, "alice")
    assert dm is not None
    assert screen.embeds[0]["description"] == dm.embeds[0]["description"], "the same private view as the DM"
    assert [c.custom_id for c in move_controls(screen)] == [c.custom_id for c in move_controls(dm)]


async def test_tables_and_hands_are_edited_without_reading_discords_answer_back_into_a_message(
    fake_discord: FakeDiscord, haunted: HauntedBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each move edits the table and the hands that changed; building a discord.Message from each
    # answer (nothing reads it) cost as much again as the request.
    fake = fake_discord
    read_back = 0
    edit = discord.PartialMessage.edit

    async def counted(self: discord.PartialMessage, **fields: Any) -> discord.Message:
        nonlocal read_back
        read_back += 1
        return await edit(self, **fields)

    monkeypatch.setattr(discord.PartialMessage, "edit", counted)
    table = await Table.open(fake, haunted, "alice", "ghosts-of-christmas")
    for who in ("bob", "carol"):
        await table.lobby_click(who, "Join")
    await table.start("alice")
    before = len(fake.calls)
    await play_privately(fake, table, ["alice", "bob", "carol"], random.Random(4))
    await settled(haunted, table.session_id())
    edits = [c for c in fake.calls[before:] if c.method == "PATCH" and "/messages/" in c.path]
    assert len(edits) > 10, "the table and the hands were edited as the game went"
    assert "Game over" in table.table.text()
    assert read_back == 0
