"""Requests Discord refuses: counted by kind, logged by band, and never repeated in a storm.

Discord bans a bot's address for an hour once it makes 10,000 invalid requests in 10 minutes:
answers 401, 403 or 429, except a 429 with `X-RateLimit-Scope: shared` (Discord's rate-limits
page, "Invalid Request Limit"). Two hooks see every request, whoever makes it:

- an aiohttp trace on discord.py's session counts each refused answer as it arrives, including
  the 429s discord.py waits out and retries itself and the interaction callbacks, which go
  through the same session;
- a wrapper around discord.py's `HTTPClient.request` (every REST call but the interaction
  webhooks) holds back a request like one just refused: after a 401, 403 or 429 on a route (the
  same method and path, the same channel or guild, with or without files), the next ones are
  answered at once with the same refusal, without a request, for a pause that doubles (1 s up
  to 5 minutes) while the refusals go on and ends with the first answer that is not one. And
  when the last 10 minutes hold `BRAKE` refusals, every such request is held until they fall
  below it.

So however many games, moves and timers ask, a refusing Discord hears a few requests per route
and pause, and the callers (the publisher, the turn clock's reminders) see the refusal they would
have had and handle it as they do: degrade, or try again later.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route

log = logging.getLogger(__name__)

#: Discord's ban line, and the seconds it counts over.
BAN_LINE = 10_000
WINDOW = 600.0
#: Refusals in the window from which every guarded request is held (a fifth of the ban line).
BRAKE = 2_000
#: The 10-minute counts whose crossing is logged, up or down.
BANDS = (1, 10, 100, 1_000, BRAKE, 5_000)
INVALID = (401, 403, 429)


@dataclass
class _Pause:
    until: float
    seconds: float
    refusal: discord.HTTPException


class Held(discord.HTTPException):
    """A request not sent because too many were refused lately (the brake)."""

    def __init__(self, recent: int) -> None:
        Exception.__init__(self, f"held back: {recent} requests refused by Discord in the last 10 minutes")
        self.response: Any = None
        self.status = 429
        self.code = 0
        self.text = str(self)
        self.held = True


class RefusedRequests:
    """The bot's count of refused requests, and the pauses that keep it low."""

    def __init__(
        self, *, now: Callable[[], float] = time.monotonic, first_pause: float = 1.0, longest_pause: float = 300.0
    ) -> None:
        self.now = now
        self.first_pause = first_pause
        self.longest_pause = longest_pause
        #: Refused answers since start, by kind: "403/50001", "429", "429/30046", "401/0"...
        self.kinds: Counter[str] = Counter()
        #: Requests answered here without being sent, by kind of the refusal they repeated.
        self.held: Counter[str] = Counter()
        self._recent: deque[tuple[float, str]] = deque()
        self._band = 0
        self._pauses: dict[str, _Pause] = {}
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._on_request_end)

    # ---- counting ---------------------------------------------------------------------

    @property
    def recent(self) -> int:
        """Refused answers in the last 10 minutes."""
        self._forget_old()
        return len(self._recent)

    def record(self, kind: str) -> None:
        self.kinds[kind] += 1
        self._recent.append((self.now(), kind))
        self._forget_old()

    def _forget_old(self) -> None:
        horizon = self.now() - WINDOW
        while self._recent and self._recent[0][0] < horizon:
            self._recent.popleft()
        band = max((b for b in BANDS if len(self._recent) >= b), default=0)
        if band != self._band:
            rising, self._band = band > self._band, band
            by_kind = ", ".join(f"{kind}: {n}" for kind, n in Counter(k for _, k in self._recent).most_common())
            braking = f"; every request is held until they fall below {BRAKE}" if band >= BRAKE else ""
            log.log(
                logging.WARNING if rising else logging.INFO,
                "%d requests refused by Discord in the last 10 minutes (%s); it bans the bot's address for an hour "
                "at %d%s",
                len(self._recent), by_kind or "none", BAN_LINE, braking,
            )  # fmt: skip

    async def _on_request_end(
        self, session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestEndParams
    ) -> None:
        response = params.response
        if response.status not in INVALID:
            return
        if response.status == 429 and response.headers.get("X-RateLimit-Scope") == "shared":
            return  # a shared resource's limit: Discord does not count it against the bot
        code = 0
        try:  # read once here; discord.py reads the same cached body after
            body = await response.json(content_type=None)
            code = int(body.get("code") or 0) if isinstance(body, dict) else 0
        except (ValueError, aiohttp.ClientError, TypeError):
            pass
        self.record(f"{response.status}/{code}" if code or response.status != 429 else "429")

    # ---- holding back -----------------------------------------------------------------

    def guard(self, http: HTTPClient) -> None:
        """Route every REST request of `http` through `_request` (an instance attribute, which
        discord.py's own methods call as `self.request`)."""
        send = http.request

        async def request(route: Route, *, files: Sequence[discord.File] | None = None, **kwargs: Any) -> Any:
            return await self._request(send, route, files, kwargs)

        http.request = request  # type: ignore[method-assign]

    async def _request(
        self,
        send: Callable[..., Awaitable[Any]],
        route: Route,
        files: Sequence[discord.File] | None,
        kwargs: dict[str, Any],
    ) -> Any:
        key = f"{route.key}:{route.major_parameters}{':files' if files else ''}"
        pause = self._pauses.get(key)
        now = self.now()
        if pause is not None and now < pause.until:
            self.held[_kind(pause.refusal)] += 1
            raise _again(pause.refusal)
        if self.recent >= BRAKE:
            self.held["brake"] += 1
            raise Held(len(self._recent))
        try:
            result = await send(route, files=files, **kwargs)
        except discord.HTTPException as refused:
            # A refusal whose caller paces its retries itself (the hour-old edit budget) needs no pause here.
            if refused.status in INVALID and not getattr(refused, "paced", False):
                seconds = self.first_pause if pause is None else min(self.longest_pause, pause.seconds * 2)
                if len(self._pauses) > 10_000:  # routes long quiet (a channel gone): forget their pauses
                    over = self.now() - self.longest_pause
                    self._pauses = {k: p for k, p in self._pauses.items() if p.until > over}
                self._pauses[key] = _Pause(self.now() + seconds, seconds, refused)
                log.debug("%s refused (%s): held for %.0f s", key, _kind(refused), seconds)
            raise
        if pause is not None:
            del self._pauses[key]
        return result


def _kind(refused: discord.HTTPException) -> str:
    return f"{refused.status}/{refused.code}"


def _again(refused: discord.HTTPException) -> discord.HTTPException:
    """A fresh exception like `refused` (the same class, status, code and text), to raise again,
    marked `held` (see `was_held`)."""
    again = (
        refused
        if refused.response is None
        else type(refused)(refused.response, {"code": refused.code, "message": refused.text})
    )
    again.held = True  # type: ignore[attr-defined]
    return again


def was_held(refused: discord.HTTPException) -> bool:
    """Whether this refusal was answered here without a request (a caller need not log it again)."""
    return bool(getattr(refused, "held", False))
