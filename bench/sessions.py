"""Commit latency of moves through the session service into SQLite or PostgreSQL.

    .venv/bin/python -m bench.sessions [--sessions 200] [--seconds 5] [--game closest-ghost]
    .venv/bin/python -m bench.sessions --database postgresql://user@host/db   # an existing server
    .venv/bin/python -m bench.sessions --database postgresql                  # a throwaway cluster

Two load shapes, each with SQLite's synchronous=NORMAL and FULL, or with PostgreSQL as the server
is configured (the throwaway cluster, fsync on: "sync commit" waits for the WAL flush as SQLite's FULL
does; "async commit" is synchronous_commit=off, which like SQLite's NORMAL may lose the last moments
of commits to a crash of the server or machine, never to a crash of the bot), where
the same two shapes are also run by two processes sharing the database (half the sessions each):
- steady: every session moves about once a second, at random offsets;
- burst:  every session moves in the same instant, again and again.
Two latencies: the commit alone (the store's transaction, through its group
commit) and the whole move around `SessionService.act` (lock, rules, commit),
i.e. what a click waits for before the bot may tell anyone. In a burst the move
also waits for the event loop to run the other sessions' rules: that is CPU, not
the database. Targets: steady commit p99 under 10 ms; a burst of 200 moves, move p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

from bot.runtime import tune_gc
from bot.sessions import Player, Session, SessionService
from persistence.pg_cluster import Cluster
from persistence.postgres import is_postgres_url
from persistence.store import Store

_fresh = itertools.count(1)

ANA, BO = Player(1, "Ana"), Player(2, "Bo")


async def new_session(service: SessionService, game_id: str, seed: int) -> Session:
    session = await service.create_lobby(game_id, ANA, seed=seed)
    await service.join(session.id, BO)
    return await service.start(session.id, ANA)


async def one_move(service: SessionService, session: Session, rng: random.Random) -> float:
    seat = min(session.to_act())
    assert session.state is not None
    action = rng.choice(session.game.legal_actions(session.state, seat))
    started = time.perf_counter()
    await service.act(session.id, session.seats[seat].user_id, seat, action, session.move_number)
    return time.perf_counter() - started


def timed_commits(store: Store, commits: list[float]) -> None:
    """Record how long each `commit_move` takes: the transaction alone, group commit included."""
    commit_move = store.commit_move

    async def timed(*args: Any, **kwargs: Any) -> int:
        started = time.perf_counter()
        try:
            return await commit_move(*args, **kwargs)
        finally:
            commits.append(time.perf_counter() - started)

    store.commit_move = timed  # type: ignore[method-assign]


@contextlib.contextmanager
def sqlite_file() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        yield str(Path(tmp) / "bench.db")


async def fresh_database(cluster: Cluster) -> str:
    """A new database on the throwaway cluster, so every run starts from empty tables."""
    name = f"bench_{next(_fresh)}"
    conn = await asyncpg.connect(cluster.url())
    try:
        await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await conn.close()
    return cluster.url(name)


async def measure(
    game_id: str, shape: str, synchronous: str, sessions: int, seconds: float, database: str
) -> tuple[list[float], list[float]]:
    store = await Store.open(database, synchronous=synchronous)  # type: ignore[arg-type]
    commits: list[float] = []
    timed_commits(store, commits)
    service = SessionService(store)
    table = [await new_session(service, game_id, n) for n in range(sessions)]
    tune_gc()  # as `python -m bot run` does once its sessions are loaded
    latencies: list[float] = []
    rng = random.Random(1)
    end = time.perf_counter() + seconds
    seeds = iter(range(sessions, 10**9))

    async def replace_finished() -> None:
        # New games are opened between moves, so lobby writes never sit in a timed window.
        for i, session in enumerate(table):
            if session.result() is not None:
                table[i] = await new_session(service, game_id, next(seeds))

    async def move(i: int) -> None:
        latencies.append(await one_move(service, table[i], rng))

    async def steady(i: int) -> None:
        await asyncio.sleep(rng.random())
        while time.perf_counter() < end:
            tick = time.perf_counter()
            if table[i].result() is not None:
                table[i] = await new_session(service, game_id, next(seeds))
            await move(i)
            await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - tick)))

    if shape == "steady":
        await asyncio.gather(*(steady(i) for i in range(sessions)))
    else:
        while time.perf_counter() < end:
            await asyncio.gather(*(move(i) for i in range(sessions)))
            await replace_finished()
    await service.close()
    await store.close()
    return latencies, commits


async def measure_store(
    synchronous: str, sessions: int, seconds: float, state_bytes: int, database: str
) -> list[float]:
    """The store alone, as the design's storage floor was measured: every session commits at once."""
    store = await Store.open(database, synchronous=synchronous)  # type: ignore[arg-type]
    rows = [
        await store.create_session(game_id="bench", options="{}", seed=n, host_id=1, guild_id=None, channel_id=None)
        for n in range(sessions)
    ]
    versions = {row.id: row.version for row in rows}
    state = "x" * state_bytes
    latencies: list[float] = []

    async def commit(session_id: int) -> None:
        started = time.perf_counter()
        versions[session_id] = await store.commit_move(
            session_id, versions[session_id], state=state, seat=0, action="bench.1"
        )
        latencies.append(time.perf_counter() - started)

    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        await asyncio.gather(*(commit(sid) for sid in versions))
    await store.close()
    return latencies


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=1000)[int(q * 1000) - 1] if len(values) > 1 else values[0]


ROW = "{:7} {:11} {:>7} {:>8} {:>10} {:>10} {:>9} {:>9}"


def row(shape: str, setting: str, lat: list[float], commits: list[float], elapsed: float) -> str:
    moves = len(lat) if lat else len(commits)
    move_p50 = f"{percentile(lat, 0.5) * 1e3:>9.2f}" if lat else f"{'-':>9}"
    move_p99 = f"{percentile(lat, 0.99) * 1e3:>9.2f}" if lat else f"{'-':>9}"
    return (
        f"{shape:7} {setting:11} {moves:>7} {moves / elapsed:>8,.0f} "
        f"{percentile(commits, 0.5) * 1e3:>10.2f} {percentile(commits, 0.99) * 1e3:>10.2f} {move_p50} {move_p99}"
    )


def two_processes(args: argparse.Namespace, shape: str, database: str) -> tuple[list[float], list[float], float]:
    """The same shape run by two processes on one PostgreSQL database, half the sessions each."""
    command = [sys.executable, "-m", "bench.sessions", "--worker", shape, "--database", database]
    command += ["--sessions", str(args.sessions // 2), "--seconds", str(args.seconds), "--game", args.game]
    started = time.perf_counter()
    workers = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True) for _ in range(2)]
    lat: list[float] = []
    commits: list[float] = []
    for worker in workers:
        out, _ = worker.communicate()
        if worker.returncode != 0:
            raise SystemExit(f"a bench worker failed ({worker.returncode})")
        measured = json.loads(out)
        lat += measured["moves"]
        commits += measured["commits"]
    return lat, commits, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default="closest-ghost")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite (temporary files, the default), postgresql (a throwaway cluster) or a postgresql:// URL",
    )
    parser.add_argument("--worker", choices=("steady", "burst"), help=argparse.SUPPRESS)  # one of two_processes
    args = parser.parse_args()
    if args.worker:
        lat, commits = asyncio.run(
            measure(args.game, args.worker, "NORMAL", args.sessions, args.seconds, args.database)
        )
        print(json.dumps({"moves": lat, "commits": commits}))
        return
    print(f"{args.sessions} sessions of {args.game}, {args.seconds:.0f} s per run, database: {args.database}")
    header = ("shape", "setting", "moves", "moves/s", "commit p50", "commit p99", "move p50", "move p99")
    print(ROW.format(*header))
    if args.database == "sqlite":
        run_sqlite(args)
    elif args.database == "postgresql":
        cluster = Cluster(fsync=True).start()
        try:
            run_postgres(args, lambda: asyncio.run(fresh_database(cluster)), "sync commit")
            # asyncpg passes unknown URL parameters to the server as settings of the connection.
            run_postgres(args, lambda: asyncio.run(fresh_database(cluster)) + "&synchronous_commit=off", "async commit")
        finally:
            cluster.stop()
    elif is_postgres_url(args.database):
        run_postgres(args, lambda: str(args.database), "server's")
    else:
        raise SystemExit(f"--database must be sqlite, postgresql or a postgresql:// URL, not {args.database!r}")
    print("(ms; commit = the store's transaction, group commit included; move = the whole")
    print(" SessionService.act a click waits for: lock, rules, commit, and its turn on the event loop)")


def run_postgres(args: argparse.Namespace, database: Any, setting: str) -> None:
    for shape in ("steady", "burst"):
        started = time.perf_counter()
        lat, commits = asyncio.run(measure(args.game, shape, "NORMAL", args.sessions, args.seconds, database()))
        print(row(shape, setting, lat, commits, time.perf_counter() - started))
    size = 1024
    started = time.perf_counter()
    commits = asyncio.run(measure_store("NORMAL", args.sessions, args.seconds, size, database()))
    print(row("store", setting, [], commits, time.perf_counter() - started))
    for shape in ("steady", "burst"):
        lat, commits, elapsed = two_processes(args, shape, database())
        print(row(shape, "2 processes", lat, commits, elapsed))
    print(f"(store: every session commits a {size:,}-byte state in the same instant, no rules: the storage floor;")
    print(" 2 processes: two bench processes on one database, half the sessions each, figures merged)")


def run_sqlite(args: argparse.Namespace) -> None:
    for shape in ("steady", "burst"):
        for synchronous in ("NORMAL", "FULL"):
            started = time.perf_counter()
            with sqlite_file() as database:
                lat, commits = asyncio.run(
                    measure(args.game, shape, synchronous, args.sessions, args.seconds, database)
                )
            print(row(shape, synchronous, lat, commits, time.perf_counter() - started))
    size = 1024  # the design's storage floor: a 1 KB state and one action row per move
    for synchronous in ("NORMAL", "FULL"):
        started = time.perf_counter()
        with sqlite_file() as database:
            commits = asyncio.run(measure_store(synchronous, args.sessions, args.seconds, size, database))
        print(row("store", synchronous, [], commits, time.perf_counter() - started))
    print(f"(store: every session commits a {size:,}-byte state in the same instant, no rules: the storage floor)")


if __name__ == "__main__":
    main()
