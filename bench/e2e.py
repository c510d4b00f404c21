"""End-to-end interaction latency through the fake Discord, against the floor.

    .venv/bin/python -m bench.e2e [--games 100] [--clicks 30] [--game ID | --all-games] [--images both|on|off]
                                  [--rounds N] [--json FILE] [--mention-after S] [--edit-interval S]

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
own work (the move, its commit, drawing the table). A third, `floor-pic` (with pictures on, for a
game that has them), is `floor-tbl` with a picture: each message posted with the game's first table's
PNG attached and shown in its embed, and every answer keeping it, as ours do while a move's new
picture is on its way: what Discord and discord.py cost for a message that carries a picture.
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

What is counted, and how a run is kept steady on a shared machine:
- `moves` are the clicks that made a move; `moves/s`, the latencies and `cpu ms` (this process's CPU
  per move) are of those. A click the bot refuses politely (a control that a newer move was just
  replacing, answered privately) is counted apart (`refus`): it costs a fraction of a move, and how many
  there are follows the machine's load, so counted as clicks they made a busy run look faster.
- Each row runs `--rounds` times (3 by default; 1 with `--all-games`), the rows in turn, each round
  starting one row further on, so every row runs in every place and none always meets the same moment
  of the machine's load; each row's ratio to a floor is the median of the rounds' ratios, each taken
  between two rows of the same round (every round's is printed too).
- Before the first round, the drawing processes are started (each draws a picture), and every row runs
  once small and unmeasured (the process's first imports and caches); each row runs on a fake Discord
  of its own, started afresh, after a full garbage collection, so no row meets another's messages or
  garbage.
- A player whose click was refused or answered too late waits for that message to be redrawn before
  clicking again (clicking its old controls again at once turned a busy moment into a storm of refused
  clicks, each slowing the bot further).
- `--json FILE` writes every round's figures, after each row (a run stopped early keeps them).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import io
import json
import logging
import random
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import discord

from bot.config import Settings
from bot.discord_ui.app import make_bot
from bot.discord_ui.client import HauntedBot
from bot.discord_ui.layout import MAX_ROWS, STYLES, embed_for, plan_rows
from bot.pictures import Drawing, drawing_for, drawing_process, drawing_processes, picture_for
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
        self.ack: list[float] = []  # acknowledgement times of the moves made (refused clicks apart)
        self.edit: list[float] = []
        self.late = 0
        self.deferred = 0  # acknowledged first, answered later (the move took over 2 s)
        # Answered privately: a stale or illegal click, no move made. Counted apart: how many a row gets
        # depends on the machine's load (a player clicks a control a newer move is replacing), and a
        # refused click costs far less than a move, so counting them as clicks made a busy run look faster.
        self.refused = 0
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

    def acknowledged(self, latency: float, kind: int) -> bool:
        """Counts a click's acknowledgement (`kind`: its interaction callback type); whether it made a move
        (a refused click is answered privately, type 4, and makes none)."""
        self.late += latency > 3.0
        if kind == 4:
            self.refused += 1
            return False
        self.ack.append(latency)
        self.deferred += kind == 6
        return True

    @property
    def moves(self) -> int:
        """Clicks that made a move (acknowledged, not refused)."""
        return len(self.ack)

    @property
    def cpu_per_move(self) -> float:
        """Milliseconds of this process's CPU per move made (refused clicks' CPU included)."""
        return (self.cpu_ended - self.cpu_started) * 1000 / max(self.moves, 1)

    @property
    def rate(self) -> float:
        """Moves made per second."""
        return self.moves / max(self.ended - self.started, 1e-9)

    def line(self, name: str) -> str:
        return (
            f"{name:9} {self.moves:>7} {self.rate:>9,.0f} {pct(self.ack, 50):>8.2f} {pct(self.ack, 99):>8.2f} "
            f"{pct(self.edit, 50):>9.2f} {pct(self.edit, 99):>9.2f} {self.late:>5} {self.deferred:>5} "
            f"{self.refused:>5} {self.lost:>5} {self.cpu_per_move:>6.2f} {self.uploads / max(self.moves, 1):>5.2f}"
        )


def pct(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] * 1000


async def click(
    fake: FakeDiscord, who: str | int, message: StoredMessage, custom_id: str, values: Any, tally: Tally
) -> None:
    """Click, then wait until the message no longer carries that control (it shows the move). A click
    refused or answered too late leaves the message as it was: the player waits for it to be redrawn
    before clicking again, as a person would after "out of date" (clicking its old controls again at
    once made a busy moment a storm of refused clicks, each slowing the bot further)."""
    sent = time.perf_counter()
    drawn = len(message.versions)
    interaction = await fake.click(who, message.id, custom_id, values)
    try:
        ack = await interaction.acked(timeout=10)
    except AssertionError:  # acknowledged too late (Discord refuses it) or never: counted, not fatal
        tally.late += 1
        await redrawn(fake, message, drawn)
        return
    if not tally.acknowledged(ack.latency, ack.type):  # refused: the message clicked on stays as it was
        await redrawn(fake, message, drawn)
        return
    try:
        await fake.wait_for(lambda: custom_id not in message.custom_ids, timeout=10, what="the edit")
    except AssertionError:
        tally.lost += 1
        return
    tally.edit.append(time.perf_counter() - sent)


async def redrawn(fake: FakeDiscord, message: StoredMessage, versions: int) -> None:
    """Wait (10 s at most) until the message has been edited since it had `versions` versions."""
    with contextlib.suppress(AssertionError):
        await fake.wait_for(lambda: len(message.versions) > versions, timeout=10, what="the message redrawn")


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
    """One of our tables, drawn beforehand: its embed and its rows of controls (buttons, or a select);
    `pictured`: the same embed showing the message's attached picture (the `floor-pic` row's)."""

    embed: discord.Embed
    rows: tuple[tuple[Control, ...], ...]
    pictured: discord.Embed


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
        pictured = discord.Embed.from_dict(embed.to_dict()).set_image(url=f"attachment://{PICTURE_FILE}")
        shapes.append(TableShape(embed, tuple(tuple(row) for row in rows if row), pictured))
    return shapes


def first_drawing(game_id: str, seed: int = 1) -> Drawing | None:
    """The picture of the first table of the random game `table_shapes` draws (None: the game has none)."""
    game = registry.get(game_id)
    names = tuple(NAMES[: players_of(game_id)])
    state = next(iter(random_play(game, len(names), {}, seed)))
    return drawing_for(seen_of(game, state, None, names, title=f"{game.name} · game #1"), "table")


def first_picture(game_id: str, seed: int = 1) -> bytes | None:
    drawing = first_drawing(game_id, seed)
    return drawing.png() if drawing is not None else None


def start_drawing_processes(game_id: str) -> None:
    """Start the bot's drawing processes (`bot.pictures.drawing_process`, shared by every bot in this
    process) and have each draw a picture: its imports and fonts. Else the first table posted waits for
    that, which on a busy machine outlasts the harness's wait for a table."""
    drawing = first_drawing(game_id)
    if drawing is None:
        return
    pool = drawing_process()
    # Submitted together: a pool that starts its processes as they are needed starts one per waiting draw.
    for draw in [pool.submit(drawing.draw) for _ in range(drawing_processes())]:
        draw.result()


SHAPES: list[TableShape] = []
#: The picture the `floor-pic` row's messages carry (empty: `floor-tbl`, no picture).
FLOOR_PICTURE: list[bytes] = []
PICTURE_FILE = "table.png"


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
        return {"embed": shape.pictured if FLOOR_PICTURE else shape.embed, "view": view}

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(**self.message(self.n + 1))


class TableFloorBot(discord.Client):
    async def setup_hook(self) -> None:
        self.add_dynamic_items(TableMove)


async def table_floor(
    fake: FakeDiscord, games: int, clicks: int, game_id: str = "closest-ghost", picture: bytes | None = None
) -> Tally:
    """`picture`: each message is posted with it attached and shown in its embed, and every answer keeps
    it (names no attachments), as our answers do while a move's new picture is on its way (`floor-pic`)."""
    SHAPES[:] = table_shapes(game_id)
    FLOOR_PICTURE[:] = [picture] if picture else []
    bot = TableFloorBot(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    runner = BotRunner(fake)
    await runner.start(bot)
    # A channel of its own: the harness looks for our tables in #games by their title, which these share.
    channel = bot.get_partial_messageable(int(fake.add_channel(fake.guild.id, f"floor-{game_id}")["id"]))
    # Each game starts at another position, so the sizes in flight at any moment are a game's mix.
    ids = []
    for n in range(games):
        files = [discord.File(io.BytesIO(picture), filename=PICTURE_FILE)] if picture else []
        ids.append((await channel.send(**TableMove.message(n), files=files)).id)
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
    FLOOR_PICTURE.clear()
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
    "moves",
    "moves/s",
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

#: The rows, in the order of a round's first run (each later round starts one row further on).
ROWS = ("floor", "floor-tbl", "floor-pic", "ours", "ours-txt")

#: A row's tally in each round, in the order the rounds ran.
Rows = dict[str, list[Tally]]


def row_names(images: str, *, with_floor: bool, pictured: bool = True) -> list[str]:
    """The rows measured: the one-button floor only when asked; ours with pictures on, off, or both;
    the floor with a picture along with ours' pictures, for a game that has them (`pictured`)."""
    wanted = {
        "floor": with_floor,
        "floor-tbl": True,
        "floor-pic": images != "off" and pictured,
        "ours": images != "off",
        "ours-txt": images != "on",
    }
    return [name for name in ROWS if wanted[name]]


def round_order(names: list[str], round_no: int) -> list[str]:
    """The rows in the order round `round_no` runs them: each round starts one row further on, so over
    as many rounds as rows each row runs once in each place (first on a machine just warmed up, last
    after the others, ...), and no row is always the one that meets a change in the machine's load."""
    k = round_no % len(names)
    return names[k:] + names[:k]


async def run_row(
    name: str,
    game_id: str,
    games: int,
    clicks: int,
    mention_after: float = MENTION_AFTER,
    edit_interval: float = EDIT_INTERVAL,
) -> Tally:
    """One row, on a fake Discord of its own (no row meets another's messages, calls and users: each
    starts from the same state), after a full collection (no row pays for the garbage of the one before)."""
    fake = FakeDiscord()
    await fake.start()
    restore = point_discord_py_at(fake)
    try:
        gc.collect()
        if name == "floor":
            return await floor(fake, games, clicks)
        if name in ("floor-tbl", "floor-pic"):
            picture = first_picture(game_id) if name == "floor-pic" else None
            return await table_floor(fake, games, clicks, game_id, picture)
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "bench.db"
            return await ours(fake, games, clicks, db, name == "ours", mention_after, edit_interval, game_id)
    finally:
        restore()
        await fake.stop()


#: The warm-up's size: enough for every code path of a row to run once (imports, first-use caches, the
#: drawing processes started) before anything is measured.
WARM_UP_GAMES, WARM_UP_CLICKS = 10, 5


async def measure(
    game_id: str,
    games: int,
    clicks: int,
    images: str,
    mention_after: float,
    edit_interval: float,
    *,
    with_floor: bool,
    rounds: int = 1,
    warm_up: bool = True,
    measured: Callable[[Rows], None] = lambda rows: None,
) -> Rows:
    """The rows for one game, `rounds` times, their order turning at each round (`round_order`); after a
    short warm-up of each row that is not measured (the first row of a process otherwise pays for the
    process's first imports and caches, and the first with pictures for starting the drawing processes).
    `measured` is called with the rows so far after each row."""
    names = row_names(images, with_floor=with_floor, pictured=picture_for(registry.get(game_id)) is not None)
    if warm_up and "ours" in names:
        await asyncio.to_thread(start_drawing_processes, game_id)
    if warm_up:
        for name in names:
            await run_row(name, game_id, min(games, WARM_UP_GAMES), min(clicks, WARM_UP_CLICKS), mention_after)
    rows: Rows = {name: [] for name in names}
    for round_no in range(rounds):
        for name in round_order(names, round_no):
            rows[name].append(await run_row(name, game_id, games, clicks, mention_after, edit_interval))
            measured(rows)
    return rows


def ratios(mine: list[Tally], base: list[Tally], of: Callable[[Tally], float]) -> list[float]:
    """Each round's ratio of a figure of two rows measured in that round."""
    return [of(m) / of(b) for m, b in zip(mine, base, strict=True)]


def throughput(tally: Tally) -> float:
    return tally.rate


def edit_p99(tally: Tally) -> float:
    return pct(tally.edit, 99)


def ack_p50(tally: Tally) -> float:
    return pct(tally.ack, 50)


def cpu(tally: Tally) -> float:
    return tally.cpu_per_move


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def print_rows(rows: Rows) -> None:
    rounds = max(len(tallies) for tallies in rows.values())
    for round_no in range(rounds):
        if rounds > 1:
            print(f"round {round_no + 1} (ran {', '.join(round_order(list(rows), round_no))})")
        print("{:9} {:>7} {:>9} {:>8} {:>8} {:>9} {:>9} {:>5} {:>5} {:>5} {:>5} {:>6} {:>5}".format(*HEADER))
        for name, tallies in rows.items():
            print(tallies[round_no].line(name))
    floors = {name: tallies for name, tallies in rows.items() if name.startswith("floor")}
    for name, mine in rows.items():
        if name in floors:
            continue
        for base_name, base in floors.items():
            cells = []
            for what, of in (("throughput", throughput), ("edit p99", edit_p99), ("ack p50", ack_p50), ("cpu", cpu)):
                each = ratios(mine, base, of)
                cells.append(
                    f"{what} {median(each):.2f}x" + (f" ({' '.join(f'{r:.2f}' for r in each)})" if rounds > 1 else "")
                )
            rounds_said = f" (median of {rounds} rounds; each round's)" if rounds > 1 else ""
            print(f"{name} against {base_name}{rounds_said}: " + "; ".join(cells))


def print_summary(results: dict[str, Rows]) -> None:
    """One line per game: ours and ours-txt against that game's floor-tbl (the median of the rounds'
    ratios); then the games together."""
    print()
    print(
        f"{'game':22} {'seats':>5} {'tbl m/s':>8} {'ours m/s':>8} {'x tbl':>6} {'p99 x':>6} "
        f"{'txt m/s':>8} {'x tbl':>6} {'p99 x':>6} {'cpu tbl':>7} {'ours':>5} {'txt':>5} {'lost':>5} {'refus':>5} "
        f"{'pics':>5}"
    )
    total: dict[str, list[float]] = {}
    for game_id, rows in results.items():
        base = rows["floor-tbl"]
        cells = [f"{game_id:22} {players_of(game_id):>5} {median([t.rate for t in base]):>8,.0f}"]
        for name in ("ours", "ours-txt"):
            mine = rows.get(name)
            if mine is None:
                cells.append(f"{'-':>8} {'-':>6} {'-':>6}")
                continue
            ratio, p99 = median(ratios(mine, base, throughput)), median(ratios(mine, base, edit_p99))
            total.setdefault(name, []).append(ratio)
            total.setdefault(name + " p99", []).append(p99)
            cells.append(f"{median([t.rate for t in mine]):>8,.0f} {ratio:>6.2f} {p99:>6.2f}")
        cpus = [median([t.cpu_per_move for t in rows.get(name, [])]) for name in ("floor-tbl", "ours", "ours-txt")]
        ours_rows = [t for name in ("ours", "ours-txt") for t in rows.get(name, [])]
        lost = sum(t.lost + t.late for t in ours_rows)
        refused = sum(t.refused for t in ours_rows)
        pictured = rows.get("ours", [])
        pics = median([t.uploads / max(t.moves, 1) for t in pictured])
        cells.append(f"{cpus[0]:>7.2f} {cpus[1]:>5.2f} {cpus[2]:>5.2f} {lost:>5} {refused:>5} {pics:>5.2f}")
        print(" ".join(cells))
    if len(results) > 1:
        cells = [f"{'all games (geo. mean)':22} {'':>5} {'':>8}"]
        for name in ("ours", "ours-txt"):
            if name in total:
                cells.append(f"{'':>8} {geomean(total[name]):>6.2f} {geomean(total[name + ' p99']):>6.2f}")
        print(" ".join(cells))
    print("(m/s: moves made a second; x tbl: moves/s as a share of floor-tbl's for the same game; p99 x:")
    print(" click-to-edit p99 against floor-tbl's; both the median of the rounds' ratios; cpu: this process's")
    print(" CPU ms per move; lost: moves never shown or acknowledged late; refus: clicks refused, every round;")
    print(" pics: pictures uploaded per move with pictures on)")


def geomean(values: list[float]) -> float:
    return statistics.geometric_mean(values) if values else float("nan")


def as_json(results: dict[str, Rows]) -> dict[str, Any]:
    """Every round's figures of every row, for `--json`."""
    return {
        game_id: {
            name: [
                {
                    "moves": t.moves,
                    "moves_per_s": t.rate,
                    "ack_p50_ms": pct(t.ack, 50),
                    "ack_p99_ms": pct(t.ack, 99),
                    "edit_p50_ms": pct(t.edit, 50),
                    "edit_p99_ms": pct(t.edit, 99),
                    "late": t.late,
                    "deferred": t.deferred,
                    "refused": t.refused,
                    "lost": t.lost,
                    "cpu_ms_per_move": t.cpu_per_move,
                    "pics_per_move": t.uploads / max(t.moves, 1),
                }
                for t in tallies
            ]
            for name, tallies in rows.items()
        }
        for game_id, rows in results.items()
    }


async def main_async(
    games: int,
    clicks: int,
    images: str,
    mention_after: float = MENTION_AFTER,
    edit_interval: float = EDIT_INTERVAL,
    game_ids: tuple[str, ...] = ("closest-ghost",),
    rounds: int = 1,
    json_path: Path | None = None,
) -> None:
    tune_gc()  # as `python -m bot run` does (the floor bots run under the same settings)
    results: dict[str, Rows] = {}

    def save(game_id: str, rows: Rows) -> None:  # after each row: a run stopped early keeps what it measured
        if json_path is not None:
            json_path.write_text(json.dumps(as_json({**results, game_id: rows}), indent=1))

    for n, game_id in enumerate(game_ids):
        rows = await measure(
            game_id,
            games,
            clicks,
            images,
            mention_after,
            edit_interval,
            with_floor=n == 0,
            rounds=rounds,
            measured=partial(save, game_id),
        )
        results[game_id] = rows
        print(
            f"{registry.get(game_id).name}: {games} concurrent games of {players_of(game_id)} players, "
            f"up to {clicks} clicks each (one process, loopback)",
            flush=True,
        )
        print_rows(rows)
        print(flush=True)
    print("(ms; 'moves' clicks that made a move, 'moves/s' those a second; 'edit' is click to the edit that")
    print(" shows the move; '>3s' counts late acknowledgements, 'defer' moves acknowledged before their")
    print(" answer, 'refus' clicks refused (stale or illegal: no move, not in the other columns), 'lost'")
    print(" moves never shown within 10 s; 'cpu ms' this process's CPU per move: the bot, the fake and the")
    print(" players; 'pics' pictures uploaded per move (with the click's answer, or in a later edit);")
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
        "--rounds",
        type=int,
        default=None,
        help="times each row is measured, in turn with the others (default: 3 for one game, 1 with --all-games)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write every round's figures to this file")
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
    rounds = args.rounds if args.rounds is not None else (1 if args.all_games else 3)
    asyncio.run(
        main_async(
            args.games, args.clicks, args.images, args.mention_after, args.edit_interval, game_ids, rounds, args.json
        )
    )


if __name__ == "__main__":
    main()
