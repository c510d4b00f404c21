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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from typing import Any, Final, Literal

import aiosqlite

from persistence.engine import Dialect, Resync, Row, Transaction, Watcher
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
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)


class SqliteEngine:
    """The embedded engine: one file, a writer and a reader connection (see the module docstring)."""

    dialect = SQLITE
    statement_errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def __init__(self, writer: Writer, reader: Reader) -> None:
        self.writer = writer
        self.reader = reader

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        async with self.writer.transaction() as conn:
            yield _SqliteTransaction(conn)

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
