"""The turn clock: a time per move, reminders, a computer move when time runs out, and the takeover.

A session whose host chose a time per move (`Session.turn_seconds`) gets a deadline for every
human seat that becomes due to act; during simultaneous choices each seat has its own, which
another seat's move leaves alone. At half and at 90% of the time, listeners are told to remind
the player; at the deadline the computer moves for them through the session service's one path
(`SessionService.timeout_move`: commit before anyone is told). The second timeout in a row marks
the seat away: the service's computer runner plays it until the player presses "I'm back". A
move by the player clears the count.

Everything is stored (`turn_clocks` rows, `seats.away`) before anyone hears of it, and the
deadlines are absolute times, so a restart carries on each clock where it was: `resume`.

Like the publisher, the clock listens to the service's changes; it has one worker task per
session with a running clock, which sleeps until the next reminder or deadline and wakes early
on a change. Time comes from an injected `now` and `sleep`, so tests never really wait.
No discord import here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Literal, Protocol

from bot.sessions import ACTIVE, Change, Session, SessionService
from persistence.models import ClockRow

log = logging.getLogger(__name__)

#: Shares of the time after which the player is reminded (first at half, then at 90%).
REMINDERS = (0.5, 0.9)
#: Timeouts in a row after which the computer takes the seat over.
TAKEOVER_AFTER = 2
#: How long to wait before trying again when a step failed (the store was busy, say).
RETRY_SECONDS = 30.0


class Clock(Protocol):
    """Wall-clock time and a way to wait: the bot's clock hook (tests give one they move by hand)."""

    def now(self) -> float: ...

    def sleep(self, seconds: float) -> Awaitable[None]: ...


class SystemClock:
    """The real clock. Deadlines are wall-clock times, so they mean the same after a restart."""

    def now(self) -> float:
        return time.time()

    def sleep(self, seconds: float) -> Awaitable[None]:
        return asyncio.sleep(seconds)


@dataclass(frozen=True)
class ClockNotice:
    """What the clock tells its listeners: the running deadlines changed, or remind a seat."""

    kind: Literal["deadlines", "reminder"]
    session: Session
    seat: int | None = None
    deadline: float | None = None
    #: For a reminder: the share of the time that is gone (0.5 or 0.9).
    share: float = 0.0


ClockListener = Callable[[ClockNotice], None]


class TurnClock:
    def __init__(
        self,
        service: SessionService,
        *,
        now: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.service = service
        self.now = now
        self._sleep = sleep
        self._listeners: list[ClockListener] = []
        self._rows: dict[int, dict[int, ClockRow]] = {}  # session -> seat -> its clock, as stored
        self._fresh: dict[int, set[int]] = {}  # seats that changed hands: their count starts again
        self._wake: dict[int, asyncio.Event] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._asleep_until: dict[int, float] = {}
        self._closing = False

    # ---- listening -----------------------------------------------------------------------

    def subscribe(self, listener: ClockListener) -> None:
        """`listener(notice)` is called after the clock stored what it tells. It must not block."""
        self._listeners.append(listener)

    def on_change(self, change: Change) -> None:
        """Called by the service after each commit: look at the session's clocks again."""
        if self._closing or change.kind == "lobby":
            return
        if not change.session.turn_seconds and change.session.id not in self._rows:
            return  # a game without a clock: nothing to look at, not even a task
        if change.kind == "seats":
            self._fresh.setdefault(change.session.id, set()).update(change.seats)
        self.wake(change.session.id)

    def resume(self, sessions: Iterable[Session]) -> None:
        """After a restart: carry on every running clock from what is stored."""
        for session in sessions:
            if session.status == ACTIVE and session.turn_seconds:
                self.wake(session.id)

    def wake(self, session_id: int) -> None:
        self._wake.setdefault(session_id, asyncio.Event()).set()
        if session_id not in self._workers and not self._closing:
            task = asyncio.get_running_loop().create_task(self._work(session_id), name=f"turn-clock-{session_id}")
            self._workers[session_id] = task

    # ---- reading ----------------------------------------------------------------------------

    def deadlines(self, session_id: int) -> dict[int, float]:
        """The running deadlines by seat (what the table shows)."""
        rows = self._rows.get(session_id, {})
        return {seat: row.deadline for seat, row in sorted(rows.items()) if row.deadline is not None}

    def timeouts(self, session_id: int, seat: int) -> int:
        row = self._rows.get(session_id, {}).get(seat)
        return 0 if row is None else row.timeouts

    async def settled(self, session_id: int) -> None:
        """Until the session's clock has done everything due now (tests drive time by hand)."""
        while session_id in self._workers:
            wake = self._wake.get(session_id)
            until = self._asleep_until.get(session_id)
            if until is not None and until > self.now() and (wake is None or not wake.is_set()):
                return
            await asyncio.sleep(0)

    async def close(self) -> None:
        self._closing = True
        workers = list(self._workers.values())
        for task in workers:
            task.cancel()
        for task in workers:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ---- the worker ---------------------------------------------------------------------------

    async def _work(self, session_id: int) -> None:
        wake = self._wake[session_id]
        try:
            while not self._closing:
                wake.clear()
                try:
                    next_at = await self._step(session_id)
                except Exception:  # keep the clock alive; a later step tries again
                    log.exception("session %s: the turn clock failed a step", session_id)
                    next_at = self.now() + RETRY_SECONDS
                # No await between these checks and the task's removal (finally), so a change
                # arriving as the worker ends always finds no worker and starts one.
                if wake.is_set():
                    continue
                if next_at is None:
                    return
                await self._wait(session_id, wake, next_at)
        finally:
            self._workers.pop(session_id, None)
            self._asleep_until.pop(session_id, None)

    async def _wait(self, session_id: int, wake: asyncio.Event, until: float) -> None:
        """Sleep until `until`, or less if something changes meanwhile."""
        self._asleep_until[session_id] = until
        sleeper = asyncio.ensure_future(self._sleep(max(0.0, until - self.now())))
        waker = asyncio.ensure_future(wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._asleep_until.pop(session_id, None)
            for task in (sleeper, waker):
                task.cancel()
            await asyncio.gather(sleeper, waker, return_exceptions=True)

    async def _step(self, session_id: int) -> float | None:
        """Bring the session's clocks in line with it, act on what is due, and say when to look again."""
        session = await self.service.get(session_id)
        rows = await self._load(session)
        seconds = session.turn_seconds
        if session.status != ACTIVE or not seconds:
            if rows:
                await self.service.store.delete_clocks(session_id)
                rows.clear()
                self._tell(ClockNotice("deadlines", session))
            self._fresh.pop(session_id, None)
            if session.status != ACTIVE:
                self._rows.pop(session_id, None)
            return None
        before = self.deadlines(session_id)
        await self._reconcile(session, rows, seconds)
        if self.deadlines(session_id) != before:
            self._tell(ClockNotice("deadlines", session))

        now = self.now()
        for row in sorted(self._running(rows), key=lambda r: r.deadline or 0.0):
            assert row.deadline is not None
            assert row.started_at is not None
            if now >= row.deadline:
                await self._time_out(session, row)
                return now  # the move's change wakes us too; look again at once either way
            gone = (now - row.started_at) / seconds
            reached = sum(1 for share in REMINDERS if gone >= share)
            if reached > row.reminders:
                # Stored before it is told: a restart never repeats a reminder (it may skip one).
                await self._save(rows, row.model_copy(update={"reminders": reached}))
                self._tell(ClockNotice("reminder", session, row.seat, row.deadline, REMINDERS[reached - 1]))
        return min((self._next_time(row, seconds) for row in self._running(rows)), default=None)

    async def _reconcile(self, session: Session, rows: dict[int, ClockRow], seconds: int) -> None:
        """Start the time of each human seat that became due; stop it for those that moved or are not due."""
        now = self.now()
        to_act = session.to_act()
        fresh = self._fresh.pop(session.id, set())
        changed: list[ClockRow] = []
        for seat, owner in enumerate(session.seats):
            row = old = rows.get(seat)
            if row is not None and row.deadline is not None and session.moved_since(seat, row.since_move):
                row = _stopped(row, timeouts=0)  # the player moved in time: the count starts again
            if row is not None and seat in fresh:
                row = _stopped(row, timeouts=0)  # a new owner, or back from away: a clean slate
            due = seat in to_act and owner.user_id is not None and not owner.away
            if due and (row is None or row.deadline is None):
                row = ClockRow(
                    session_id=session.id,
                    seat=seat,
                    since_move=session.move_number,
                    started_at=now,
                    deadline=now + seconds,
                    reminders=0,
                    timeouts=0 if row is None else row.timeouts,
                )
            elif not due and row is not None and row.deadline is not None:
                row = _stopped(row, timeouts=row.timeouts)
            if row is not None and row != old:
                rows[seat] = row
                changed.append(row)
        if changed:
            await self.service.store.save_clocks(changed)

    async def _time_out(self, session: Session, row: ClockRow) -> None:
        take_over = row.timeouts + 1 >= TAKEOVER_AFTER
        moved = await self.service.timeout_move(session.id, row.seat, row.since_move, take_over=take_over)
        if moved is None:
            return  # the player beat the clock after all; the next step sees their move
        log.info("session %s: seat %s ran out of time (%d in a row)", session.id, row.seat, row.timeouts + 1)
        rows = self._rows[session.id]
        await self._save(rows, _stopped(row, timeouts=row.timeouts + 1))

    # ---- helpers ----------------------------------------------------------------------------

    async def _load(self, session: Session) -> dict[int, ClockRow]:
        rows = self._rows.get(session.id)
        if rows is None:
            rows = {row.seat: row for row in await self.service.store.clocks(session.id)}
            self._rows[session.id] = rows
        return rows

    async def _save(self, rows: dict[int, ClockRow], row: ClockRow) -> None:
        await self.service.store.save_clocks([row])
        rows[row.seat] = row

    @staticmethod
    def _running(rows: dict[int, ClockRow]) -> list[ClockRow]:
        return [row for row in rows.values() if row.deadline is not None]

    @staticmethod
    def _next_time(row: ClockRow, seconds: int) -> float:
        assert row.deadline is not None
        assert row.started_at is not None
        pending = [row.started_at + share * seconds for share in REMINDERS[row.reminders :]]
        return min([*pending, row.deadline])

    def _tell(self, notice: ClockNotice) -> None:
        for listener in self._listeners:
            try:
                listener(notice)
            except Exception:  # a broken front end must not stop the clock
                log.exception("session %s: clock listener failed on %s", notice.session.id, notice.kind)


def _stopped(row: ClockRow, *, timeouts: int) -> ClockRow:
    return row.model_copy(update={"started_at": None, "deadline": None, "reminders": 0, "timeouts": timeouts})
