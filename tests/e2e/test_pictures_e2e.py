"""Pictures end to end: the table's PNG attached to its embed and replaced on each edit, a
player's hand picture in their DM, each picture drawn once, and the setting that turns them off."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from bot.discord_ui import publisher as publisher_module
from bot.discord_ui.client import HauntedBot
from bot.pictures import LATELY_HALF_LIFE, Drawing, drawing_for
from bot.screens import hand_seen, table_seen
from tests.e2e.harness import Table, click_move, dm_of, move_controls, seat_of, settled, table_moved_past
from tests.fake_discord.models import Interaction, StoredMessage
from tests.fake_discord.server import FakeDiscord
from tests.sessions.clock import ManualClock

PNG = b"\x89PNG\r\n\x1a\n"


def alt_text(message: StoredMessage) -> str:
    """The description (alt text) of the picture a message shows now."""
    [attachment] = message.attachments
    description = attachment.get("description")
    assert isinstance(description, str)
    return description


def shown_picture(message: StoredMessage, version: int = -1) -> bytes:
    """The PNG a message's embed shows: one attachment, named by the embed, with PNG bytes."""
    shown = message.versions[version]
    [attachment] = shown.get("attachments") or []
    assert shown["embeds"][0]["image"]["url"] == attachment["url"], "the embed shows the attached picture"
    picture = message.embed_image(version)
    assert picture is not None
    assert picture.startswith(PNG)
    return picture


async def move_on_the_table(fake: FakeDiscord, table: Table, rng: random.Random) -> Any:
    """Alice or Bob clicks a random move of the table, and the table shows it; the click's acknowledgement."""
    before = len(table.table.versions)
    control = rng.choice(move_controls(table.table))
    _interaction, ack = await click_move(fake, ("alice", "bob")[seat_of(control)], table.table, control, rng)
    await fake.wait_for(table_moved_past(table, before), what="the table to show the move")
    return ack


async def click_on_the_table(fake: FakeDiscord, table: Table) -> tuple[Interaction, bytes]:
    """Alice's or Bob's click on a move of the table (seeded); the click, and the picture the table
    showed before it."""
    rng = random.Random(3)
    control = rng.choice(move_controls(table.table))
    old_picture = shown_picture(table.table)
    values = [rng.choice(control.options).value] if control.is_select else None
    who = ("alice", "bob")[seat_of(control)]
    return await fake.click(who, table.table.id, control.custom_id or "", values), old_picture


async def test_the_table_carries_its_picture_and_every_move_replaces_it(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session = await haunted.service.get(table.session_id())
    await settled(haunted, session.id)

    def current() -> Drawing:
        drawing = drawing_for(table_seen(session), "table")
        assert drawing is not None
        return drawing

    def current_picture() -> bytes:
        png = current().png()
        assert png is not None
        return png

    assert shown_picture(table.table) == current_picture(), "the picture is the one drawn from the table's view"
    assert alt_text(table.table) == current().description, "a screen reader reads what the picture shows"
    assert "Turn 1: " in alt_text(table.table)
    assert "Alice: avatar on" in alt_text(table.table)
    assert table.table.attachments[0]["filename"] == "table.png"
    shown = [(table.table.attachments[0]["id"], shown_picture(table.table))]
    rng = random.Random(8)
    for _ in range(4):
        await move_on_the_table(fake, table, rng)
        await settled(haunted, session.id)
        # The click's answer may still show the picture before the move; the refresh after it attaches the new one.
        assert shown_picture(table.table) == current_picture()
        assert alt_text(table.table) == current().description, "each new picture comes with its own description"
        shown.append((table.table.attachments[0]["id"], shown_picture(table.table)))

    assert len({attachment for attachment, _png in shown}) == 5, "each move uploads the picture anew, the old one goes"
    assert len({png for _attachment, png in shown}) == 5, "each move changes the picture"
    # Drawn once per change: the click's answer and the refresh after it share one drawing.
    assert haunted.publisher.pictures.draws == 5


async def test_a_players_dm_shows_the_picture_of_their_own_hand(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "13-ghosts", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    session = await haunted.service.get(session_id)
    for seat, who in enumerate(("alice", "bob")):
        dm = await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")
        drawing = drawing_for(hand_seen(session, seat), "hand")
        assert drawing is not None
        assert shown_picture(dm) == drawing.png(), f"{who}'s DM shows the picture of {who}'s own view"
        assert dm.attachments[0]["filename"] == "hand.png"
        assert alt_text(dm) == drawing.description
        assert alt_text(dm).startswith(f"{who.capitalize()}: "), "the hand's description says whose hand it is"
    assert shown_picture(fake.dms("alice")[-1]) != shown_picture(fake.dms("bob")[-1])
    # The table is drawn from the public view: neither hand's picture is on it.
    assert shown_picture(table.table) not in {shown_picture(fake.dms(who)[-1]) for who in ("alice", "bob")}


async def test_a_game_on_the_best_candy_deck_has_a_table_and_hand_pictures_with_descriptions(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    # The variant games are drawn by their shelf's shared picture: the table, and each hand in its DM.
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "haunted-house", ("bob", "carol"))
    session_id = table.session_id()
    await settled(haunted, session_id)
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    assert shown_picture(table.table) == drawing.png()
    assert alt_text(table.table) == drawing.description
    assert "Alice" in alt_text(table.table)
    hands = []
    for seat, who in enumerate(("alice", "bob", "carol")):
        dm = await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")
        mine = drawing_for(hand_seen(session, seat), "hand")
        assert mine is not None
        assert shown_picture(dm) == mine.png()
        assert alt_text(dm) == mine.description
        assert "Your hand" in alt_text(dm)
        hands.append(alt_text(dm))
    assert len(set(hands)) == 3, "each player's description tells their own cards"
    assert not any(hand in alt_text(table.table) for hand in hands)


@pytest.mark.parametrize("bot_options", [{"table_images": False}], indirect=True)
async def test_with_pictures_off_a_table_is_text_only(fake_discord: FakeDiscord, haunted: HauntedBot) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    rng = random.Random(1)
    await move_on_the_table(fake, table, rng)
    for version in table.table.versions:
        assert not version.get("attachments")
        assert "image" not in version["embeds"][0]
    assert haunted.publisher.pictures.draws == 0


async def test_a_picture_that_cannot_be_started_never_turns_a_saved_move_into_an_error(
    fake_discord: FakeDiscord, haunted: HauntedBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The drawing worker refusing work (it could not be started, say) must not reach the player: the move
    is saved, so its answer is the table showing it, and the picture comes with a later edit."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    pictures = haunted.publisher.pictures
    start = pictures.start
    refused: list[str] = []

    def broken_start(drawing: Any, slot: Any = None) -> Any:
        if not refused:  # only the click's own picture: the refresh after it draws as usual
            refused.append(drawing.key)
            raise RuntimeError("the drawing worker could not be started")
        return start(drawing, slot)

    monkeypatch.setattr(pictures, "start", broken_start)
    rng = random.Random(3)
    before = len(table.table.versions)
    control = rng.choice(move_controls(table.table))
    _interaction, ack = await click_move(fake, ("alice", "bob")[seat_of(control)], table.table, control, rng)
    assert ack.type == 7, "the click is answered with the table itself, not a private error"
    assert refused, "the click's picture was asked for, and refused"
    await fake.wait_for(table_moved_past(table, before), what="the table to show the move")
    await settled(haunted, session_id)
    session = await haunted.service.get(session_id)
    assert session.move_number == 1
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    assert shown_picture(table.table) == drawing.png(), "the refresh brought the move's picture after all"


@pytest.mark.parametrize("slow", [True, False], ids=["pictures-slow-lately", "pictures-quick-lately"])
async def test_a_clicks_answer_waits_for_its_picture_only_while_pictures_come_quickly(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock, monkeypatch: pytest.MonkeyPatch, slow: bool
) -> None:
    """A machine too busy to draw pictures in time: the answer goes at once, with the picture the table
    has, and the new one follows in an edit once the game has been still long enough to show it. While
    pictures come quickly, the answer waits for its own."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    # Only "lately" decides, not the timeout (a quick picture may take long on a busy test machine).
    wait = 1.0 if slow else 600.0
    monkeypatch.setattr(publisher_module, "PICTURE_WAIT", wait)
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 10 * wait if slow else wait / 10
    begun, release = threading.Event(), threading.Event()
    start = pictures.start

    def held_start(drawing: Any, slot: Any = None) -> Any:
        held = Drawing(drawing.key, drawing.kind, partial(held_draw, drawing), drawing.description)
        return start(held, slot)

    def held_draw(drawing: Drawing) -> bytes | None:
        begun.set()
        release.wait(timeout=60)
        return drawing.png()

    monkeypatch.setattr(pictures, "start", held_start)
    interaction, old_picture = await click_on_the_table(fake, table)
    if slow:
        ack = await interaction.acked()
        answered = table.table.embed_image()
        await settled(haunted, session_id)
        assert not begun.is_set(), "no picture is drawn while the game may move on before it could be shown"
        clock.advance(publisher_module.STILL_FOR * pictures.drawing_time)
    assert await asyncio.to_thread(begun.wait, 60), "the move's picture is being drawn"
    if slow:
        release.set()
    else:
        await asyncio.sleep(0)
        assert not interaction._done.is_set(), "the answer waits for its picture"
        release.set()
        ack = await interaction.acked()
        answered = table.table.embed_image()
    assert ack.type == 7, "the click is answered with the table showing the move"
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    if slow:
        assert answered == old_picture, "at once, with the picture the table had"
    else:
        assert answered == drawing.png(), "with its own picture"
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the move's picture")
    await settled(haunted, session_id)
    assert shown_picture(table.table) == drawing.png(), "the move's picture is shown in the end"


async def test_a_clicks_answer_does_not_wait_for_a_picture_while_every_drawing_worker_is_busy(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pictures come quickly lately, but every drawing worker is busy (many games moved at that moment):
    the move's picture would wait in line, so the answer goes at once with the picture the table has,
    and the new one follows once the game has been still long enough."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    monkeypatch.setattr(publisher_module, "PICTURE_WAIT", 600.0)  # only "room" decides, not the timeout
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 60.0  # quick: well under PICTURE_WAIT
    monkeypatch.setattr(pictures, "has_room", lambda: False)
    started: list[str] = []
    start = pictures.start

    def counted_start(drawing: Any, slot: Any = None) -> Any:
        started.append(drawing.key)
        return start(drawing, slot)

    monkeypatch.setattr(pictures, "start", counted_start)
    interaction, old_picture = await click_on_the_table(fake, table)
    ack = await interaction.acked()
    assert ack.type == 7, "the click is answered with the table showing the move"
    assert table.table.embed_image() == old_picture, "at once, with the picture the table had"
    assert not started, "no picture was started for the answer"
    await settled(haunted, session_id)
    clock.advance(publisher_module.STILL_FOR * pictures.lately())
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the move's picture")


async def test_moves_faster_than_pictures_draw_no_picture_until_the_game_is_still(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock
) -> None:
    """Pictures take a second lately and the players move every half second: each move's picture would
    be overtaken by the next move before it could be shown, so none is drawn; the table's words follow
    every move, and once the game has been still long enough its last picture is drawn, and shown."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 1.0
    drawn, first_picture = pictures.draws, shown_picture(table.table)
    rng = random.Random(5)
    for _ in range(4):
        ack = await move_on_the_table(fake, table, rng)
        assert ack.type == 7, "each click is answered at once with the table showing its move"
        await settled(haunted, session_id)
        clock.advance(0.5)
    session = await haunted.service.get(session_id)
    assert session.move_number == 4
    assert pictures.draws == drawn, "no picture was drawn while every one would have been overtaken"
    assert shown_picture(table.table) == first_picture, "the table keeps the picture it has meanwhile"
    words = haunted.publisher.table_payload(session)["embed"].to_dict()
    assert table.table.embeds[0]["description"] == words["description"], "the table's words show the last move"
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    clock.advance(publisher_module.STILL_FOR * pictures.lately())
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the last move's picture")
    await settled(haunted, session_id)
    assert pictures.draws == drawn + 1, "the game paused: its last picture only was drawn"
    assert shown_picture(table.table) == drawing.png()
    assert alt_text(table.table) == drawing.description


@pytest.mark.parametrize("bot_options", [{"table_edit_interval": 1.0}], indirect=True)  # the bot's default
async def test_a_run_of_moves_a_little_slower_than_pictures_shows_its_last_picture_after_the_refresh_interval(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock
) -> None:
    """Pictures are slow lately (a busy bot), but each move of this game comes after more than 1.5
    pictures' time: still, a picture waits for the game to be still as long as the least time between
    two refreshes (a second), so a run of quick moves shows its last picture, not each one's."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    pictures, interval = haunted.publisher.pictures, haunted.publisher.interval
    pictures.drawing_time = 0.1  # slower than PICTURE_WAIT; 1.5 of them is 0.15 s
    assert publisher_module.STILL_FOR * pictures.lately() < interval / 3
    drawn = pictures.draws
    rng = random.Random(5)
    for _ in range(3):
        await move_on_the_table(fake, table, rng)
        await settled(haunted, session_id)
        clock.advance(interval / 3)
        for _ in range(3):  # the picture timer's turn to wake (and, without a picture to wait for, end)
            await asyncio.sleep(0)
        await settled(haunted, session_id)
    assert pictures.draws == drawn, "no picture while the moves come faster than the refresh interval"
    clock.advance(interval)
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the last move's picture")
    await settled(haunted, session_id)
    assert pictures.draws == drawn + 1, "the run's last picture only"


async def test_a_refresh_waits_for_the_game_to_be_still_while_every_drawing_worker_is_busy(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pictures come quickly lately, but every drawing worker is busy: the refresh after a click does
    not put the move's picture in line behind them; it is drawn once the game has been still."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 0.001  # quick
    monkeypatch.setattr(pictures, "has_room", lambda: False)
    drawn = pictures.draws
    interaction, old_picture = await click_on_the_table(fake, table)
    ack = await interaction.acked()
    assert ack.type == 7
    await settled(haunted, session_id)
    assert pictures.draws == drawn, "no picture is put in line while the workers are busy"
    assert shown_picture(table.table) == old_picture
    clock.advance(publisher_module.STILL_FOR * pictures.lately())
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the move's picture")


# Players who answer at once are not mentioned (the bot's default): a mention is a refresh's to send.
@pytest.mark.parametrize("bot_options", [{"mention_after": 600.0}], indirect=True)
async def test_moves_faster_than_pictures_are_answered_in_words_and_take_no_refresh_until_the_game_is_still(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While pictures are slower than the moves, each click's answer is the table's words with the picture
    it has, which is all a refresh would send then: no refresh runs after it. Once the game is still, the
    one refresh that follows shows the last move's picture."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    publisher = haunted.publisher
    publisher.pictures.drawing_time = 1.0
    drawn = publisher.pictures.draws
    refreshes = 0
    publish = publisher.publish

    async def counted(session: Any) -> None:
        nonlocal refreshes
        refreshes += 1
        await publish(session)

    monkeypatch.setattr(publisher, "publish", counted)
    since = len(fake.calls)
    rng = random.Random(5)
    for _ in range(4):
        ack = await move_on_the_table(fake, table, rng)
        assert ack.type == 7, "each click is answered at once with the table showing its move"
        await settled(haunted, session_id)
        clock.advance(0.5)
    assert refreshes == 0, "each answer showed what a refresh would have: none was run"
    assert [c for c in fake.calls[since:] if c.method == "PATCH"] == [], "the answers alone edited the table"
    assert publisher.pictures.draws == drawn, "no picture was drawn while every one would have been overtaken"
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    clock.advance(publisher_module.STILL_FOR * publisher.pictures.lately())
    await fake.wait_for(lambda: table.table.embed_image() == drawing.png(), what="the last move's picture")
    await settled(haunted, session_id)
    assert refreshes == 1, "one refresh, once the game was still, brought the picture"
    assert publisher.pictures.draws == drawn + 1, "the game paused: its last picture only was drawn"
    assert shown_picture(table.table) == drawing.png()


def answered(message: StoredMessage, versions: int) -> Callable[[], bool]:
    """A `wait_for` condition: the message has been edited since it had `versions` versions."""
    return lambda: len(message.versions) > versions


async def test_hands_too_wait_for_the_game_to_be_still_before_their_pictures_are_drawn(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock
) -> None:
    """The same for a game played in DMs: while moves come faster than pictures, the hands and the table
    follow each move in words and draw nothing; once the game is still, each shows its own picture."""
    fake = fake_discord
    players = ("alice", "bob")
    table = await Table.started(fake, haunted, "alice", "13-ghosts", players[1:])
    session_id = table.session_id()
    await settled(haunted, session_id)
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 1.0
    drawn = pictures.draws
    rng = random.Random(3)
    for _ in range(4):
        hands = [hand for who in players if (hand := dm_of(fake, who)()) is not None]
        moves = [(message, c) for message in (table.table, *hands) for c in move_controls(message)]
        message, control = rng.choice(moves)
        before = len(message.versions)
        await click_move(fake, players[seat_of(control)], message, control, rng)
        await fake.wait_for(answered(message, before), what="the move's answer")
        await settled(haunted, session_id)
        clock.advance(0.5)
    assert pictures.draws == drawn, "no picture was drawn while every one would have been overtaken"
    session = await haunted.service.get(session_id)
    table_drawing = drawing_for(table_seen(session), "table")
    assert table_drawing is not None
    clock.advance(publisher_module.STILL_FOR * pictures.lately())
    await fake.wait_for(lambda: table.table.embed_image() == table_drawing.png(), what="the table's picture")
    await settled(haunted, session_id)
    for seat, who in enumerate(players):
        drawing = drawing_for(hand_seen(session, seat), "hand")
        assert drawing is not None
        dm = dm_of(fake, who)()
        assert dm is not None
        assert shown_picture(dm) == drawing.png(), f"{who}'s DM shows their hand as it is now"
    assert pictures.draws > drawn


async def test_after_a_slow_spell_quiet_play_carries_its_pictures_with_the_answers_again(
    fake_discord: FakeDiscord, haunted: HauntedBot, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pictures were slow a minute ago, and nothing was drawn since: that time counts for less and less,
    so a player who moves now gets the answer with its new picture, as in any quiet game."""
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "closest-ghost", ("bob",))
    session_id = table.session_id()
    await settled(haunted, session_id)
    # Scaled so that only "lately" decides, not the wait's timeout (a quick picture may take long on a
    # busy test machine): 20 times the wait a minute ago is a sixth of it now (six half-lives).
    wait = 600.0
    monkeypatch.setattr(publisher_module, "PICTURE_WAIT", wait)
    pictures = haunted.publisher.pictures
    pictures.drawing_time = 20 * wait
    assert pictures.lately() > wait
    clock.advance(6 * LATELY_HALF_LIFE)
    assert pictures.lately() < wait
    rng = random.Random(5)
    control = rng.choice(move_controls(table.table))
    _interaction, ack = await click_move(fake, ("alice", "bob")[seat_of(control)], table.table, control, rng)
    assert ack.type == 7
    session = await haunted.service.get(session_id)
    drawing = drawing_for(table_seen(session), "table")
    assert drawing is not None
    assert table.table.embed_image() == drawing.png(), "the answer carries its move's picture"


async def test_a_hand_edited_with_the_same_picture_keeps_it_rather_than_upload_it_again(
    fake_discord: FakeDiscord, haunted: HauntedBot
) -> None:
    # Another player's move changes a hand's words (whose turn it is) but not its cards: the DM is
    # edited without a new upload and keeps the picture it has, which is still that hand's.
    fake = fake_discord
    players = ("alice", "bob")
    table = await Table.started(fake, haunted, "alice", "13-ghosts", players[1:])
    session_id = table.session_id()
    rng = random.Random(3)
    for _ in range(10):
        await settled(haunted, session_id)
        session = await haunted.service.get(session_id)
        if session.state is None or session.game.result(session.state) is not None:
            break
        for seat, who in enumerate(players):
            dm = await fake.wait_for(dm_of(fake, who), what=f"{who}'s DM")
            drawing = drawing_for(hand_seen(session, seat), "hand")
            assert drawing is not None
            assert shown_picture(dm) == drawing.png(), f"{who}'s DM shows their hand as it is now"
        moves = [(table.table, c) for c in move_controls(table.table)]
        hands = [hand for who in players if (hand := dm_of(fake, who)()) is not None]
        moves += [(hand, c) for hand in hands for c in move_controls(hand)]
        message, control = rng.choice(moves)
        who = players[seat_of(control)]
        await click_move(fake, who, message, control, rng)
    dms = {fake.dm_channel_id(who) for who in players}
    edits = [c for c in fake.calls if c.method == "PATCH" and int(c.path.split("/")[2]) in dms]
    kept = [c for c in edits if not c.files and "attachments" not in c.json]
    assert kept, "some edit of a hand kept the picture it carried rather than upload it again"
    # (and each DM still showed its own hand's picture after it: checked before every move above)
