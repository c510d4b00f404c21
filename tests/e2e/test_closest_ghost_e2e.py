"""The Closest Ghost played end to end through the fake Discord."""

from __future__ import annotations

import asyncio
import copy
import random
import sqlite3
import time
from contextlib import closing
from functools import partial
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.discord_ui.client import HauntedBot
from bot.discord_ui.cogs import game as game_cog
from tests.e2e.harness import MOVE, Table, click_move, move_controls, seat_of, settled, table_moved_past
from tests.fake_discord.models import Component, Interaction
from tests.fake_discord.server import FakeDiscord

MAX_CLICKS = 2000
#: The two players of most tests here, by seat.
PLAYERS = ("alice", "bob")
SEATS = dict(enumerate(PLAYERS))


async def alice_and_bob(fake: FakeDiscord, haunted: HauntedBot) -> Table:
    """A started game between alice (the host) and bob."""
    return await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))


def thread_of(table: Table) -> int:
    thread = table.thread_id()
    assert thread is not None
    return thread


def mover(control: Component) -> str:
    """Who may click a move control: the player of its seat."""
    return PLAYERS[seat_of(control)]


def waiting_player(control: Component) -> str:
    """The player who is not to click a move control."""
    return PLAYERS[1 - seat_of(control)]


async def move_and_wait(
    fake: FakeDiscord, table: Table, control: Component, rng: random.Random, who: str | None = None
) -> Any:
    """`who` (by default the control's player) clicks it; then wait until the table shows the
    move. The click's answer."""
    before = len(table.table.versions)
    _, ack = await click_move(fake, who or mover(control), table.table, control, rng)
    await fake.wait_for(table_moved_past(table, before), what="the table to show the move")
    return ack


async def play_to_the_end(fake: FakeDiscord, table: Table, seats: dict[int, str], rng: random.Random) -> int:
    """Click random legal moves on the table for whoever is to move, until the game is over."""
    clicks = 0
    while controls := [c for c in move_controls(table.table) if seat_of(c) in seats]:
        assert clicks < MAX_CLICKS, "the game did not end"
        control = rng.choice(controls)
        ack = await move_and_wait(fake, table, control, rng, seats[seat_of(control)])
        assert ack.type == 7, "a move is answered with the table that shows it"
        clicks += 1
    return clicks


async def test_a_whole_game_between_two_people_from_play_to_result(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "closest-ghost")
    await table.lobby_click("bob", "Join")
    assert "Bob" in fake.message(table.lobby_id).text()
    message = await table.start("alice")

    thread = table.thread_id()
    assert thread is not None
    assert message.channel_id == thread, "the table lives in a thread of its own"
    assert "started" in fake.message(table.lobby_id).text()
    assert not fake.message(table.lobby_id).custom_ids, "a started lobby has no buttons left"
    assert not fake.dms("alice"), "nothing is secret in this game: no DMs"
    assert not fake.dms("bob")

    clicks = await play_to_the_end(fake, table, SEATS, random.Random(4))
    assert clicks > 3
    assert "Game over" in table.table.text()
    assert table.table.component(label="Rematch")
    assert len([m for m in fake.messages(thread) if m.embeds]) == 1, "one table message, edited in place"
    played = {uid: await haunted.store.stats(uid) for uid in (fake.user("alice")["id"], fake.user("bob")["id"])}
    assert all(rows and rows[0][0] == "closest-ghost" and rows[0][1] == 1 for rows in played.values())


async def test_a_game_against_a_computer_seat(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.open(fake, haunted, "alice", "closest-ghost")
    await table.add_computer("alice")
    # The seat list says the computer's level once; everywhere else it is just "Computer 1".
    assert "2. Computer 1 (normal computer)" in fake.message(table.lobby_id).text()
    await table.start("alice")
    rng = random.Random(2)
    for _ in range(MAX_CLICKS):
        await fake.wait_for(
            lambda: "Game over" in table.table.text() or any(seat_of(c) == 0 for c in move_controls(table.table)),
            what="alice's turn or the end",
        )
        if "Game over" in table.table.text():
            break
        controls = [c for c in move_controls(table.table) if seat_of(c) == 0]
        await move_and_wait(fake, table, rng.choice(controls), rng)
    assert "Game over" in table.table.text()
    assert "Computer 1" in table.table.text()
    assert "(normal)" not in table.table.text(), "short names on the table"


async def test_the_player_to_move_is_mentioned_and_older_pings_are_removed(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    thread = thread_of(table)
    pings = await fake.wait_for(lambda: [m for m in fake.messages(thread) if "your move" in m.content], what="a ping")
    assert len(pings) == 1
    assert "the controls are on the table" in pings[0].content, "the ping says where to move"
    await play_to_the_end(fake, table, SEATS, random.Random(9))
    live = [m for m in fake.messages(thread) if "your move" in m.content]
    assert len(live) <= 1, "the thread keeps at most one 'your move' message"


@pytest.mark.parametrize("bot_options", [{"mention_after": 3600}], indirect=True)
async def test_players_who_answer_their_turn_within_the_mention_delay_are_not_mentioned(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    thread = thread_of(table)
    rng = random.Random(5)
    for _ in range(4):  # each move passes the turn to the other player, who answers at once
        controls = move_controls(table.table)
        if not controls:
            break
        await move_and_wait(fake, table, controls[0], rng)
    await settled(haunted, table.session_id())
    mentions = [m.content for m in fake.messages(thread, deleted=True) if "your move" in m.content]
    assert mentions == [], "a player at the table, answering at once, is not notified of every move"


@pytest.mark.parametrize("bot_options", [{"mention_after": 3600}], indirect=True)
async def test_moves_keep_the_one_mention_timer_of_their_game_rather_than_set_a_new_one_each(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    # A move only puts the next mention later, so the timer set at the first turn stays (it looks again
    # when it fires): a timer set and cancelled at every click was work for nothing.
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    sid = table.session_id()
    await settled(haunted, sid)
    first = haunted.publisher._mention_timers[sid]
    rng = random.Random(5)
    for _ in range(4):
        controls = move_controls(table.table)
        if not controls:
            break
        await move_and_wait(fake, table, controls[0], rng)
    await settled(haunted, sid)
    assert haunted.publisher._mention_timers[sid] is first
    assert not first.cancelled()


@pytest.mark.parametrize("bot_options", [{"mention_after": 3600}], indirect=True)
async def test_a_mention_timer_firing_before_anyone_is_due_waits_on_and_mentions_once_they_are(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    # The kept timer fires at the earliest mention it was set for; a move since may have put that off.
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    sid = table.session_id()
    await settled(haunted, sid)
    publisher = haunted.publisher
    (due,) = publisher._due_since[sid]
    publisher._due_since[sid][due] = time.monotonic()  # became due just now: not to be mentioned yet
    publisher._mention_timers.pop(sid).cancel()
    publisher._mention_due(sid)
    assert not publisher.busy(sid), "no refresh before a mention is due"
    assert publisher._mention_timers[sid].when() > asyncio.get_running_loop().time() + 3000, "set for the rest"
    publisher._due_since[sid][due] = time.monotonic() - 3600  # now it is due
    publisher._mention_due(sid)
    pings = await fake.wait_for(
        lambda: [m for m in fake.messages(thread_of(table)) if m.content.startswith(f"<@{due}>, your move")],
        what="the mention",
    )
    assert len(pings) == 1


@pytest.mark.parametrize("bot_options", [{"mention_after": 0.2}], indirect=True)
async def test_a_player_who_does_not_answer_within_the_mention_delay_is_mentioned_once(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    thread = thread_of(table)
    control = move_controls(table.table)[0]
    first, waiter = mover(control), waiting_player(control)
    mention = f"<@{fake.user(waiter)['id']}>, your move"
    # The first player is mentioned in their turn too; then they move, and the other one waits.
    await fake.wait_for(
        lambda: any(f"<@{fake.user(first)['id']}>, your move" in m.content for m in fake.messages(thread)),
        what="the first player's mention",
    )
    await move_and_wait(fake, table, control, random.Random(1))
    pings = await fake.wait_for(
        lambda: [m for m in fake.messages(thread) if m.content.startswith(mention)], what="the late mention"
    )
    assert len(pings) == 1
    assert len([m for m in fake.messages(thread) if "your move" in m.content]) == 1, "the older one is removed"


async def test_a_move_is_answered_in_one_task_without_rebuilding_the_clicked_message_as_items(
    fake_discord: FakeDiscord, haunted: HauntedBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A move's custom_id says all its answer needs: discord.py's DynamicItem path rebuilt every
    # component of the message to find it, and the interaction event cost a task of its own.
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    rebuilt: list[int] = []
    events: list[str] = []
    from_message = discord.ui.View.from_message.__func__  # type: ignore[attr-defined]
    schedule = haunted._schedule_event

    def counted(cls: type[discord.ui.View], message: discord.Message, /, **kwargs: Any) -> discord.ui.View:
        rebuilt.append(message.id)
        return from_message(cls, message, **kwargs)  # type: ignore[no-any-return]

    def scheduled(coro: Any, event_name: str, *args: Any, **kwargs: Any) -> asyncio.Task[Any]:
        events.append(event_name)
        return schedule(coro, event_name, *args, **kwargs)

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(counted))
    monkeypatch.setattr(haunted, "_schedule_event", scheduled)
    rng = random.Random(3)
    for _ in range(3):
        controls = move_controls(table.table)
        if not controls:
            break
        await move_and_wait(fake, table, controls[0], rng)
    assert len(table.table.versions) > 3, "the moves were answered"
    assert rebuilt == []
    assert "on_interaction" not in events


async def test_clicks_by_someone_else_are_refused_privately(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    control = move_controls(table.table)[0]
    other = waiting_player(control)
    before = len(table.table.versions)
    for intruder in (other, "carol"):  # the other player, then a spectator
        interaction, _ = await click_move(fake, intruder, table.table, control, random.Random(0))
        answer = await fake.wait_for(partial(fake.ephemerals, interaction.user_id), what="a private answer")
        assert "not your seat" in answer[-1].text()
    await asyncio.sleep(0.05)
    assert len(table.table.versions) == before, "a refused click changes nothing"


async def test_a_double_click_racing_itself_plays_once(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    control = move_controls(table.table)[0]
    who = mover(control)
    assert control.custom_id is not None
    values = [control.options[0].value] if control.is_select else None
    first = await fake.click(who, table.table.id, control.custom_id, values)
    second = await fake.click(who, table.table.id, control.custom_id, values)
    await first.acked()
    await second.acked()
    answer = await fake.wait_for(lambda: fake.ephemerals(who), what="the refusal of the second click")
    assert "no longer possible" in answer[-1].text()
    session = await haunted.service.get(table.session_id())
    assert session.move_number == 1


async def test_an_old_button_after_the_game_moved_on(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    session = await haunted.service.get(table.session_id())
    old = table.table
    old_rows = copy.deepcopy(old.current["components"])
    first = move_controls(old)[0]
    who = mover(first)
    await click_move(fake, who, old, first, random.Random(0))
    await fake.wait_for(lambda: session.move_number == 1, what="the first move")
    # A client that has not caught up with the table still shows the old controls.
    fake.forge_rows(old.id, old_rows)
    stale = next(c for c in old.components if c.custom_id == first.custom_id)
    await click_move(fake, who, old, stale, random.Random(1))
    answer = await fake.wait_for(lambda: fake.ephemerals(who), what="the stale answer")
    assert "no longer possible" in answer[-1].text()
    assert session.move_number == 1


async def test_a_deleted_table_is_posted_again(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    old_id = table.table.id
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.row.table_message_id == old_id, what="the bot to note its table")
    fake.delete_message(old_id)  # someone deletes the table: the bot hears MESSAGE_DELETE
    await fake.wait_for(lambda: session.row.table_message_id not in (None, old_id), what="a new table")
    table.table_id = session.row.table_message_id
    await fake.wait_for(lambda: move_controls(table.table), what="the new table's controls")
    await play_to_the_end(fake, table, SEATS, random.Random(5))
    assert "Game over" in table.table.text()


async def test_a_rate_limited_message_is_waited_out_and_never_shown(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    thread = thread_of(table)
    # The click's own answer redraws the table; the "your move" mention that follows is a REST call.
    fake.rate_limit_next("POST", rf"/channels/{thread}/messages$", retry_after=0.3)
    control = move_controls(table.table)[0]
    who, other = mover(control), waiting_player(control)
    await click_move(fake, who, table.table, control, random.Random(0))
    mention = f"<@{fake.user(other)['id']}>"
    await fake.wait_for(
        lambda: any(mention in m.content for m in fake.messages(thread) if not m.deleted),
        what="the mention after the 429",
    )
    assert not fake.ephemerals(who), "players never hear about rate limits"
    assert [c for c in fake.calls if c.status == 429], "the fake did answer 429 once"


async def test_a_move_is_saved_before_its_click_is_answered(
    fake_discord: FakeDiscord, haunted: HauntedBot, db_path: Path
) -> None:
    """Commit first, answer second: when Discord hears that a click was accepted, its move is in
    the database already, so a crash at any moment never loses a move a player saw accepted."""
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    sid = table.session_id()
    saved_when_answered: list[int] = []

    def count_saved_moves(interaction: Interaction) -> None:
        if interaction.type == 3 and MOVE.match(str(interaction.data.get("custom_id", ""))):
            with closing(sqlite3.connect(db_path)) as db:
                (saved,) = db.execute("SELECT count(*) FROM actions WHERE session_id = ?", (sid,)).fetchone()
            saved_when_answered.append(saved)

    fake.on_acknowledge.append(count_saved_moves)
    rng = random.Random(4)
    for clicks in range(1, 11):
        ack = await move_and_wait(fake, table, rng.choice(move_controls(table.table)), rng)
        assert ack.type == 7
        assert saved_when_answered[-1] == clicks, "the move was committed before the click was answered"
    assert len(table.table.versions) >= 11


async def test_a_move_whose_answer_discord_refused_is_still_shown_by_the_next_table_edit(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    control = move_controls(table.table)[0]
    assert control.custom_id is not None
    before = len(table.table.versions)
    deadline, fake.ack_deadline = fake.ack_deadline, 0.0  # every answer now comes too late for Discord
    try:
        values = [control.options[0].value] if control.is_select else None
        interaction = await fake.click(mover(control), table.table.id, control.custom_id, values)
        await fake.wait_for(lambda: interaction.refusal is not None, what="the late answer")
        await fake.wait_for(table_moved_past(table, before), what="the table to show the move after all")
    finally:
        fake.ack_deadline = deadline
    assert control.custom_id not in table.table.custom_ids, "the committed move is on the table"
    fake.late_acks.clear()  # scripted above
    fake.rejected.clear()


async def test_a_move_the_store_fails_to_save_is_answered_once_and_never_deferred_afterwards(
    fake_discord: FakeDiscord, haunted: HauntedBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The click is answered with "something went wrong"; the timer that would defer a slow move
    # must not fire a second answer after it (Discord refuses it, and nobody hears that refusal).
    fake = fake_discord
    table = await alice_and_bob(fake, haunted)
    deferred: list[int] = []
    defer = discord.InteractionResponse.defer

    async def counted(self: discord.InteractionResponse[Any], **kwargs: Any) -> Any:
        deferred.append(1)
        return await defer(self, **kwargs)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the store is gone")

    monkeypatch.setattr(discord.InteractionResponse, "defer", counted)
    monkeypatch.setattr(game_cog, "ACK_WITHIN", 0.0)  # the deferral falls due at once
    monkeypatch.setattr(haunted.service, "act", broken)
    control = move_controls(table.table)[0]
    _, ack = await click_move(fake, mover(control), table.table, control, random.Random(2))
    assert ack.type == 4, "answered privately"
    assert deferred == []
