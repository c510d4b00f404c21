"""Start-up at scale: how long `python -m bot run` takes to be READY with every open game resumed.

    .venv/bin/python -m bench.startup [--sessions 10000] [--db FILE]

First an in-process bot plays host to N games of The Closest Ghost (two players each,
through the session service) against the fake Discord, so every table, thread and
"your move" mention exists and the database says what each message shows. That bot
is stopped; then the real bot is started as a child process on the same database and
the same fake, and the script prints: seconds from the process start to READY (the
open games are resumed before the bot connects, so READY means resumed), its resident
memory then, and the REST calls it made in its first seconds, split into calls that
touch a message (post, edit, delete: the target is none for games whose messages are
current) and the rest (command sync and the like). The same is printed for an empty
database, for comparison. Targets: READY under 3 s with 10,000 games; no message call.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

from bot.discord_ui.app import make_bot
from bot.sessions import Player
from tests.e2e.harness import env_for, settings_for
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.server import FakeDiscord, point_discord_py_at

ROOT = Path(__file__).resolve().parents[1]
QUIET_FOR = 1.0  # seconds without a REST call after READY that count as "start-up is over"


async def populate(fake: FakeDiscord, db: Path, sessions: int) -> None:
    """N running games whose messages are all posted and current."""
    bot = make_bot(settings_for(fake, db, log_level="WARNING"))
    runner = BotRunner(fake)
    await runner.start(bot, timeout=30)
    guild_id, channel_id = fake.guild.id, fake.channel_id("games")
    alice, bob = (Player(user_id=int(fake.user(n)["id"]), name=n.title()) for n in ("alice", "bob"))
    service = bot.service
    for _ in range(sessions):
        session = await service.create_lobby(
            "closest-ghost", alice, guild_id=guild_id, channel_id=channel_id, place=fake.guild.name
        )
        await service.join(session.id, bob)
        await service.start(session.id, alice)
        await bot.publisher.flushed(session.id)
    await runner.stop_all()


async def start_child(fake: FakeDiscord, db: Path, log: Path) -> tuple[float, int, int, int]:
    """(seconds to READY, RSS in MB at READY, message calls, other calls) of `python -m bot run`."""
    since_ready, since_calls = fake.ready_count, len(fake.calls)
    env = {**os.environ, **env_for(fake, db), "LOG_LEVEL": "WARNING"}
    started = time.perf_counter()
    with log.open("ab") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", cwd=ROOT, env=env, stdout=out, stderr=out
        )
    try:
        await fake.wait_ready(timeout=120, since=since_ready)
        ready = time.perf_counter() - started
        rss = _rss_mb(process.pid)
        count = len(fake.calls)
        while True:  # until the bot has been quiet for a while: its start-up calls are all made
            await asyncio.sleep(QUIET_FOR)
            if len(fake.calls) == count:
                break
            count = len(fake.calls)
    finally:
        process.terminate()
        await process.wait()
    calls = fake.calls[since_calls:]
    messages = [c for c in calls if c.method in ("POST", "PATCH", "DELETE") and "/messages" in c.path]
    return ready, rss, len(messages), len(calls) - len(messages)


def _rss_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return -1


async def main_async(sessions: int, db: Path | None) -> None:
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            empty = await start_child(fake, folder / "empty.db", folder / "bot.log")
            full_db = db or folder / "full.db"
            began = time.perf_counter()
            await populate(fake, full_db, sessions)
            made = time.perf_counter() - began
            full = await start_child(fake, full_db, folder / "bot.log")
    finally:
        restore()
        await fake.stop()
    print(f"start-up of `python -m bot run` (child process, loopback fake; {sessions} games made in {made:.0f} s)")
    print(f"{'open games':>10} {'READY s':>8} {'RSS MB':>7} {'message calls':>14} {'other calls':>12}")
    for count, (ready, rss, messages, other) in ((0, empty), (sessions, full)):
        print(f"{count:>10,} {ready:>8.2f} {rss:>7} {messages:>14} {other:>12}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=10_000)
    parser.add_argument("--db", type=Path, help="keep the populated database in this (new) file, to look into")
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main_async(args.sessions, args.db))


if __name__ == "__main__":
    main()
