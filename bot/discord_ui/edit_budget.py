"""Discord's budget for edits to messages older than an hour, kept by the bot before Discord has to.

Discord takes only a few edits to messages over an hour old in each channel (a thread and a DM
channel are channels too): past that it answers 429 with JSON code 30046 ("Maximum number of edits
to messages older than 1 hour reached"). A game's table and each player's hand are single messages
edited for the whole game, so a game that lasts runs into it. `EditBudget` counts, per channel, the
edits sent to hour-old messages and says how long the next must wait; the publisher waits (by
coalescing: the edit it sends later shows the game as it is then) rather than be refused.

discord.py retries any 429 that carries `retry_after` by itself, up to five times, each as soon as
`retry_after` has passed on its own clock. `refusal_trace` stops that for a 30046: it tells the
budget, which then holds the channel until Discord's `retry_after` has passed on the bot's clock,
and raises `HourOldEditRefused` so that the publisher tries again at the budget's pace.

A message's age is read from its id (a snowflake carries its creation time) against the bot's
clock hook (`bot.turn_clock.Clock`), the one a test shares with the fake Discord. Windows and waits
are durations: they pass as that clock moves on, or as real time does, whichever is further (a test
whose clock stands still must not hold an edit for ever).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import deque
from typing import Any

import aiohttp
import discord

from bot.turn_clock import Clock

#: Seconds after which Discord counts a message as old.
HOUR_OLD = 3600.0
#: Edits Discord takes to old messages in one channel per `WINDOW` seconds.
EDITS = 3
WINDOW = 6.0
#: Seconds the bot's clock and Discord's may disagree: a message this close to an hour old is
#: counted as old already.
SKEW = 60.0
HOUR_OLD_EDITS = 30046
_EDIT_PATH = re.compile(r"/channels/(\d+)/messages/(\d+)$")


def created_at(message_id: int) -> float:
    """When Discord made the message (seconds since 1970), from its id."""
    return ((message_id >> 22) + discord.utils.DISCORD_EPOCH) / 1000


class EditBudget:
    def __init__(self, clock: Clock, *, edits: int = EDITS, window: float = WINDOW) -> None:
        self.clock = clock
        self.edits = edits
        self.window = window
        self._sent: dict[int, deque[float]] = {}  # channel -> times of its last edits to old messages
        self._held: dict[int, float] = {}  # channel -> when Discord said it takes edits again
        self._old: set[int] = set()  # messages Discord counted as old before the bot's clock did
        self._mark = (clock.now(), time.monotonic(), 0.0)  # the last reading of both clocks, and the budget's time

    def age(self, message_id: int) -> float:
        return self.clock.now() - created_at(message_id)

    def _now(self) -> float:
        """The budget's time: it moves on as far as the bot's clock or real time did since the last
        reading, whichever moved further."""
        clock_now, real_now = self.clock.now(), time.monotonic()
        last_clock, last_real, elapsed = self._mark
        elapsed += max(0.0, clock_now - last_clock, real_now - last_real)
        self._mark = (clock_now, real_now, elapsed)
        return elapsed

    async def sleep(self, seconds: float) -> None:
        """Wait `seconds` as the budget counts them: the clock's or real time's, whichever is first."""
        waits = [asyncio.ensure_future(self.clock.sleep(seconds)), asyncio.ensure_future(asyncio.sleep(seconds))]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await wait

    def is_old(self, message_id: int) -> bool:
        return message_id in self._old or self.age(message_id) >= HOUR_OLD - SKEW

    def wait(self, channel_id: int) -> float:
        """Seconds until the channel takes another edit to an old message (0: now)."""
        now = self._now()
        sent = self._sent.get(channel_id)
        free = sent[0] + self.window if sent is not None and len(sent) >= self.edits else now
        return max(0.0, free - now, self._held.get(channel_id, now) - now)

    def take(self, channel_id: int, message_id: int) -> float:
        """Count an edit of `message_id` about to be sent: 0 if it may go now (and it is counted),
        else the seconds to wait first (nothing is counted)."""
        if not self.is_old(message_id):
            return 0.0
        wait = self.wait(channel_id)
        if wait > 0:
            return wait
        now = self._now()
        sent = self._sent.setdefault(channel_id, deque())
        while sent and sent[0] <= now - self.window:
            sent.popleft()
        sent.append(now)
        if len(sent) > self.edits:
            sent.popleft()
        self._held.pop(channel_id, None)
        return 0.0

    def refused(self, channel_id: int, message_id: int, retry_after: float) -> None:
        """Discord refused an edit of an old message all the same (its clock ran ahead of ours, or
        another process edited in the channel): no edit there until `retry_after` has passed."""
        self._old.add(message_id)
        self._held[channel_id] = max(self._held.get(channel_id, 0.0), self._now() + retry_after)


class HourOldEditRefused(discord.HTTPException):
    """Discord refused an edit of an hour-old message (429, code 30046); the budget knows."""

    def __init__(self, response: Any, data: dict[str, Any], retry_after: float | None = None) -> None:
        super().__init__(response, data)
        self.retry_after = retry_after if retry_after is not None else float(data.get("retry_after") or WINDOW)
        #: The budget paces the retry (bot/discord_ui/refused.py then holds the route back no further).
        self.paced = True


def refusal_trace(budget: EditBudget, trace: aiohttp.TraceConfig | None = None) -> aiohttp.TraceConfig:
    """An aiohttp trace for discord.py's HTTP session (`trace`, with its own hooks run first, or a new
    one) that turns a 30046 into `HourOldEditRefused` (told to the budget) instead of letting
    discord.py send the same edit again on its own clock."""
    trace = trace if trace is not None else aiohttp.TraceConfig()

    async def on_request_end(
        session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestEndParams
    ) -> None:
        response = params.response
        if response.status != 429 or params.method != "PATCH":
            return
        path = _EDIT_PATH.search(params.url.path)
        if path is None:
            return
        try:
            data = await response.json(content_type=None)
        except (ValueError, aiohttp.ClientError):
            return
        if not isinstance(data, dict) or data.get("code") != HOUR_OLD_EDITS:
            return
        retry_after = float(data.get("retry_after") or WINDOW)
        budget.refused(int(path[1]), int(path[2]), retry_after)
        raise HourOldEditRefused(response, data, retry_after)

    trace.on_request_end.append(on_request_end)
    return trace
