"""The turn clock through the fake Discord: reminders, two timeouts, the takeover, "I'm back"."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, _move_from_dm, click_move, latest_dm, move_controls, seat_of
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord
from tests.sessions.clock import ManualClock

TWO_MINUTES = 120


def back_button(message: StoredMessage | None) -> str | None:
    if message is None:
        return None
    return next((c.custom_id for c in message.components if (c.label or "").startswith("I'm back")), None)


@pytest.mark.usefixtures("with_toy_game")
async def test_a_player_who_walks_away_is_reminded_replaced_and_comes_back(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock
) -> None:
    fake = fake_discord
    rng = random.Random(3)
    table = await Table.open(fake, haunted, "alice", "toy-long")
    await table.lobby_click("bob", "Join")
    await table.set_clock("bob", TWO_MINUTES)
    assert "Only the host" in fake.ephemerals("bob")[-1].text()
    await table.set_clock("alice", TWO_MINUTES)
    assert "2 minutes per move" in fake.message(table.lobby_id).text()
    await table.start("alice")
    sid = table.session_id()
    session = await haunted.service.get(sid)
    thread = table.thread_id()
    assert thread is not None
    started = clock.now()

    async def pass_time(seconds: float) -> None:
        clock.advance(seconds)
        await haunted.turn_clock.settled(sid)

    async def bob_moves() -> None:
        # Time moves on only once bob's move is stored and the clock has seen it: a click
        # answered late (deferred on a busy machine) must not let the clock run past his move.
        count = session.moves.count(1)
        assert await _move_from_dm(fake, "bob", rng)
        await fake.wait_for(lambda: session.moves.count(1) > count, what="bob's move in the session")
        await haunted.turn_clock.settled(sid)

    # Each seat's deadline is on the table as a timestamp every reader's client counts down.
    await fake.wait_for(lambda: f"<t:{int(started) + TWO_MINUTES}:R>" in table.table.text(), what="the deadline")
    await fake.wait_for(lambda: move_controls(latest_dm(fake, "bob") or table.table), what="bob's DM")
    await bob_moves()

    # Alice does nothing: reminded at half time, then at 90%, in the thread and by DM.
    await pass_time(60)
    await fake.wait_for(
        lambda: any("half your time is gone" in m.content for m in fake.messages(thread)), what="the half-time ping"
    )
    await fake.wait_for(
        lambda: any("Half your time is gone" in m.content for m in fake.dms("alice")), what="the DM reminder"
    )
    assert not any("⏰" in m.content for m in fake.dms("bob")), "bob has moved: nobody hurries him"
    await pass_time(48)
    await fake.wait_for(lambda: any("nearly up" in m.content for m in fake.dms("alice")), what="the 90% reminder")
    pings = [m for m in fake.messages(thread) if "⏰" in m.content and not m.deleted]
    assert len(pings) == 1, "the thread keeps only the latest reminder"

    # Time runs out: the computer chooses for her, and the table's log says why.
    await pass_time(12)
    await fake.wait_for(lambda: "Alice ran out of time" in table.table.text(), what="the first timeout on the table")
    assert session.moves == [1, 0]

    # Round two: bob chooses, alice lets the clock run out again, and the computer takes her seat.
    await fake.wait_for(lambda: 1 in haunted.turn_clock.deadlines(sid), what="round two's clock")
    await fake.wait_for(lambda: move_controls(latest_dm(fake, "bob") or table.table), what="bob's round two")
    await bob_moves()
    await pass_time(TWO_MINUTES)
    await fake.wait_for(lambda: back_button(table.table), what="the table's I'm back button")
    # The seat is marked away first, then the computer's move brings the log line that says so.
    await fake.wait_for(lambda: "until they press I'm back" in table.table.text(), what="the takeover on the table")
    assert "Alice is away" in table.table.text()
    await fake.wait_for(lambda: back_button(latest_dm(fake, "alice")), what="the I'm back button in alice's DM")
    dm = latest_dm(fake, "alice")
    assert dm is not None
    assert not move_controls(dm), "while away, the computer moves for her"
    # In round three the computer chooses for her at once, with no clock running for her seat.
    await fake.wait_for(lambda: session.moves.count(0) == 3, what="the computer to play alice's seat")
    assert 0 not in haunted.turn_clock.deadlines(sid)

    # Only alice may take her seat back.
    table_back = back_button(table.table)
    assert table_back is not None
    refused = await fake.click("bob", table.table.id, table_back)
    await refused.acked()
    answer = await fake.wait_for(lambda: fake.ephemerals("bob")[1:], what="bob's refusal")
    assert "Only the player of that seat" in answer[-1].text()
    dm_back = back_button(dm)
    assert dm_back is not None
    back = await fake.click("alice", dm.id, dm_back)
    assert (await back.acked()).type == 6
    await fake.wait_for(lambda: not session.seats[0].away and not back_button(table.table), what="alice back")
    assert "away" not in table.table.text()

    # She plays on: bob ends round three, and in round four alice chooses herself, in time.
    await fake.wait_for(lambda: move_controls(latest_dm(fake, "bob") or table.table), what="bob's round three")
    assert await _move_from_dm(fake, "bob", rng)
    await fake.wait_for(lambda: move_controls(latest_dm(fake, "alice") or table.table), what="alice's turn")
    assert 0 in haunted.turn_clock.deadlines(sid)
    assert await _move_from_dm(fake, "alice", rng)
    assert session.moves[-1] == 0
    assert session.moves.count(0) == 4
    assert haunted.turn_clock.timeouts(sid, 0) == 0
    assert session.status == "active"


async def test_the_host_hands_seats_around_and_a_player_leaves(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    rng = random.Random(6)
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    thread = table.thread_id()
    assert thread is not None
    session = await haunted.service.get(table.session_id())
    await fake.wait_for(lambda: session.row.thread_id == thread, what="the bot to note its thread")

    def moved_past(count: int) -> Callable[[], bool]:
        return lambda: session.move_number > count

    refused = await fake.slash("bob", thread, "seat computer", {"seat": 1})
    await refused.acked()
    assert "Only the host or a server manager" in fake.ephemerals("bob")[-1].text()

    given = await fake.slash("alice", thread, "seat give", {"seat": 2, "member": "carol"})
    assert (await given.acked()).type == 4
    await fake.wait_for(lambda: "Carol" in table.table.text(), what="carol on the table")
    assert session.seats[1].user_id == int(fake.user("carol")["id"])
    assert any("now plays seat 2 (Bob)" in m.content for m in fake.messages(thread))

    # Carol plays seat 2 from the table until she has moved once; bob's clicks are refused now.
    while 1 not in session.moves:
        await fake.wait_for(lambda: move_controls(table.table), what="someone's move")
        control = rng.choice(move_controls(table.table))
        who = "alice" if seat_of(control) == 0 else "carol"
        before = session.move_number
        await click_move(fake, who, table.table, control, rng)
        await fake.wait_for(moved_past(before), what="the move")

    left = await fake.slash("carol", thread, "leave")
    await left.acked()
    await fake.wait_for(lambda: session.seats[1].computer == "normal", what="a computer in carol's seat")
    assert session.names[1] == "Computer 1"
    assert session.seats[1].computer == "normal"

    # Alice finishes the game against the computer that took the seat.
    for _ in range(2000):
        await fake.wait_for(
            lambda: "Game over" in table.table.text() or any(seat_of(c) == 0 for c in move_controls(table.table)),
            what="alice's turn or the end",
        )
        if "Game over" in table.table.text():
            break
        control = rng.choice([c for c in move_controls(table.table) if seat_of(c) == 0])
        before = session.move_number
        await click_move(fake, "alice", table.table, control, rng)
        await fake.wait_for(moved_past(before), what="alice's move")
    assert "Game over" in table.table.text()
    results = await haunted.store.stats(int(fake.user("carol")["id"]))
    assert results == [], "a seat that left is scored as the computer's"
