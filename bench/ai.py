"""Computer players against each other: win rates with 95% intervals, and decision times.

    .venv/bin/python -m bench.ai [--games N] [--game ID] [--seconds-per-move S]
                                 [--iterations N] [--all-counts]

For each game and player count (by default the smallest and the largest, plus 2 when
the game seats 2), one seat plays a level and every other seat a weaker one:
2 players: easy, normal and hard against random, and hard against normal;
3+ players: normal and hard against random seats, and (at the game's smallest table)
hard against normal seats.
Variants named in `VARIANT_ROWS` (Best Candy with King cards at 4 and 6 players) get rows of
their own. The tested seat moves round the table from game to game. Prints markdown tables to
paste into docs/benchmarks.md: win share with its Wilson 95% interval next to the fair share
1/players, then decision time p50/p95 per game and level. A shared first place is split
between the seats holding it (a team win in 13 Ghosts counts half for each partner), so
the shares of a game always add up to 1 and the fair share stays 1/players.

Targets: hard wins 90%+ of 2-player games against random and 60%+ against normal, and at
least twice its fair share against random seats with 3-6 players; decision time p95
under 50 ms for normal and under 1 s for hard.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from rules.ai.arena import play_game
from rules.ai.levels import EasyLevel, HardLevel, NormalLevel, RandomLevel
from rules.contract import Action, Game, GameState
from rules.players import Player
from rules.registry import games


@dataclass
class Timed:
    """A player that records how long each of its decisions takes."""

    player: Player
    times: list[float] = field(default_factory=list)

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        started = time.perf_counter()
        action = self.player.choose(game, state, seat, rng)
        self.times.append(time.perf_counter() - started)
        return action


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count as fractions of a win)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


#: Variants that get rows of their own besides each game's default options (`--game` still filters).
VARIANT_ROWS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "best-candy": [(4, {"king_cards": True}), (6, {"king_cards": True})],
}


def player_counts(game: Game[Any], all_counts: bool) -> list[int]:
    counts = sorted({players for players, _ in game.configurations() if players >= 2})
    if all_counts or len(counts) <= 2:
        return counts
    chosen = {counts[0], counts[-1]}
    return sorted(chosen)


def matchups(players: int, smallest: bool) -> list[tuple[str, str]]:
    """Who plays whom: hard against normal only at the game's smallest table, to keep the
    default run short (that is where the 2-player target is)."""
    if players == 2:
        return [("easy", "random"), ("normal", "random"), ("hard", "random"), ("hard", "normal")]
    if smallest:
        return [("normal", "random"), ("hard", "random"), ("hard", "normal")]
    return [("normal", "random"), ("hard", "random")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8, help="games per matchup")
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--seconds-per-move", type=float, help="time cap for hard (on top of its iterations)")
    parser.add_argument("--iterations", type=int, help="hard's iterations (default: the game's own)")
    parser.add_argument("--all-counts", action="store_true", help="every player count, not just the ends")
    args = parser.parse_args()

    def make(level: str) -> Player:
        if level == "hard":
            iterations = args.iterations
            if args.seconds_per_move is not None and iterations is None:
                iterations = 1_000_000  # the clock decides
            return HardLevel(iterations=iterations, seconds=args.seconds_per_move, clock=time.perf_counter)
        if level == "easy":
            return EasyLevel()
        return NormalLevel() if level == "normal" else RandomLevel()

    rows: list[str] = []
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    started = time.perf_counter()
    print("| game | seats | level | others | games | win share | 95% interval | fair share |")
    print("| --- | ---: | --- | --- | ---: | ---: | --- | ---: |")
    for game in games().values():
        if args.game and game.id != args.game:
            continue
        counts = player_counts(game, args.all_counts)
        rows_to_play = [(players, next(o for n, o in game.configurations() if n == players)) for players in counts]
        rows_to_play += [row for row in VARIANT_ROWS.get(game.id, []) if row not in rows_to_play]
        for players, options in rows_to_play:
            label = ",".join(f"{k}={v}" for k, v in options.items())
            name = f"{game.id} ({label})" if label else game.id
            for level, others in matchups(players, smallest=players == counts[0] and not label):
                won = 0.0
                for number in range(args.games):
                    seat = number % players
                    tested = Timed(make(level))
                    rest = [Timed(make(others)) for _ in range(players)]
                    seats = [tested if s == seat else rest[s] for s in range(players)]
                    result = play_game(game, options, seats, seed=10_000 + number)
                    if result.places[seat] == 1:
                        won += 1 / len(result.winners)
                    times[(game.id, level)].extend(tested.times)
                    for s in range(players):
                        if s != seat:
                            times[(game.id, others)].extend(rest[s].times)
                low, high = wilson(won, args.games)
                row = (
                    f"| {name} | {players} | {level} | {others} | {args.games} | "
                    f"{won / args.games:.0%} | {low:.0%}-{high:.0%} | {1 / players:.0%} |"
                )
                print(row, flush=True)
                rows.append(row)
    print()
    print("| game | level | decisions | p50 ms | p95 ms | max ms |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for (game_id, level), values in sorted(times.items()):
        ms = [v * 1000 for v in values]
        print(
            f"| {game_id} | {level} | {len(ms)} | {statistics.median(ms):.2f} | "
            f"{percentile(ms, 0.95):.2f} | {max(ms):.2f} |"
        )
    print(f"\n{time.perf_counter() - started:.0f} s in all.")


if __name__ == "__main__":
    main()
