"""Small builders shared by the persistence tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from persistence.models import SeatRow, SessionRow
from persistence.store import Store


async def new_session(
    store: Store, *, game_id: str = "closest-ghost", guild_id: int | None = 10, status: str = "lobby"
) -> SessionRow:
    return await store.create_session(
        game_id=game_id,
        options='{"rounds": 3}',
        seed=1234,
        host_id=501,
        guild_id=guild_id,
        channel_id=20,
        status=status,
        state=None if status == "lobby" else '{"turn": 0}',
    )


def human_seat(session_id: int, seat: int, user_id: int, name: str = "Mina") -> SeatRow:
    return SeatRow(
        session_id=session_id,
        seat=seat,
        user_id=user_id,
        computer=None,
        name=name,
        dm_channel_id=None,
        dm_message_id=None,
        dm_refused=False,
    )


def computer_seat(session_id: int, seat: int, level: str = "random") -> SeatRow:
    return SeatRow(
        session_id=session_id,
        seat=seat,
        user_id=None,
        computer=level,
        name=f"Computer {seat}",
        dm_channel_id=None,
        dm_message_id=None,
        dm_refused=False,
    )


#: What a statement raises when a move's data breaks a constraint, on either engine.
CONSTRAINT_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


async def query_db(database: str, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """`query_file` for either engine: SQL with `?` placeholders, on a connection of its own."""
    if not database.startswith("postgresql://"):
        return query_file(Path(database), sql, params)
    numbered = sql
    for number in range(1, sql.count("?") + 1):
        numbered = numbered.replace("?", f"${number}", 1)
    conn = await asyncpg.connect(database)
    try:
        return [tuple(row) for row in await conn.fetch(numbered, *params)]
    finally:
        await conn.close()


def query_file(path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Run SQL on the database file through a separate connection, as another process would see it."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            return [tuple(row) for row in conn.execute(sql, params)]
    finally:
        conn.close()
