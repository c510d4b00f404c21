"""A restart in the middle of a game: the bot process is killed by PID and started again
on the same SQLite file and the same fake Discord; the old buttons finish the game."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from tests.e2e.harness import MOVE, env_for, move_controls, seat_of
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """`python -m bot run` as a child process pointed at the fake."""

    def __init__(self, fake: FakeDiscord, db: Path, log: Path) -> None:
        self.fake, self.db, self.log = fake, db, log
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        since = self.fake.ready_count
        env = {**os.environ, **env_for(self.fake, self.db)}
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "run", cwd=ROOT, env=env, stdout=out, stderr=out
            )
        await self.fake.wait_ready(timeout=20, since=since)
        # Ready means connected; the commands were synced before that, in setup_hook.

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, no flush, exactly as a crash or an OOM kill."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)

    async def wait_dead(self) -> None:
        assert self.process is not None
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await self.process.wait()


@pytest_asyncio.fixture
async def bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake_discord, tmp_path / "restart.db", tmp_path / "bot.log")
    try:
        yield process
    finally:
        await process.stop()


async def click_and_wait(fake: FakeDiscord, table: StoredMessage, rng: random.Random) -> None:
    control = rng.choice(move_controls(table))
    who = ("alice", "bob")[seat_of(control)]
    assert control.custom_id is not None
    values = [rng.choice(control.options).value] if control.is_select else None
    before = len(table.versions)
    interaction = await fake.click(who, table.id, control.custom_id, values)
    ack = await interaction.acked(timeout=3.0)
    assert ack.type == 7, "the answer is the table showing the move"
    await fake.wait_for(lambda: len(table.versions) > before, timeout=15, what="the table to change")


async def test_a_killed_bot_resumes_and_the_old_buttons_finish_the_game(
    fake_discord: FakeDiscord, bot_process: BotProcess
) -> None:
    fake = fake_discord
    await bot_process.start()
    interaction = await fake.slash("alice", fake.channel_id("games"), "play closest-ghost")
    lobby_id = (await interaction.acked()).message_id
    assert lobby_id is not None
    for who, label in (("bob", "Join"), ("alice", "Start")):
        click = await fake.click(who, lobby_id, fake.message(lobby_id).component(label=label).custom_id or "")
        await click.acked()

    def find_table() -> StoredMessage | None:
        for channel_id, channel in fake.channels.items():
            if channel.get("type") == 11:
                found = [m for m in fake.messages(channel_id) if move_controls(m)]
                if found:
                    return found[0]
        return None

    table = await fake.wait_for(find_table, timeout=15, what="the table")
    rng = random.Random(8)
    for _ in range(3):
        await click_and_wait(fake, table, rng)
    moves_before = {MOVE.match(c.custom_id or "")["move"] for c in move_controls(table)}  # type: ignore[index]

    bot_process.kill()
    await bot_process.wait_dead()
    calls_before = len(fake.calls)
    await bot_process.start()

    # The same table message, with the buttons drawn before the crash, carries on the game.
    assert {MOVE.match(c.custom_id or "")["move"] for c in move_controls(table)} == moves_before  # type: ignore[index]
    clicks = 0
    while move_controls(table):
        assert clicks < 2000, "the game did not end"
        await click_and_wait(fake, table, rng)
        clicks += 1
    assert "Game over" in table.text()
    reposted = [
        c for c in fake.calls[calls_before:] if c.method == "POST" and c.path.endswith("/messages") and c.json
        and c.json.get("embeds")
    ]  # fmt: skip
    assert not reposted, "a restart posts no table again unless it was deleted"
    assert not fake.late_acks
