"""The group-commit writer on its own: whole-group failures, cancelled callers, moves of one session chaining."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from persistence.errors import NotFound, VersionConflict, WriteFailed
from persistence.models import ResultRow
from persistence.store import Store
from tests.persistence.helpers import CONSTRAINT_ERRORS, new_session, query_file


@pytest.mark.parametrize("engine", ["sqlite"])  # reads the SQLite file itself through sqlite3
async def test_when_the_commit_itself_fails_every_move_of_the_group_is_refused_and_none_stored(
    store: Store, db_path: Path
) -> None:
    good = await new_session(store, status="active")
    poisoned = await new_session(store, status="active")
    # A deferred foreign-key breach passes its own statement, then fails the COMMIT of the whole group.
    query_file(db_path, "CREATE TABLE poison (ref INTEGER REFERENCES sessions (id) DEFERRABLE INITIALLY DEFERRED)")
    query_file(
        db_path,
        "CREATE TRIGGER poison_on_log AFTER INSERT ON actions WHEN NEW.action = 'poison'"
        " BEGIN INSERT INTO poison VALUES (999); END",
    )
    outcomes = await asyncio.gather(
        store.commit_move(good.id, 0, state='{"ok": true}', seat=0, action="fine"),
        store.commit_move(poisoned.id, 0, state='{"ok": false}', seat=0, action="poison"),
        return_exceptions=True,
    )
    assert [type(outcome) for outcome in outcomes] == [WriteFailed, WriteFailed]
    failure = outcomes[0]
    assert isinstance(failure, WriteFailed)
    assert isinstance(failure.__cause__, sqlite3.IntegrityError)
    versions = query_file(db_path, "SELECT version FROM sessions WHERE id IN (?, ?)", (good.id, poisoned.id))
    assert versions == [(0,), (0,)]
    assert query_file(db_path, "SELECT COUNT(*) FROM actions") == [(0,)]
    assert await store.get_session(good.id) == good
    # The writer survives the failure and the next group is written as usual.
    assert await store.commit_move(good.id, 0, state='{"ok": true}', seat=0, action="fine") == 1
    assert query_file(db_path, "SELECT version FROM sessions WHERE id = ?", (good.id,)) == [(1,)]


async def test_a_move_whose_caller_gave_up_after_queueing_is_still_stored(store: Store) -> None:
    row = await new_session(store, status="active")
    impatient = asyncio.ensure_future(store.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="go"))
    await asyncio.sleep(0)  # queued
    impatient.cancel()
    # The next move, queued after it, is written after it: so the first one has been dealt with by then.
    assert await store.commit_move(row.id, 1, state='{"n": 2}', seat=1, action="next") == 2
    assert impatient.cancelled()
    assert [a.action for a in await store.actions(row.id)] == ["go", "next"]


async def test_moves_of_one_session_queued_together_chain_in_one_transaction(store: Store) -> None:
    row = await new_session(store, status="active")
    batches_before = store.commit_batches
    versions = await asyncio.gather(
        *(store.commit_move(row.id, v, state=f'{{"n": {v + 1}}}', seat=v % 2, action=f"m.{v}") for v in range(4))
    )
    assert versions == [1, 2, 3, 4]
    assert store.commit_batches == batches_before + 1
    after = await store.get_session(row.id)
    assert (after.version, after.state) == (4, '{"n": 4}')
    assert [(a.seq, a.action) for a in await store.actions(row.id)] == [(1, "m.0"), (2, "m.1"), (3, "m.2"), (4, "m.3")]


async def test_in_a_group_a_move_expecting_a_refused_moves_version_is_refused_too(store: Store) -> None:
    row = await new_session(store, status="active")
    outcomes = await asyncio.gather(
        store.commit_move(row.id, 0, state="{}", seat=0, action="first"),
        store.commit_move(row.id, 5, state="{}", seat=0, action="stale"),  # never this version: refused
        store.commit_move(row.id, 1, state='{"n": 2}', seat=1, action="second"),  # chains after "first"
        store.commit_move(404, 0, state="{}", seat=0, action="nowhere"),
        return_exceptions=True,
    )
    assert outcomes[0] == 1
    assert isinstance(outcomes[1], VersionConflict)
    assert (outcomes[1].expected, outcomes[1].actual) == (5, 1)
    assert outcomes[2] == 2
    assert isinstance(outcomes[3], NotFound)
    assert [(a.seq, a.action) for a in await store.actions(row.id)] == [(1, "first"), (2, "second")]


async def test_when_one_moves_data_breaks_a_constraint_the_rest_of_the_group_is_judged_without_it(store: Store) -> None:
    row = await new_session(store, status="active")
    other = await new_session(store, status="active")

    def result(seat: int, user_id: int) -> ResultRow:
        return ResultRow(
            session_id=row.id,
            seat=seat,
            user_id=user_id,
            computer=None,
            game_id="closest-ghost",
            guild_id=10,
            score=0,
            place=1,
            finished_at=1.0,
        )

    broken = [result(0, 501), result(0, 502)]  # one seat twice: breaks the results table's key
    outcomes = await asyncio.gather(
        store.commit_move(other.id, 0, state='{"n": 1}', seat=0, action="before"),
        store.finish(row.id, 0, state='{"over": true}', seat=0, action="last", results=broken),
        # Drawn for the version the failed finish would have made: refused, since that finish never happened.
        store.commit_move(row.id, 1, state='{"n": 2}', seat=1, action="after-finish"),
        store.commit_move(row.id, 0, state='{"n": 1}', seat=1, action="instead"),
        store.commit_move(other.id, 1, state='{"n": 2}', seat=0, action="after"),
        return_exceptions=True,
    )
    assert outcomes[0] == 1
    assert isinstance(outcomes[1], CONSTRAINT_ERRORS)
    assert isinstance(outcomes[2], VersionConflict)
    assert (outcomes[2].expected, outcomes[2].actual) == (1, 0)
    assert list(outcomes[3:]) == [1, 2]
    assert [a.action for a in await store.actions(row.id)] == ["instead"]
    assert [a.action for a in await store.actions(other.id)] == ["before", "after"]
    assert (await store.get_session(row.id)).status == "active"
    assert await store.stats(501) == []


@pytest.mark.parametrize("engine", ["sqlite"])  # reads the SQLite file itself through sqlite3
async def test_reads_are_answered_while_another_process_holds_the_write_lock(store: Store, db_path: Path) -> None:
    row = await new_session(store, status="active")
    other_process = sqlite3.connect(db_path, isolation_level=None)
    try:
        other_process.execute("BEGIN IMMEDIATE")
        other_process.execute("UPDATE sessions SET state = 'uncommitted' WHERE id = ?", (row.id,))
        move = asyncio.ensure_future(store.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="go"))
        await asyncio.sleep(0.05)
        assert not move.done()  # the writer waits for the file's write lock...
        assert await asyncio.wait_for(store.get_session(row.id), timeout=1.0) == row  # ...the reader does not
        other_process.execute("ROLLBACK")
    finally:
        other_process.close()
    assert await move == 1
