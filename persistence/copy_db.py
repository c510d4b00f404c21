"""Move a SQLite file's games into PostgreSQL (`python -m bot migrate-db FILE URL`).

Both databases are first brought to the latest schema (each engine's own migrations), then every
table is copied row for row in ONE PostgreSQL transaction, keeping the session ids (old buttons and
`/log N` name them), and the id sequence is moved past the largest id so a new game never reuses one.
Nothing is copied if any of the file's sessions is already in PostgreSQL: running it twice is refused,
never doubled. The SQLite file is only read.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from typing import Final

import asyncpg

from persistence.store import Store, sqlite_path

#: Parents before children, so every foreign key finds its row.
TABLES: Final = ("sessions", "seats", "actions", "results", "turn_clocks", "shown")


class AlreadyCopied(Exception):
    """Some of the file's sessions are already in the PostgreSQL database."""


@dataclass(frozen=True)
class Copied:
    rows: dict[str, int]  # table -> rows copied


async def copy_sqlite_to_postgres(source: str | os.PathLike[str], url: str) -> Copied:
    path = sqlite_path(source)
    if not path.is_file():
        raise FileNotFoundError(f"no SQLite file at {path}")
    for database in (path, url):  # the latest schema on both sides: the same tables and columns
        store = await Store.open(database)
        await store.close()
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn = await asyncpg.connect(url)
    try:
        ids = [int(row[0]) for row in reader.execute("SELECT id FROM sessions")]
        clash = await conn.fetchval("SELECT COUNT(*) FROM sessions WHERE id = ANY($1::bigint[])", ids)
        if clash:
            raise AlreadyCopied(
                f"{clash} of the file's {len(ids)} sessions are already in the database; nothing copied"
            )
        copied: dict[str, int] = {}
        async with conn.transaction():
            for table in TABLES:
                columns = [str(row[1]) for row in reader.execute(f"PRAGMA table_info({table})")]
                rows = [tuple(row) for row in reader.execute(f"SELECT {', '.join(columns)} FROM {table}")]
                if rows:
                    await conn.copy_records_to_table(table, records=rows, columns=columns)
                copied[table] = len(rows)
            # The file's AUTOINCREMENT counter may be past its largest id (deleted sessions): keep that too.
            counter = reader.execute("SELECT COALESCE(MAX(seq), 0) FROM sqlite_sequence WHERE name = 'sessions'")
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('sessions', 'id'), GREATEST(MAX(id), $1, 1)) FROM sessions",
                int(counter.fetchone()[0]),
            )
        return Copied(copied)
    finally:
        await conn.close()
        reader.close()
