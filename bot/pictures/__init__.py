"""Per-game table pictures (PNG), found by the game's rules package name, like the renderers.

`rules/games/closest_ghost/` is drawn by `bot/pictures/closest_ghost.py` (its `PICTURE`);
a game without a module of its own is drawn by its shelf's (`Game.family`: "candy-tricks" by
`bot/pictures/candy_tricks.py`), and a game with neither simply has no picture. A picture is drawn from a
`Sight` (the view, names, who acts, places) and nothing else, so a `Drawing` is
known by the digest of its sight before anything is drawn: the publisher compares
and caches by that key, and draws the PNG off the event loop (`PictureCache`).
No discord import.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import importlib
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cache, cached_property, partial
from typing import Any, Literal, Protocol

from bot.pictures.base import Sight
from bot.renderers.base import Seen
from rules.contract import Game
from rules.registry import folder_of

Kind = Literal["table", "hand"]


class Picture(Protocol):
    def table(self, sight: Sight) -> bytes:
        """The public table as a PNG, from the table's view."""

    def hand_scene(self, sight: Sight) -> Hashable | None:
        """What one seat's hand picture shows, from that seat's view: a small frozen value whose
        `repr` is its cache key (None: nothing private to draw)."""

    def hand(self, scene: Any) -> bytes | None:
        """The hand picture of a scene from `hand_scene`, as a PNG."""

    def describe_table(self, sight: Sight) -> str:
        """The table picture in a sentence or two (its alt text): public information only."""

    def describe_hand(self, scene: Any) -> str:
        """A hand picture in a sentence or two (its alt text), from its scene."""


def _module_picture(name: str) -> Picture | None:
    try:
        module = importlib.import_module(f"bot.pictures.{name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"bot.pictures.{name}":
            raise
        return None
    picture: Picture = module.PICTURE
    return picture


@cache
def picture_for(game: Game[Any]) -> Picture | None:
    folder = folder_of(game)
    if folder is None:
        return None
    own = _module_picture(folder)
    if own is not None or game.family is None:
        return own
    return _module_picture(game.family.replace("-", "_"))


def sight_of(seen: Seen) -> Sight:
    """The part of a screen's `Seen` a picture may use."""
    places = seen.result.places if seen.result is not None else None
    return Sight(view=seen.view, names=seen.names, to_act=tuple(sorted(seen.to_act)), places=places)


def _no_words() -> str:
    return ""


@dataclass(frozen=True)
class Drawing:
    """A picture not drawn yet: what it shows (`key`), how to draw it, and how to say it in words."""

    key: str
    kind: Kind
    draw: Callable[[], bytes | None]
    describe: Callable[[], str] = _no_words

    @cached_property
    def description(self) -> str:
        """What the picture shows, in words (Discord's attachment description: a screen reader's alt
        text). Worded only when the picture is uploaded: most pictures named are never drawn."""
        return alt_text(self.describe())

    @property
    def filename(self) -> str:
        return f"{self.kind}.png"

    def png(self) -> bytes | None:
        return self.draw()


def drawing_for(seen: Seen, kind: Kind) -> Drawing | None:
    """The picture of a table (kind "table", from the table's Seen) or of a seat's hand. A table is
    known by its whole sight; a hand by the scene it draws, which changes only with that hand."""
    picture = picture_for(seen.game)
    if picture is None:
        return None
    sight = sight_of(seen)
    if kind == "table":
        key = f"{seen.game.id}/table/{sight.digest()}"
        return Drawing(key, kind, partial(picture.table, sight), partial(picture.describe_table, sight))
    scene = picture.hand_scene(sight)
    if scene is None:
        return None
    digest = hashlib.sha1(repr(scene).encode()).hexdigest()
    key = f"{seen.game.id}/hand/{digest}"
    return Drawing(key, kind, partial(picture.hand, scene), partial(picture.describe_hand, scene))


#: Discord's limit on an attachment's description: "description (alt text) for the file (max 1024 characters)".
MAX_ALT_TEXT = 1024


def alt_text(text: str) -> str:
    """A description within Discord's limit: whole sentences while they fit, then cut with '…'."""
    text = " ".join(text.split())
    if len(text) <= MAX_ALT_TEXT:
        return text
    cut = text[: MAX_ALT_TEXT - 1]
    end = cut.rfind(". ")
    return cut[: end + 1] if end > MAX_ALT_TEXT // 2 else cut.rstrip() + "…"


_processes: ProcessPoolExecutor | None = None
_processes_lock = threading.Lock()

#: How much lower the drawing process's CPU priority is than the bot's (Unix nice levels). A picture
#: can follow a move a moment later; the answer to a click cannot wait: when the bot and the drawing
#: both want a core, the bot gets it.
DRAWING_NICENESS = 10


def lower_priority() -> None:
    """Run in the drawing process as it starts (a module-level function, so "spawn" can find it)."""
    if hasattr(os, "nice"):  # not on Windows, where the process keeps the bot's priority
        os.nice(DRAWING_NICENESS)


def drawing_processes() -> int:
    """How many processes draw: one per core this process may use (at most 4, each holds its own
    copy of the rules and fonts). They run at a lower priority than the bot, so a core the bot
    needs is the bot's; a core it leaves idle draws, and a move's picture drawn sooner rides on
    the click's answer instead of a second edit."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(4, cores))


def drawing_process(*, broken: ProcessPoolExecutor | None = None) -> ProcessPoolExecutor:
    """The processes that draw pictures, one pool per bot process (shared by every `PictureCache`
    in it); `broken`: the pool that failed, replaced by a new one. The processes start with the
    first picture, after the bot is ready, so they never slow the start."""
    global _processes
    with _processes_lock:
        if _processes is None or _processes is broken:
            # "spawn": a fork of a process running an event loop and threads may inherit held locks.
            _processes = ProcessPoolExecutor(
                max_workers=drawing_processes(),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=lower_priority,
            )
        return _processes


#: Seconds after which a picture time not measured again counts for half (`PictureCache.lately`): a
#: queue of pictures drains within seconds once drawing stops, so a slow spell, when nothing is drawn
#: after it, must not hold pictures back for good.
LATELY_HALF_LIFE = 10.0


class Superseded(Exception):
    """The draw a caller waited for was dropped before it began: a newer picture of the same
    message (its `slot`) was asked for, so this one would only have been overtaken."""


class PictureCache:
    """PNGs by drawing key: each picture is drawn once, off the event loop, however many
    messages and viewers show it; a second ask while it is being drawn waits for that draw.

    One worker draws (`workers`). By default a thread; `processes=True` (the bot's
    `DRAW_IN_PROCESS`): separate processes, one per core (`drawing_processes`), since drawing is
    CPU work that holds the GIL for much of it and a thread takes turns with the event loop, which
    must stay free to answer clicks (a `Drawing`'s `draw` must then pickle: the pictures' own bound methods do).
    Measured: a picture costs 3-8 ms of CPU to draw and encode (`bench.pictures`), the hop to a drawing
    process about 0.2 ms of the bot's, so drawing in the bot's own process would cost its clicks more
    than it saves.

    Draws wait in line for the worker. When moves come faster than pictures (many games at
    once), a message's older picture still waiting is worth nothing once a newer one of the same
    message is asked for: an ask with a `slot` (the message, say) drops the slot's earlier draw
    if it has not begun, and whoever waited for it gets `Superseded`. A draw someone waits for
    without a slot (a message being posted, a private answer) is never dropped."""

    def __init__(
        self, keep: int = 512, workers: int = 1, *, processes: bool = False, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.keep = keep
        self._clock = clock
        self._asked_at: dict[str, float] = {}
        self._drawing_time = 0.0
        self._measured_at = 0.0  # when `drawing_time` was last measured (`clock`)
        self.processes = processes
        #: How many pictures are drawn at once (the drawing processes, or threads).
        self.workers = drawing_processes() if processes else workers
        self._pool: Executor | None = None  # made at the first picture
        self._done: OrderedDict[str, bytes | None] = OrderedDict()
        self._drawing: dict[str, asyncio.Future[bytes | None]] = {}
        self._queued: dict[str, Future[bytes | None]] = {}  # the worker's side of each draw
        self._latest: dict[Hashable, str] = {}  # slot -> the key of its newest draw not done yet
        self._kept: set[str] = set()  # draws waited for without a slot: never dropped
        #: How many pictures were drawn (not served from the cache), and how many draws were
        #: dropped for a newer picture before they began: for tests and bench.
        self.draws = 0
        self.dropped = 0

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = (
                drawing_process()
                if self.processes
                else ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pictures")
            )
        return self._pool

    @property
    def drawing_time(self) -> float:
        """How long a picture took from its ask to its PNG when last measured (seconds, a moving average
        of the last few; queueing behind other pictures included): what a click's answer would wait for it."""
        return self._drawing_time

    @drawing_time.setter
    def drawing_time(self, seconds: float) -> None:
        self._drawing_time, self._measured_at = seconds, self._clock()

    def has(self, key: str) -> bool:
        """Whether this picture is drawn already (asking for it will not wait)."""
        return key in self._done

    def drawing(self, key: str) -> bool:
        """Whether this picture is being drawn (or waits in line for it)."""
        return key in self._drawing

    def has_room(self) -> bool:
        """Whether a picture asked now would begin at once: fewer draws running or waiting than workers.
        `lately` cannot tell: it measures the pictures drawn before, and after a quiet spell (or at the
        start) it says "quick" to every game that moves at that moment."""
        return len(self._drawing) < self.workers

    def lately(self) -> float:
        """How long a picture takes lately (`drawing_time`), halved for every `LATELY_HALF_LIFE`
        seconds since it was last measured: nothing drawn for a while means no queue to wait in."""
        if self._drawing_time == 0.0:
            return 0.0
        since = max(0.0, self._clock() - self._measured_at)
        return self._drawing_time * float(0.5 ** (since / LATELY_HALF_LIFE))

    def start(self, drawing: Drawing, slot: Hashable | None = None) -> asyncio.Future[bytes | None] | None:
        """Start drawing the picture unless it is drawn or being drawn; the future of its draw.
        `slot`: what the picture is of (one message); a draw of the slot still waiting is dropped."""
        key = drawing.key
        if key in self._done:
            return None
        running = self._drawing.get(key)
        if running is None:
            running = asyncio.get_running_loop().create_future()
            try:
                queued = self._executor().submit(drawing.draw)
            except BrokenProcessPool:  # the drawing process died (killed, out of memory): a new one
                assert isinstance(self._pool, ProcessPoolExecutor)
                self._pool = drawing_process(broken=self._pool)
                queued = self._pool.submit(drawing.draw)
            self._drawing[key], self._queued[key] = running, queued
            if self.draws > 0:  # the first draw also starts the drawing processes: not a picture's time
                self._asked_at[key] = self._clock()
            self.draws += 1
            # The worker's future settles in the worker's thread (or at once when dropped): hand over.
            queued.add_done_callback(partial(self._settle, key, running))
            # A draw nobody waits for (started ahead) must not log "exception never retrieved".
            running.add_done_callback(lambda done: done.cancelled() or done.exception())
        if slot is not None:
            self._supersede(slot, key)
        return running

    def _supersede(self, slot: Hashable, key: str) -> None:
        before = self._latest.get(slot)
        self._latest[slot] = key
        if before is None or before == key or before in self._kept:
            return
        queued = self._queued.get(before)
        if queued is not None and queued.cancel():  # only a draw that has not begun
            # Forgotten at once, so an ask for that picture from now on starts it afresh.
            del self._drawing[before], self._queued[before]
            self._asked_at.pop(before, None)
            self.draws -= 1
            self.dropped += 1

    async def png(self, drawing: Drawing, slot: Hashable | None = None) -> bytes | None:
        """The picture, drawn if need be. Without a `slot` the draw is kept whatever comes; with
        one, a newer picture of that slot may drop it first (`Superseded`)."""
        running = self.start(drawing, slot)
        if running is None:
            self._done.move_to_end(drawing.key)
            return self._done[drawing.key]
        if slot is None:
            self._kept.add(drawing.key)
        return await asyncio.shield(running)

    def _settle(self, key: str, running: asyncio.Future[bytes | None], done: Future[bytes | None]) -> None:
        """Called in the worker's thread (or the loop's, for a dropped draw): settle on the loop."""
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            running.get_loop().call_soon_threadsafe(self._finish, key, running, done)

    def _finish(self, key: str, running: asyncio.Future[bytes | None], done: Future[bytes | None]) -> None:
        if self._drawing.get(key) is running:
            del self._drawing[key], self._queued[key]
            self._kept.discard(key)
        if key not in self._drawing:
            for slot in [slot for slot, latest in self._latest.items() if latest == key]:
                del self._latest[slot]
        if running.done():
            return
        if done.cancelled():
            running.set_exception(Superseded(key))
            return
        problem = done.exception()
        if problem is not None:
            self._asked_at.pop(key, None)
            if isinstance(problem, BrokenProcessPool) and isinstance(self._pool, ProcessPoolExecutor):
                self._pool = drawing_process(broken=self._pool)
            running.set_exception(problem)
            return  # not kept: the next ask draws it again
        png = done.result()
        asked = self._asked_at.pop(key, None)
        if asked is not None:
            took = self._clock() - asked
            before = self.lately()
            self.drawing_time = took if before == 0.0 else 0.7 * before + 0.3 * took
        self._done[key] = png
        while len(self._done) > self.keep:
            self._done.popitem(last=False)
        running.set_result(png)
