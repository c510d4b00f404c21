"""One thread that owns the SQLite connection; the event loop hands it whole units of work.

Every unit is a plain function run start to finish on that thread, so a transaction is never
interleaved with another coroutine's statements, and a group commit of many moves costs one thread
hop instead of several per statement. (aiosqlite works the same way inside, but offers no public way
to run several statements as one unit, which the group commit needs.)
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from persistence.errors import StoreClosed

T = TypeVar("T")

Work = Callable[[sqlite3.Connection], T]


class DbThread:
    def __init__(self, connection: sqlite3.Connection, executor: ThreadPoolExecutor) -> None:
        self._connection: sqlite3.Connection | None = connection
        self._executor = executor

    @classmethod
    async def connect(cls, path: str | os.PathLike[str], *, busy_timeout: float) -> DbThread:
        """Open `path` on a fresh thread in autocommit mode: every transaction is begun explicitly."""
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")

        def open_connection() -> sqlite3.Connection:
            # The connection is created on the thread that will use it (sqlite3 checks this).
            connection = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None)
            connection.row_factory = sqlite3.Row
            return connection

        try:
            connection = await asyncio.get_running_loop().run_in_executor(executor, open_connection)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(connection, executor)

    async def run(self, work: Work[T]) -> T:
        """Run `work(connection)` on the database thread; units run one at a time, in the order given."""
        if self._connection is None:
            raise StoreClosed("the store is closed")
        connection = self._connection
        return await asyncio.get_running_loop().run_in_executor(self._executor, work, connection)

    async def close(self) -> None:
        if self._connection is None:
            return
        connection, self._connection = self._connection, None
        try:
            await asyncio.get_running_loop().run_in_executor(self._executor, connection.close)
        finally:
            # Queued units have all run (one worker, first in first out); the idle thread exits.
            self._executor.shutdown(wait=False)
