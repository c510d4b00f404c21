"""How many decisions a second the hard player makes, on the same positions every run.

    .venv/bin/python -m bench.hard [--game ID --seats N] [--positions 30] [--compare-early-stop]

For each game, seated normal players play seeded games and every decision of seat 0 is kept as
a position (up to `--positions`); hard then decides each position once, with its game's own
budget and a fixed seed. Prints decisions a second and iterations a second in CPU time
(`time.process_time`; wall time is printed too, but on a shared machine it counts the
neighbours' work), the mean iterations a decision and the share of decisions that stopped
before their budget. `--compare-early-stop` adds a row per game with the early stop off, in the
same run, so the two rows compare.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from rules.ai.levels import HardLevel, NormalLevel
from rules.contract import Game, GameState
from rules.registry import games

#: The games whose hard decisions cost the most (and a cheap one), at their 2-seat tables.
DEFAULT_TABLES: list[tuple[str, int]] = [
    ("13-ghosts", 2),
    ("best-candy", 2),
    ("up-and-down-the-block", 2),
    ("ghosts-of-christmas", 3),
]


def positions(game: Game[Any], seats: int, count: int) -> list[GameState]:
    """Seat 0's decision points (with more than one legal move) in games between normal players."""
    found: list[GameState] = []
    normal = NormalLevel()
    for number in range(100):
        state = game.new_game(seats, {}, 20_000 + number)
        rng = random.Random(number)
        while game.result(state) is None and len(found) < count:
            seat = min(game.to_act(state))
            if seat == 0 and len(game.legal_actions(state, seat)) > 1:
                found.append(game.copy_state(state))
            game.apply(state, seat, normal.choose(game, state, seat, rng))
        if len(found) >= count:
            break
    return found


def measure(game: Game[Any], states: list[GameState], early_stop: bool) -> tuple[float, float, int, int]:
    """CPU seconds, wall seconds, iterations and early stops over deciding every position once."""
    player = HardLevel() if early_stop else HardLevel(early_stop=False)
    cpu = wall = 0.0
    iterations = stopped = 0
    for index, state in enumerate(states):
        started, started_cpu = time.perf_counter(), time.process_time()
        player.choose(game, state, 0, random.Random(index))
        wall += time.perf_counter() - started
        cpu += time.process_time() - started_cpu
        iterations += player.last.iterations
        stopped += int(getattr(player.last, "stopped_early", False))
    return cpu, wall, iterations, stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--seats", type=int, default=2, help="with --game: players at the table")
    parser.add_argument("--positions", type=int, default=30, help="positions per game")
    parser.add_argument("--compare-early-stop", action="store_true", help="add rows with the early stop off")
    args = parser.parse_args()
    tables = [(args.game, args.seats)] if args.game else DEFAULT_TABLES
    print(
        f"{'game':<24}{'seats':>6} {'early stop':<11}{'decisions':>10}{'dec/s CPU':>11}{'dec/s wall':>11}"
        f"{'iter/s CPU':>12}{'iter/dec':>10}{'stopped':>9}"
    )
    for game_id, seats in tables:
        game = games()[game_id]
        states = positions(game, seats, args.positions)
        for early_stop in (True, False) if args.compare_early_stop else (True,):
            cpu, wall, iterations, stopped = measure(game, states, early_stop)
            print(
                f"{game_id:<24}{seats:>6} {'on' if early_stop else 'off':<11}{len(states):>10}"
                f"{len(states) / cpu:>11.2f}{len(states) / wall:>11.2f}{iterations / cpu:>12.0f}"
                f"{iterations / len(states):>10.0f}{stopped / len(states):>9.0%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
