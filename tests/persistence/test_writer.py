"""The SQLite writer's transactions when the task that runs one is cancelled."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

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


async def test_a_transaction_goes_to_the_database_thread_once_per_read_and_once_for_its_last_writes(
    tmp_path: Path,
) -> None:
    conn = await open_connection(tmp_path / "w.db", synchronous="NORMAL")
    writer = Writer(conn)
    try:
        async with writer.transaction() as setup:
            await setup.execute_fetchall("CREATE TABLE kids (name TEXT NOT NULL)")
        hops = 0
        execute: Callable[..., Awaitable[Any]] = conn._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            nonlocal hops
            hops += 1
            return await execute(fn, *args, **kwargs)

        conn._execute = counted  # type: ignore[method-assign]
        async with writer.batched() as tx:
            assert [tuple(row) for row in await tx.fetch("SELECT COUNT(*) FROM kids")] == [(0,)]
            insert = "INSERT INTO kids VALUES (?)"
            await tx.write([(insert, [("ghost",), ("witch",)]), (insert, [("imp",)])], last=True)
        # BEGIN with the read, both inserts with the COMMIT: two hops where there were five.
        assert hops == 2
        assert not conn.in_transaction
        async with writer.batched():
            pass  # no statement: nothing begun, nothing to commit
        assert hops == 2

        with pytest.raises(sqlite3.IntegrityError):
            async with writer.batched() as tx:
                await tx.write(
                    [("INSERT INTO kids VALUES (?)", [("bat",)]), ("INSERT INTO kids VALUES (?)", [(None,)])], last=True
                )
        assert not conn.in_transaction  # rolled back: the bat of the failed group is not stored either
        names = await conn.execute_fetchall("SELECT name FROM kids ORDER BY name")
        assert [row[0] for row in names] == ["ghost", "imp", "witch"]
    finally:
        await writer.close()
