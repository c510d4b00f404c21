"""The PostgreSQL engine (asyncpg): the store shared by several bot processes.

Reads and writes take a connection from one pool. PostgreSQL runs each transaction on its own
connection and isolates them itself, so unlike SQLite there is no single writer to queue behind:
the group commit still writes a batch of moves in one transaction, and a lobby edit in another
process runs beside it. What keeps processes from losing each other's moves:

- the group commit locks the batch's session rows (`FOR NO KEY UPDATE`, in id order, so two batches
  never deadlock) and only then reads their versions: a move drawn on a version another process
  has since passed is refused with VersionConflict, never written over it;
- single versioned updates (`UPDATE ... WHERE id = ? AND version = ?`) wait for the row's lock and
  check the version again on the row as committed;
- every versioned change sends `NOTIFY haunted_table_changes` in its own transaction, which PostgreSQL
  delivers to the listening processes only once (and only if) it commits. `watch` listens on a
  connection of its own and calls back with (session id, new version), skipping this store's own.

Statements are written with `?` (store.py); `_numbered` rewrites them as `$1, $2, ...` once each.
The store's SQL holds no `?` inside a string literal, so the rewrite needs no parser.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import uuid
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Final

import asyncpg

from persistence.engine import Dialect, Params, Resync, Row, Statements, Transaction, Watcher
from persistence.errors import SchemaTooNew, StoreClosed
from persistence.schema import MIGRATIONS_DIR, Migration, load_migrations

log = logging.getLogger(__name__)

POSTGRES_MIGRATIONS_DIR: Final = MIGRATIONS_DIR / "postgresql"
CHANNEL: Final = "haunted_table_changes"
#: pg_advisory_xact_lock key held while migrating, so two processes starting at once migrate once.
_MIGRATION_LOCK: Final = 0x4854_0016

POSTGRESQL: Final = Dialect(
    name="postgresql",
    ids_in="(SELECT unnest(CAST(? AS BIGINT[])))",
    ids_param=list,
    lock_sessions="SELECT id FROM sessions WHERE id = ANY(CAST(? AS BIGINT[])) ORDER BY id FOR NO KEY UPDATE",
)


def is_postgres_url(database: str | os.PathLike[str]) -> bool:
    return isinstance(database, str) and database.startswith(("postgresql://", "postgres://"))


@functools.lru_cache(maxsize=512)
def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, ...`, in order."""
    parts = sql.split("?")
    out = [parts[0]]
    for number, part in enumerate(parts[1:], start=1):
        out.append(f"${number}{part}")
    return "".join(out)


class _PostgresTransaction:
    def __init__(self, conn: asyncpg.pool.PoolConnectionProxy[Any]) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return list(await self.conn.fetch(_numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.conn.executemany(_numbered(sql), rows)

    async def write(self, statements: Statements, *, last: bool = False) -> None:
        # One statement at a time: the pool's connection is not a thread hop, and the block's end commits.
        for sql, rows in statements:
            await self.conn.executemany(_numbered(sql), rows)


class PostgresEngine:
    dialect = POSTGRESQL
    statement_errors: tuple[type[BaseException], ...] = (asyncpg.PostgresError,)

    def __init__(self, pool: asyncpg.Pool, url: str, migrations_applied: Sequence[int] = ()) -> None:
        self._pool = pool
        self.migrations_applied = tuple(migrations_applied)
        self._url = url
        self._closed = False
        #: Marks this store's own notifications, which its watcher skips.
        self.origin = uuid.uuid4().hex
        self._listener: asyncpg.Connection | None = None
        self._watchers: list[tuple[Watcher, Resync | None]] = []
        self._reconnecting: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 8) -> PostgresEngine:
        """Connect, bring the schema up to date, then open the pool."""
        conn = await asyncpg.connect(url)
        try:
            applied = await migrate_postgres(conn)
        finally:
            await conn.close()
        if applied:
            log.info("database %s: applied migrations %s", _safe(url), applied)
        pool = await asyncpg.create_pool(url, min_size=2, max_size=pool_size)
        return cls(pool, url, applied)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        if self._closed:
            raise StoreClosed("the store is closed")
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresTransaction(conn)

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        if self._closed:
            raise StoreClosed("the store is closed")
        return list(await self._pool.fetch(_numbered(sql), *params))

    async def notify(self, tx: Transaction, changes: Sequence[tuple[int, int]]) -> None:
        if not changes:
            return
        payload = json.dumps({"origin": self.origin, "changes": [list(change) for change in changes]})
        await tx.fetch("SELECT pg_notify(?, ?)", (CHANNEL, payload))

    async def watch(self, watcher: Watcher, resync: Resync | None = None) -> None:
        self._watchers.append((watcher, resync))
        if self._listener is None:
            await self._listen()

    async def _listen(self) -> None:
        conn = await asyncpg.connect(self._url)
        await conn.add_listener(CHANNEL, self._heard)
        conn.add_termination_listener(self._lost)
        self._listener = conn

    def _heard(self, _conn: object, _pid: int, _channel: str, payload: object) -> None:
        try:
            message = json.loads(str(payload))
            if message["origin"] == self.origin:
                return
            changes = [(int(session_id), int(version)) for session_id, version in message["changes"]]
        except Exception:  # a bad message must not stop the listener
            log.exception("could not read the change notice %r", payload)
            return
        for watcher, _ in self._watchers:
            for session_id, version in changes:
                try:
                    watcher(session_id, version)
                except Exception:
                    log.exception("session %s: a watcher failed on a change notice", session_id)

    def _lost(self, _conn: object) -> None:
        """The listening connection closed (the server restarted, a network cut): listen again, then
        have the watchers look at everything, since notices sent meanwhile went to no one."""
        if self._closed or self._reconnecting is not None:
            return
        self._listener = None
        log.warning("lost the connection that listens for other processes' changes; reconnecting")
        self._reconnecting = asyncio.get_running_loop().create_task(self._listen_again(), name="pg-listen-again")

    async def _listen_again(self) -> None:
        delay = 0.1
        try:
            while not self._closed:
                try:
                    await self._listen()
                except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)
                    continue
                log.info("listening for other processes' changes again")
                for _, resync in self._watchers:
                    if resync is not None:
                        resync()
                return
        finally:
            self._reconnecting = None

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            if self._reconnecting is not None:
                self._reconnecting.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._reconnecting
            if self._listener is not None:
                await self._listener.close()
        finally:
            await self._pool.close()


def _safe(url: str) -> str:
    """The URL without its password, for the log."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, userinfo = head.partition("://")
    return f"{scheme}://{userinfo.partition(':')[0]}@{tail}"


def load_postgres_migrations(directory: Path | None = None) -> list[Migration]:
    return load_migrations(directory if directory is not None else POSTGRES_MIGRATIONS_DIR)


async def migrate_postgres(
    conn: asyncpg.Connection, migrations: list[Migration] | None = None, *, up_to: int | None = None
) -> list[int]:
    """Apply the pending PostgreSQL migrations, each in one transaction with the bump of `schema_version`.

    The same numbered migrations as SQLite's (migrations/postgresql/ holds the same numbers, in
    PostgreSQL's dialect); `schema_version` plays the part of SQLite's `PRAGMA user_version`. An
    advisory lock held by each transaction makes two processes starting at once apply each migration once.
    """
    known = migrations if migrations is not None else load_postgres_migrations()
    latest = len(known)
    target = latest if up_to is None else up_to
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM schema_version)")
    found = int(await conn.fetchval("SELECT version FROM schema_version"))
    if found > latest:
        raise SchemaTooNew(f"the database is at schema version {found} but this code knows only {latest}")
    applied: list[int] = []
    for migration in known[:target]:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            if int(await conn.fetchval("SELECT version FROM schema_version")) >= migration.number:
                continue
            await conn.execute(migration.sql)  # no arguments: the whole script in one simple query
            await conn.execute("UPDATE schema_version SET version = $1", migration.number)
        applied.append(migration.number)
    return applied
