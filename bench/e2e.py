"""End-to-end interaction latency through the fake Discord, against the floor.

    .venv/bin/python -m bench.e2e [--games 100] [--clicks 30] [--game ID | --all-games] [--images both|on|off]
                                  [--mention-after S] [--edit-interval S]

N games of one game (`--game`, The Closest Ghost by default; its fewest players, every seat a person)
run at once; in each, a player clicks a legal move as soon as one is shown, wherever the game shows it:
on the table, or in a player's hand in their DMs (a button, or an option of a select). For each click it
records the time to the interaction's acknowledgement and to the edit that shows the move (the message
clicked no longer offers that control). `--all-games` measures every game in turn, one set of rows each,
then one line per game and a total. In the same run and the same process, a trivial
bot whose button answers each click with an immediate edit (the floor set by
discord.py and the fake themselves) is driven at the same concurrency, and our
latency is printed as a ratio to it. A second floor, `floor-tbl`, is the same trivial bot answering
with messages of our tables' size and shape (the embed and controls our renderer and layout draw at
each position of a random game of the game measured, drawn beforehand and sent in turn): what
discord.py and the fake cost for such messages alone, so what is left between it and our bot is our
own work (the move, its commit, drawing the table).
Our bot runs with table pictures on (the default: each move's table PNG drawn, in a process of its
own, and carried by the click's answer when it is ready within 50 ms while pictures come that fast,
else once the game has been still for a moment; the `pics` column counts the uploads) and off (`TABLE_IMAGES=off`),
one row each, with the bot's own defaults for the rest: the delay before a "your move" mention
(`MENTION_AFTER`: these players answer at once, so nobody is mentioned; `--mention-after 0` mentions
every turn, a DELETE and a POST per move) and the least time between two refreshes of a game's
messages besides the clicks' answers (`TABLE_EDIT_INTERVAL`, which bounds the picture uploads when
moves come faster than pictures, and how soon the next player's hand shows its moves in a game
played in DMs; `--edit-interval 0` refreshes at once and uploads every picture that is drawn).
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
from bot.pictures.samples import NAMES, random_play
from bot.renderers import renderer_for
from bot.renderers.base import Control
from bot.runtime import tune_gc
from bot.screens import seen_of
from rules import registry
from tests.e2e.harness import Table, game_over, move_controls, seat_of, settings_for
from tests.fake_discord.fixtures import BotRunner
from tests.fake_discord.models import Component, StoredMessage
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
        self.uploads = 0  # pictures the bot uploaded meanwhile (with an answer or an edit)
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
            f"{self.refused:>5} {self.lost:>5} {self.cpu_per_click:>6.2f} {self.uploads / max(len(self.ack), 1):>5.2f}"
        )


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] * 1000


async def click(
    fake: FakeDiscord, who: str | int, message: StoredMessage, custom_id: str, values: Any, tally: Tally
) -> None:
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
    if ack.type == 4:  # answered privately: the message it was clicked on stays as it was
        return
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


def players_of(game_id: str) -> int:
    """How many play in the bench's games: the fewest the game allows with its default options."""
    game = registry.get(game_id)
    default = game.Options()
    return min(n for n, options in game.configurations() if game.Options(**options) == default)


def table_shapes(game_id: str = "closest-ghost", seed: int = 1) -> list[TableShape]:
    """The table our bot shows at each position of one random game (as many players as the bench's
    games have), as its layout plans it."""
    game = registry.get(game_id)
    players = players_of(game_id)
    names = tuple(NAMES[:players])
    shapes = []
    for state in random_play(game, players, {}, seed):
        screen = renderer_for(game).table(seen_of(game, state, None, names, title=f"{game.name} · game #1"))
        rows = plan_rows(screen.controls, MAX_ROWS - 1)
        # A plain discord.py embed, as a trivial bot sends one: its JSON written at each send (ours
        # writes a drawn table's once, for its digest and its send alike: that is our own work).
        embed = discord.Embed.from_dict(embed_for(screen).to_dict())
        shapes.append(TableShape(embed, tuple(tuple(row) for row in rows if row)))
    return shapes


SHAPES: list[TableShape] = []


class TableMove(
    discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"floortable:(?P<n>\d+):(?P<row>\d+):(?P<k>\d+)"
):
    """Control k of row `row` of table n: a button, or the row's select (k 0)."""

    def __init__(self, n: int, row: int, k: int) -> None:
        rows = SHAPES[n % len(SHAPES)].rows
        custom_id = f"floortable:{n}:{row}:{k}"
        item: discord.ui.Item[Any]
        if row == len(rows):  # the table's own button below its moves (which a game played in DMs lacks)
            item = discord.ui.Button(label="Rules", custom_id=custom_id, row=row)
            super().__init__(item)
            self.n = n
            return
        controls = rows[row]
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
        view.add_item(TableMove(n, len(shape.rows), 0))
        return {"embed": shape.embed, "view": view}

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(**self.message(self.n + 1))


class TableFloorBot(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(TableMove)


async def table_floor(fake: FakeDiscord, games: int, clicks: int, game_id: str = "closest-ghost") -> Tally:
    SHAPES[:] = table_shapes(game_id)
    bot = TableFloorBot(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = BotRunner(fake)
    await runner.start(bot)
    # A channel of its own: the harness looks for our tables in #games by their title, which these share.
    channel = bot.get_partial_messageable(int(fake.add_channel(fake.guild.id, f"floor-{game_id}")["id"]))
    # Each game starts at another position, so the sizes in flight at any moment are a game's mix.
    ids = [(await channel.send(**TableMove.message(n))).id for n in range(games)]
    tally = Tally()

    async def player(mid: int, rng: random.Random) -> None:
        for _ in range(clicks):
            message = fake.message(mid)
            # One of the moves (the last row's button only when the table has none: the game is played in DMs).
            controls = [c for c in message.components if (c.custom_id or "").startswith("floortable:")]
            control = rng.choice(controls[:-1] or controls)
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
    game_id: str = "closest-ghost",
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
        return await _play(fake, bot, runner, games, clicks, game_id)
    finally:
        await runner.stop_all()  # also after a failure: a bot left open keeps the process alive


async def _play(
    fake: FakeDiscord, bot: HauntedBot, runner: BotRunner, games: int, clicks: int, game_id: str = "closest-ghost"
) -> Tally:
    await runner.start(bot)
    players = players_of(game_id)
    tables = []
    for g in range(games):
        # People of their own for each game: a person's DMs then hold that game's hand only.
        names = [f"b{g}-{k}" for k in range(players)]
        for name in names:
            fake.add_user(name)
        table = await Table.open(fake, bot, names[0], game_id)
        for name in names[1:]:
            await table.lobby_click(name, "Join")
        await table.start(names[0])
        tables.append(table)
    tally = Tally()
    calls_before = len(fake.calls)

    def next_move(table: Table, sid: int, rng: random.Random) -> tuple[StoredMessage, Component | None, int] | None:
        """A move someone can click now, and who: on the table, else in a player's hand (their DM)."""
        message = table.table
        session = bot.service._sessions.get(sid)
        if session is None:
            return None
        controls = move_controls(message)
        if controls:
            control = rng.choice(controls)
            return message, control, session.seats[seat_of(control)].user_id or 0
        if game_over(table):
            return message, None, 0
        shown: list[tuple[StoredMessage, Component, int]] = []
        for row in session.seats:
            if row.dm_message_id is not None and row.user_id is not None and row.dm_message_id in fake._messages:
                hand = fake.message(row.dm_message_id)
                shown += [(hand, c, row.user_id) for c in move_controls(hand)]
        return rng.choice(shown) if shown else None

    async def play(table: Table, rng: random.Random) -> None:
        sid = table.session_id()
        for _ in range(clicks):
            message, control, who = await fake.wait_for(
                lambda: next_move(table, sid, rng), timeout=10, what="a move to click"
            )
            if control is None:
                return  # the game is over
            values = [rng.choice(control.options).value] if control.is_select else None
            assert control.custom_id is not None
            await click(fake, who, message, control.custom_id, values, tally)

    await asyncio.gather(*(play(t, random.Random(n)) for n, t in enumerate(tables)))
    tally.end()
    tally.uploads = sum(1 for call in fake.calls[calls_before:] if call.files)
    await asyncio.sleep(0.5)  # let the last pings and edits land before closing
    return tally


HEADER = (
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
    "pics",
)


async def measure(
    fake: FakeDiscord,
    game_id: str,
    games: int,
    clicks: int,
    images: str,
    mention_after: float,
    edit_interval: float,
    *,
    with_floor: bool,
) -> dict[str, Tally]:
    """The rows for one game: the floors (the one-button floor only when asked), then ours."""
    rows: dict[str, Tally] = {}
    if with_floor:
        rows["floor"] = await floor(fake, games, clicks)
    rows["floor-tbl"] = await table_floor(fake, games, clicks, game_id)
    for name, on in (("ours", True), ("ours-txt", False)):
        if images in ("both", "on" if on else "off"):
            with tempfile.TemporaryDirectory() as tmp:
                db = Path(tmp) / "bench.db"
                rows[name] = await ours(fake, games, clicks, db, on, mention_after, edit_interval, game_id)
    return rows


def print_rows(rows: dict[str, Tally]) -> None:
    print("{:9} {:>7} {:>9} {:>8} {:>8} {:>9} {:>9} {:>5} {:>5} {:>5} {:>5} {:>6} {:>5}".format(*HEADER))
    for name, tally in rows.items():
        print(tally.line(name))
    floors = {name: tally for name, tally in rows.items() if name.startswith("floor")}
    for name, mine in rows.items():
        if name in floors:
            continue
        for base_name, base in floors.items():
            print(
                f"{name} against {base_name}: throughput {mine.rate / base.rate:.2f}x; "
                f"edit p99 {pct(mine.edit, 99) / pct(base.edit, 99):.2f}x; "
                f"ack p50 {statistics.median(mine.ack) / statistics.median(base.ack):.2f}x; "
                f"cpu per click {mine.cpu_per_click / base.cpu_per_click:.2f}x"
            )


def print_summary(results: dict[str, dict[str, Tally]]) -> None:
    """One line per game: ours and ours-txt against that game's floor-tbl; then the games together."""
    print()
    print(
        f"{'game':22} {'seats':>5} {'tbl c/s':>8} {'ours c/s':>8} {'x tbl':>6} {'p99 x':>6} "
        f"{'txt c/s':>8} {'x tbl':>6} {'p99 x':>6} {'cpu tbl':>7} {'ours':>5} {'txt':>5} {'lost':>5} {'pics':>5}"
    )
    total: dict[str, list[float]] = {}
    for game_id, rows in results.items():
        base = rows["floor-tbl"]
        cells = [f"{game_id:22} {players_of(game_id):>5} {base.rate:>8,.0f}"]
        for name in ("ours", "ours-txt"):
            mine = rows.get(name)
            if mine is None:
                cells.append(f"{'-':>8} {'-':>6} {'-':>6}")
                continue
            ratio, p99 = mine.rate / base.rate, pct(mine.edit, 99) / pct(base.edit, 99)
            total.setdefault(name, []).append(ratio)
            total.setdefault(name + " p99", []).append(p99)
            cells.append(f"{mine.rate:>8,.0f} {ratio:>6.2f} {p99:>6.2f}")
        cpus = [
            rows[name].cpu_per_click if name in rows else float("nan") for name in ("floor-tbl", "ours", "ours-txt")
        ]
        lost = sum(rows[name].lost + rows[name].late for name in ("ours", "ours-txt") if name in rows)
        mine = rows.get("ours")
        pics = mine.uploads / max(len(mine.ack), 1) if mine is not None else float("nan")
        cells.append(f"{cpus[0]:>7.2f} {cpus[1]:>5.2f} {cpus[2]:>5.2f} {lost:>5} {pics:>5.2f}")
        print(" ".join(cells))
    if len(results) > 1:
        cells = [f"{'all games (geo. mean)':22} {'':>5} {'':>8}"]
        for name in ("ours", "ours-txt"):
            if name in total:
                cells.append(f"{'':>8} {geomean(total[name]):>6.2f} {geomean(total[name + ' p99']):>6.2f}")
        print(" ".join(cells))
    print("(x tbl: clicks/s as a share of floor-tbl's for the same game; p99 x: click-to-edit p99 against")
    print(" floor-tbl's; cpu: this process's CPU ms per click; lost: moves never shown or acknowledged late;")
    print(" pics: pictures uploaded per click with pictures on)")


def geomean(values: list[float]) -> float:
    return statistics.geometric_mean(values) if values else float("nan")


async def main_async(
    games: int,
    clicks: int,
    images: str,
    mention_after: float = MENTION_AFTER,
    edit_interval: float = EDIT_INTERVAL,
    game_ids: tuple[str, ...] = ("closest-ghost",),
) -> None:
    tune_gc()  # as `python -m bot run` does (the floor bots run under the same settings)
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    results: dict[str, dict[str, Tally]] = {}
    try:
        for n, game_id in enumerate(game_ids):
            rows = await measure(fake, game_id, games, clicks, images, mention_after, edit_interval, with_floor=n == 0)
            results[game_id] = rows
            print(
                f"{registry.get(game_id).name}: {games} concurrent games of {players_of(game_id)} players, "
                f"up to {clicks} clicks each (one process, loopback)",
                flush=True,
            )
            print_rows(rows)
            print(flush=True)
    finally:
        restore()
        await fake.stop()
    print("(ms; 'edit' is click to the edit that shows the move; '>3s' counts late acknowledgements,")
    print(" 'defer' clicks acknowledged before their answer, 'refus' clicks refused, 'lost' moves never")
    print(" shown within 10 s; 'cpu ms' this process's CPU per click: the bot, the fake and the players;")
    print(" 'pics' pictures uploaded per click (with the click's answer, or in a later edit);")
    print(" floor: a one-button message, floor-tbl: messages of the game's tables' size and shape,")
    print(" both answered by a bot that does nothing else; ours: table pictures on, ours-txt: off)")
    if len(results) > 1:
        print_summary(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--clicks", type=int, default=30)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--game", default="closest-ghost", choices=sorted(registry.games()), help="the game played")
    which.add_argument("--all-games", action="store_true", help="every game in turn, and a line per game")
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
    game_ids = tuple(registry.games()) if args.all_games else (args.game,)
    asyncio.run(main_async(args.games, args.clicks, args.images, args.mention_after, args.edit_interval, game_ids))


if __name__ == "__main__":
    main()
