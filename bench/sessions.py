"""Commit latency of moves through the session service into SQLite.

    .venv/bin/python -m bench.sessions [--sessions 200] [--seconds 5] [--game closest-ghost]

Two load shapes, each with synchronous=NORMAL and FULL:
- steady: every session moves about once a second, at random offsets;
- burst:  every session moves in the same instant, again and again.
Two latencies: the commit alone (the store's transaction, through its group
commit) and the whole move around `SessionService.act` (lock, rules, commit),
i.e. what a click waits for before the bot may tell anyone. In a burst the move
also waits for the event loop to run the other sessions' rules: that is CPU, not
SQLite. Target: p99 under 10 ms with 200 sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.runtime import tune_gc
from bot.sessions import Player, Session, SessionService
from persistence.store import Store

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


async def measure(
    game_id: str, shape: str, synchronous: str, sessions: int, seconds: float
) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db", synchronous=synchronous)  # type: ignore[arg-type]
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


async def measure_store(synchronous: str, sessions: int, seconds: float, state_bytes: int) -> list[float]:
    """The store alone, as the design's storage floor was measured: every session commits at once."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db", synchronous=synchronous)  # type: ignore[arg-type]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default="closest-ghost")
    args = parser.parse_args()
    print(f"{args.sessions} sessions of {args.game}, {args.seconds:.0f} s per run")
    header = ("shape", "synchronous", "moves", "moves/s", "commit p50", "commit p99", "move p50", "move p99")
    print("{:7} {:11} {:>7} {:>8} {:>10} {:>10} {:>9} {:>9}".format(*header))
    for shape in ("steady", "burst"):
        for synchronous in ("NORMAL", "FULL"):
            started = time.perf_counter()
            lat, commits = asyncio.run(measure(args.game, shape, synchronous, args.sessions, args.seconds))
            elapsed = time.perf_counter() - started
            print(
                f"{shape:7} {synchronous:11} {len(lat):>7} {len(lat) / elapsed:>8,.0f} "
                f"{percentile(commits, 0.5) * 1e3:>10.2f} {percentile(commits, 0.99) * 1e3:>10.2f} "
                f"{percentile(lat, 0.5) * 1e3:>9.2f} {percentile(lat, 0.99) * 1e3:>9.2f}"
            )
    size = 1024  # the design's storage floor: a 1 KB state and one action row per move
    for synchronous in ("NORMAL", "FULL"):
        started = time.perf_counter()
        commits = asyncio.run(measure_store(synchronous, args.sessions, args.seconds, size))
        elapsed = time.perf_counter() - started
        print(
            f"{'store':7} {synchronous:11} {len(commits):>7} {len(commits) / elapsed:>8,.0f} "
            f"{percentile(commits, 0.5) * 1e3:>10.2f} {percentile(commits, 0.99) * 1e3:>10.2f} {'-':>9} {'-':>9}"
        )
    print(f"(store: every session commits a {size:,}-byte state in the same instant, no rules: the storage floor)")
    print("(ms; commit = the store's transaction, group commit included; move = the whole")
    print(" SessionService.act a click waits for: lock, rules, commit, and its turn on the event loop)")


if __name__ == "__main__":
    main()
