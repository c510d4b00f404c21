"""Games that outlast an hour: Discord takes only 3 edits per 6 seconds per channel to messages over
an hour old (429, code 30046). The bot's clock is the fake's (`SharedClock`), so a test moves both on
together: messages age, and the bot knows it, without waiting for real time."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord_ui import edit_budget, publisher
from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import (
    Table,
    click_move,
    game_over,
    latest_dm,
    move_controls,
    playable,
    settings_for,
    settled,
)
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import FakeTime, StoredMessage
from tests.fake_discord.server import FakeDiscord


class SharedClock:
    """The bot's clock hook on the fake's wall clock: `advance` moves Discord's time and the bot's at
    once and wakes whatever the bot is waiting for (real time moves both on as well)."""

    def __init__(self, time: FakeTime) -> None:
        self.time = time
        self._wakers: list[asyncio.Future[None]] = []

    def now(self) -> float:
        return self.time.now()

    async def sleep(self, seconds: float) -> None:
        until = self.now() + seconds
        while (left := until - self.now()) > 0:
            wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._wakers.append(wake)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake, left)

    def advance(self, seconds: float) -> None:
        self.time.advance(seconds)
        wakers, self._wakers = self._wakers, []
        for wake in wakers:
            if not wake.done():
                wake.set_result(None)


@pytest_asyncio.fixture
async def on_fake_time(
    fake_discord: FakeDiscord, bot_runner: BotRunner, db_path: Path
) -> AsyncIterator[tuple[HauntedBot, SharedClock]]:
    """The real bot whose clock hook is the fake's clock."""
    clock = SharedClock(fake_discord.clock)
    bot = make_bot(settings_for(fake_discord, db_path), clock=clock)
    await bot_runner.start(bot)
    yield bot, clock
    bot_runner.assert_alive(bot)


async def play_on_the_clock(
    fake: FakeDiscord,
    bot: HauntedBot,
    table: Table,
    humans: list[str],
    clock: SharedClock,
    rng: random.Random,
    *,
    seconds: Callable[[int], float],
    jumps: dict[int, float],
    moves: int | None = None,
) -> int:
    """Play from the DMs, `seconds(n)` of fake time before move n (and `jumps[n]` more before it),
    to the end of the game or `moves` moves. Returns the moves made."""
    sid = table.session_id()
    made = idle = stale = 0
    while not game_over(table) and (moves is None or made < moves):
        mover = _mover(fake, humans)
        if mover is None:
            await settled(bot, sid)
            mover = _mover(fake, humans)
        if mover is None:
            # An edit may be held for the hour-old budget: it goes out as the bot's clock moves on.
            idle += 1
            assert idle < 200, "nobody has controls and nothing is pending"
            clock.advance(1.0)
            await fake.wait_for(lambda: _anyone_to_move(fake, humans) or _quiet(bot, sid), what="the bot to catch up")
            await _follow_table(bot, table)
            continue
        idle = 0
        clock.advance(seconds(made) + jumps.get(made, 0.0))
        dm = latest_dm(fake, mover)
        assert dm is not None
        before = len(dm.versions)
        _, ack = await click_move(fake, mover, dm, rng.choice(playable(dm)), rng)
        if ack.type == 4:
            # The hand still showed controls of a move ago (its edit held for the budget): refused
            # politely, as a player would be, and redrawn as the bot's clock moves on.
            assert "no longer possible" in str(ack.data.get("content")), ack
            stale += 1
            assert stale < 50, "hands stay behind"
            clock.advance(1.0)
            await fake.wait_for(_redrawn(dm, before), what=f"{mover}'s DM redrawn")
            continue
        assert ack.type in (6, 7), ack
        made += 1
        await fake.wait_for(_redrawn(dm, before), what=f"{mover}'s DM")
        await _follow_table(bot, table)
    await settled(bot, sid)
    await _follow_table(bot, table)
    return made


async def _follow_table(bot: HauntedBot, table: Table) -> None:
    """The table the game shows now (a fresh one replaces a table before it is an hour old)."""
    table.table_id = (await bot.service.get(table.session_id())).row.table_message_id


async def caught_up(fake: FakeDiscord, bot: HauntedBot, clock: SharedClock, session_id: int) -> None:
    """Move the clock on until no edit is held for the budget any more and nothing is pending."""
    for _second in range(60):
        await fake.wait_for(lambda: _quiet(bot, session_id), what="the bot to catch up")
        if bot.publisher.held_until(session_id) is None:
            return
        clock.advance(1.0)
    raise AssertionError("edits are still held back after a minute")


def _anyone_to_move(fake: FakeDiscord, humans: list[str]) -> bool:
    return any(_has_moves(latest_dm(fake, who)) for who in humans)


def _quiet(bot: HauntedBot, session_id: int) -> bool:
    """Nothing queued, and no edit held for the budget that is due by the bot's clock."""
    publisher = bot.publisher
    held = publisher.held_until(session_id)
    due = held is not None and held <= publisher.budget.clock.now()
    return not due and not publisher.busy(session_id) and not bot.service.computer_busy(session_id)


def _redrawn(message: StoredMessage, versions: int) -> Callable[[], bool]:
    return lambda: len(message.versions) > versions or not move_controls(message)


def _has_moves(message: StoredMessage | None) -> bool:
    return message is not None and bool(move_controls(message))


def _mover(fake: FakeDiscord, humans: list[str]) -> str | None:
    """Who clicks next: the first player with a move to make (taking back a choice is none)."""
    return next((who for who in humans if (dm := latest_dm(fake, who)) is not None and playable(dm)), None)


def edits_refused(fake: FakeDiscord) -> int:
    return len(fake.rejections(30046))


async def test_a_table_an_hour_old_early_on_with_a_move_every_one_to_three_seconds(
    fake_discord: FakeDiscord, on_fake_time: tuple[HauntedBot, SharedClock]
) -> None:
    """The issue's measurement: Best Candy for two, the table passes an hour old early on, a move every
    1-3 s, 100 moves. Prints the REST calls made and refused; none may be refused."""
    fake = fake_discord
    bot, clock = on_fake_time
    table = await Table.started(fake, bot, "alice", "best-candy", ("bob",))
    first = len(fake.calls)
    rng = random.Random(25)
    made = 0
    for _game in range(5):  # rematches until 100 moves are made
        made += await play_on_the_clock(
            fake, bot, table, ["alice", "bob"], clock, rng,
            seconds=lambda _n: rng.uniform(1, 3), jumps={2: 3600.0}, moves=100 - made,
        )  # fmt: skip
        if made >= 100:
            break
        table = await Table.started(fake, bot, "alice", "best-candy", ("bob",))
    calls = fake.calls[first:]
    edits = [c for c in calls if c.method == "PATCH" and "/channels/" in c.path]
    refused = [c for c in calls if c.status is not None and c.status >= 400]
    moved_on = sum("moved on" in m.content for m in fake._messages.values())
    print(
        f"\n{made} moves: {len(calls)} REST calls, {len(edits)} message edits, "
        f"{len(refused)} refused ({edits_refused(fake)} x 429/30046); {moved_on} messages posted afresh"
    )
    assert made == 100
    assert edits_refused(fake) == 0, "no edit Discord refuses is ever sent"
    assert not fake.rejected


async def test_a_whole_game_over_an_hour_long_with_a_move_every_second(
    fake_discord: FakeDiscord, on_fake_time: tuple[HauntedBot, SharedClock]
) -> None:
    """Best Candy for two, a move every fake second, the table and hands passing the hour twice: no
    edit refused, the game finishes, and the replaced tables and hands still answer their buttons."""
    fake = fake_discord
    bot, clock = on_fake_time
    table = await Table.started(fake, bot, "alice", "best-candy", ("bob",))
    thread = table.thread_id()
    assert thread is not None
    start = clock.now()
    rng = random.Random(7)
    made = await play_on_the_clock(
        fake, bot, table, ["alice", "bob"], clock, rng,
        seconds=lambda _n: 1.0, jumps={3: 3550.0, 40: 3000.0}, moves=50,
    )  # fmt: skip
    assert not game_over(table)
    tables = [m for m in fake.messages(thread) if m.embeds]
    retired = [m for m in tables if "moved on" in m.content]
    assert len(retired) >= 2, "the table was posted afresh each time it neared an hour"
    assert tables[-1].id == table.table_id, "the newest table is the one the game remembers"
    # A replaced table's buttons answer with the game as it is now, privately.
    await settled(bot, table.session_id())
    for label in ("My hand", "Rules"):
        custom_id = retired[0].component(label=label).custom_id
        assert custom_id is not None
        ack = await (await fake.click("bob", retired[0].id, custom_id)).acked()
        assert ack.type == 4, ack
        if label == "My hand":
            assert ack.message_id is not None
            shown, dm = fake.message(ack.message_id), latest_dm(fake, "bob")
            assert dm is not None
            assert shown.embeds[0]["description"] == dm.embeds[0]["description"], "bob's hand as it is now"
    # So do a replaced hand's: an old move is politely no longer possible.
    hands = [m for m in fake.dms("alice") if m.embeds and "moved on" in m.content]
    assert hands, "the hands were posted afresh too"
    controls = move_controls(hands[0])
    if controls:
        _, ack = await click_move(fake, "alice", hands[0], controls[0], random.Random(1))
        assert ack.type == 4, ack
        assert ack.data.get("content"), ack

    made += await play_on_the_clock(
        fake, bot, table, ["alice", "bob"], clock, rng, seconds=lambda _n: 1.0, jumps={}
    )  # fmt: skip
    assert game_over(table)
    assert clock.now() - start > 3600 + made
    assert edits_refused(fake) == 0, "no edit Discord refuses is ever sent"
    assert not fake.rejected


async def test_an_edit_refused_all_the_same_is_sent_again_at_the_budgets_pace(
    fake_discord: FakeDiscord, on_fake_time: tuple[HauntedBot, SharedClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord counts the table as an hour old before the bot does (as if the bot's clock ran two minutes
    behind; no fresh table posted): the first refusal (429/30046) is the last one for that message. The
    refused edit is not sent again by discord.py at once, and the table catches up once the budget
    allows, so the requests stay bounded."""
    fake = fake_discord
    bot, clock = on_fake_time
    monkeypatch.setattr(publisher, "RENEW_AFTER", 10**9)  # keep the old table, so its edits are rationed
    monkeypatch.setattr(edit_budget, "SKEW", -120.0)  # the bot counts a message old two minutes late
    table = await Table.started(fake, bot, "alice", "best-candy", ("bob",))
    made = await play_on_the_clock(
        fake, bot, table, ["alice", "bob"], clock, random.Random(3),
        seconds=lambda _n: 0.0, jumps={1: 3600.0}, moves=30,
    )  # fmt: skip
    refused = fake.rejections(30046)
    assert refused, "Discord refused an edit the bot did not yet count as old"
    per_message = {r.call.path for r in refused}
    assert len(refused) == len(per_message), "each message refused once, then rationed"
    assert table.table_id is not None
    patches = fake.calls_to("PATCH", rf"/messages/{table.table_id}$")
    assert len(patches) <= made + len(refused), "no edit is sent twice in a row"
    await caught_up(fake, bot, clock, table.session_id())
    now = bot.publisher.table_payload(await bot.service.get(table.session_id()))["embed"].to_dict()
    assert table.table.embeds[0].get("description") == now.get("description"), "the table caught up"
    fake.rejected.clear()
