"""Numbered SQL migrations, applied in order at start-up.

A migration is a file `NNNN_what_it_does.sql` in `persistence/migrations/`, numbered from 1 with no gaps.
The database remembers the last one applied in `PRAGMA user_version`. Each migration runs in its own
`BEGIN IMMEDIATE` transaction together with the bump of `user_version`, and the version is read again
inside that transaction, so two processes starting at once never apply one twice and a failed migration
leaves nothing behind. Migrations therefore must not use statements that cannot run in a transaction
(VACUUM, PRAGMA journal_mode). A released migration is never edited: add a new one.

The procedure is written once, as a generator of SQL statements that receives each one's rows, so the
store runs it on its aiosqlite writer (`migrate_async`, before it serves any call) and tools and tests
on a plain sqlite3 connection (`migrate`), with the same transactions and the same checks.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Generator
from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path
from typing import Any, Final

import aiosqlite

from persistence.errors import SchemaTooNew

# Found next to this file rather than through importlib.resources, which fails on a package that an
# editable install recorded as a namespace package (as happens when __init__.py came after the install).
MIGRATIONS_DIR: Final = Path(__file__).resolve().with_name("migrations")

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The script cut into complete statements (sqlite3 itself decides where one ends)."""
        statements: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                statements.append(pending.strip())
                pending = ""
        if pending.strip() and not _only_comments(pending):
            raise ValueError(f"migration {self.name} ends with an unfinished statement")
        return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in text.splitlines())


def load_migrations(directory: Traversable | None = None) -> list[Migration]:
    """Every migration in `directory` (default: the package's own), checked to be numbered 1..N."""
    folder = directory if directory is not None else MIGRATIONS_DIR
    migrations: list[Migration] = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _NAME.match(entry.name)
        if match is None:
            raise ValueError(f"migration file {entry.name!r} is not named NNNN_words.sql")
        migrations.append(Migration(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    migrations.sort(key=lambda m: m.number)
    numbers = [m.number for m in migrations]
    if numbers != list(range(1, len(migrations) + 1)):
        raise ValueError(f"migrations must be numbered 1..N without gaps or repeats, found {numbers}")
    return migrations


def schema_version(conn: sqlite3.Connection) -> int:
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    return int(version)


#: The procedure yields SQL, is sent back the statement's rows, and returns the migration numbers applied.
Steps = Generator[str, list[Any], list[int]]

_USER_VERSION: Final = "PRAGMA user_version"
_ROLLBACK: Final = "ROLLBACK"


def migrate(
    conn: sqlite3.Connection, migrations: list[Migration] | None = None, *, up_to: int | None = None
) -> list[int]:
    """Apply the pending migrations (all, or up to number `up_to`); return the numbers applied.

    `conn` must be in autocommit mode (`isolation_level=None`) so the transactions here are our own.
    """
    steps = _steps(migrations, up_to)
    try:
        sql = next(steps)
        while True:
            try:
                rows = [] if sql == _ROLLBACK and not conn.in_transaction else conn.execute(sql).fetchall()
            except BaseException as failure:
                sql = steps.throw(failure)
            else:
                sql = steps.send(rows)
    except StopIteration as finished:
        applied: list[int] = finished.value
        return applied


async def migrate_async(
    conn: aiosqlite.Connection, migrations: list[Migration] | None = None, *, up_to: int | None = None
) -> list[int]:
    """`migrate` on an aiosqlite connection in autocommit mode (the store's writer, before it serves anyone)."""
    steps = _steps(migrations, up_to)
    try:
        sql = next(steps)
        while True:
            try:
                skip = sql == _ROLLBACK and not conn.in_transaction
                rows = [] if skip else list(await conn.execute_fetchall(sql))
            except BaseException as failure:
                sql = steps.throw(failure)
            else:
                sql = steps.send(rows)
    except StopIteration as finished:
        applied: list[int] = finished.value
        return applied


def _steps(migrations: list[Migration] | None, up_to: int | None) -> Steps:
    """The migration procedure, as the statements to run; a failed statement is thrown back in here."""
    known = migrations if migrations is not None else load_migrations()
    latest = len(known)
    target = latest if up_to is None else up_to
    found = int((yield _USER_VERSION)[0][0])
    if found > latest:
        raise SchemaTooNew(f"the database is at schema version {found} but this code knows only {latest}")
    applied: list[int] = []
    for migration in known[:target]:
        yield "BEGIN IMMEDIATE"
        try:
            # Read again under the write lock: another process may have migrated while we waited.
            if int((yield _USER_VERSION)[0][0]) >= migration.number:
                yield "COMMIT"
                continue
            # Not `yield from`: a list iterator cannot take the rows the runner sends back.
            for statement in migration.statements():  # noqa: UP028
                yield statement
            yield f"PRAGMA user_version = {migration.number:d}"
            yield "COMMIT"
        except GeneratorExit:
            raise
        except BaseException:
            yield _ROLLBACK  # run only if a transaction is open (the runners check)
            raise
        applied.append(migration.number)
    return applied
