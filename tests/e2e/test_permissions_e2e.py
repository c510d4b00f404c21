"""Servers that withhold a permission from the bot: /play reads what the bot may do in the channel
(the interaction's app_permissions) and plays with what it has, or says exactly what is missing;
a permission taken away mid-game degrades the game the same way, without asking Discord again."""

from __future__ import annotations

import random

from bot.discord_ui.client import HauntedBot
from bot.discord_ui.cogs.lobby import play_path
from bot.discord_ui.permissions import TEXT_TABLES_FROM_NOW, TEXT_TABLES_NOTE
from rules import registry
from tests.e2e.harness import Table, click_move, game_over, latest_dm, move_controls, play_privately, seat_of, settled
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.permissions import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
)
from tests.fake_discord.server import FakeDiscord

GAME = "best-candy"


def with_moves(message: StoredMessage | None) -> StoredMessage | None:
    return message if message is not None and move_controls(message) else None


def refused_calls(fake: FakeDiscord) -> list[str]:
    return [f"{c.method} {c.path} -> {c.status}" for c in fake.calls if c.status in (401, 403, 429)]


async def test_a_channel_without_attach_files_plays_with_text_tables_and_the_host_is_told_once(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    fake.set_permissions(fake.channel_id("games"), deny=ATTACH_FILES)
    table = await Table.open(fake, haunted, "alice", GAME)
    await table.add_computer("alice")
    await table.start("alice")
    await play_privately(fake, table, ["alice"], random.Random(5))

    assert game_over(table)
    assert not any(v.get("attachments") for v in table.table.versions), "the table is text all game long"
    assert "image" not in table.table.embeds[0]
    hand = latest_dm(fake, "alice")
    assert hand is not None
    assert hand.attachments, "a hand in a DM keeps its picture: the server's channel does not govern DMs"
    told = [m for m in fake.ephemerals("alice") if TEXT_TABLES_NOTE in m.text()]
    assert len(told) == 1, "the host is told once, privately"
    assert refused_calls(fake) == [], "nothing was asked of Discord that it refuses"


async def test_attach_files_taken_away_mid_game_turns_the_table_to_text_without_asking_twice(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    games = fake.channel_id("games")
    table = await Table.open(fake, haunted, "alice", GAME)
    await table.add_computer("alice")
    await table.start("alice")
    session_id = table.session_id()
    await settled(haunted, session_id)
    assert table.table.attachments, "the table starts with its picture"

    fake.set_permissions(games, deny=ATTACH_FILES)
    await play_privately(fake, table, ["alice"], random.Random(5))

    assert game_over(table)
    assert not table.table.attachments, "the last table is text"
    refused = [(r.status, r.code) for r in fake.rejected]
    assert refused == [(403, 50013)], "one refused picture, never sent again"
    fake.rejected.clear()  # scripted here: the teardown's check is for the bot's own mistakes
    thread = table.thread_id()
    assert thread is not None
    told = [m for m in fake.messages(thread) if TEXT_TABLES_FROM_NOW in m.text()]
    assert len(told) == 1, "the host is told once, in the game's thread"
    assert f"<@{fake.user('alice')['id']}>" in told[0].text()
    session = await haunted.service.get(session_id)
    assert "text" in session.limits
    stored = await haunted.store.get_session(session_id)
    assert stored.limits == "text", "stored with the game: after a restart it neither asks again nor tells again"


async def test_play_where_the_bot_cannot_post_is_refused_naming_what_is_missing(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    games = fake.channel_id("games")
    command = play_path(registry.get(GAME)).removeprefix("/")
    fake.set_permissions(games, deny=SEND_MESSAGES | SEND_MESSAGES_IN_THREADS)
    ack = await (await fake.slash("alice", games, command)).acked()
    assert ack.type == 4
    assert ack.message_id is not None
    answer = fake.message(ack.message_id)
    assert answer.ephemeral, "only the player who asked is told"
    assert answer.text().startswith(
        "I can't post a game's table in this channel: I need **Send Messages** here, or both "
        "**Create Public Threads** and **Send Messages in Threads** to give the game a thread."
    )
    assert not haunted.service.cached(), "no lobby was opened"

    fake.set_permissions(games, deny=VIEW_CHANNEL)
    ack = await (await fake.slash("alice", games, command)).acked()
    assert ack.message_id is not None
    assert "I need **View Channels**." in fake.message(ack.message_id).text()

    # Allowed at /play, taken away before Start: Start says so, and the lobby stays open.
    fake.set_permissions(games)
    table = await Table.open(fake, haunted, "alice", GAME)
    await table.add_computer("alice")
    fake.set_permissions(games, deny=SEND_MESSAGES | CREATE_PUBLIC_THREADS)
    ack = await table.lobby_click("alice", "Start")
    assert ack.type == 4
    assert ack.message_id is not None
    assert fake.message(ack.message_id).ephemeral
    assert "I need **Send Messages** here, or both" in fake.message(ack.message_id).text()
    assert (await haunted.service.get(max(s.id for s in haunted.service.cached()))).status == "lobby"
    assert refused_calls(fake) == []


async def test_without_thread_permissions_the_game_is_played_in_the_channel(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    games = fake.channel_id("games")
    fake.set_permissions(games, deny=CREATE_PUBLIC_THREADS)
    table = await Table.open(fake, haunted, "alice", GAME)
    await table.add_computer("alice")
    await table.start("alice")
    assert table.table.channel_id == games, "the table is posted in the channel"
    assert table.thread_id() is None
    rng = random.Random(2)
    for _ in range(3):
        dm = await fake.wait_for(lambda: with_moves(latest_dm(fake, "alice")), what="alice's hand with moves")
        before = len(dm.versions)
        await click_move(fake, "alice", dm, rng.choice(move_controls(dm)), rng)
        await fake.wait_for(lambda: len(dm.versions) > before, what="alice's hand after her move")  # noqa: B023
    assert not fake.calls_to("POST", r"/threads$"), "no thread is asked for where none may be made"
    assert refused_calls(fake) == []


def answers(fake: FakeDiscord, since: int) -> list[dict[str, object]]:
    """The interaction callbacks that updated a message (type 7), from the `since`th call on."""
    return [
        c.json["data"] for c in fake.calls[since:] if c.path.endswith("/callback") and (c.json or {}).get("type") == 7
    ]


async def test_a_text_tables_click_answers_name_no_attachments_and_a_pictured_table_loses_its_picture(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    """A table with no picture is answered without an attachments list (there is nothing to clear, and
    Discord would process an empty one at every click); a table that carries a picture when pictures
    stop is answered with an empty list, which takes the picture off."""
    fake = fake_discord
    rng = random.Random(2)
    fake.set_permissions(fake.channel_id("games"), deny=ATTACH_FILES)
    text = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    since = len(fake.calls)
    for _ in range(3):
        await settled(haunted, text.session_id())
        control = move_controls(text.table)[0]
        await click_move(fake, ("alice", "bob")[seat_of(control)], text.table, control, rng)
    assert len(answers(fake, since)) == 3
    assert all("attachments" not in answer for answer in answers(fake, since)), "nothing to clear"

    fake.set_permissions(fake.channel_id("games"))  # no overwrite: Attach Files again
    pictured = await Table.started(fake, haunted, "carol", "closest-ghost", ("dave",))
    await settled(haunted, pictured.session_id())
    assert pictured.table.attachments, "the table starts with its picture"
    haunted.publisher.images = False  # pictures stop (TABLE_IMAGES off after a restart, say)
    since = len(fake.calls)
    control = move_controls(pictured.table)[0]
    await click_move(fake, ("carol", "dave")[seat_of(control)], pictured.table, control, rng)
    [answer] = answers(fake, since)
    assert answer.get("attachments") == [], "the answer clears the picture the table carried"
    assert not pictured.table.attachments
