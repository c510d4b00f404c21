"""What only PostgreSQL does: several processes (here, several stores) share one database."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from persistence.errors import SchemaTooNew, VersionConflict
from persistence.postgres import load_postgres_migrations
from persistence.schema import load_migrations
from persistence.store import Store, sqlite_path
from tests.persistence.helpers import new_session, query_db

pytestmark = pytest.mark.parametrize("engine", ["postgresql"])  # several processes need the shared server


def test_both_engines_have_the_same_numbered_migrations(engine: str) -> None:
    assert [m.name for m in load_postgres_migrations()] == [m.name for m in load_migrations()]


async def test_a_move_drawn_on_a_version_another_process_passed_is_refused_and_nothing_is_lost(
    engine: str, database: str
) -> None:
    first, second = await Store.open(database), await Store.open(database)
    try:
        row = await new_session(first, status="active")
        assert await first.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="mine") == 1
        with pytest.raises(VersionConflict) as refused:
            await second.commit_move(row.id, 0, state='{"n": 1}', seat=1, action="stale")
        assert (refused.value.expected, refused.value.actual) == (0, 1)
        # Read again, the second process moves on from what is stored.
        current = await second.get_session(row.id)
        assert await second.commit_move(row.id, current.version, state='{"n": 2}', seat=1, action="theirs") == 2
        assert [a.action for a in await first.actions(row.id)] == ["mine", "theirs"]
    finally:
        await first.close()
        await second.close()


async def test_two_processes_racing_on_one_session_each_version_is_won_once_and_the_log_has_no_gap(
    engine: str, database: str
) -> None:
    stores = [await Store.open(database) for _ in range(2)]
    try:
        row = await new_session(stores[0], status="active")
        outcomes = await asyncio.gather(
            *(
                store.commit_move(row.id, 0, state=f'{{"by": {n}}}', seat=n, action=f"try.{n}")
                for n, store in enumerate(stores)
                for _ in range(3)
            ),
            return_exceptions=True,
        )
        assert outcomes.count(1) == 1
        assert all(isinstance(outcome, VersionConflict) for outcome in outcomes if outcome != 1)
        log = await stores[1].actions(row.id)
        assert [a.seq for a in log] == [1]
        assert (await stores[1].get_session(row.id)).version == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_process_hears_of_the_moves_another_process_commits_and_not_of_its_own(
    engine: str, database: str
) -> None:
    mover, watcher = await Store.open(database), await Store.open(database)
    heard_by_watcher: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    heard_by_mover: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    try:
        await watcher.watch(lambda session_id, version: heard_by_watcher.put_nowait((session_id, version)))
        await mover.watch(lambda session_id, version: heard_by_mover.put_nowait((session_id, version)))
        row = await new_session(mover, status="active")
        await mover.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="a")
        updated = await mover.update_session(row.id, 1, status="abandoned")
        async with asyncio.timeout(30):  # a guard against hanging, not a measure: notices come in milliseconds
            assert await heard_by_watcher.get() == (row.id, 1)
            assert await heard_by_watcher.get() == (row.id, updated.version)
        # A refused move tells nobody anything.
        with pytest.raises(VersionConflict):
            await mover.commit_move(row.id, 0, state="{}", seat=0, action="late")
        # The watcher's own move reaches the mover, which proves the channel is clear of the refusal.
        await watcher.commit_move(row.id, updated.version, state="{}", seat=1, action="b")
        async with asyncio.timeout(30):  # as above
            assert await heard_by_mover.get() == (row.id, updated.version + 1)
        assert heard_by_mover.empty()
        assert heard_by_watcher.empty()
    finally:
        await mover.close()
        await watcher.close()


def test_a_sqlite_url_names_the_file_as_database_path_does(engine: str) -> None:
    assert sqlite_path("sqlite:///data/ht.db") == Path("data/ht.db")
    assert sqlite_path("sqlite:////srv/ht.db") == Path("/srv/ht.db")
    assert sqlite_path("ht.db") == Path("ht.db")
    with pytest.raises(ValueError, match="mysql"):
        sqlite_path("mysql://x/y")


async def test_two_processes_starting_at_once_apply_each_migration_once(engine: str, database: str) -> None:
    first, second = await asyncio.gather(Store.open(database), Store.open(database))
    try:
        assert sorted([*first.migrations_applied, *second.migrations_applied]) == list(
            range(1, len(load_postgres_migrations()) + 1)
        )
        row = await new_session(first)
        assert await second.get_session(row.id) == row
    finally:
        await first.close()
        await second.close()


async def test_a_database_from_newer_code_is_refused_untouched(engine: str, database: str) -> None:
    store = await Store.open(database)
    await store.close()
    await query_db(database, "UPDATE schema_version SET version = 99")
    with pytest.raises(SchemaTooNew, match="99"):
        await Store.open(database)
    assert await query_db(database, "SELECT version FROM schema_version") == [(99,)]


async def test_a_lost_listening_connection_comes_back_and_asks_to_look_again(engine: str, database: str) -> None:
    mover, watcher = await Store.open(database), await Store.open(database)
    heard: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    resynced = asyncio.Event()
    try:
        await watcher.watch(lambda session_id, version: heard.put_nowait((session_id, version)), resynced.set)
        row = await new_session(mover, status="active")
        # The server drops the listening connection (a restart, a network cut would do the same).
        await query_db(database, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")
        async with asyncio.timeout(30):  # a guard against hanging, not a measure
            await resynced.wait()
            await mover.commit_move(row.id, 0, state='{"n": 1}', seat=0, action="a")
            assert await heard.get() == (row.id, 1)
    finally:
        await mover.close()
        await watcher.close()
