"""What the store needs of a database engine: one interface, two engines (SQLite and PostgreSQL).

The store (store.py) and the group commit (group_commit.py) hold every SQL statement once, written with
`?` placeholders in the SQL both engines understand. An engine runs them: SQLite (connections.py) as
written, PostgreSQL (postgres.py) with `?` turned into `$1, $2, ...`. Where the two dialects must differ,
the statement comes from the engine's `Dialect` (a handful of fragments, each named for what it does).

Rows come back as `sqlite3.Row` or `asyncpg.Record`: both answer `row[0]`, `row["name"]` and `dict(row)`,
which is all the store asks of a row.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Params = Iterable[Any]
Row = Any  # sqlite3.Row or asyncpg.Record: indexable by position and name, and dict()-able

#: Several `executemany`s: (SQL, its rows) each.
Statements = Sequence[tuple[str, Sequence[Sequence[Any]]]]

#: Called with (session id, new version) when another process changed a session (see Engine.watch).
Watcher = Callable[[int, int], None]
#: Called after the watch was interrupted and restored: notices of that gap may be lost, look again.
Resync = Callable[[], None]


class Transaction(Protocol):
    """Statements inside one open transaction."""

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def write(self, statements: Statements, *, last: bool = False) -> None:
        """Several `executemany`s, in one round trip where the engine can. `last`: nothing follows them in
        this transaction, so SQLite commits in that same round trip (a failed COMMIT is raised when the
        transaction's block ends, as it is where the commit is separate)."""
        ...


@dataclass(frozen=True)
class Dialect:
    """The SQL that must differ between the engines."""

    name: str  # "sqlite" or "postgresql"
    #: `id IN <this>` with one parameter holding every id (`ids_param` turns the ids into it).
    ids_in: str
    ids_param: Callable[[Sequence[int]], object]
    #: Run first in a group commit, on the batch's session ids in id order, so that no other process
    #: moves them until the commit. None where the transaction already excludes every other writer.
    lock_sessions: str | None


class Engine(Protocol):
    """A database the store can use. Implemented by connections.SqliteEngine and postgres.PostgresEngine."""

    dialect: Dialect
    #: Errors a statement raises when the data it writes breaks a constraint (a move's own fault).
    statement_errors: tuple[type[BaseException], ...]

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Transaction]:
        """One write transaction: committed when the block ends, rolled back on any exception."""
        ...

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        """One read of committed data, outside any write transaction."""
        ...

    async def notify(self, tx: Transaction, changes: Sequence[tuple[int, int]]) -> None:
        """Tell the other processes, when `tx` commits, that these (session id, version) changed."""
        ...

    async def watch(self, watcher: Watcher, resync: Resync | None = None) -> None:
        """Call `watcher` for each session another process changes from now on (a no-op where there is
        only ever one process, as with SQLite); `resync` after a lost connection was restored."""
        ...

    async def close(self) -> None: ...
