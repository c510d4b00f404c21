"""Group commit: every move queued at the same moment is written in ONE transaction of a few statements.

SQLite has a single writer, so with many sessions moving at once, one transaction per move makes each
move wait for all the commits before it. Here a single writer task takes everything queued when it wakes
and writes it with a fixed handful of statements whatever the batch's size (on SQLite in two hops to the
writer connection's thread: steps 1-2, then 4-6; connections.py):

1. `BEGIN IMMEDIATE` (SQLite; on PostgreSQL `BEGIN` and a lock on the batch's session rows, since other
   processes write the same tables at the same time: see postgres.py);
2. one SELECT of the version and last log number of every session in the batch;
3. in Python, accept or refuse each move in queue order: its expected version must be the session's
   current one, and moves of one session chain (the second expects the version the first produced);
   a refused move gets VersionConflict or NotFound and never reaches the file;
4. `executemany` the session UPDATEs, the log-row INSERTs and the result rows of finishing moves;
5. on PostgreSQL, `NOTIFY` the other processes of the new versions (delivered only if this commits;
   sent just before step 4's statements, so that on SQLite those go with the COMMIT);
6. `COMMIT`, and only then resolve each caller: nobody hears "done" before the move is in the file.

If a statement of step 4 fails (a constraint broken by one move's data, e.g. two results for one seat),
the transaction is rolled back and the batch written again the slow way, each move in its own SAVEPOINT,
so the failure is the culprit's alone and the other moves land, as a refused move's would. If anything
else fails (BEGIN, the SELECT, the COMMIT), it is rolled back and every accepted move of the batch gets
WriteFailed with the cause attached. Either way the writer goes on with the next batch.

There is no timer: a lone move is written as soon as the writer wakes, and moves that arrive during a
write form the next batch. A move whose caller is cancelled after queueing is still written (never half
a move, never a move silently dropped at shutdown); the caller just does not hear about it.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from persistence.engine import Engine, Transaction
from persistence.errors import NotFound, StoreClosed, VersionConflict, WriteFailed
from persistence.models import ResultRow

log = logging.getLogger(__name__)

_MOVE_UPDATE = "UPDATE sessions SET state = ?, status = COALESCE(?, status), version = ?, updated_at = ? WHERE id = ?"
_ACTION_INSERT = "INSERT INTO actions (session_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)"
_RESULT_INSERT = (
    f"INSERT INTO results ({', '.join(ResultRow.model_fields)}) VALUES ({', '.join('?' * len(ResultRow.model_fields))})"
)


@dataclass(frozen=True)
class Move:
    """One move to store: the session's next state, and what goes with it in the same transaction."""

    session_id: int
    expected_version: int
    state: str
    status: str | None  # None: the status stays as it is
    seat: int | None  # seat and action None: no log row (a game ended without a last move)
    action: str | None
    results: tuple[tuple[object, ...], ...] = ()  # result rows, columns in ResultRow's field order


@dataclass(frozen=True)
class _Queued:
    move: Move
    done: asyncio.Future[int]


Outcome = int | Exception  # the session's new version, or why the move was refused


class _MoveStatementFailed(Exception):
    """A statement writing the batch's moves failed: some move's data breaks a constraint."""


class GroupCommit:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queue: list[_Queued] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._task = asyncio.get_running_loop().create_task(self._write_forever(), name="persistence-group-commit")
        #: Transactions written and the largest number of moves in one (for tests and benchmarks).
        self.batches = 0
        self.largest_batch = 0

    async def submit(self, move: Move) -> int:
        """Queue `move`; return its new version once its transaction is committed, or raise why not."""
        if self._closing or self._task.done():
            raise StoreClosed("the store is closed")
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._queue.append(_Queued(move, done))
        self._wake.set()
        return await done

    async def close(self) -> None:
        """Write everything queued, then stop the writer."""
        self._closing = True
        self._wake.set()
        await self._task

    async def _write_forever(self) -> None:
        batch: list[_Queued] = []
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    batch, self._queue = self._queue, []
                    await self._write(batch)
                if self._closing:
                    return
        finally:
            # After a clean close everything is resolved already; if this task is cancelled (event loop torn
            # down), nobody may be left waiting forever.
            for queued in [*batch, *self._queue]:
                if not queued.done.done():
                    queued.done.set_exception(StoreClosed("the store stopped; this move may not be stored"))

    async def _write(self, batch: list[_Queued]) -> None:
        moves = [queued.move for queued in batch]
        try:
            try:
                outcomes = await self._write_together(moves)
            except _MoveStatementFailed as failed:
                log.info("a group commit of %d moves hit %r; writing them one by one", len(moves), failed.__cause__)
                outcomes = await self._write_one_by_one(moves)
        except Exception as failure:
            log.exception("a group commit of %d moves failed; none was stored", len(batch))
            for queued in batch:
                if not queued.done.done():
                    # A fresh exception per caller: one shared instance would collect everyone's tracebacks.
                    error = WriteFailed(f"the write failed and was rolled back: {failure!r}")
                    error.__cause__ = failure
                    queued.done.set_exception(error)
            return
        self.batches += 1
        self.largest_batch = max(self.largest_batch, len(batch))
        for queued, outcome in zip(batch, outcomes, strict=True):
            if queued.done.done():  # the caller was cancelled; the move stands all the same
                continue
            if isinstance(outcome, Exception):
                queued.done.set_exception(outcome)
            else:
                queued.done.set_result(outcome)

    async def _write_together(self, moves: list[Move]) -> list[Outcome]:
        """The fast way: the whole batch in a fixed number of statements (see the module docstring)."""
        dialect = self._engine.dialect
        async with self._engine.transaction() as conn:
            now = time.time()
            ids = sorted(set(move.session_id for move in moves))
            if dialect.lock_sessions is not None:
                # Another process may be writing these sessions: lock them, then read what they are now.
                await conn.fetch(dialect.lock_sessions, (dialect.ids_param(ids),))
            found = await conn.fetch(
                "SELECT id, version, (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE session_id = sessions.id)"
                f" FROM sessions WHERE id IN {dialect.ids_in}",
                (dialect.ids_param(ids),),
            )
            versions: dict[int, int] = {}
            last_seq: dict[int, int] = {}
            for session_id, version, seq in found:
                versions[session_id], last_seq[session_id] = version, seq

            outcomes: list[Outcome] = []
            moved: set[int] = set()
            updates: list[tuple[object, ...]] = []
            logged: list[tuple[object, ...]] = []
            results: list[tuple[object, ...]] = []
            for move in moves:
                current = versions.get(move.session_id)
                if current is None:
                    outcomes.append(_not_found(move.session_id))
                    continue
                if current != move.expected_version:
                    outcomes.append(_conflict(move.session_id, move.expected_version, current))
                    continue
                versions[move.session_id] = current + 1
                moved.add(move.session_id)
                updates.append((move.state, move.status, current + 1, now, move.session_id))
                if move.action is not None:
                    last_seq[move.session_id] += 1
                    logged.append((move.session_id, last_seq[move.session_id], move.seat, move.action, now))
                results.extend(move.results)
                outcomes.append(current + 1)
            changed = [(session_id, versions[session_id]) for session_id in ids if session_id in moved]

            if updates:
                # Before the writes, so that they and the COMMIT can go in one round trip (a NOTIFY is
                # delivered only if the transaction commits, wherever it stands in it).
                await self._engine.notify(conn, changed)
            writes: list[tuple[str, Sequence[Sequence[object]]]] = []
            if updates:
                writes.append((_MOVE_UPDATE, updates))
            if logged:
                writes.append((_ACTION_INSERT, logged))
            if results:
                writes.append((_RESULT_INSERT, results))
            try:
                if writes:
                    await conn.write(writes, last=True)
            except self._engine.statement_errors as failure:
                raise _MoveStatementFailed from failure
        return outcomes

    async def _write_one_by_one(self, moves: list[Move]) -> list[Outcome]:
        """The slow way, for a batch in which some move breaks a constraint: each move in its own savepoint."""
        outcomes: list[Outcome] = []
        async with self._engine.transaction() as conn:
            now = time.time()
            changed: dict[int, int] = {}
            for move in moves:
                await conn.fetch("SAVEPOINT move")
                try:
                    outcome = await _write_alone(conn, move, now)
                except Exception as refused:
                    await conn.fetch("ROLLBACK TO move")
                    outcomes.append(refused)
                else:
                    outcomes.append(outcome)
                    changed[move.session_id] = outcome
                await conn.fetch("RELEASE move")
            await self._engine.notify(conn, sorted(changed.items()))
        return outcomes


async def _write_alone(conn: Transaction, move: Move, now: float) -> int:
    """One move, its version checked by the UPDATE itself (moves before it in the batch may have been refused)."""
    updated = await conn.fetch(
        "UPDATE sessions SET state = ?, status = COALESCE(?, status), version = version + 1, updated_at = ?"
        " WHERE id = ? AND version = ? RETURNING version",
        (move.state, move.status, now, move.session_id, move.expected_version),
    )
    if not updated:
        raise await refusal(conn, move.session_id, move.expected_version)
    if move.action is not None:
        await conn.fetch(
            # The casts give PostgreSQL the parameters' types, which a SELECT list does not.
            "INSERT INTO actions (session_id, seq, seat, action, at)"
            " SELECT CAST(? AS BIGINT), COALESCE(MAX(seq), 0) + 1, CAST(? AS INTEGER), CAST(? AS TEXT),"
            " CAST(? AS DOUBLE PRECISION) FROM actions WHERE session_id = ?",
            (move.session_id, move.seat, move.action, now, move.session_id),
        )
    if move.results:
        await conn.executemany(_RESULT_INSERT, move.results)
    return move.expected_version + 1


async def refusal(conn: Transaction, session_id: int, expected_version: int) -> Exception:
    """Why a versioned update matched no row: the session is gone, or it moved on."""
    found = await conn.fetch("SELECT version FROM sessions WHERE id = ?", (session_id,))
    if not found:
        return _not_found(session_id)
    return _conflict(session_id, expected_version, int(found[0]["version"]))


def _not_found(session_id: int) -> NotFound:
    return NotFound(f"no session {session_id}")


def _conflict(session_id: int, expected_version: int, actual: int) -> VersionConflict:
    return VersionConflict(
        f"session {session_id} is at version {actual}, not {expected_version}",
        session_id=session_id,
        expected=expected_version,
        actual=actual,
    )
