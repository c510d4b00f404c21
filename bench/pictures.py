"""Time to draw each game's table picture (PNG), over tables from random play.

    .venv/bin/python -m bench.pictures [--games 5] [--game ID]

For each game (at the seat counts the docs' pictures show and the most the game allows),
plays `--games` seeded random games and draws the table picture of every state, as
the publisher would after each move (one thread, warm: a process draws many
pictures, so the first draw of a run, which loads the font, is left out). Prints
p50 / p95 / max wall-clock milliseconds, p50 / p95 CPU milliseconds of this process
(what a busy, shared machine does not inflate) and the mean PNG size. Target: p95
under 30 ms for every game.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.pictures import drawing_for
from bot.pictures.samples import NAMES, random_play, setup_for
from bot.screens import seen_of
from rules.registry import games


def pct(values: list[float], q: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def measure(game_id: str, players: int, runs: int) -> tuple[list[float], list[float], list[int]]:
    """Wall and CPU milliseconds and PNG bytes of each distinct table picture of `runs` random games."""
    game = games()[game_id]
    _, options = setup_for(game, players)
    names = NAMES[:players]
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for seed in range(runs):
        last = None
        for state in random_play(game, players, options, seed):
            drawing = drawing_for(seen_of(game, state, None, names), "table")
            if drawing is None:
                return wall, cpu, sizes
            if drawing.key == last:
                continue  # the same picture as the move before: the cache would serve it
            last = drawing.key
            started, started_cpu = time.perf_counter(), time.process_time()
            png = drawing.png()
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            sizes.append(len(png or b""))
    return wall, cpu, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5, help="random games per configuration")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args()
    # Warm up: the font and the first text masks load once per process.
    measure("closest-ghost", 2, 1)
    header = ("game", "seats", "pictures", "p50 ms", "p95 ms", "max ms", "cpu p50", "cpu p95", "KB")
    print("{:22} {:>5} {:>8} {:>7} {:>7} {:>7} {:>7} {:>7} {:>5}".format(*header))
    for game in games().values():
        if args.game and game.id != args.game:
            continue
        counts = sorted({n for n, _options in game.configurations()})
        for players in sorted({setup_for(game)[0], counts[-1]}):
            wall, cpu, sizes = measure(game.id, players, args.games)
            if not wall:
                print(f"{game.id:22} {players:>5} (no picture)")
                continue
            print(
                f"{game.id:22} {players:>5} {len(wall):>8} {pct(wall, 50):>7.1f} {pct(wall, 95):>7.1f} "
                f"{max(wall):>7.1f} {pct(cpu, 50):>7.1f} {pct(cpu, 95):>7.1f} {statistics.mean(sizes) / 1024:>5.1f}"
            )


if __name__ == "__main__":
    main()
