"""Numbered migrations: a new file, a file left by an older version, re-opening, a file from the future."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import aiosqlite
import pytest

from persistence.errors import SchemaTooNew
from persistence.schema import Migration, load_migrations, migrate, migrate_async, schema_version
from persistence.store import Store


@contextlib.contextmanager
def _connect(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain connection that commits and closes at the end of the block."""
    conn = sqlite3.connect(path)
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def _tables(path: Path) -> set[str]:
    with _connect(path) as conn:
        return {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")}


def _user_version(path: Path) -> int:
    with _connect(path) as conn:
        return schema_version(conn)


def test_the_shipped_migrations_are_numbered_from_one_without_gaps() -> None:
    migrations = load_migrations()
    assert [m.number for m in migrations] == list(range(1, len(migrations) + 1))
    assert len(migrations) >= 2
    assert migrations[0].name == "0001_initial.sql"


async def test_opening_an_empty_file_applies_every_migration(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    latest = len(load_migrations())
    assert store.migrations_applied == tuple(range(1, latest + 1))
    assert _user_version(db_path) == latest
    names = _tables(db_path)
    assert {"sessions", "seats", "actions", "results"} <= names
    assert {"sessions_by_status_guild", "results_by_user_game", "results_by_game_guild"} <= names


async def test_opening_a_file_left_at_migration_one_applies_the_rest_and_keeps_its_data(db_path: Path) -> None:
    # Build the old file with the first migration's own text, as the first release did.
    first = load_migrations()[0]
    with _connect(db_path) as conn:
        conn.executescript(first.sql)
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO sessions (game_id, options, status, guild_id, channel_id, host_id, seed, state, version,"
            " created_at, updated_at) VALUES ('13-ghosts', '{}', 'active', 7, 8, 9, 42, '{\"crypt\": 3}', 2, 1.0, 2.0)"
        )
        conn.execute("INSERT INTO actions VALUES (1, 1, 0, 'choose.3', 1.5), (1, 2, 1, 'choose.5', 1.7)")
        conn.execute("INSERT INTO seats VALUES (1, 0, 9, NULL, 'Mina', NULL, NULL, 0)")
        conn.execute("INSERT INTO results VALUES (1, 0, 9, NULL, '13-ghosts', 7, 12, 1, 3.0)")
    assert "sessions_by_status_guild" not in _tables(db_path)

    store = await Store.open(db_path)
    try:
        assert store.migrations_applied == tuple(range(2, len(load_migrations()) + 1))
        session = await store.get_session(1)
        assert (session.game_id, session.state, session.version, session.seed) == ("13-ghosts", '{"crypt": 3}', 2, 42)
        assert [a.action for a in await store.actions(1)] == ["choose.3", "choose.5"]
        assert [s.name for s in await store.seats(1)] == ["Mina"]
        assert await store.stats(9) == [("13-ghosts", 1, 1)]
        # The old session goes on moving under the new code.
        assert await store.commit_move(1, 2, state='{"crypt": 4}', seat=0, action="choose.4") == 3
    finally:
        await store.close()
    assert "sessions_by_status_guild" in _tables(db_path)
    assert _user_version(db_path) == len(load_migrations())


async def test_reopening_an_up_to_date_file_applies_nothing_twice(db_path: Path) -> None:
    first = await Store.open(db_path)
    await first.close()
    second = await Store.open(db_path)
    await second.close()
    assert first.migrations_applied
    assert second.migrations_applied == ()
    assert _user_version(db_path) == len(load_migrations())


async def test_a_file_from_a_newer_version_of_the_code_is_refused(db_path: Path) -> None:
    with _connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {len(load_migrations()) + 1}")
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


def test_a_failing_migration_leaves_the_file_at_the_previous_version(db_path: Path) -> None:
    good = Migration(1, "0001_good.sql", "CREATE TABLE ghosts (id INTEGER);\n")
    bad = Migration(2, "0002_bad.sql", "CREATE TABLE candy (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n")
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError):
            migrate(conn, [good, bad])
        assert schema_version(conn) == 1
        names = {name for (name,) in conn.execute("SELECT name FROM sqlite_master")}
        assert names == {"ghosts"}  # the half of migration 2 that ran was rolled back
    finally:
        conn.close()


async def test_a_failing_migration_on_the_stores_async_connection_is_rolled_back_too(db_path: Path) -> None:
    good = Migration(1, "0001_good.sql", "CREATE TABLE ghosts (id INTEGER);\n")
    bad = Migration(2, "0002_bad.sql", "CREATE TABLE candy (id INTEGER);\nINSERT INTO nowhere VALUES (1);\n")
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.OperationalError, match="nowhere"):
            await migrate_async(conn, [good, bad])
        assert not conn.in_transaction
        assert await migrate_async(conn, [good]) == []  # migration 1 is recorded as applied
    finally:
        await conn.close()
    assert _user_version(db_path) == 1
    assert _tables(db_path) == {"ghosts"}


def test_migration_files_with_a_gap_in_their_numbers_are_refused(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("CREATE TABLE a (x);\n")
    (tmp_path / "0003_third.sql").write_text("CREATE TABLE c (x);\n")
    with pytest.raises(ValueError, match="without gaps"):
        load_migrations(tmp_path)


def test_a_migration_is_cut_into_whole_statements_even_with_semicolons_inside() -> None:
    migration = Migration(
        1,
        "0001_x.sql",
        "-- a comment; with a semicolon\nCREATE TABLE a (x TEXT DEFAULT 'a;b');\n"
        "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE a SET x = 'c';\nEND;\n",
    )
    statements = migration.statements()
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER")
    assert statements[1].endswith("END;")
