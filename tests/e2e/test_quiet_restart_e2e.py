"""A restart is quiet: the bot remembers what each message showed and whom it last mentioned,
so it edits only what changed while it was down and mentions nobody a second time."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from bot.sessions import Session
from tests.e2e.harness import (
    Table,
    _move_from_dm,
    click_move,
    latest_dm,
    move_controls,
    seat_of,
    settings_for,
    settled,
    table_moved_past,
)
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import Call
from tests.fake_discord.server import FakeDiscord


def message_calls(calls: list[Call]) -> list[Call]:
    """Calls that post, edit or delete a message (a channel's, a thread's or a DM's)."""
    return [c for c in calls if c.method in ("POST", "PATCH", "DELETE") and "/messages" in c.path]


async def restart(fake: FakeDiscord, runner: BotRunner, old: HauntedBot, db: Path) -> tuple[HauntedBot, int]:
    """Stop `old` and start a new bot on the same database; returns it and the call count in between."""
    await runner.stop(old)
    since = len(fake.calls)
    new = make_bot(settings_for(fake, db))
    await runner.start(new)
    return new, since


async def test_a_restart_edits_nothing_and_mentions_nobody_when_every_message_is_current(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> None:
    fake, db = fake_discord, tmp_path / "quiet.db"
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "ghosts-of-christmas", ("bob", "carol"))
    sid = table.session_id()
    rng = random.Random(2)
    for _ in range(4):
        await fake.wait_for(
            lambda: any(move_controls(latest_dm(fake, w) or table.table) for w in ("alice", "bob", "carol")),
            what="someone's turn",
        )
        moved = [await _move_from_dm(fake, who, rng) for who in ("alice", "bob", "carol")]
        assert any(moved)
    await settled(bot, sid)

    bot, since = await restart(fake, bot_runner, bot, db)
    await settled(bot, sid)
    assert message_calls(fake.calls[since:]) == [], "no message was posted, edited or deleted"
    dm = latest_dm(fake, "alice")
    assert dm is not None
    assert "Haunted Server" in dm.content
    await bot_runner.stop(bot)


async def test_private_messages_name_the_server_even_before_its_data_arrives(
    fake_discord: FakeDiscord, haunted: HauntedBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_discord
    table = await Table.started(fake, haunted, "alice", "ghosts-of-christmas", ("bob", "carol"))
    session = await haunted.service.get(table.session_id())
    # Just after a restart the guild is not cached yet: the stored name is used.
    monkeypatch.setattr(haunted, "get_guild", lambda _id: None)
    content = haunted.publisher.hand_payload(session, 0)["content"]
    assert "game on Haunted Server in" in content


async def test_a_turn_that_changed_while_the_bot_was_down_is_mentioned_once_and_redrawn(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> None:
    fake, db = fake_discord, tmp_path / "turn.db"
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "closest-ghost", ("bob",))
    sid = table.session_id()
    await settled(bot, sid)
    thread = table.thread_id()
    assert thread is not None
    session = await bot.service.get(sid)
    (seat,) = session.to_act()
    mover = session.seats[seat]
    waiting = session.seats[1 - seat]
    old_ping = next(m for m in fake.messages(thread) if f"<@{mover.user_id}>" in m.content and not m.deleted)

    # The move is committed, then the process dies before any message is touched.
    async def died(*_: object) -> None:
        return None

    bot.publisher.publish = died  # type: ignore[method-assign,assignment]
    assert session.state is not None
    action = session.game.legal_actions(session.state, seat)[0]
    await bot.service.act(sid, mover.user_id, seat, action)
    before = len(table.table.versions)

    bot, since = await restart(fake, bot_runner, bot, db)
    await fake.wait_for(lambda: len(table.table.versions) > before, what="the table redrawn with the move")
    await settled(bot, sid)
    calls = message_calls(fake.calls[since:])
    posted = [c for c in calls if c.method == "POST"]
    assert len(posted) == 1, f"one new mention, nothing else posted: {posted}"
    assert f"<@{waiting.user_id}>" in str(posted[0].json)
    assert fake.message(old_ping.id).deleted, "the old mention is removed"
    assert [c for c in calls if c.method == "PATCH"], "the table is edited"
    await bot_runner.stop(bot)


async def test_a_move_that_lands_while_the_messages_are_being_edited_is_still_redrawn_after_a_restart(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the publisher records as shown is the state it drew, not the session as it is when the
    edits are done: a move landing meanwhile (a computer's, another process's) must leave the game
    marked as behind, or a crash right then would leave its table and DMs stale after a restart."""
    fake, db = fake_discord, tmp_path / "behind.db"
    bot = make_bot(settings_for(fake, db))
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "ghosts-of-christmas", ("bob", "carol"))
    sid = table.session_id()
    await settled(bot, sid)
    publisher, service = bot.publisher, bot.service
    session = await service.get(sid)
    drawn_at, saved = session.row.version, list[str]()
    edit_table, remember = publisher._edit_table, service.remember_published

    async def edit_then_someone_moves(s: Session) -> None:
        await edit_table(s)
        if s.row.version == drawn_at:  # once: the next player moves while the DMs are still to edit
            seat = min(s.to_act())
            action = s.game.legal_actions(s.state, seat)[0]
            await service.act(sid, s.seats[seat].user_id, seat, action, s.move_number)

    async def remembered(session_id: int, **fields: Any) -> None:
        saved.append(fields["mark"])
        await remember(session_id, **fields)

    monkeypatch.setattr(publisher, "_edit_table", edit_then_someone_moves)
    monkeypatch.setattr(service, "remember_published", remembered)
    publisher.refresh(sid)
    await settled(bot, sid)
    assert saved, "the publisher recorded what it showed"
    assert saved[0].startswith(f"{drawn_at}|"), "the first record names the version the messages were drawn from"
    assert session.row.version > drawn_at
    assert saved[-1].startswith(f"{session.row.version}|"), "the redraw after the move records the new one"


async def test_a_move_answered_with_the_table_takes_no_refresh_and_a_restart_still_redraws_nothing(
    fake_discord: FakeDiscord, bot_runner: BotRunner, tmp_path: Path
) -> None:
    """In a game played on the table alone, the click's answer is the table with the move: the
    refresh after it has nothing to send, so it is not run; what the table shows is still stored."""
    fake, db = fake_discord, tmp_path / "answered.db"
    # Players who answer at once are not mentioned (the bot's default): a mention is a refresh's to send.
    settings = settings_for(fake, db, mention_after=600.0)
    bot = make_bot(settings)
    await bot_runner.start(bot)
    table = await Table.started(fake, bot, "alice", "closest-ghost", ("bob",))
    sid = table.session_id()
    await settled(bot, sid)
    refreshes = 0
    publish = bot.publisher.publish

    async def counted(session: Session) -> None:
        nonlocal refreshes
        refreshes += 1
        await publish(session)

    bot.publisher.publish = counted  # type: ignore[method-assign]
    since = len(fake.calls)
    rng = random.Random(3)
    players = ("alice", "bob")
    for _ in range(4):
        control = move_controls(table.table)[0]
        before = len(table.table.versions)
        await click_move(fake, players[seat_of(control)], table.table, control, rng)
        await fake.wait_for(table_moved_past(table, before), what="the table to show the move")
        await settled(bot, sid)
    assert refreshes == 0, "each answer showed the move: no refresh was needed"
    assert message_calls(fake.calls[since:]) == [], "the answers alone edited the table"

    await bot_runner.stop(bot)
    since = len(fake.calls)
    bot = make_bot(settings)
    await bot_runner.start(bot)
    await settled(bot, sid)
    assert message_calls(fake.calls[since:]) == [], "what the answers showed was stored: nothing to redraw"
    await bot_runner.stop(bot)
