"""The SQLite writer's transactions when the task that runs one is cancelled."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from persistence.connections import Writer, open_connection


async def test_a_write_cancelled_while_it_begins_leaves_no_transaction_open(tmp_path: Path) -> None:
    conn = await open_connection(tmp_path / "w.db", synchronous="NORMAL")
    writer = Writer(conn)
    try:
        async with writer.transaction() as tx:
            await tx.execute_fetchall("CREATE TABLE kids (name TEXT)")

        async def write(name: str) -> None:
            async with writer.transaction() as tx:
                await tx.execute_fetchall("INSERT INTO kids VALUES (?)", (name,))

        doomed = asyncio.create_task(write("never"))
        await asyncio.sleep(0)  # it holds the lock and waits for its BEGIN on the connection's thread
        doomed.cancel()
        with pytest.raises(asyncio.CancelledError):
            await doomed

        await write("werewolf")  # would fail: "cannot start a transaction within a transaction"
        assert not conn.in_transaction
        assert [tuple(row) for row in await conn.execute_fetchall("SELECT name FROM kids")] == [("werewolf",)]
    finally:
        await writer.close()
