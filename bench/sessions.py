"""Commit latency of moves through the session service into SQLite.

    .venv/bin/python -m bench.sessions [--sessions 200] [--seconds 5] [--game closest-ghost]

Two load shapes, each with synchronous=NORMAL and FULL:
- steady: every session moves about once a second, at random offsets;
- burst:  every session moves in the same instant, again and again.
Latency is measured around `SessionService.act` (lock, apply, commit in one
transaction through the store's group commit), i.e. what a click waits for
before the bot may tell anyone. Target: p99 under 10 ms with 200 sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.sessions import Player, Session, SessionService
from persistence.store import Store

ANA, BO = Player(1, "Ana"), Player(2, "Bo")


async def new_session(service: SessionService, game_id: str, seed: int) -> Session:
    session = await service.create_lobby(game_id, ANA, seed=seed)
    await service.join(session.id, BO)
    return await service.start(session.id, ANA)


async def one_move(service: SessionService, session: Session, rng: random.Random) -> float:
    seat = min(session.to_act())
    action = rng.choice(session.legal(seat))[0]
    started = time.perf_counter()
    await service.act(session.id, session.seats[seat].user_id, seat, action, session.move_number)
    return time.perf_counter() - started


async def measure(game_id: str, shape: str, synchronous: str, sessions: int, seconds: float) -> list[float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.db", synchronous=synchronous)  # type: ignore[arg-type]
        service = SessionService(store)
        table = [await new_session(service, game_id, n) for n in range(sessions)]
        latencies: list[float] = []
        rng = random.Random(1)
        end = time.perf_counter() + seconds
        seeds = iter(range(sessions, 10**9))

        async def move(i: int) -> None:
            if table[i].result() is not None:
                table[i] = await new_session(service, game_id, next(seeds))
            latencies.append(await one_move(service, table[i], rng))

        async def steady(i: int) -> None:
            await asyncio.sleep(rng.random())
            while time.perf_counter() < end:
                tick = time.perf_counter()
                await move(i)
                await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - tick)))

        if shape == "steady":
            await asyncio.gather(*(steady(i) for i in range(sessions)))
        else:
            while time.perf_counter() < end:
                await asyncio.gather(*(move(i) for i in range(sessions)))
        await service.close()
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
    print(f"{'shape':7} {'synchronous':11} {'moves':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for shape in ("steady", "burst"):
        for synchronous in ("NORMAL", "FULL"):
            started = time.perf_counter()
            lat = asyncio.run(measure(args.game, shape, synchronous, args.sessions, args.seconds))
            elapsed = time.perf_counter() - started
            print(
                f"{shape:7} {synchronous:11} {len(lat):>7} {len(lat) / elapsed:>8,.0f} "
                f"{percentile(lat, 0.5) * 1e3:>7.2f} {percentile(lat, 0.99) * 1e3:>7.2f} {max(lat) * 1e3:>7.2f}"
            )


if __name__ == "__main__":
    main()
