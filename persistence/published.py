"""What each session's messages show, written for many sessions at once in one transaction.

After every change the Discord adapter records what the session's messages now show (each message's
digest, the session's mark, the last "your move" mention and whom it named), so that a restart redraws
only what changed. With many games moving at once, one transaction per record would each take the
single writer in turn and make the moves' own group commits (group_commit.py) queue behind them. Here,
as there, one writer task takes everything queued when it wakes and writes it with two statements,
however many sessions it holds; records of one session queued meanwhile are merged (the later one's
mark and mention win, digests of every message are kept). Each caller hears back only once its record
is committed, so nothing is remembered as shown before it is in the file.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from persistence.engine import Engine
from persistence.errors import StoreClosed, WriteFailed

log = logging.getLogger(__name__)


_SHOWN = (
    "INSERT INTO shown (message_id, session_id, digest) VALUES (?, ?, ?) ON CONFLICT (message_id)"
    " DO UPDATE SET session_id = excluded.session_id, digest = excluded.digest"
)
_MARKS = "UPDATE sessions SET shown_mark = ?, ping_message_id = ?, pinged = ? WHERE id = ?"


@dataclass
class _Record:
    digests: dict[int, str] = field(default_factory=dict)
    mark: str = ""
    ping_message_id: int | None = None
    pinged: str = ""


class PublishedWrites:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queue: dict[int, _Record] = {}
        self._waiting: list[asyncio.Future[None]] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._task = asyncio.get_running_loop().create_task(self._write_forever(), name="persistence-published")
        #: Transactions written (for tests and benchmarks).
        self.batches = 0

    async def submit(
        self,
        session_id: int,
        *,
        digests: Mapping[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: Collection[int],
    ) -> None:
        """Queue the session's record; return once it (or a later one of the same session) is committed."""
        self.queue(session_id, digests=digests, mark=mark, ping_message_id=ping_message_id, pinged=pinged)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(done)
        await done

    def queue(
        self,
        session_id: int,
        *,
        digests: Mapping[int, str],
        mark: str,
        ping_message_id: int | None,
        pinged: Collection[int],
    ) -> None:
        """Queue the session's record for the next transaction, without waiting for it."""
        if self._closing or self._task.done():
            raise StoreClosed("the store is closed")
        record = self._queue.setdefault(session_id, _Record())
        record.digests.update(digests)
        record.mark = mark
        record.ping_message_id = ping_message_id
        record.pinged = " ".join(str(uid) for uid in sorted(pinged))
        self._wake.set()

    async def close(self) -> None:
        """Write everything queued, then stop the writer."""
        self._closing = True
        self._wake.set()
        await self._task

    async def _write_forever(self) -> None:
        waiting: list[asyncio.Future[None]] = []
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    batch, self._queue = self._queue, {}
                    waiting, self._waiting = self._waiting, []
                    await self._write(batch, waiting)
                if self._closing:
                    return
        finally:
            for done in [*waiting, *self._waiting]:
                if not done.done():
                    done.set_exception(StoreClosed("the store stopped; this record may not be stored"))

    async def _write(self, batch: dict[int, _Record], waiting: list[asyncio.Future[None]]) -> None:
        try:
            async with self._engine.transaction() as conn:
                shown = [
                    (message_id, session_id, digest)
                    for session_id, record in batch.items()
                    for message_id, digest in record.digests.items()
                ]
                marks = [(r.mark, r.ping_message_id, r.pinged, session_id) for session_id, r in batch.items()]
                # Both statements and the COMMIT in one round trip to the database (connections.py).
                await conn.write([(_SHOWN, shown), (_MARKS, marks)] if shown else [(_MARKS, marks)], last=True)
        except Exception as failure:
            log.exception("recording what %d sessions' messages show failed; none was stored", len(batch))
            for done in waiting:
                if not done.done():
                    error = WriteFailed(f"the write failed and was rolled back: {failure!r}")
                    error.__cause__ = failure
                    done.set_exception(error)
            return
        self.batches += 1
        for done in waiting:
            if not done.done():
                done.set_result(None)
