"""The store's two aiosqlite connections to one WAL file: a writer for every write, a reader for every read.

Why two: aiosqlite runs each connection's statements one after another on that connection's own thread.
With one connection, a read queued behind a group commit would wait for the whole batch, and a read
slipped between the statements of a transaction would see it half done. In WAL mode a second connection
reads the last committed snapshot without waiting for the writer, so reads never see half a change and
never queue behind writes.

Why a lock on the writer: a transaction is several awaited statements on one connection, and between two
of them any other coroutine could queue its own statement on that connection, which would then run inside
(and be committed or rolled back with) someone else's transaction. So every write, the group commit's
included, is a `Writer.transaction()`, which holds the writer's lock from `BEGIN IMMEDIATE` to
`COMMIT`/`ROLLBACK`.

Single statements go through `execute_fetchall`: it runs the statement to its end and drops its cursor on
the connection's thread in one hop, so no half-read statement keeps an old read snapshot open. (Only
`executemany`, for writes, hands back a cursor, whose statement has already run to its end.)

Each hop to a connection's thread costs far more CPU than a small statement (two thread switches and a
wake-up of the event loop: about 60 us on a busy 2-core machine), so the engine's transactions take as
few as they can: `BEGIN IMMEDIATE` goes with the transaction's first statement, and a transaction's last
writes (`Transaction.write(..., last=True)`) go with its `COMMIT`. A group commit is then two hops (its
SELECT, its writes) and a record of what messages show one, instead of five and four.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from typing import Any, Final, Literal

import aiosqlite

from persistence.engine import Dialect, Resync, Row, Statements, Transaction, Watcher
from persistence.errors import StoreClosed

log = logging.getLogger(__name__)

BUSY_TIMEOUT_SECONDS: Final = 5.0

Synchronous = Literal["NORMAL", "FULL"]
Params = Iterable[Any]


async def open_connection(path: str | os.PathLike[str], *, synchronous: Synchronous) -> aiosqlite.Connection:
    """Open `path` in autocommit mode (every transaction is begun explicitly) with the store's PRAGMAs.

    WAL journal: readers never block the writer. `synchronous=NORMAL` survives a crash of the process;
    `FULL` also survives a power cut, at the cost of a disk flush per commit.
    """
    if synchronous not in ("NORMAL", "FULL"):
        raise ValueError(f"synchronous must be NORMAL or FULL, not {synchronous!r}")
    conn = await aiosqlite.connect(os.fspath(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        [(journal,)] = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
        if journal != "wal":
            log.warning("SQLite refused WAL mode (journal_mode is %s); writers will block readers", journal)
        await conn.execute_fetchall(f"PRAGMA synchronous = {synchronous}")  # checked above: no injection
        await conn.execute_fetchall("PRAGMA foreign_keys = ON")
        await conn.execute_fetchall(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
    except BaseException:
        await conn.close()
        raise
    return conn


class Writer:
    """The connection that does every write, one transaction at a time."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._closed = False
        # Held by whoever has statements in flight on the connection (see the module docstring).
        self._lock = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """`BEGIN IMMEDIATE` ... `COMMIT` under the lock, or `ROLLBACK` on any exception (the COMMIT's too)."""
        async with self._lock:
            if self._closed:
                raise StoreClosed("the store is closed")
            try:
                # IMMEDIATE takes the file's write lock up front, so a read-then-write never deadlocks another
                # process. It is inside the `try`: a task cancelled while awaiting it has still queued it on the
                # connection's thread, and only the ROLLBACK queued behind it keeps that transaction from
                # staying open under the next caller's BEGIN ("cannot start a transaction within a transaction").
                await self._conn.execute_fetchall("BEGIN IMMEDIATE")
                yield self._conn
                await self._conn.execute_fetchall("COMMIT")
            except BaseException:
                # A failed COMMIT (e.g. a deferred foreign key) leaves the transaction open; if SQLite already
                # ended it, or the BEGIN failed, this ROLLBACK only says there is nothing to roll back.
                with contextlib.suppress(sqlite3.Error):
                    await self._conn.execute_fetchall("ROLLBACK")
                raise

    @contextlib.asynccontextmanager
    async def batched(self) -> AsyncIterator[_SqliteTransaction]:
        """A transaction like `transaction`, in fewer hops: its `BEGIN IMMEDIATE` goes with its first
        statement and its `COMMIT` with its last writes (`_SqliteTransaction.write`). A transaction that
        runs no statement begins nothing."""
        async with self._lock:
            if self._closed:
                raise StoreClosed("the store is closed")
            tx = _SqliteTransaction(self._conn)
            try:
                yield tx
                await tx.commit()
            except _CommitFailed as failed:
                # Raised here, past the caller's statements: a failed COMMIT is no statement's fault.
                await self._roll_back()
                raise failed.error from None
            except BaseException:
                if tx.begun:  # as in `transaction`: a hop queued before a cancellation may have begun it
                    await self._roll_back()
                raise

    async def _roll_back(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            await self._conn.execute_fetchall("ROLLBACK")

    async def close(self) -> None:
        """Close after the transaction in progress, if any; later transactions raise StoreClosed."""
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                await _optimize(self._conn)
            finally:
                await self._conn.close()


class Reader:
    """The connection that does every read; in WAL mode it sees only committed transactions."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self._closed = False

    async def fetch(self, sql: str, params: Params = ()) -> list[sqlite3.Row]:
        if self._closed:
            raise StoreClosed("the store is closed")
        return list(await self._conn.execute_fetchall(sql, params))

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True  # reads already queued run first: aiosqlite works through its queue in order
        try:
            await _optimize(self._conn)
        finally:
            await self._conn.close()


async def _optimize(conn: aiosqlite.Connection) -> None:
    # SQLite's advice for long-lived connections: refresh the planner's statistics when closing.
    # Everything is stored by now, so a failure here is worth a line in the log, not a failed close.
    try:
        await conn.execute_fetchall("PRAGMA optimize")
    except sqlite3.Error:
        log.warning("PRAGMA optimize failed while closing the database", exc_info=True)


SQLITE: Final = Dialect(
    name="sqlite",
    ids_in="(SELECT value FROM json_each(?))",
    ids_param=lambda ids: json.dumps(list(ids)),
    # BEGIN IMMEDIATE has taken the file's write lock: no other writer, in this process or another.
    lock_sessions=None,
)


class _SqliteTransaction:
    """Statements of one writer transaction, each call one hop to the connection's thread (see the
    module docstring): the first also begins the transaction, `write(..., last=True)` also commits it."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        self.begun = False  # a hop was queued: the transaction may be open (a ROLLBACK is due on failure)
        self.committed = False

    def _next_hop(self) -> bool:
        """Whether this hop must begin the transaction."""
        if self.committed:
            raise RuntimeError("this transaction is committed: no statement may follow its last write")
        begin, self.begun = not self.begun, True
        return begin

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        if not self._next_hop():
            return list(await self._conn.execute_fetchall(sql, params))
        rows: list[Row] = await _on_thread(self._conn, _run, True, [], (sql, params), False)
        return rows

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.write([(sql, rows)])

    async def write(self, statements: Statements, *, last: bool = False) -> None:
        begin = self._next_hop()
        await _on_thread(self._conn, _run, begin, statements, None, last)
        self.committed = last

    async def commit(self) -> None:
        """Commit, unless the last write did or nothing was begun."""
        if self.begun and not self.committed:
            await self._conn.execute_fetchall("COMMIT")
            self.committed = True


class _CommitFailed(Exception):
    """The COMMIT of a `write(..., last=True)` failed: `Writer.batched` rolls back and raises `error`
    itself once out of the caller's block, where no caller takes it for its statements' fault."""

    def __init__(self, error: sqlite3.Error) -> None:
        super().__init__(repr(error))
        self.error = error


async def _on_thread(conn: aiosqlite.Connection, fn: Any, *args: Any) -> Any:
    """Run `fn(sqlite3 connection, *args)` on the connection's thread, in one hop. aiosqlite has no public
    call for this: `_execute` is what each of its own statements goes through (pinned below 1.0)."""
    execute: Callable[..., Awaitable[Any]] = conn._execute
    return await execute(fn, conn._conn, *args)


def _run(
    db: sqlite3.Connection, begin: bool, writes: Statements, fetch: tuple[str, Params] | None, commit: bool
) -> list[Row]:
    """On the connection's thread: maybe BEGIN, then the writes (or one read), then maybe COMMIT."""
    if begin:
        db.execute("BEGIN IMMEDIATE")
    rows: list[Row] = []
    for sql, many in writes:
        db.executemany(sql, many).close()
    if fetch is not None:
        query, params = fetch
        cursor = db.execute(query, tuple(params))
        rows = cursor.fetchall()
        cursor.close()
    if commit:
        try:
            db.execute("COMMIT")
        except sqlite3.Error as failure:
            raise _CommitFailed(failure) from failure
    return rows


class SqliteEngine:
    """The embedded engine: one file, a writer and a reader connection (see the module docstring)."""

    dialect = SQLITE
    statement_errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def __init__(self, writer: Writer, reader: Reader) -> None:
        self.writer = writer
        self.reader = reader

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self.writer.batched() as tx:
            yield tx

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.reader.fetch(sql, params)

    async def notify(self, tx: Transaction, changes: Sequence[tuple[int, int]]) -> None:
        """Nothing to tell: a SQLite file serves one bot process (shard processes need PostgreSQL)."""

    async def watch(self, watcher: Watcher, resync: Resync | None = None) -> None:
        """Nothing to watch, as above."""

    async def close(self) -> None:
        try:
            await self.writer.close()
        finally:
            await self.reader.close()
