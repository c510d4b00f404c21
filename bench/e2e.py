"""End-to-end interaction latency through the fake Discord, against the floor.

    .venv/bin/python -m bench.e2e [--games 100] [--clicks 30] [--images both|on|off] [--mention-after S]

N games of The Closest Ghost (two players each) run at once; each player clicks
a legal move on the table as soon as the table shows the previous one. For each
click it records the time to the interaction's acknowledgement and to the
table edit that shows the move. In the same run and the same process, a trivial
bot whose button answers each click with an immediate edit (the floor set by
discord.py and the fake themselves) is driven at the same concurrency, and our
latency is printed as a ratio to it. Our bot runs with table pictures on (the
default: each move's table PNG drawn, in a process of its own, and uploaded with
the edit that follows the click's answer) and off
(`TABLE_IMAGES=off`), one row each, with the bot's own delay before a "your move"
mention (`MENTION_AFTER`: these players answer at once, so nobody is mentioned;
`--mention-after 0` mentions every turn, a DELETE and a POST per move). Everything
runs on loopback in one process, as the design's floor figures were measured.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord

from bot.config import Settings
from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from bot.runtime import tune_gc
from tests.e2e.harness import Table, move_controls, seat_of, settings_for
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord, point_discord_py_at

#: The bot's own default: players who answer at once are not mentioned (`MENTION_AFTER`).
MENTION_AFTER: float = Settings.model_fields["mention_after"].default


class Tally:
    def __init__(self) -> None:
        self.ack: list[float] = []
        self.edit: list[float] = []
        self.late = 0
        self.deferred = 0  # acknowledged first, answered later (the move took over 2 s)
        self.refused = 0  # answered privately: a stale or illegal click
        self.lost = 0  # the table never showed the move within 10 s
        self.started = time.perf_counter()
        self.ended = self.started

    def line(self, name: str) -> str:
        rate = len(self.ack) / max(self.ended - self.started, 1e-9)
        return (
            f"{name:8} {len(self.ack):>7} {rate:>9,.0f} {pct(self.ack, 50):>8.2f} {pct(self.ack, 99):>8.2f} "
            f"{pct(self.edit, 50):>9.2f} {pct(self.edit, 99):>9.2f} {self.late:>5} {self.deferred:>5} "
            f"{self.refused:>5} {self.lost:>5}"
        )


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] * 1000


async def click(fake: FakeDiscord, who: str, message: StoredMessage, custom_id: str, values: Any, tally: Tally) -> None:
    """Click, then wait until the message no longer carries that control (it shows the move)."""
    sent = time.perf_counter()
    interaction = await fake.click(who, message.id, custom_id, values)
    try:
        ack = await interaction.acked(timeout=10)
    except AssertionError:  # acknowledged too late (Discord refuses it) or never: counted, not fatal
        tally.late += 1
        return
    tally.ack.append(ack.latency)
    tally.late += ack.latency > 3.0
    tally.deferred += ack.type == 6
    tally.refused += ack.type == 4
    try:
        await fake.wait_for(lambda: custom_id not in message.custom_ids, timeout=10, what="the edit")
    except AssertionError:
        tally.lost += 1
        return
    tally.edit.append(time.perf_counter() - sent)


# ---- the floor: a trivial bot that edits the clicked message at once ---------------------------


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floor:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=str(n), custom_id=f"floor:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class FloorBot(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)


async def floor(fake: FakeDiscord, games: int, clicks: int) -> Tally:
    bot = FloorBot(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = BotRunner(fake)
    await runner.start(bot)
    channel = bot.get_partial_messageable(fake.channel_id("games"))
    ids = []
    for _ in range(games):
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(0))
        ids.append((await channel.send("count 0", view=view)).id)
    tally = Tally()

    async def player(mid: int) -> None:
        for _ in range(clicks):
            message = fake.message(mid)
            await click(fake, "alice", message, message.custom_ids[0], None, tally)

    await asyncio.gather(*(player(mid) for mid in ids))
    tally.ended = time.perf_counter()
    await runner.stop_all()
    return tally


# ---- ours ------------------------------------------------------------------------------------


async def ours(
    fake: FakeDiscord, games: int, clicks: int, db: Path, images: bool, mention_after: float = MENTION_AFTER
) -> Tally:
    # The test settings, but for what the bot does by default about mentions and pictures.
    settings = settings_for(
        fake, db, log_level="WARNING", table_images=images, mention_after=mention_after, draw_in_process=True
    )
    bot = make_bot(settings)
    runner = BotRunner(fake)
    try:
        return await _play(fake, bot, runner, games, clicks)
    finally:
        await runner.stop_all()  # also after a failure: a bot left open keeps the process alive


async def _play(fake: FakeDiscord, bot: HauntedBot, runner: BotRunner, games: int, clicks: int) -> Tally:
    await runner.start(bot)
    tables = []
    for _ in range(games):
        table = await Table.open(fake, bot, "alice", "closest-ghost")
        await table.lobby_click("bob", "Join")
        await table.start("alice")
        tables.append(table)
    tally = Tally()

    async def players(table: Table, rng: random.Random) -> None:
        for _ in range(clicks):
            await fake.wait_for(lambda: move_controls(table.table) or "Game over" in table.table.text(), timeout=10)
            controls = move_controls(table.table)
            if not controls:
                return
            control = rng.choice(controls)
            values = [rng.choice(control.options).value] if control.is_select else None
            assert control.custom_id is not None
            who = ("alice", "bob")[seat_of(control)]
            await click(fake, who, table.table, control.custom_id, values, tally)

    await asyncio.gather(*(players(t, random.Random(n)) for n, t in enumerate(tables)))
    tally.ended = time.perf_counter()
    await asyncio.sleep(0.5)  # let the last pings and edits land before closing
    return tally


async def main_async(games: int, clicks: int, images: str, mention_after: float = MENTION_AFTER) -> None:
    tune_gc()  # as `python -m bot run` does (the floor bot runs under the same settings)
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        base = await floor(fake, games, clicks)
        runs: dict[str, Tally] = {}
        for name, on in (("ours", True), ("ours-txt", False)):
            if images in ("both", "on" if on else "off"):
                with tempfile.TemporaryDirectory() as tmp:
                    runs[name] = await ours(fake, games, clicks, Path(tmp) / "bench.db", on, mention_after)
    finally:
        restore()
        await fake.stop()
    print(f"{games} concurrent games, up to {clicks} clicks each (one process, loopback)")
    header = (
        "bot",
        "clicks",
        "clicks/s",
        "ack p50",
        "ack p99",
        "edit p50",
        "edit p99",
        ">3s",
        "defer",
        "refus",
        "lost",
    )
    print("{:8} {:>7} {:>9} {:>8} {:>8} {:>9} {:>9} {:>5} {:>5} {:>5} {:>5}".format(*header))
    print(base.line("floor"))
    for name, mine in runs.items():
        print(mine.line(name))
    for name, mine in runs.items():
        ratio = statistics.median(mine.ack) / statistics.median(base.ack)
        p99 = pct(mine.ack, 99) / pct(base.ack, 99)
        print(f"{name}: ack p50 ratio to the floor {ratio:.2f}x; ack p99 ratio {p99:.2f}x")
    print("(ms; 'edit' is click to the table edit that shows the move; '>3s' counts late acknowledgements,")
    print(" 'defer' clicks acknowledged before their answer, 'refus' clicks refused, 'lost' moves the table never")
    print(" showed within 10 s; ours: table pictures on, ours-txt: off)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--images", choices=("both", "on", "off"), default="both", help="table pictures in our runs")
    parser.add_argument(
        "--mention-after",
        type=float,
        default=MENTION_AFTER,
        help="seconds before a player who has not answered is mentioned (the bot's default; 0: every turn)",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main_async(args.games, args.clicks, args.images, args.mention_after))


if __name__ == "__main__":
    main()
