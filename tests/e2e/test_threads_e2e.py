"""A game's thread archived, locked or deleted, or its channel deleted, mid-game: nothing is lost.

Each test plays a whole game (the toy game: two players, a few secret picks each) through the
fake Discord, which archives, locks and deletes as Discord does (tests/fake_discord/README.md).
"""

from __future__ import annotations

import functools
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from bot.discord_ui.cogs.table import HOST_ONLY, NO_SUCH_GAME, TABLE_HERE, WHICH_GAME
from bot.discord_ui.threads import CHANNEL_GONE_DM, CLOSED_LINE, DELETED_LINE, LOCKED_LINE
from tests.e2e.harness import (
    Table,
    _custom_id,
    _move_from_dm,
    game_over,
    latest_dm,
    move_controls,
    play_privately,
    settings_for,
    settled,
)
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord
from tests.sessions.clock import ManualClock

pytestmark = pytest.mark.usefixtures("with_toy_game")

PLAYERS = ["alice", "bob"]
WEEK = 7 * 24 * 3600


@pytest_asyncio.fixture(autouse=True)
async def report(fake_discord: FakeDiscord) -> AsyncIterator[None]:
    """Prints the calls Discord refused (run with -s): the figures of the README's table."""
    yield
    refused = [f"{r.call.method} {r.call.path} -> {r.status}/{r.code}" for r in fake_discord.rejected]
    print(f"\n{len(fake_discord.calls)} calls, {len(refused)} refused: {refused}")


async def one_move_each(fake: FakeDiscord, bot: HauntedBot, table: Table, rng: random.Random) -> None:
    for who in PLAYERS:
        await fake.wait_for(functools.partial(_has_dm_moves, fake, who), what=f"{who}'s controls")
        assert await _move_from_dm(fake, who, rng)
    await settled(bot, table.session_id())


def _has_dm_moves(fake: FakeDiscord, who: str) -> bool:
    dm = latest_dm(fake, who)
    return dm is not None and bool(move_controls(dm))


def was_told(fake: FakeDiscord, who: str, text: str) -> bool:
    return any(m.content == text for m in fake.dms(who))


def table_in(fake: FakeDiscord, channel_id: int, after: int) -> StoredMessage | None:
    """The newest game table posted in this channel after message `after`."""
    for message in reversed(fake.messages(channel_id)):
        if message.id > after and any(":table:" in c for c in message.custom_ids):
            return message
    return None


async def moved_to_channel(fake: FakeDiscord, table: Table, line: str) -> None:
    """The table left its thread: one line saying why, then the table, in the channel; the game
    goes on there."""
    channel, old = table.channel_id, table.table
    said = await fake.wait_for_message(channel, lambda m: m.content == line)
    new = await fake.wait_for(lambda: table_in(fake, channel, said.id), what="the table in the channel")
    assert new.id != old.id
    table.table_id = new.id


async def test_a_thread_archived_after_a_week_without_messages_is_reopened_and_the_game_finishes(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    thread = table.thread_id()
    assert thread is not None
    assert fake.channels[thread]["thread_metadata"]["auto_archive_duration"] == 10080
    await one_move_each(fake, haunted, table, random.Random(1))

    since = len(fake.calls)
    fake.clock.advance(WEEK)  # a week without a message: Discord archives the thread
    clock.advance(WEEK)  # the bot's clock too: its messages are a week old, and their edits rationed
    reopened = await fake.wait_for_call("PATCH", rf"^/channels/{thread}$", after=since)
    assert reopened.json == {"archived": False}
    assert not fake.channels[thread]["thread_metadata"]["archived"]
    # Its controls work again: "My hand" on the table answers.
    click = await fake.click("alice", table.table.id, _custom_id(table.table, "My hand"))
    assert (await click.acked()).type == 4
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)
    assert table.table.channel_id == thread


async def test_a_thread_a_moderator_locked_gives_its_table_to_the_channel_and_the_game_finishes(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    sid, thread = table.session_id(), table.thread_id()
    assert thread is not None
    await one_move_each(fake, haunted, table, random.Random(1))

    fake.archive_thread(thread, locked=True)  # "Close & Lock"
    line = f"🔒 The thread of **Toy** game #{sid} was locked, so its table carries on here in the channel."
    assert LOCKED_LINE.format(game="Toy", id=sid) == line
    await moved_to_channel(fake, table, line)
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)
    dm = fake.dms("alice")[-1]
    assert f"<#{table.channel_id}>" in dm.content, "the hand links to where the table is now"


async def test_a_thread_discord_will_not_reopen_gives_its_table_to_the_channel_and_the_game_finishes(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    sid, thread = table.session_id(), table.thread_id()
    assert thread is not None
    await one_move_each(fake, haunted, table, random.Random(1))
    # The server is at Discord's limit of open threads: reopening this one is refused.
    fake.refuse_next("PATCH", rf"^/channels/{thread}$", 400, 160006, "Maximum number of active threads reached")
    fake.archive_thread(thread)
    line = f"The thread of **Toy** game #{sid} is closed to me, so its table carries on here in the channel."
    assert CLOSED_LINE.format(game="Toy", id=sid) == line
    await moved_to_channel(fake, table, line)
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)
    assert [r.code for r in fake.rejected] == [160006], "refused once, not asked again"
    fake.rejected.clear()


async def test_table_here_names_what_it_needs(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    channel = table.channel_id
    nothing_lost = await (await fake.slash("alice", channel, "table here")).acked()
    assert nothing_lost.data.get("content") == WHICH_GAME == "Which game? Give its number (see `/games`)."
    unknown = await (await fake.slash("alice", channel, "table here", {"game": 999})).acked()
    assert unknown.data.get("content") == NO_SUCH_GAME == "There is no running game with that number on this server."
    assert HOST_ONLY == "Only the game's host or a moderator can move its table."


async def test_a_deleted_thread_gives_its_table_to_the_channel_and_the_game_finishes(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    sid, thread = table.session_id(), table.thread_id()
    assert thread is not None
    await one_move_each(fake, haunted, table, random.Random(1))

    fake.delete_channel(thread)
    line = f"The thread of **Toy** game #{sid} was deleted, so its table carries on here in the channel."
    assert DELETED_LINE.format(game="Toy", id=sid) == line
    await moved_to_channel(fake, table, line)
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)


async def test_a_deleted_channel_is_told_by_dm_and_the_host_brings_the_table_back_elsewhere(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    other = int(fake.add_channel(fake.guild.id, "other-games")["id"])
    table = await Table.started(fake, haunted, "alice", "toy", ("bob",))
    sid = table.session_id()
    await one_move_each(fake, haunted, table, random.Random(1))

    fake.delete_channel(table.channel_id)
    told = channel_gone_dm(sid)
    for who in PLAYERS:
        await fake.wait_for(functools.partial(was_told, fake, who, told), what=f"{who} told")
    assert await haunted.service.get(sid), "the game is still saved"
    # Hands still work meanwhile.
    await one_move_each(fake, haunted, table, random.Random(3))

    refused = await (await fake.slash("bob", other, "table here")).acked()
    assert refused.data.get("content") == HOST_ONLY
    await bring_back(fake, table, other, sid)
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)


def channel_gone_dm(sid: int) -> str:
    told = (
        f"The channel of your **Toy** game #{sid} on Haunted Server was deleted. The game is saved and your "
        "moves still work here: the host can bring its table back in any channel with `/table here`."
    )
    hands = " and your moves still work here"
    assert CHANNEL_GONE_DM.format(game="Toy", id=sid, place=" on Haunted Server", hands=hands) == told
    return told


async def bring_back(fake: FakeDiscord, table: Table, channel: int, sid: int) -> None:
    """The host runs `/table here` in `channel`: the table comes back there, in a new thread."""
    brought = await (await fake.slash("alice", channel, "table here")).acked()
    here = f"The table of **Toy** game #{sid} comes here."
    assert brought.data.get("content") == TABLE_HERE.format(game="Toy", id=sid) == here
    new = await fake.wait_for(lambda: next(
        (m for cid, ch in fake.channels.items() if ch.get("parent_id") == str(channel)
         for m in fake.messages(cid) if any(":table:" in c for c in m.custom_ids)), None
    ), what="the table in a new thread of the other channel")  # fmt: skip
    table.table_id = new.id


@pytest.mark.parametrize("locked", [False, True], ids=["archived", "locked"])
async def test_a_restart_while_the_thread_is_closed_reopens_it_or_moves_the_table_before_editing(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path, locked: bool
) -> None:
    fake, db = fake_discord, tmp_path / "closed.db"
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "toy", ("bob",))
    sid, thread = table.session_id(), table.thread_id()
    assert thread is not None
    await one_move_each(fake, bot, table, random.Random(1))
    await bot_runner.stop(bot)

    fake.archive_thread(thread, locked=locked)  # while the bot is down: no gateway event reaches it
    since = len(fake.calls)
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    await one_move_each(fake, bot, table, random.Random(3))
    if locked:
        await moved_to_channel(fake, table, LOCKED_LINE.format(game="Toy", id=sid))
    else:
        after = fake.calls[since:]
        reopened = [i for i, c in enumerate(after) if c.method == "PATCH" and c.path == f"/channels/{thread}"]
        edits = [i for i, c in enumerate(after) if c.method == "PATCH" and c.path.startswith(f"/channels/{thread}/")]
        assert [after[i].json for i in reopened] == [{"archived": False}]
        assert edits, "the table was edited in its thread"
        assert reopened[0] < edits[0], "the thread was reopened before the table was edited"
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)
    assert fake.rejected == [], "nothing was refused"
    await bot_runner.stop(bot)


@pytest.mark.parametrize("what", ["thread", "channel"])
async def test_a_restart_after_the_thread_or_channel_was_deleted_moves_the_table_after_one_refusal_each(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path, what: str
) -> None:
    fake, db = fake_discord, tmp_path / "gone.db"
    other = int(fake.add_channel(fake.guild.id, "other-games")["id"])
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "toy", ("bob",))
    sid, thread = table.session_id(), table.thread_id()
    assert thread is not None
    await one_move_each(fake, bot, table, random.Random(1))
    await bot_runner.stop(bot)

    fake.delete_channel(thread if what == "thread" else table.channel_id)  # no gateway event reaches the bot
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    await one_move_each(fake, bot, table, random.Random(3))
    if what == "thread":
        await moved_to_channel(fake, table, DELETED_LINE.format(game="Toy", id=sid))
    else:
        for who in PLAYERS:
            await fake.wait_for(functools.partial(was_told, fake, who, channel_gone_dm(sid)), what=f"{who} told")
        await bring_back(fake, table, other, sid)
    await play_privately(fake, table, PLAYERS, random.Random(2))
    assert game_over(table)
    # Looking at the thread found it gone; for a channel, so did the line saying why the table moved.
    refused = [(r.call.method, r.call.path, r.code) for r in fake.rejected]
    expected = [("GET", f"/channels/{thread}", 10003)]
    if what == "channel":
        expected.append(("POST", f"/channels/{table.channel_id}/messages", 10003))
    assert refused == expected
    await bot_runner.stop(bot)
