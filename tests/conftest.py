"""Fixtures for both database engines: every store test runs on SQLite and on a throwaway PostgreSQL.

The PostgreSQL cluster (persistence/pg_cluster.py) is started once per test run, on a Unix socket in a
temporary folder, and stopped at the end even when tests fail; each test gets a database of its own.
Where the PostgreSQL binaries are missing, the PostgreSQL half is skipped and says why.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from persistence.pg_cluster import Cluster, find_binaries

ENGINES = ("sqlite", "postgresql")
_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    if find_binaries() is None:
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) are not installed here; set PG_BIN to run these")
    cluster = Cluster(fsync=False)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


async def fresh_postgres_database(cluster: Cluster) -> str:
    """A new empty database on the cluster; returns its URL."""
    name = f"test_{os.getpid()}_{next(_numbers)}"
    conn = await asyncpg.connect(cluster.url())
    try:
        await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 STRATEGY FILE_COPY')
    finally:
        await conn.close()
    return cluster.url(name)


async def drop_postgres_database(cluster: Cluster, url: str) -> None:
    name = url.rpartition("/")[2].partition("?")[0]
    conn = await asyncpg.connect(cluster.url())
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """Which engine this run of the test uses."""
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The SQLite file (tests that read it through sqlite3 are SQLite's own: they pin `engine`)."""
    return tmp_path / "haunted-table.db"


@pytest.fixture
async def database(engine: str, db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[str]:
    """What Store.open is given: a SQLite file's path, or a fresh PostgreSQL database's URL."""
    if engine == "sqlite":
        yield str(db_path)
        return
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    url = await fresh_postgres_database(cluster)
    try:
        yield url
    finally:
        await drop_postgres_database(cluster, url)
