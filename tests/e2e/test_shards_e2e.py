"""Two shard processes on one PostgreSQL database, against a sharded fake Discord.

The game's guild is on shard 1, so its table buttons reach the shard-1 process, which owns the
session (its table, DMs and computer seat); the DM buttons reach shard 0, the other process, which
commits those moves and leaves the rest to the owner, told by PostgreSQL. The owner is SIGKILLed
mid-game and started again: the game finishes and every committed move is in the log."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import cast

import pytest
import pytest_asyncio

from bot.discord_ui.client import HauntedBot
from bot.discord_ui.cogs.lobby import play_path
from bot.replay import replay
from bot.shards import shard_of
from persistence.store import Store
from rules import registry
from tests.e2e.harness import (
    MOVE,
    Table,
    _move_from_dm,
    _move_from_my_hand,
    env_for,
    game_over,
    play_privately,
    table_mark,
    wait_for_progress,
)
from tests.fake_discord.server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
GAME = "ghosts-of-christmas"

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])  # shard processes share PostgreSQL


class ShardProcess:
    """`python -m bot run --shards 2 --shard-ids N` as a child process."""

    def __init__(self, fake: FakeDiscord, env: dict[str, str], shard: int, log: Path) -> None:
        self.fake, self.env, self.shard, self.log = fake, env, shard, log
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "bot", "run", "--shards", "2", "--shard-ids", str(self.shard)),
                cwd=ROOT, env={**os.environ, **self.env}, stdout=out, stderr=out,
            )  # fmt: skip
        await self.fake.wait_for(lambda: self.shard in self.fake.shards_ready(), 30, f"shard {self.shard} READY")

    async def kill(self) -> None:
        """SIGKILL: no clean shutdown, as a crash or an OOM kill."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        await self.process.wait()
        await self.fake.wait_for(lambda: self.shard not in self.fake.shards_ready(), 30, "the socket to drop")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await self.process.wait()


@pytest_asyncio.fixture
async def shards(fake_discord: FakeDiscord, database: str, tmp_path: Path) -> AsyncIterator[list[ShardProcess]]:
    fake = fake_discord
    fake.shard_count = 2
    guild = fake.add_guild("Shard One Server", channels=["games"], shard=1)
    env = {**env_for(fake, tmp_path / "unused.db"), "DATABASE_URL": database, "DEV_GUILD_ID": str(guild.id)}
    processes = [ShardProcess(fake, env, shard, tmp_path / f"shard{shard}.log") for shard in (0, 1)]
    try:
        for process in processes:
            await process.start()
        yield processes
    finally:
        for process in processes:
            await process.stop()


async def test_a_game_on_shard_1_played_from_dms_and_the_table_survives_a_sigkill_of_its_owner(
    engine: str, fake_discord: FakeDiscord, database: str, shards: list[ShardProcess]
) -> None:
    fake = fake_discord
    guild_id = max(fake.guilds, key=lambda gid: fake.guilds[gid].name == "Shard One Server")
    assert shard_of(guild_id, 2) == 1
    # alice's DMs are closed, so she plays from the table's "My hand" (shard 1); bob from his DMs (shard 0).
    fake.refuse_dms("alice")
    channel = fake.channel_id("games", guild_id)
    ack = await (await fake.slash("alice", channel, play_path(registry.get(GAME)).removeprefix("/"))).acked()
    assert ack.message_id is not None
    table = Table(fake, cast(HauntedBot, None), ack.message_id)  # the bot is in other processes
    await table.lobby_click("bob", "Join")
    await table.add_computer("alice")
    await table.start("alice")
    session_id = table.session_id()
    rng = random.Random(16)

    # A few rounds, then the owner dies mid-game (SIGKILL) and comes back.
    moved = 0
    while moved < 4:
        mark = table_mark(table)
        acted = await _move_from_my_hand(fake, table, "alice", rng)
        acted |= await _move_from_dm(fake, "bob", rng, across_processes=True)
        moved += acted
        if not acted:
            await wait_for_progress(fake, table, mark, ["bob"])
    assert not game_over(table)
    await shards[1].kill()
    await shards[1].start()
    await play_privately(fake, table, ["alice", "bob"], rng, no_dms=frozenset({"alice"}), across_processes=True)
    assert game_over(table)

    moves = [i for i in fake.interactions.values() if MOVE.match(str(i.data.get("custom_id", "")))]
    assert any(i.guild_id is None for i in moves), "bob's moves came through his DMs, i.e. through shard 0"

    store = await Store.open(database)
    try:
        row = await store.get_session(session_id)
        assert row.status == "finished"
        log = await store.actions(session_id)
        assert [a.seq for a in log] == list(range(1, len(log) + 1)), "no gap in the move log"
        # Every move the players were told was saved (the click answered with the redrawn message) is there.
        saved = [i for i in moves if i.ack is not None and i.ack.type == 7]
        humans = {int(fake.user(who)["id"]) for who in ("alice", "bob")}
        seats = {seat.seat for seat in await store.seats(session_id) if seat.user_id in humans}
        assert len(saved) <= len([a for a in log if a.seat in seats])
        # The stored state is what the logged moves give.
        replayed = await replay(store, session_id)
        assert replayed.game.dump_state(replayed.state) == row.state
        assert len(await store.results(session_id)) == 3
    finally:
        await store.close()
