"""Keeps every session's Discord messages in step with its state.

It listens to the session service (which calls it only after a commit) and,
per session, keeps one public table message (in a thread of its own when the
bot may create one) and one DM per human player. Bursts of moves are
coalesced: a session's messages are edited at most once per `interval`, and
an edit whose payload has not changed is skipped. A deleted table or DM is
posted again; a closed DM is reported once in the thread, after which the
player uses the table's "My hand" button. Rate limits (429) are waited out by
discord.py itself; nothing here shows them to players. Each message is brought up
to date on its own: one that Discord refuses holds back no other, and is tried
again at the next refresh. A click on the table of a game played on the table alone (no hands) is
answered with the table as the move left it (bot/discord_ui/cogs/game.py); the refresh after it then has
nothing to send, so it is not run at all unless a mention is due or something was refused (`release`).

Games outlive Discord's hour: edits to messages over an hour old are rationed per
channel (`edit_budget.EditBudget`; an edit the budget holds back goes out, with the
game as it is then, when the budget allows), and a table or hand nearing the hour
is posted afresh at the game's next pause (`RENEW_AFTER`), the old one saying once
that it moved on while its buttons keep answering.

It also listens to the turn clock (bot/turn_clock.py): the running deadlines are
shown on the table and in the hands as Discord timestamps (`<t:UNIX:R>`, which each
reader's client counts down), away seats get an "I'm back" button, and reminders
become a mention in the thread plus a short DM (an edit would notify nobody).

Pictures (bot/pictures/): a payload names its picture by the digest of what it shows
(a `Drawing`), so comparing and memoising payloads never draws anything; the PNG is
drawn off the event loop (in a process of its own, or a thread: `DRAW_IN_PROCESS`) by
`ready`, just before a message is sent or edited, once per picture however many
messages show it (`PictureCache`), and attached to the embed. While pictures are slow, an
edit draws its picture only once the game has been still long enough to show it
(`STILL_FOR`); until then it carries the words and keeps the picture the message has.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Any

import discord
import orjson
from discord.http import handle_message_parameters

from bot.discord_ui.components import BackButton, TableButton
from bot.discord_ui.edit_budget import EditBudget, HourOldEditRefused
from bot.discord_ui.layout import BUTTONS_PER_ROW, MAX_ROWS, PlannedView, Where, add_controls, embed_for
from bot.discord_ui.permissions import MISSING_PERMISSIONS, NO_THREAD, TEXT_TABLES, TEXT_TABLES_FROM_NOW
from bot.discord_ui.refused import was_held
from bot.discord_ui.threads import AUTO_ARCHIVE_MINUTES, UNKNOWN_CHANNEL, TableHomes
from bot.pictures import Drawing, Kind, PictureCache, Superseded, drawing_for
from bot.renderers import screens_for
from bot.renderers.base import Field, Screen, Seen
from bot.screens import hand_seen, table_seen
from bot.sessions import ABANDONED, ACTIVE, FINISHED, LOBBY, Change, Session, SessionService
from bot.turn_clock import ClockNotice, SystemClock, TurnClock
from rules.contract import PAUSE_KINDS

log = logging.getLogger(__name__)

#: What a player's hand says while the bot makes their only move for them (ruling G10).
ONLY_MOVE_TITLE = "Your only move"
ONLY_MOVE = "You can do just one thing now, so the bot does it for you in a moment."
DM_CLOSED = 50007
#: Seconds a refresh waits at most for a click's answer to the same message to be sent.
ANSWER_WAIT = 5.0
#: Seconds a click's answer waits at most for its new picture (else the picture follows in an edit).
#: It waits only while pictures come that fast (`PictureCache.drawing_time`): on a machine too busy
#: to draw them in time, waiting would delay every answer and still cost the edit that follows.
PICTURE_WAIT = 0.05
#: While pictures are slower than that, a refresh draws a message's new picture only once the game has
#: been still (no move) for this many times as long as a picture takes lately: a game moving faster
#: than its pictures would overtake each one before it is shown, and every picture drawn for nothing
#: takes a core from the clicks. The margin because the time is an average, and any one picture may
#: wait in a longer line; meanwhile the text goes at once with the picture the message has. And never
#: less than the least time between two refreshes of a game (`interval`): the bot is busy then, and a
#: game whose moves come in a run (computer players, a fast pair) shows the run's last picture, not
#: each one (bench.e2e: 86 pictures drawn and uploaded in 2,000 clicks, each a game's pause of a
#: tenth of a second, where a person's pause is seconds).
STILL_FOR = 1.5
#: A table or hand this many seconds old is posted afresh at the game's next pause (a trick, a hand,
#: a round over: `PAUSE_KINDS`), before Discord counts it as an hour old and rations its edits.
RENEW_AFTER = 45 * 60.0
#: ... and at the latest at this age, pause or not, if it was edited in the last `RECENTLY` seconds.
#: A message of a quiet game is left where it is: its few edits fit the hour-old budget.
RENEW_BY = 55 * 60.0
RECENTLY = 300.0
#: What a table or hand says once a fresh one has taken its place (its controls still answer).
TABLE_MOVED_ON = "⤵️ This table has moved on: the game goes on in the newest table below."
HAND_MOVED_ON = "⤵️ This hand has moved on: your newest message below shows it as it is now."


class _Later(Exception):
    """An edit held back by the hour-old budget: a refresh is due when the budget allows it."""


class Publisher:
    def __init__(
        self,
        bot: discord.Client,
        service: SessionService,
        *,
        interval: float,
        images: bool = True,
        mention_after: float = 0.0,
        draw_in_process: bool = False,
    ) -> None:
        self.bot = bot
        self.service = service
        #: Whose deadlines the screens show; the client sets it once it has built the clock.
        self.turn_clock: TurnClock | None = None
        self.interval = interval
        #: Seconds a player may take to answer their turn before being mentioned (`MENTION_AFTER`).
        self.mention_after = mention_after
        #: Whether tables and hands carry a picture (the `TABLE_IMAGES` setting).
        self.images = images
        budget = getattr(bot, "edit_budget", None)
        #: Edits to hour-old messages, per channel (shared with the HTTP trace that hears Discord refuse one).
        self.budget: EditBudget = budget if budget is not None else EditBudget(getattr(bot, "clock", SystemClock()))
        # Picture times on the bot's clock, the one a game's stillness is judged by (`_picture_wait`).
        self.pictures = PictureCache(processes=draw_in_process and images, clock=self.budget.clock.now)
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._starting: set[int] = set()  # sessions whose refresh task starts at the loop's next step
        self._held: dict[int, int] = {}  # session -> clicks being answered that hold its refresh (`hold`)
        self._last_flush: dict[int, float] = {}
        self._payloads: dict[int, str] = {}  # message id -> digest of what it shows now
        # message id -> the picture it carries (known from the bot's own edit of it): an edit that shows
        # the same picture again keeps it rather than upload it again (a hand whose text changed, say).
        self._picture_of: dict[int, str] = {}
        self._picture_coming: dict[int, str | None] = {}  # the same, for an edit on its way
        self._unsaved: dict[int, dict[int, str]] = {}  # session -> digests not yet in the store
        # (session, seat or None for the table) -> (what it was drawn from, payload, digest): a click's
        # answer and the refresh after it draw the same picture once, not twice.
        self._drawn: dict[tuple[int, int | None], tuple[tuple[Any, ...], dict[str, Any], str]] = {}
        self._waiting: dict[int, frozenset[int]] = {}  # session -> humans due to act at the last look
        # session -> humans due to act and not mentioned yet -> when they became due (monotonic)
        self._due_since: dict[int, dict[int, float]] = {}
        self._mention_timers: dict[int, asyncio.TimerHandle] = {}
        self._pings: dict[int, int] = {}  # session -> id of the last "your turn" message
        self._owed: dict[int, frozenset[int]] = {}  # session -> players whose mention Discord refused
        self._forget_table: set[int] = set()  # sessions whose table message was deleted
        self._reminders: set[asyncio.Task[None]] = set()
        # message id -> clicks whose answer redraws that message and is not sent yet, and an event set
        # when none is left: a refresh waits for it, so an older answer (its picture drawn meanwhile)
        # never lands after a newer edit.
        self._answering: dict[int, int] = {}
        self._answered: dict[int, asyncio.Event] = {}
        # session -> the timer that tries its refused messages again, and the pause it waited
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._retry_pause: dict[int, float] = {}
        #: Seconds before refused messages are tried again, doubling while Discord refuses, up to the last.
        self.retry_first, self.retry_longest = 2.0, 300.0
        self._closing = False
        self._paused: set[int] = set()  # sessions whose game paused (a trick over...) since the last refresh
        self._edited_at: dict[int, float] = {}  # message id -> when the bot last edited it (the bot's clock)
        self._retired: dict[int, str] = {}  # message id -> what it says since a fresh one took its place
        self._later: dict[int, tuple[float, asyncio.Task[None]]] = {}  # session -> refresh held for the budget
        self._moved_at: dict[int, float] = {}  # session -> when its last move was made (the bot's clock)
        self._picture_timers: dict[int, asyncio.Task[None]] = {}  # session -> refresh once still (`_picture_wait`)
        #: Where each table lives, mended when Discord archives, locks or deletes its place.
        self.homes = TableHomes(bot, service, self.refresh, lambda session_id: self._pings.pop(session_id, None))

    # ---- listening ----------------------------------------------------------------

    def on_change(self, change: Change) -> None:
        """Called by the service after each commit: schedule a (coalesced) refresh."""
        if change.kind == "lobby" or self._closing:
            return  # the lobby message is answered by the lobby cog itself
        log.debug("session %s: %s", change.session.id, change.kind)
        if change.kind == "moved":
            self._moved_at[change.session.id] = self.budget.clock.now()
        elif change.kind in ("finished", "abandoned"):
            self._moved_at.pop(change.session.id, None)  # over: as still as a game gets
        if any(event.kind in PAUSE_KINDS for event in change.events):
            self._paused.add(change.session.id)
        self.refresh(change.session.id)

    def on_clock(self, notice: ClockNotice) -> None:
        """Called by the turn clock: redraw deadlines, or remind a player that time is running."""
        if self._closing:
            return
        if notice.kind == "deadlines":
            self.refresh(notice.session.id)
            return
        task = asyncio.get_running_loop().create_task(self._remind(notice), name=f"remind-{notice.session.id}")
        self._reminders.add(task)
        task.add_done_callback(self._reminders.discard)

    def refresh(self, session_id: int) -> None:
        self._dirty.add(session_id)
        if session_id not in self._tasks and session_id not in self._starting:
            # Started once the current step of the event loop is over: a click's answer drawn in this
            # same step (right after its move's commit) holds the refresh, and may find nothing left
            # for it to do (`hold`, `release`).
            self._starting.add(session_id)
            asyncio.get_running_loop().call_soon(self._start, session_id)

    def _start(self, session_id: int) -> None:
        self._starting.discard(session_id)
        if session_id in self._tasks or session_id not in self._dirty or self._closing:
            return
        if self._held.get(session_id):
            return  # `release` starts it once the click is answered, unless nothing is left to send
        task = asyncio.get_running_loop().create_task(self._flush_loop(session_id), name=f"table-{session_id}")
        self._tasks[session_id] = task

    def hold(self, session_id: int) -> None:
        """A click on the table of a game played on the table alone is being answered with the table
        redrawn: its move's refresh waits for the answer (`release`)."""
        self._held[session_id] = self._held.get(session_id, 0) + 1

    def release(self, session_id: int) -> None:
        """The click `hold` was for is answered (or given up). When the answer showed everything the
        refresh would have (the table as drawn now, no mention due, nothing refused or held back),
        the refresh is not run: only what the table shows is recorded, for a restart, written with the
        next records of all games (`SessionService.remember_published_soon`). Otherwise it runs now."""
        left = self._held.get(session_id, 0) - 1
        if left > 0:
            self._held[session_id] = left
            return
        self._held.pop(session_id, None)
        if session_id not in self._dirty or session_id in self._tasks or session_id in self._starting:
            return
        session = self.service.in_memory(session_id)
        if session is not None and not self._closing and self._all_shown(session):
            self._dirty.discard(session_id)
            return
        self._start(session_id)

    def _all_shown(self, session: Session) -> bool:
        """Whether a refresh of this game would send nothing (see `release`); if so, the bookkeeping
        the refresh does besides sending is done here. Only a game with no hands (the table carries
        every move) and a running game: anything else takes the refresh's own path."""
        sid = session.id
        table = session.row.table_message_id
        if session.status != ACTIVE or session.game.hidden_information or table is None:
            return False
        if sid in self._forget_table or sid in self._retries or sid in self._later or sid in self._owed:
            return False  # a table to post again, a refused message to try again, an edit held back
        if table in self._answering or self._renewal_due(table, sid in self._paused):
            return False
        if not self.homes.settled(session):
            return False
        # Compared with what the refresh would record: while pictures are slower than the moves, the
        # answer's words with the picture the table has, and the new one once the game is still (the
        # timer `_picture_now_or_later` sets, as the refresh would). Else every such click took a refresh
        # that sent nothing.
        _payload, digest = self._picture_now_or_later(sid, table, *self._draw(session, None))
        if self._payloads.get(table) != digest:
            return False
        ripe = self._ripe(session)
        if ripe:
            self._owed[sid] = ripe  # the refresh sends these mentions (as one Discord refused)
            return False
        self._paused.discard(sid)
        self._save_soon(session, drawn_from(session))
        return True

    async def resume(self, sessions: Iterable[Session]) -> int:
        """After a restart: pick up what every message showed, and redraw only the games that changed
        since their messages were last drawn (a crash between a commit and its edits). Nobody is
        mentioned again unless the turn passed to them while the bot was down. Returns how many
        games are being redrawn."""
        self._payloads.update(await self.service.shown_digests())
        redrawn = 0
        for session in sessions:
            if session.status != ACTIVE:
                continue
            row = session.row
            pinged = frozenset(int(uid) for uid in row.pinged.split())
            self._waiting[session.id] = pinged
            if row.ping_message_id is not None:
                self._pings[session.id] = row.ping_message_id
            if row.shown_mark != mark(session) or due_humans(session) - pinged:
                # Changed while the bot was down, or someone's mention was still to come.
                self.refresh(session.id)
                redrawn += 1
        return redrawn

    def message_deleted(self, message_id: int) -> None:
        """Someone deleted a message: if it was a table, post it again."""
        for session in self.service.cached():
            if session.row.table_message_id == message_id and session.status in (ACTIVE, FINISHED):
                log.info("session %s: table message %s was deleted; posting it again", session.id, message_id)
                self._forget_table.add(session.id)
                self.refresh(session.id)

    async def _flush_loop(self, session_id: int) -> None:
        try:
            await self._flush_while_dirty(session_id)
        finally:
            self._tasks.pop(session_id, None)

    async def _flush_while_dirty(self, session_id: int) -> None:
        # The loop's exit and the task's removal (in _flush_loop) happen with no await between
        # them, so a change that arrives as the loop ends always finds no task and starts one.
        while session_id in self._dirty and not self._closing:
            wait = self._last_flush.get(session_id, 0.0) + self.interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._dirty.discard(session_id)
            self._last_flush[session_id] = time.monotonic()
            try:
                await self.publish(await self.service.get(session_id))
            except Exception:  # keep the loop alive; the next change tries again
                log.exception("session %s: could not update its messages", session_id)

    def held_until(self, session_id: int) -> float | None:
        """When (the bot's clock) the edits held back for the hour-old budget go out; None: none held."""
        held = self._later.get(session_id)
        return held[0] if held is not None else None

    def busy(self, session_id: int) -> bool:
        """Whether a refresh of the session's messages is queued or running."""
        return session_id in self._tasks or session_id in self._dirty

    async def flushed(self, session_id: int) -> None:
        """Wait until the session's pending refresh is done (tests, shutdown)."""
        while True:
            task = self._tasks.get(session_id)
            if task is not None:
                await asyncio.shield(task)
            elif session_id in self._starting or (session_id in self._held and session_id in self._dirty):
                await asyncio.sleep(0)  # about to start, or waiting for a click's answer to be sent
            else:
                return

    async def close(self) -> None:
        self._closing = True
        for timer in [*self._mention_timers.values(), *self._retries.values()]:
            timer.cancel()
        later = [task for _due, task in self._later.values()]
        for task in [*self._tasks.values(), *self._reminders, *later, *self._picture_timers.values()]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # ---- what each message shows, kept for restarts ----------------------------------

    def _shown(self, session_id: int, message_id: int, digest: str) -> None:
        self._payloads[message_id] = digest
        self._unsaved.setdefault(session_id, {})[message_id] = digest

    async def _save(self, session: Session, drawn: Drawn | None) -> None:
        """Store what changed in what the session's messages show (one small write, or none).
        `drawn` is the state the messages were drawn from (None: they were not redrawn)."""
        record = self._record(session, drawn)
        if record is not None:
            await self.service.remember_published(session.id, **record)

    def _save_soon(self, session: Session, drawn: Drawn) -> None:
        """`_save`, written with the next records of all games rather than waited for. What a message
        shows is recorded only once it is shown, so a record not written yet when the bot stops
        (a crash: a clean stop writes them) costs a restart one needless redraw, and loses nothing."""
        record = self._record(session, drawn)
        if record is not None:
            self.service.remember_published_soon(session.id, **record)

    def _record(self, session: Session, drawn: Drawn | None) -> dict[str, Any] | None:
        """What `_save` stores, or None when the store has it already."""
        digests = self._unsaved.pop(session.id, {})
        row = session.row
        # The mark of what was drawn, not of the session now: another move may have landed while
        # the edits were on their way, and a restart must still see those messages as behind.
        now = row.shown_mark if drawn is None else mark(session, drawn)
        ping = self._pings.get(session.id)
        # Whoever is due and still to be mentioned is not stored as mentioned: a restart mentions them.
        pinged = (
            self._waiting.get(session.id, frozenset())
            - set(self._due_since.get(session.id, {}))
            - self._owed.get(session.id, frozenset())
        )
        before = frozenset(int(uid) for uid in row.pinged.split())
        if digests or now != row.shown_mark or ping != row.ping_message_id or pinged != before:
            return {"digests": digests, "mark": now, "ping_message_id": ping, "pinged": pinged}
        return None

    # ---- publishing ---------------------------------------------------------------

    async def publish(self, session: Session) -> None:
        if session.status == LOBBY or session.state is None:
            return
        drawn = drawn_from(session)
        if session.id in self._forget_table:
            self._forget_table.discard(session.id)
            await self.service.remember_messages(session.id, table_message_id=None)
        # Each message on its own: one that Discord refuses (an archived thread, a missing permission)
        # never holds back the others, and is tried again at the next refresh (its digest is not
        # recorded as shown), not in a loop.
        paused = session.id in self._paused
        self._paused.discard(session.id)
        done = await self._step(session, "the table", self._table, paused)
        if session.game.hidden_information:  # otherwise the table carries every move
            for seat in session.humans():
                if not seat.dm_refused:
                    done &= await self._step(session, f"seat {seat.seat}'s hand", self._update_dm, seat.seat, paused)
        done &= await self._step(session, "the your-move message", self._ping)
        # A message left behind keeps the stored mark behind too, so a restart redraws it.
        await self._save(session, drawn if done else None)
        # Edits held for the hour-old budget go out at its pace (`_refresh_after`), not Discord's refusals'.
        self._again_later(session.id, done or session.id in self._later)

    def _again_later(self, session_id: int, done: bool) -> None:
        """Messages Discord refused are tried again after a pause, which doubles while it goes on
        refusing: a game whose next move waits for one of them (a player's controls) catches up
        once Discord answers again, and a refusing Discord is not asked in a loop (meanwhile
        bot/discord_ui/refused.py answers a request like one just refused without sending it)."""
        if done or self._closing:
            timer = self._retries.pop(session_id, None)
            if timer is not None:
                timer.cancel()
            self._retry_pause.pop(session_id, None)
            return
        if session_id in self._retries:
            return  # a try is already planned: the refreshes of moves made meanwhile do not put it off
        pause = self._retry_pause.get(session_id)
        pause = self.retry_first if pause is None else min(self.retry_longest, pause * 2)
        self._retry_pause[session_id] = pause
        self._retries[session_id] = asyncio.get_running_loop().call_later(pause, self._retry_due, session_id)

    def _retry_due(self, session_id: int) -> None:
        self._retries.pop(session_id, None)
        if not self._closing:
            self.refresh(session_id)

    async def _step(self, session: Session, what: str, update: Callable[..., Awaitable[None]], *args: Any) -> bool:
        """Bring one message up to date; False (and one log line) if Discord refused it."""
        try:
            await update(session, *args)
        except _Later:
            return False  # a refresh is due when the budget allows (`_refresh_after`)
        except discord.HTTPException as refused:
            if isinstance(refused, HourOldEditRefused):
                self._refresh_after(session.id, refused.retry_after)
            log.log(
                # Held back unsent (bot/discord_ui/refused.py, which logs the count): not news each time.
                logging.DEBUG if was_held(refused) else logging.WARNING,
                "session %s: %s was not updated (HTTP %s, code %s: %s); trying again at the next refresh",
                session.id, what, refused.status, refused.code, refused.text,
            )  # fmt: skip
            return False
        except Exception:
            log.exception("session %s: could not update %s", session.id, what)
            return False
        return True

    async def _table(self, session: Session, paused: bool = False) -> None:
        """Post or edit the table, in a place fit for it (`TableHomes`): a refusal about the place
        (an archived, locked or deleted thread) mends the place and tries once more, never again.
        A table nearing an hour old is posted afresh instead (`_renewal_due`)."""
        await self.homes.prepare(session)
        for last in (False, True):
            try:
                table = session.row.table_message_id
                if table is None:
                    await self._open_table(session)
                elif session.status == ACTIVE and self._renewal_due(table, paused):
                    await self._renew_table(session)
                else:
                    await self._edit_table(session)
                return
            except discord.HTTPException as refused:
                if last or not await self.homes.recover(session, refused):
                    raise

    def table_payload(self, session: Session) -> dict[str, Any]:
        seen = table_seen(session)
        screen = screens_for(session.game).table(seen)
        if session.status == ABANDONED:
            screen = replace(screen, controls=(), footer=abandoned_line(session))
        # Table controls may belong to any seat to act; renderers need not say whose.
        owner = {action: seat for seat, action, _label in seen.legal}
        # The computer moves for an away seat: its player uses "I'm back" instead. A player's only
        # move is made for them (ruling G10): a button for it could only be refused as too late.
        made = {seat for seat in seen.to_act if session.seats[seat].away or session.only_move(seat) is not None}
        controls = []
        for c in screen.controls:
            seat = c.seat if c.seat is not None else owner.get(c.action)
            if seat not in made:
                controls.append(c if seat == c.seat else c.for_seat(seat))
        screen = self._with_clock(screen.with_controls(tuple(controls)), session, None)
        view = PlannedView()
        add_controls(view, screen.controls, Where(session.id, session.move_number, 0), rows=MAX_ROWS - 1)
        buttons = 0
        if session.status == ACTIVE and session.game.hidden_information:
            view.place(TableButton.component(session.id, "hand"))
            buttons += 1
        if session.status == FINISHED:
            view.place(TableButton.component(session.id, "rematch"))
            buttons += 1
        if session.status in (ACTIVE, FINISHED):
            # The rules at the moment of choice: the game's /rules pages, privately.
            view.place(TableButton.component(session.id, "rules"))
            buttons += 1
        if session.status == ACTIVE:
            for row in [s for s in session.humans() if s.away][: BUTTONS_PER_ROW - buttons]:
                view.place(BackButton.component(session.id, row.seat, f"I'm back ({row.name})"))
        # Without Attach Files in the game's channel its table is text (bot/discord_ui/permissions.py).
        pictures = TEXT_TABLES not in session.limits
        return self._pictured({"content": None, "embed": embed_for(screen), "view": view}, seen, "table", pictures)

    def _pictured(self, payload: dict[str, Any], seen: Seen, kind: Kind, pictures: bool = True) -> dict[str, Any]:
        """The payload with its picture named (not drawn yet: `ready` draws it) and shown in the embed."""
        drawing = drawing_for(seen, kind) if self.images and pictures else None
        if drawing is not None:
            payload["embed"].set_image(url=f"attachment://{drawing.filename}")
        payload["picture"] = drawing
        return payload

    async def ready(
        self,
        payload: dict[str, Any],
        *,
        edit: bool,
        latest_only: bool = False,
        message_id: int | None = None,
        bare: bool = False,
    ) -> dict[str, Any]:
        """A payload as discord.py takes it, its picture drawn (off the event loop, once per picture)
        and attached: `file` to send a message; `attachments` to edit one, which replaces the picture
        it showed (an empty list clears it). A picture that cannot be drawn leaves the text alone.
        A click's answer marked `keep` names no attachments, so the message keeps the picture it
        has (which may have changed since the click: the answer cannot name it by id).
        `latest_only`: a refresh's edit, which raises `Superseded` rather than wait for a picture that
        a newer move's has replaced in the drawing's line (the newer refresh sends that one).
        `message_id`: the message a refresh edits; when it carries this very picture already, the edit
        names no attachments and it keeps it (nothing drawn or uploaded). Call `carried` once it is sent.
        `bare`: the message edited carries no file (a click tells): an edit without a picture then names
        no attachments rather than an empty list, which Discord (and discord.py) would process for nothing."""
        out = {key: value for key, value in payload.items() if key not in ("picture", "keep", "coming", "slot")}
        if payload.get("keep"):
            return out
        drawing: Drawing | None = payload.get("picture")
        if message_id is not None:
            carries = self._picture_of.pop(message_id, None)  # unknown until this edit is sent
            self._picture_coming[message_id] = drawing.key if drawing is not None else None
            if drawing is not None and carries == drawing.key:
                return out
        png = None
        if drawing is not None:
            try:
                png = await self.pictures.png(drawing, payload.get("slot") if latest_only else None)
            except Superseded:
                raise
            except Exception:
                log.exception("could not draw the picture %s", drawing.key)
            if png is None:
                out["embed"] = out["embed"].copy().set_image(url=None)
        files = (
            [discord.File(io.BytesIO(png), filename=drawing.filename, description=drawing.description or None)]
            if png and drawing
            else []
        )
        if edit:
            if files or not bare:
                out["attachments"] = files
            if message_id is not None and not files:
                self._picture_coming[message_id] = None
        elif files:
            out["file"] = files[0]
        return out

    def carried(self, message_id: int) -> None:
        """The edit `ready` made for this message was sent: it carries that edit's picture now."""
        key = self._picture_coming.pop(message_id, None)
        if key is not None:
            self._picture_of[message_id] = key

    def _draw(self, session: Session, seat: int | None) -> tuple[dict[str, Any], str]:
        """The table (seat None) or a seat's hand, with its digest, drawn once per change."""
        turn_clock = self.turn_clock
        deadlines = turn_clock.deadlines(session.id) if turn_clock is not None else {}
        row = session.row
        # What `mark` holds (the version, status, table message and seats), and the message's place:
        # as a tuple, which takes half the time of the text and is asked for at every click and refresh.
        seats = tuple((s.user_id, s.computer, s.away, s.dm_refused, s.dm_message_id) for s in session.seats)
        place = (row.thread_id, row.place, row.limits, tuple(sorted(deadlines.items())))
        key = (*drawn_from(session), row.table_message_id, seats, *place)
        drawn = self._drawn.get((session.id, seat))
        if drawn is not None and drawn[0] == key:
            return drawn[1], drawn[2]
        payload = self.table_payload(session) if seat is None else self.hand_payload(session, seat)
        payload["slot"] = (session.id, seat)  # the message the picture is of: the table, or a seat's hand
        digest = _digest(payload)
        self._drawn[(session.id, seat)] = (key, payload, digest)
        return payload, digest

    def click_payload(
        self, session: Session, message_id: int, seat: int, *, ephemeral: bool, in_guild: bool
    ) -> dict[str, Any]:
        """The new picture of the message a move was clicked on, for the click's own answer: the
        table when it was clicked in the server (the only message there with moves on it), else the
        seat's hand (its DM, or the private screen of **My hand**; the service has checked that the
        clicker owns the seat). Known by where it was clicked, not by stored message ids, which a
        click right after the message was posted can beat. Recorded as what that message shows, so
        the coming refresh does not edit it a second time.

        A click is kept waiting for a picture only briefly (`in_time`): when the new one is not drawn
        yet, the answer keeps the picture the message shows (`keep`), its drawing starts, and the
        message is recorded as showing something else, so the refresh after the click attaches the
        new one. A private screen (**My hand**) is never refreshed, so its answer waits for its picture."""
        payload, digest = self._draw(session, None if in_guild and not ephemeral else seat)
        # The answer changes the message's picture, or keeps one that may be older: not known here.
        self._picture_of.pop(message_id, None)
        self._picture_coming.pop(message_id, None)
        note = self._retired.get(message_id)
        if note is not None:  # a replaced table or hand answers with the game as it is, and still says so
            payload, digest = {**payload, "content": note}, digest + "+moved on"
        drawing: Drawing | None = payload.get("picture")
        if not ephemeral and drawing is not None and not self.pictures.has(drawing.key):
            # Drawn now only while pictures come in time for the answer. Otherwise the refresh after the
            # click asks for the newest picture, at most once per edit interval: measured with bench.e2e
            # on a busy machine, nine in ten pictures started at the click were never shown (a newer
            # move's had replaced them), and drawing them took CPU from the clicks.
            # And only while a drawing worker is free to begin it at once: when many games move at the
            # same moment (a burst, or the first moves after a start or a quiet spell, when `lately` says
            # "quick" to all of them), a picture asked for then would wait in line, and so would its
            # answer. Measured with bench.e2e: every game's first click waited up to PICTURE_WAIT for a
            # picture, 5% of the clicks, which set the click-to-edit p99.
            quick = self.pictures.lately() <= PICTURE_WAIT and self.pictures.has_room()
            running = self._start_picture(drawing, payload.get("slot")) if quick else None
            payload = {**payload, "picture": None, "keep": True, "coming": (payload, digest, running)}
            digest += "+previous picture"
        if not ephemeral:
            self._shown(session.id, message_id, digest)
            self._answering[message_id] = self._answering.get(message_id, 0) + 1
            self._answered.setdefault(message_id, asyncio.Event()).clear()
        if holds_refresh(session, ephemeral=ephemeral, in_guild=in_guild):
            self.hold(session.id)
        return payload

    async def in_time(self, session_id: int, message_id: int, payload: dict[str, Any]) -> dict[str, Any]:
        """A click's answer from `click_payload`, with its new picture after all if that is drawn within
        `PICTURE_WAIT` seconds (off the event loop, which goes on meanwhile): one edit carries both the
        move and its picture, and the refresh after the click has nothing left to send."""
        coming = payload.get("coming")
        if coming is None:
            return payload
        full, digest, running = coming
        if running is not None:
            with contextlib.suppress(Exception):  # not in time, or not drawn: the answer keeps the old one
                await asyncio.wait_for(asyncio.shield(running), PICTURE_WAIT)
        drawing: Drawing = full["picture"]
        if not self.pictures.has(drawing.key):
            return payload
        self._shown(session_id, message_id, digest)
        return dict(full)

    def _picture_now_or_later(
        self, session_id: int, message_id: int, payload: dict[str, Any], digest: str
    ) -> tuple[dict[str, Any], str]:
        """What a refresh's edit of a message sends now: the payload, or, when its picture is still to
        draw and the game has not been still long enough to show it (`STILL_FOR`), the same text with
        the picture the message has (an edit naming no attachments keeps them) and a refresh once the
        game has been still that long. A picture drawn or being drawn already costs nothing to wait for."""
        drawing: Drawing | None = payload.get("picture")
        if drawing is None or self.pictures.has(drawing.key) or self.pictures.drawing(drawing.key):
            return payload, digest
        if self._picture_of.get(message_id) == drawing.key:
            return payload, digest  # the message carries it: `ready` sends the text alone
        wait = self._picture_wait(session_id)
        if wait <= 0:
            return payload, digest
        self._picture_after(session_id, wait)
        # Recorded as a click's answer records the same: the text shown, the picture still to come.
        return {**payload, "picture": None, "keep": True}, digest + "+previous picture"

    def _picture_wait(self, session_id: int) -> float:
        """Seconds until the game has been still long enough for a new picture to be shown (0: now)."""
        lately = self.pictures.lately()
        moved = self._moved_at.get(session_id)
        if moved is None:
            return 0.0  # the game has not moved since we started
        if lately <= PICTURE_WAIT and self.pictures.has_room():
            return 0.0  # pictures come in time for the answers, and a drawing worker is free
        return moved + max(STILL_FOR * lately, self.interval) - self.budget.clock.now()

    def _picture_after(self, session_id: int, seconds: float) -> None:
        """Refresh the session once it has been still long enough for its pictures (one timer per session)."""
        if session_id not in self._picture_timers and not self._closing:
            task = asyncio.get_running_loop().create_task(
                self._picture_due(session_id, seconds), name=f"pictures-{session_id}"
            )
            self._picture_timers[session_id] = task

    async def _picture_due(self, session_id: int, seconds: float) -> None:
        try:
            while seconds > 0:  # a move meanwhile puts the stillness off: wait on, not refresh for nothing
                await self.budget.clock.sleep(seconds)
                seconds = self._picture_wait(session_id)
        finally:
            self._picture_timers.pop(session_id, None)
        if not self._closing:
            self.refresh(session_id)

    def _start_picture(self, drawing: Drawing, slot: Any) -> asyncio.Future[bytes | None] | None:
        """Start drawing a click's picture; a failure to start leaves the answer without it (the
        move is saved and its text shown either way; the refresh tries the picture again)."""
        try:
            return self.pictures.start(drawing, slot)
        except Exception:
            log.exception("could not start drawing the picture %s", drawing.key)
            return None

    def not_shown(self, session_id: int, message_id: int) -> None:
        """A click's answer recorded by `click_payload` was never sent: forget it, and redraw."""
        self._payloads.pop(message_id, None)
        self._unsaved.get(session_id, {}).pop(message_id, None)
        self.refresh(session_id)

    def answered(self, message_id: int) -> None:
        """A click's answer for this message was sent (or given up): once no other is on its way,
        refreshes may edit the message again."""
        left = self._answering.get(message_id, 0) - 1
        if left > 0:
            self._answering[message_id] = left
            return
        self._answering.pop(message_id, None)
        event = self._answered.pop(message_id, None)
        if event is not None:
            event.set()

    def _overtaken(self, session: Session, message_id: int, shown: str | None) -> bool:
        """Whether a click's answer redrew the message while this refresh drew its picture: the answer
        is newer than this refresh's state, so the refresh does not send, and looks again instead."""
        if self._payloads.get(message_id) == shown and message_id not in self._answering:
            return False
        self.refresh(session.id)
        return True

    async def _after_answer(self, message_id: int) -> None:
        event = self._answered.get(message_id)
        if event is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), ANSWER_WAIT)

    def hand_payload(self, session: Session, seat: int) -> dict[str, Any]:
        seen = hand_seen(session, seat)
        screen = screens_for(session.game).hand(seen)
        away = session.status == ACTIVE and session.seats[seat].away
        if away:
            screen = replace(screen, controls=())
        elif session.status == ACTIVE and session.only_move(seat) is not None:
            # The service makes this move in a moment (ruling G10); no button to race it.
            screen = replace(screen, controls=(), fields=(*screen.fields, Field(ONLY_MOVE_TITLE, ONLY_MOVE, False)))
        screen = self._with_clock(screen, session, seat)
        view = PlannedView()
        add_controls(view, screen.controls, Where(session.id, session.move_number, seat), rows=MAX_ROWS - int(away))
        if away:
            view.place(BackButton.component(session.id, seat))
        return self._pictured(
            {"content": self._where_text(session), "embed": embed_for(screen), "view": view}, seen, "hand"
        )

    def _with_clock(self, screen: Screen, session: Session, seat: int | None) -> Screen:
        """The turn clock's line, added to any game's screen: who must move by when, and who is away.

        `seat` None: the table (every seat); otherwise that player's own hand.
        """
        if session.status != ACTIVE:
            return screen
        turn_clock = self.turn_clock
        deadlines = turn_clock.deadlines(session.id) if turn_clock is not None and session.turn_seconds else {}
        lines = []
        for row in session.seats:
            if seat is not None and row.seat != seat:
                continue
            who = "You" if seat is not None else row.name
            if row.away and row.user_id is not None:
                verb = "are" if seat is not None else "is"
                lines.append(f"{who} {verb} away: the computer plays this seat until **I'm back** is pressed.")
            elif row.seat in deadlines:
                lines.append(f"{who}: move <t:{int(deadlines[row.seat])}:R>, or the computer moves.")
        if not lines:
            return screen
        return replace(screen, fields=(*screen.fields, Field("⏰ Turn clock", "\n".join(lines), inline=False)))

    def _where_text(self, session: Session) -> str:
        # The stored name first: after a restart the guild data may not have arrived yet.
        guild = self.bot.get_guild(session.row.guild_id or 0)
        place = session.row.place or (guild.name if guild else None) or "a server"
        channel_id = session.row.thread_id or session.row.channel_id
        link = f" in <#{channel_id}>" if channel_id else ""
        return f"Your **{session.game.name}** game on {place}{link}."

    async def _open_table(self, session: Session) -> None:
        channel_id = session.row.channel_id
        if channel_id is None:
            return
        thread_id = session.row.thread_id
        if thread_id is None and (thread_id := await self._open_thread(session)) is not None:
            # Kept at once: a table refused below must not make the next refresh ask for another thread.
            await self.service.remember_messages(session.id, thread_id=thread_id)
        target = self.bot.get_partial_messageable(thread_id or channel_id)
        payload = self.table_payload(session)
        try:
            message = await target.send(**await self.ready(payload, edit=False))
        except discord.Forbidden as refused:
            if payload["picture"] is None or not await self._no_pictures(session, thread_id or channel_id, refused):
                raise
            payload = self.table_payload(session)  # the same table as text, not the refused request again
            message = await target.send(**await self.ready(payload, edit=False))
        self._shown(session.id, message.id, _digest(payload))
        await self.service.remember_messages(session.id, thread_id=thread_id, table_message_id=message.id)
        log.info("session %s: table posted (message %s, thread %s)", session.id, message.id, thread_id)

    async def _open_thread(self, session: Session) -> int | None:
        """A thread for the game under the lobby message (or the channel); None if not allowed."""
        assert session.row.channel_id is not None
        if NO_THREAD in session.limits:  # /play saw no thread permissions, or Discord refused one before
            return None
        name = f"{session.game.name} #{session.id}: " + ", ".join(session.names)
        try:
            channel = self.bot.get_channel(session.row.channel_id) or await self.bot.fetch_channel(
                session.row.channel_id
            )
            if not isinstance(channel, discord.TextChannel):
                return None
            if session.row.lobby_message_id is not None:
                try:
                    lobby = channel.get_partial_message(session.row.lobby_message_id)
                    return (await lobby.create_thread(name=name[:100], auto_archive_duration=AUTO_ARCHIVE_MINUTES)).id
                except discord.NotFound:
                    pass  # the lobby message is gone: a thread of its own instead
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=AUTO_ARCHIVE_MINUTES
            )
        except discord.HTTPException as refused:
            log.info("session %s: no thread (%s); playing in the channel", session.id, refused)
            if refused.code == MISSING_PERMISSIONS:  # not asked again when the table is posted again
                await self.service.remember_limits(session.id, session.limits | {NO_THREAD})
            return None
        return thread.id

    async def _edit_table(self, session: Session) -> None:
        assert session.row.table_message_id is not None
        mid = session.row.table_message_id
        await self._after_answer(mid)
        payload, digest = self._picture_now_or_later(session.id, mid, *self._draw(session, None))
        shown = self._payloads.get(mid)
        if shown == digest:
            return
        channel_id = session.row.thread_id or session.row.channel_id
        assert channel_id is not None
        try:
            ready = await self.ready(payload, edit=True, latest_only=True, message_id=mid)
            if self._overtaken(session, mid, shown):
                return
            self._within_budget(session, channel_id, mid)
            await self._edit(channel_id, mid, ready)
            self.carried(mid)
            self._edited(mid)
            self._shown(session.id, mid, digest)
        except Superseded:  # a newer move's picture is asked for: this edit would be overtaken
            self.refresh(session.id)
        except discord.Forbidden as refused:
            if payload["picture"] is None or not await self._no_pictures(session, channel_id, refused):
                raise
            await self._edit_table(session)  # the same table as text (no picture now: this cannot recur)
        except discord.NotFound as gone:
            if gone.code == UNKNOWN_CHANNEL:
                raise  # the place itself is gone: `_table` moves the table
            log.info("session %s: table message %s is gone; posting it again", session.id, mid)
            await self.service.remember_messages(session.id, table_message_id=None)
            await self._open_table(session)

    async def _edit(self, channel_id: int, message_id: int, fields: dict[str, Any]) -> None:
        """Edit a table or hand: the request discord.py's `PartialMessage.edit` makes, without reading
        Discord's answer back into a `discord.Message` (its embeds and components parsed again), which
        nothing here uses and which cost as much as building the request. These messages carry no
        stored view (`PlannedView`), so discord.py has no view to update for them either."""
        with handle_message_parameters(previous_allowed_mentions=self.bot.allowed_mentions, **fields) as params:
            await self.bot.http.edit_message(channel_id, message_id, params=params)

    async def _no_pictures(self, session: Session, channel_id: int, refused: discord.Forbidden) -> bool:
        """A table carrying a picture was refused with 50013 (Missing Permissions): when the channel
        lacks Attach Files (or the bot cannot tell), the game goes on with text tables, stored with
        it, and the host is told once. False when the refusal is about something else."""
        if refused.code != MISSING_PERMISSIONS or TEXT_TABLES in session.limits:
            return False
        channel = self.bot.get_channel(channel_id)
        if isinstance(channel, (discord.TextChannel, discord.Thread)):
            with contextlib.suppress(discord.ClientException):  # a thread whose parent is not cached
                if channel.permissions_for(channel.guild.me).attach_files:
                    return False  # Discord refused something else (Send Messages, say): text would not help
        log.info("session %s: pictures refused in channel %s (50013); text tables from now on", session.id, channel_id)
        await self.service.remember_limits(session.id, session.limits | {TEXT_TABLES})
        host = f"<@{session.row.host_id}>, " if session.row.host_id is not None else ""
        with contextlib.suppress(discord.HTTPException):
            await self.bot.get_partial_messageable(channel_id).send(host + TEXT_TABLES_FROM_NOW)
        return True

    async def _update_dm(self, session: Session, seat: int, paused: bool = False) -> None:
        row = session.seats[seat]
        assert row.user_id is not None
        if row.dm_message_id is not None:
            await self._after_answer(row.dm_message_id)
        payload, digest = self._draw(session, seat)
        old = row.dm_message_id
        channel_id = row.dm_channel_id
        if old is not None and channel_id is not None and session.status == ACTIVE and self._renewal_due(old, paused):
            # A fresh hand below, before Discord rations the old one's edits; the old one retired.
            if await self._send_dm(session, seat, payload, digest):
                await self._retire(channel_id, old, HAND_MOVED_ON, private=True)
            return
        if row.dm_message_id is not None and row.dm_channel_id is not None:
            # A new DM below (if this one is gone) carries its picture; an edit may leave it for later.
            edit, edited = self._picture_now_or_later(session.id, row.dm_message_id, payload, digest)
            shown = self._payloads.get(row.dm_message_id)
            if shown == edited:
                return
            try:
                ready = await self.ready(edit, edit=True, latest_only=True, message_id=row.dm_message_id)
                if self._overtaken(session, row.dm_message_id, shown):
                    return
                self._within_budget(session, row.dm_channel_id, row.dm_message_id)
                await self._edit(row.dm_channel_id, row.dm_message_id, ready)
                self.carried(row.dm_message_id)
                self._edited(row.dm_message_id)
                self._shown(session.id, row.dm_message_id, edited)
                return
            except Superseded:  # as for the table
                self.refresh(session.id)
                return
            except discord.NotFound:
                pass  # the player deleted it: send a new one below
            except discord.Forbidden as refused:
                if refused.code != DM_CLOSED:  # refused for another reason: not a player's closed DMs
                    raise
                await self._dm_refused(session, seat, refused)
                return
        await self._send_dm(session, seat, payload, digest)

    async def _send_dm(self, session: Session, seat: int, payload: dict[str, Any], digest: str) -> bool:
        """A new DM with the seat's hand, remembered as the one to edit from now on (False: DMs closed)."""
        row = session.seats[seat]
        assert row.user_id is not None
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            message = await user.send(**await self.ready(payload, edit=False))
        except discord.Forbidden as refused:
            if refused.code != DM_CLOSED:
                raise
            await self._dm_refused(session, seat, refused)
            return False
        self._shown(session.id, message.id, digest)
        await self.service.remember_seat(session.id, seat, dm_channel_id=message.channel.id, dm_message_id=message.id)
        return True

    # ---- hour-old messages: Discord's budget for their edits, and fresh ones in time -------

    def _renewal_due(self, message_id: int, paused: bool) -> bool:
        """Whether a table or hand should be posted afresh now (see `RENEW_AFTER`)."""
        age = self.budget.age(message_id)
        if age < RENEW_AFTER:
            return False
        if paused:
            return True
        edited = self._edited_at.get(message_id)
        return age >= RENEW_BY and edited is not None and self.budget.clock.now() - edited < RECENTLY

    async def _renew_table(self, session: Session) -> None:
        old = session.row.table_message_id
        channel_id = session.row.thread_id or session.row.channel_id
        assert old is not None
        assert channel_id is not None
        await self._open_table(session)
        log.info("session %s: table %s posted afresh (it was %.0f s old)", session.id, old, self.budget.age(old))
        await self._retire(channel_id, old, TABLE_MOVED_ON, private=False)

    async def _retire(self, channel_id: int, message_id: int, note: str, *, private: bool) -> None:
        """Say once on a replaced table or hand that it moved on. Its controls stay, and answer with
        the game as it is now (an old move button politely, as any old button). Discord refusing
        this edit costs nothing but the line: it is not tried again."""
        self._retired[message_id] = note
        self._edited_at.pop(message_id, None)
        self._picture_of.pop(message_id, None)  # refreshes edit its successor, not it
        if self.budget.take(channel_id, message_id) > 0:
            return
        kind = discord.ChannelType.private if private else None
        try:
            await (
                self.bot.get_partial_messageable(channel_id, type=kind)
                .get_partial_message(message_id)
                .edit(content=note)
            )
        except discord.HTTPException as refused:
            log.info(
                "message %s: could not say it moved on (HTTP %s, code %s)", message_id, refused.status, refused.code
            )

    def _within_budget(self, session: Session, channel_id: int, message_id: int) -> None:
        """Count an edit about to be sent against the hour-old budget, or hold it back (`_Later`)."""
        wait = self.budget.take(channel_id, message_id)
        if wait > 0:
            self._refresh_after(session.id, wait)
            raise _Later

    def _edited(self, message_id: int) -> None:
        self._edited_at[message_id] = self.budget.clock.now()

    def _refresh_after(self, session_id: int, seconds: float) -> None:
        """Refresh the session once `seconds` have passed on the bot's clock (one timer per session,
        the earliest wins): the edits held back then carry the game as it is by that time."""
        due = self.budget.clock.now() + seconds
        held = self._later.get(session_id)
        if held is not None and held[0] <= due:
            return
        if held is not None:
            held[1].cancel()
        task = asyncio.get_running_loop().create_task(self._wake(session_id, seconds), name=f"budget-{session_id}")
        self._later[session_id] = (due, task)

    async def _wake(self, session_id: int, seconds: float) -> None:
        await self.budget.sleep(seconds)
        self._later.pop(session_id, None)
        if not self._closing:
            self.refresh(session_id)

    async def _dm_refused(self, session: Session, seat: int, refused: discord.Forbidden) -> None:
        row = session.seats[seat]
        log.info("session %s: DMs to seat %s refused (code %s)", session.id, seat, refused.code)
        await self.service.remember_seat(session.id, seat, dm_refused=True)
        channel_id = session.row.thread_id or session.row.channel_id
        if channel_id is not None:
            await self.bot.get_partial_messageable(channel_id).send(
                f"<@{row.user_id}>, I can't send you direct messages, so your cards stay here: "
                "press **My hand** on the table to see them and make your moves privately.",
            )

    async def _ping(self, session: Session) -> None:
        """Mention the humans due to act who have not answered within `mention_after` seconds of
        becoming due (an edit never notifies anyone; a player answering at once needs no mention).
        Called by every refresh; a timer asks for a refresh when the next mention falls due."""
        ripe = self._ripe(session)
        if not ripe:
            return
        channel_id = session.row.thread_id or session.row.channel_id
        assert channel_id is not None  # `_ripe` names nobody without a place to mention them
        channel = self.bot.get_partial_messageable(channel_id)
        old = self._pings.pop(session.id, None)
        if old is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(old).delete()
        try:
            message = await channel.send(ping_text(session, ripe))
        except discord.HTTPException:
            self._owed[session.id] = ripe
            raise
        self._pings[session.id] = message.id

    def _ripe(self, session: Session) -> frozenset[int]:
        """`_ping`'s bookkeeping: who became due and since when, the timer of the next mention, and
        who is to be mentioned now (taken off the due list: the caller mentions them or owes it)."""
        waiting = due_humans(session)
        now = time.monotonic()
        since = self._due_since.setdefault(session.id, {})
        for uid in waiting - self._waiting.get(session.id, frozenset()):
            since[uid] = now
        for uid in [uid for uid in since if uid not in waiting]:
            del since[uid]  # moved (or no longer due) before being mentioned: nobody to notify
        self._waiting[session.id] = waiting
        channel_id = session.row.thread_id or session.row.channel_id
        if channel_id is None or session.status != ACTIVE:
            since.clear()
            return frozenset()
        ripe = frozenset(uid for uid, due in since.items() if now - due >= self.mention_after)
        for uid in ripe:
            del since[uid]
        # A mention Discord refused last time is owed: sent with this refresh's, not on a timer of its own.
        ripe |= self._owed.pop(session.id, frozenset()) & waiting
        self._time_next_mention(session.id)
        return ripe

    def _time_next_mention(self, session_id: int) -> None:
        """Refresh the session when its next mention falls due. One timer per game, re-armed lazily:
        a move only ever puts the next mention later (whoever becomes due is due `mention_after` from
        now), so a timer set to fire sooner is kept rather than replaced at every move, and when it
        fires early it sets itself for the rest (`_mention_due`). With nobody due it is left to fire
        and find nothing to do."""
        since = self._due_since.get(session_id)
        if not since or self._closing:
            return
        loop = asyncio.get_running_loop()
        due = loop.time() + min(since.values()) + self.mention_after - time.monotonic()
        timer = self._mention_timers.get(session_id)
        if timer is not None:
            if timer.when() <= due:
                return
            timer.cancel()
        self._mention_timers[session_id] = loop.call_at(due, self._mention_due, session_id)

    def _mention_due(self, session_id: int) -> None:
        self._mention_timers.pop(session_id, None)
        since = self._due_since.get(session_id)
        if self._closing or not since:
            return  # everyone due has moved (or been mentioned) since the timer was set
        if min(since.values()) + self.mention_after > time.monotonic():
            self._time_next_mention(session_id)  # set for a mention that a move has put off since
            return
        self.refresh(session_id)

    async def _remind(self, notice: ClockNotice) -> None:
        """Half or 90% of a player's time is gone: a mention in the thread (replacing the last
        "your move" message) and a short DM, since only a new message notifies anyone."""
        session, seat, deadline = notice.session, notice.seat, notice.deadline
        if seat is None or deadline is None or session.status != ACTIVE:
            return
        row = session.seats[seat]
        if row.user_id is None or row.away:
            return
        when = f"<t:{int(deadline)}:R>"
        lead = "half your time is gone" if notice.share < 0.9 else "your time is nearly up"
        channel_id = session.row.thread_id or session.row.channel_id
        try:
            if channel_id is not None:
                channel = self.bot.get_partial_messageable(channel_id)
                old = self._pings.pop(session.id, None)
                if old is not None:
                    with contextlib.suppress(discord.HTTPException):
                        await channel.get_partial_message(old).delete()
                text = f"⏰ <@{row.user_id}>, {lead}: your move in **{session.game.name}** is due {when}."
                self._pings[session.id] = (await channel.send(text)).id
            await self._save(session, None)
            if not row.dm_refused:
                user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
                link = f" in <#{channel_id}>" if channel_id else ""
                await user.send(
                    f"⏰ {lead[0].upper()}{lead[1:]}: your move in **{session.game.name}** #{session.id}{link} "
                    f"is due {when}; after that the computer moves for you."
                )
        except discord.Forbidden:
            log.info("session %s: could not DM the reminder to seat %s", session.id, seat)
        except discord.HTTPException:
            log.exception("session %s: could not remind seat %s", session.id, seat)


def holds_refresh(session: Session, *, ephemeral: bool, in_guild: bool) -> bool:
    """Whether a click's answer holds its move's refresh (`Publisher.hold`): a click on the table, in a
    game whose table carries every move (no hands), is answered with everything the refresh would send."""
    return in_guild and not ephemeral and not session.game.hidden_information


def due_humans(session: Session) -> frozenset[int]:
    """The players the game waits for: not computers, not away, not those whose only move is made for them."""
    return frozenset(
        uid for s in session.to_act() if (uid := session.seats[s].user_id) is not None and not session.moved_for(s)
    )


def ping_text(session: Session, user_ids: frozenset[int]) -> str:
    """ "Your move", saying where each player's controls are: on the table, in their DMs, or
    behind **My hand** when their DMs are closed."""
    name = session.game.name
    mentions = " ".join(f"<@{uid}>" for uid in sorted(user_ids))
    if not session.game.hidden_information:
        return f"{mentions}, your move in **{name}**: the controls are on the table."
    closed = {s.user_id for s in session.humans() if s.dm_refused}
    by_dm = " ".join(f"<@{uid}>" for uid in sorted(user_ids - closed))
    by_button = " ".join(f"<@{uid}>" for uid in sorted(user_ids & closed))
    if not by_button:
        return f"{mentions}, your move in **{name}**: your controls are in your DMs."
    if not by_dm:
        return f"{mentions}, your move in **{name}**: press **My hand** on the table for your controls."
    return (
        f"{mentions}, your move in **{name}**. {by_dm}: your controls are in your DMs. "
        f"{by_button}: press **My hand** on the table for yours."
    )


#: The table's last line when every player left and the computers had the game to themselves.
NOBODY_LEFT = "Every player left, so the game ended here: no winner, and nobody's rating changes."


def abandoned_line(session: Session) -> str:
    """Why an abandoned game ended, as its table says. No human seat left means the players left
    (the host and server managers end games only while someone still plays)."""
    return "This game was ended before the finish." if session.humans() else NOBODY_LEFT


#: The version and status of a session when its messages were drawn.
Drawn = tuple[int, str]


def drawn_from(session: Session) -> Drawn:
    return session.row.version, session.status


def mark(session: Session, drawn: Drawn | None = None) -> str:
    """What a session's messages depend on, besides the turn clock: its version (every move),
    status, table message and seats. Equal marks mean nothing needs redrawing after a restart.
    `drawn`: the version and status the messages were drawn from (default: the session's now)."""
    version, status = drawn or drawn_from(session)
    seats = ";".join(
        f"{s.user_id},{s.computer},{int(s.away)},{int(s.dm_refused)},{s.dm_message_id}" for s in session.seats
    )
    return f"{version}|{status}|{session.row.table_message_id}|{seats}"


def _digest(payload: dict[str, Any]) -> str:
    embed: discord.Embed = payload["embed"]
    view: discord.ui.View = payload["view"]
    picture: Drawing | None = payload.get("picture")
    body = {
        "content": payload.get("content"),
        "embed": embed.to_dict(),
        "components": view.to_components(),
        "picture": picture.key if picture is not None else None,
    }
    # orjson: the digest is taken of every drawn screen, and the standard json module was the costlier half.
    return hashlib.sha1(orjson.dumps(body, option=orjson.OPT_SORT_KEYS, default=str)).hexdigest()
