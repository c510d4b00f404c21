"""Where a game's table lives, and what the bot does when Discord takes that place away.

A table lives in a thread of its own under the game's channel (`thread_id`), or in that channel
itself: `thread_id` equal to `channel_id` once the game has left its thread, None when the bot may
not open threads there (or before the table is first posted). `channel_id` None: the channel was
deleted and the table waits for `/table here`. Discord's rules for threads, and what each means here:

- A thread archives after its auto-archive time without a message, or when a moderator closes
  it. Nothing in it can be edited then, and nobody can press its buttons; sending a message, or
  setting `archived` to false, reopens it. Game threads are made with the longest time (7 days),
  and the bot reopens the thread of a running game as soon as the gateway says it was archived,
  and before it edits a table in a thread it does not know to be open (after a restart, say).
- A moderator may lock a thread: then only members with Manage Threads may write in it or reopen
  it, and its buttons cannot be pressed. Deleting a thread takes its messages with it. Either way
  the table moves to the parent channel, after one line saying why, and the game plays on there.
- When the channel itself is deleted, each player is told by DM; the game stays saved, hands in
  DMs keep working, and the host (or a moderator) brings the table back with `/table here`.

Every refusal is acted on once: a refused call is never sent again in a loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final, Literal

import discord

from bot.sessions import ACTIVE, Session, SessionService

log = logging.getLogger(__name__)

#: Game threads disappear from the channel list after this many minutes without a message (Discord's longest).
AUTO_ARCHIVE_MINUTES: Final[Literal[10080]] = 10080

# Discord's error codes for a table's place that is gone or closed.
UNKNOWN_CHANNEL = 10003
THREAD_ARCHIVED = 50083
THREAD_LOCKED = 160005
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
MAX_ACTIVE_THREADS = 160006  # the server has as many open threads as Discord allows

# What the gateway said about a game's place, the most serious last.
ARCHIVED, LOCKED, THREAD_DELETED, CHANNEL_DELETED = "archived", "locked", "thread deleted", "channel deleted"
_RANK = (ARCHIVED, LOCKED, THREAD_DELETED, CHANNEL_DELETED)

#: The line posted in the channel before the table that leaves a locked thread.
LOCKED_LINE = "🔒 The thread of **{game}** game #{id} was locked, so its table carries on here in the channel."
#: The line posted in the channel before the table that leaves a deleted thread.
DELETED_LINE = "The thread of **{game}** game #{id} was deleted, so its table carries on here in the channel."
#: The line posted in the channel before the table that leaves a thread it cannot reopen or write in.
CLOSED_LINE = "The thread of **{game}** game #{id} is closed to me, so its table carries on here in the channel."
#: The DM each player gets when the game's channel is deleted.
CHANNEL_GONE_DM = (
    "The channel of your **{game}** game #{id}{place} was deleted. The game is saved{hands}: "
    "the host can bring its table back in any channel with `/table here`."
)


class TableHomes:
    """Keeps each running game's table somewhere players can see it and press its buttons.

    The gateway listeners only note what happened (`heard_*`) and ask for a refresh: the publisher
    acts on it in the session's own refresh (`prepare`), so the table's place never changes in the
    middle of an edit. `recover` handles a refusal that arrives without any gateway news.
    """

    def __init__(
        self,
        bot: discord.Client,
        service: SessionService,
        refresh: Callable[[int], None],
        moved: Callable[[int], Any],
    ) -> None:
        self.bot = bot
        self.service = service
        self._refresh = refresh
        self._moved = moved  # the publisher forgets what it posted in the old place (its last mention)
        self._news: dict[int, str] = {}  # session -> what the gateway said about its place, not acted on yet

    # ---- what the gateway says ----------------------------------------------------------

    def heard_thread_update(self, thread_id: int, *, archived: bool, locked: bool) -> None:
        if archived or locked:
            self._note(self._running_in(lambda s: s.row.thread_id == thread_id), LOCKED if locked else ARCHIVED)

    def heard_thread_deleted(self, thread_id: int) -> None:
        self._note(self._running_in(lambda s: s.row.thread_id == thread_id), THREAD_DELETED)

    def heard_channel_deleted(self, channel_id: int) -> None:
        self._note(self._running_in(lambda s: s.row.channel_id == channel_id), CHANNEL_DELETED)

    def forget_news(self, session_id: int) -> None:
        """The table has a new place (`/table here`): what was heard of the old one no longer matters."""
        self._news.pop(session_id, None)

    def _running_in(self, where: Callable[[Session], bool]) -> list[int]:
        return [s.id for s in self.service.cached() if s.status == ACTIVE and where(s)]

    def _note(self, session_ids: list[int], news: str) -> None:
        for session_id in session_ids:
            before = self._news.get(session_id)
            if before is None or _RANK.index(news) > _RANK.index(before):
                self._news[session_id] = news
            log.info("session %s: its table's place was %s", session_id, news)
            self._refresh(session_id)

    # ---- before the table changes -----------------------------------------------------------

    async def prepare(self, session: Session) -> None:
        """Act on what the gateway said, and reopen the table's thread if it may be archived."""
        news = self._news.pop(session.id, None)
        if news == CHANNEL_DELETED:
            await self.channel_gone(session)
            return
        if news == THREAD_DELETED:
            await self.move_to_channel(session, DELETED_LINE)
            return
        thread_id = self._thread_of(session)
        if thread_id is None:
            return
        if news in (ARCHIVED, LOCKED):
            await self._reopen(session, thread_id, locked=news == LOCKED)
            return
        cached = self._cached(session, thread_id)
        if isinstance(cached, discord.Thread) and self._open_to_bot(session, cached):
            return  # as far as the gateway says (discord.py keeps only active threads)
        await self._look_and_reopen(session, thread_id)

    def settled(self, session: Session) -> bool:
        """Whether `prepare` has nothing to do for the session now (no news; its thread, if any,
        known open to the bot), so a refresh with nothing to send may be skipped."""
        if session.id in self._news:
            return False
        thread_id = self._thread_of(session)
        if thread_id is None:
            return True
        cached = self._cached(session, thread_id)
        return isinstance(cached, discord.Thread) and self._open_to_bot(session, cached)

    def _cached(self, session: Session, channel_id: int) -> object:
        """The channel or thread as discord.py has it, looked up in the game's server: the client's
        `get_channel` looks through every server the bot is in, at every refresh of every game."""
        guild = self.bot.get_guild(session.row.guild_id or 0)
        if guild is None:
            return self.bot.get_channel(channel_id)
        return guild.get_channel_or_thread(channel_id)

    def _open_to_bot(self, session: Session, thread: discord.Thread) -> bool:
        return not thread.archived and (not thread.locked or self._manages_threads(session))

    async def recover(self, session: Session, refused: discord.HTTPException) -> bool:
        """A call to the table's place was refused: mend the place once. True if the table may be
        tried once more (its thread reopened, the table moved to the channel, or left with no place
        at all, which the next try finds and leaves alone)."""
        code = refused.code
        thread_id = self._thread_of(session)
        if code == UNKNOWN_CHANNEL:
            if thread_id is not None and await self.move_to_channel(session, DELETED_LINE):
                return True
            await self.channel_gone(session)
            return True
        if thread_id is None:
            return False
        if code == THREAD_ARCHIVED:
            return await self._look_and_reopen(session, thread_id)
        if code == THREAD_LOCKED:
            return await self.move_to_channel(session, LOCKED_LINE)
        return False

    def _thread_of(self, session: Session) -> int | None:
        """The thread the table lives in; None when it lives in the channel (or nowhere yet)."""
        thread_id = session.row.thread_id
        return None if thread_id is None or thread_id == session.row.channel_id else thread_id

    async def _look_and_reopen(self, session: Session, thread_id: int) -> bool:
        try:
            thread = await self.bot.fetch_channel(thread_id)
        except discord.NotFound:
            return await self.move_to_channel(session, DELETED_LINE)
        except discord.Forbidden:
            return await self.move_to_channel(session, CLOSED_LINE)
        if not isinstance(thread, discord.Thread):
            return False
        if not thread.archived and not thread.locked:
            return False  # open: the refusal was about something else, and trying again would not help
        return await self._reopen(session, thread_id, locked=thread.locked)

    async def _reopen(self, session: Session, thread_id: int, *, locked: bool) -> bool:
        """Unarchive the thread; a locked one (without Manage Threads), or a refusal, moves the table."""
        if locked and not self._manages_threads(session):
            return await self.move_to_channel(session, LOCKED_LINE)
        try:
            await self.bot.http.edit_channel(thread_id, archived=False)
        except discord.NotFound:
            return await self.move_to_channel(session, DELETED_LINE)
        except discord.HTTPException as refused:
            if refused.code in (THREAD_LOCKED, MISSING_PERMISSIONS, MISSING_ACCESS, MAX_ACTIVE_THREADS):
                line = LOCKED_LINE if locked or refused.code == THREAD_LOCKED else CLOSED_LINE
                return await self.move_to_channel(session, line)
            raise
        log.info("session %s: its thread %s was archived; reopened", session.id, thread_id)
        return True

    def _manages_threads(self, session: Session) -> bool:
        """Whether the bot holds Manage Threads in the game's channel (so a locked thread still takes its table)."""
        guild = self.bot.get_guild(session.row.guild_id or 0)
        channel = guild.get_channel(session.row.channel_id or 0) if guild is not None else None
        if guild is None or channel is None:
            return False
        return channel.permissions_for(guild.me).manage_threads

    # ---- moving the table -----------------------------------------------------------------

    async def move_to_channel(self, session: Session, line: str) -> bool:
        """The table leaves its thread for the parent channel, after one line saying why. True if the
        table may be posted there (False: the channel is gone too)."""
        channel_id = session.row.channel_id
        if channel_id is None:
            return False
        log.info("session %s: its table moves from thread %s to the channel", session.id, session.row.thread_id)
        await self.service.remember_messages(session.id, thread_id=channel_id, table_message_id=None)
        self._moved(session.id)
        try:
            await self.bot.get_partial_messageable(channel_id).send(line.format(game=session.game.name, id=session.id))
        except discord.NotFound:
            await self.channel_gone(session)
            return False
        except discord.HTTPException as refused:  # the table itself will say where the game is
            log.warning("session %s: could not say why the table moved (code %s)", session.id, refused.code)
        return True

    async def channel_gone(self, session: Session) -> None:
        """The game's channel was deleted: the game keeps no table until `/table here`; each player is told by DM."""
        if session.row.channel_id is None:
            return
        log.info("session %s: its channel %s was deleted; the players are told", session.id, session.row.channel_id)
        await self.service.remember_messages(
            session.id, channel_id=None, thread_id=None, table_message_id=None, lobby_message_id=None
        )
        self._moved(session.id)
        place = f" on {session.row.place}" if session.row.place else ""
        hands = " and your moves still work here" if session.game.hidden_information else ""
        text = CHANNEL_GONE_DM.format(game=session.game.name, id=session.id, place=place, hands=hands)
        told: set[int] = set()
        for seat in session.humans():
            if seat.user_id is None or seat.dm_refused or seat.user_id in told:
                continue
            told.add(seat.user_id)
            try:
                user = self.bot.get_user(seat.user_id) or await self.bot.fetch_user(seat.user_id)
                await user.send(text)
            except discord.HTTPException as refused:
                log.info("session %s: could not tell seat %s by DM (code %s)", session.id, seat.seat, refused.code)
