"""End-to-end interaction latency through the fake Discord, against the floor.

    .venv/bin/python -m bench.e2e [--games 100] [--clicks 30] [--images both|on|off] [--mention-after S]
                                  [--edit-interval S]

N games of The Closest Ghost (two players each) run at once; each player clicks
a legal move on the table as soon as the table shows the previous one. For each
click it records the time to the interaction's acknowledgement and to the
table edit that shows the move. In the same run and the same process, a trivial
bot whose button answers each click with an immediate edit (the floor set by
discord.py and the fake themselves) is driven at the same concurrency, and our
latency is printed as a ratio to it. A second floor, `floor-tbl`, is the same trivial bot answering
with messages of our tables' size and shape (the embed and controls our renderer and layout draw at
each position of a random game, drawn beforehand and sent in turn): what discord.py and the fake cost
for such messages alone, so what is left between it and our bot is our own work (the move, its
commit, drawing the table).
Our bot runs with table pictures on (the default: each move's table PNG drawn, in a process of its
own, and carried by the click's answer when it is ready within 50 ms, else by the table's next edit)
and off (`TABLE_IMAGES=off`), one row each, with the bot's own defaults for the rest: the delay before
a "your move" mention (`MENTION_AFTER`: these players answer at once, so nobody is mentioned;
`--mention-after 0` mentions every turn, a DELETE and a POST per move) and the least time between two
edits of a table besides the clicks' answers (`TABLE_EDIT_INTERVAL`, which bounds the picture uploads
when moves come faster than pictures; `--edit-interval 0` uploads every picture that is drawn).
Everything runs on loopback in one process, as the design's floor figures were measured.
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

from bot.config import Settings
from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from bot.discord_ui.layout import MAX_ROWS, STYLES, embed_for, plan_rows
from bot.pictures.samples import random_play
from bot.renderers import renderer_for
from bot.renderers.base import Control
from bot.runtime import tune_gc
from bot.screens import seen_of
from rules import registry
from tests.e2e.harness import Table, move_controls, seat_of, settings_for
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import StoredMessage
from tests.fake_discord.server import FakeDiscord, point_discord_py_at

#: The bot's own default: players who answer at once are not mentioned (`MENTION_AFTER`).
MENTION_AFTER: float = Settings.model_fields["mention_after"].default
#: The bot's own default: a table is edited at most once a second besides the clicks' answers.
EDIT_INTERVAL: float = Settings.model_fields["table_edit_interval"].default


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
        # CPU of this process (the bot, the fake and the players; not the drawing process): steadier than
        # wall time on a shared machine, and what a closed loop's throughput comes down to.
        self.cpu_started = time.process_time()
        self.cpu_ended = self.cpu_started

    def end(self) -> None:
        self.ended = time.perf_counter()
        self.cpu_ended = time.process_time()

    @property
    def cpu_per_click(self) -> float:
        """Milliseconds of this process's CPU per acknowledged click."""
        return (self.cpu_ended - self.cpu_started) * 1000 / max(len(self.ack), 1)

    @property
    def rate(self) -> float:
        """Clicks acknowledged per second."""
        return len(self.ack) / max(self.ended - self.started, 1e-9)

    def line(self, name: str) -> str:
        return (
            f"{name:9} {len(self.ack):>7} {self.rate:>9,.0f} {pct(self.ack, 50):>8.2f} {pct(self.ack, 99):>8.2f} "
            f"{pct(self.edit, 50):>9.2f} {pct(self.edit, 99):>9.2f} {self.late:>5} {self.deferred:>5} "
            f"{self.refused:>5} {self.lost:>5} {self.cpu_per_click:>6.2f}"
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
    tally.end()
    await runner.stop_all()
    return tally


# ---- the floor with our tables' payloads: the same trivial bot, answering each click with a message
# the size and shape of one of our tables (drawn beforehand by our own renderer and layout, from every
# position of a random game, and sent in turn) -------------------------------------------------------


@dataclass(frozen=True)
class TableShape:
    """One of our tables, drawn beforehand: its embed and its rows of controls (buttons, or a select)."""

    embed: discord.Embed
    rows: tuple[tuple[Control, ...], ...]


def table_shapes(game_id: str = "closest-ghost", seed: int = 1) -> list[TableShape]:
    """The table our bot shows at each position of one random two-player game, as its layout plans it."""
    game = registry.get(game_id)
    shapes = []
    for state in random_play(game, 2, {}, seed):
        screen = renderer_for(game).table(seen_of(game, state, None, ("Alice", "Bob"), title=f"{game.name} · game #1"))
        rows = plan_rows(screen.controls, MAX_ROWS - 1)
        shapes.append(TableShape(embed_for(screen), tuple(tuple(row) for row in rows if row)))
    return shapes


SHAPES: list[TableShape] = []


class TableMove(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"floortable:(?P<n>\d+):(?P<row>\d+):(?P<k>\d+)"
):
    """Control k of row `row` of table n: a button, or the row's select (k 0)."""

    def __init__(self, n: int, row: int, k: int) -> None:
        controls = SHAPES[n % len(SHAPES)].rows[row]
        custom_id = f"floortable:{n}:{row}:{k}"
        item: discord.ui.Item[Any]
        if controls[0].group is None:
            c = controls[k]
            item = discord.ui.Button(label=c.label, style=STYLES[c.style], emoji=c.emoji, custom_id=custom_id, row=row)
        else:
            options = [
                discord.SelectOption(label=c.label, value=c.action.token(), description=c.description, emoji=c.emoji)
                for c in controls
            ]
            item = discord.ui.Select(custom_id=custom_id, placeholder=controls[0].group, options=options, row=row)
        super().__init__(item)
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableMove:
        return cls(int(match["n"]), int(match["row"]), int(match["k"]))

    @staticmethod
    def message(n: int) -> dict[str, Any]:
        shape = SHAPES[n % len(SHAPES)]
        view = discord.ui.View(timeout=None)
        for row, controls in enumerate(shape.rows):
            for k in range(len(controls) if controls[0].group is None else 1):
                view.add_item(TableMove(n, row, k))
        view.add_item(discord.ui.Button(label="Rules", custom_id="floortable-rules", row=len(shape.rows)))
        return {"embed": shape.embed, "view": view}

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(**self.message(self.n + 1))


class TableFloorBot(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(TableMove)


async def table_floor(fake: FakeDiscord, games: int, clicks: int) -> Tally:
    SHAPES[:] = table_shapes()
    bot = TableFloorBot(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = BotRunner(fake)
    await runner.start(bot)
    # A channel of its own: the harness looks for our tables in #games by their title, which these share.
    channel = bot.get_partial_messageable(int(fake.add_channel(fake.guild.id, "floor-table")["id"]))
    # Each game starts at another position, so the sizes in flight at any moment are a game's mix.
    ids = [(await channel.send(**TableMove.message(n))).id for n in range(games)]
    tally = Tally()

    async def player(mid: int, rng: random.Random) -> None:
        for _ in range(clicks):
            message = fake.message(mid)
            control = rng.choice([c for c in message.components if (c.custom_id or "").startswith("floortable:")])
            values = [rng.choice(control.options).value] if control.is_select else None
            await click(fake, "alice", message, control.custom_id or "", values, tally)

    await asyncio.gather(*(player(mid, random.Random(n)) for n, mid in enumerate(ids)))
    tally.end()
    await runner.stop_all()
    return tally


# ---- ours ------------------------------------------------------------------------------------


async def ours(
    fake: FakeDiscord,
    games: int,
    clicks: int,
    db: Path,
    images: bool,
    mention_after: float = MENTION_AFTER,
    edit_interval: float = EDIT_INTERVAL,
) -> Tally:
    # The test settings, but for what the bot does by default about mentions, edits and pictures.
    settings = settings_for(
        fake,
        db,
        log_level="WARNING",
        table_images=images,
        mention_after=mention_after,
        table_edit_interval=edit_interval,
        draw_in_process=True,
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
    tally.end()
    await asyncio.sleep(0.5)  # let the last pings and edits land before closing
    return tally


async def main_async(
    games: int, clicks: int, images: str, mention_after: float = MENTION_AFTER, edit_interval: float = EDIT_INTERVAL
) -> None:
    tune_gc()  # as `python -m bot run` does (the floor bots run under the same settings)
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        floors = {"floor": await floor(fake, games, clicks), "floor-tbl": await table_floor(fake, games, clicks)}
        runs: dict[str, Tally] = {}
        for name, on in (("ours", True), ("ours-txt", False)):
            if images in ("both", "on" if on else "off"):
                with tempfile.TemporaryDirectory() as tmp:
                    db = Path(tmp) / "bench.db"
                    runs[name] = await ours(fake, games, clicks, db, on, mention_after, edit_interval)
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
        "cpu ms",
    )
    print("{:9} {:>7} {:>9} {:>8} {:>8} {:>9} {:>9} {:>5} {:>5} {:>5} {:>5} {:>6}".format(*header))
    for name, tally in {**floors, **runs}.items():
        print(tally.line(name))
    for name, mine in runs.items():
        for base_name, base in floors.items():
            print(
                f"{name} against {base_name}: throughput {mine.rate / base.rate:.2f}x; "
                f"edit p99 {pct(mine.edit, 99) / pct(base.edit, 99):.2f}x; "
                f"ack p50 {statistics.median(mine.ack) / statistics.median(base.ack):.2f}x; "
                f"cpu per click {mine.cpu_per_click / base.cpu_per_click:.2f}x"
            )
    print("(ms; 'edit' is click to the table edit that shows the move; '>3s' counts late acknowledgements,")
    print(" 'defer' clicks acknowledged before their answer, 'refus' clicks refused, 'lost' moves the table never")
    print(" showed within 10 s; 'cpu ms' this process's CPU per click: the bot, the fake and the players;")
    print(" floor: a one-button message, floor-tbl: messages of our tables' size and shape,")
    print(" both answered by a bot that does nothing else; ours: table pictures on, ours-txt: off)")


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
    parser.add_argument(
        "--edit-interval",
        type=float,
        default=EDIT_INTERVAL,
        help="least seconds between two edits of a table besides the answers (the bot's default; 0: none)",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(main_async(args.games, args.clicks, args.images, args.mention_after, args.edit_interval))


if __name__ == "__main__":
    main()
