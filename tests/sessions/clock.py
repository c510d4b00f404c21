"""A clock the test moves by hand: `now()` stands still until `advance`, and `sleep` wakes only then."""

from __future__ import annotations

import asyncio


class ManualClock:
    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.time = start
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> asyncio.Future[None]:
        """Not a coroutine: the wake-up time is taken when it is called, not when first awaited."""
        wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if seconds <= 0:
            wake.set_result(None)
        else:
            self._sleepers.append((self.time + seconds, wake))
        return wake

    def advance(self, seconds: float) -> None:
        """Move time on and wake every sleeper whose time has come (they run at the next await)."""
        self.time += seconds
        for at, wake in self._sleepers:
            if at <= self.time and not wake.done():
                wake.set_result(None)
        self._sleepers = [(at, wake) for at, wake in self._sleepers if not wake.done()]
