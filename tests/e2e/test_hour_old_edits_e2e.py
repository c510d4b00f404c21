"""Games that outlast an hour: Discord takes only 3 edits per 6 seconds per channel to messages over
an hour old (429, code 30046). The bot's clock is the fake's (`SharedClock`), so a test moves both on
together: messages age, and the bot knows it, without waiting for real time."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest_asyncio

from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from tests.e2e.harness import Table, click_move, game_over, latest_dm, move_controls, settings_for, settled
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
    made = idle = 0
    while not game_over(table) and (moves is None or made < moves):
        mover = next((who for who in humans if _has_moves(latest_dm(fake, who))), None)
        if mover is None:
            # An edit may be held for the hour-old budget: it goes out as the bot's clock moves on.
            await settled(bot, sid)
            if next((who for who in humans if _has_moves(latest_dm(fake, who))), None) is None:
                idle += 1
                assert idle < 200, "nobody has controls and nothing is pending"
                clock.advance(1.0)
                await _follow_table(bot, table)
            continue
        idle = 0
        clock.advance(seconds(made) + jumps.get(made, 0.0))
        dm = latest_dm(fake, mover)
        assert dm is not None
        before = len(dm.versions)
        _, ack = await click_move(fake, mover, dm, rng.choice(move_controls(dm)), rng)
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


def _redrawn(message: StoredMessage, versions: int) -> Callable[[], bool]:
    return lambda: len(message.versions) > versions or not move_controls(message)


def _has_moves(message: StoredMessage | None) -> bool:
    return message is not None and bool(move_controls(message))


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
