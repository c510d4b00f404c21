"""The group-commit writer on its own: whole-group failures, cancelled callers."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from persistence.db_thread import DbThread
from persistence.errors import WriteFailed
from persistence.group_commit import GroupCommit
from persistence.store import Store
from tests.persistence.helpers import new_session, query_file


async def test_when_the_commit_itself_fails_every_move_of_the_group_is_refused_and_none_stored(db_path: Path) -> None:
    store = await Store.open(db_path)
    row = await new_session(store, status="active")
    await store.close()

    db = await DbThread.connect(db_path, busy_timeout=1.0)
    await db.run(lambda conn: conn.execute("PRAGMA foreign_keys = ON"))
    writer = GroupCommit(db)

    def good_move(conn: sqlite3.Connection) -> int:
        conn.execute("UPDATE sessions SET version = version + 1 WHERE id = ?", (row.id,))
        return 1

    def poisoned_move(conn: sqlite3.Connection) -> int:
        # A deferred foreign-key breach passes its own statement and its savepoint, then fails the COMMIT.
        conn.execute("PRAGMA defer_foreign_keys = ON")
        conn.execute("INSERT INTO actions (session_id, seq, seat, action, at) VALUES (999, 1, 0, 'x', 0)")
        return 1

    try:
        outcomes = await asyncio.gather(writer.submit(good_move), writer.submit(poisoned_move), return_exceptions=True)
        assert [type(outcome) for outcome in outcomes] == [WriteFailed, WriteFailed]
        failure = outcomes[0]
        assert isinstance(failure, WriteFailed)
        assert isinstance(failure.__cause__, sqlite3.IntegrityError)
        assert query_file(db_path, "SELECT version FROM sessions WHERE id = ?", (row.id,)) == [(0,)]
        assert query_file(db_path, "SELECT COUNT(*) FROM actions") == [(0,)]
        # The writer survives the failure and the next group is written as usual.
        assert await writer.submit(good_move) == 1
        assert query_file(db_path, "SELECT version FROM sessions WHERE id = ?", (row.id,)) == [(1,)]
    finally:
        await writer.close()
        await db.close()


async def test_a_move_whose_caller_gave_up_after_queueing_is_still_stored(store: Store) -> None:
    row = await new_session(store, status="active")
    impatient = asyncio.ensure_future(store.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="go"))
    await asyncio.sleep(0)  # queued
    impatient.cancel()
    # The next move, queued after it, is written after it: so the first one has been dealt with by then.
    assert await store.commit_move(row.id, 1, state='{"n": 2}', seat=1, action="next") == 2
    assert impatient.cancelled()
    assert [a.action for a in await store.actions(row.id)] == ["go", "next"]
