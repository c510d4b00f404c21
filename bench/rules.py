"""Random self-play throughput per game: actions/s and games/s on one core.

    .venv/bin/python -m bench.rules [--seconds 2] [--game ID]

Measures the rules engine alone (legal_actions + apply, as a computer seat or
a replay would call them), no persistence. Target: 20,000 actions/s per game.
"""

from __future__ import annotations

import argparse
import random
import time

from rules.registry import games


def self_play(game_id: str, players: int, options: dict[str, object], seconds: float) -> tuple[int, int, float]:
    game = games()[game_id]
    rng = random.Random(0)
    actions = finished = 0
    started = time.perf_counter()
    seed = 0
    while time.perf_counter() - started < seconds:
        state = game.new_game(players, options, seed)
        seed += 1
        while game.result(state) is None:
            seat = min(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
        finished += 1
    return actions, finished, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration")
    parser.add_argument("--game", help="only this game id")
    args = parser.parse_args()
    print(f"{'game':22} {'seats':>5} {'options':30} {'actions/s':>10} {'games/s':>9} {'actions/game':>12}")
    for game in games().values():
        if args.game and game.id != args.game:
            continue
        for players, options in game.configurations():
            actions, finished, elapsed = self_play(game.id, players, options, args.seconds)
            label = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
            print(
                f"{game.id:22} {players:>5} {label:30} {actions / elapsed:>10,.0f} "
                f"{finished / elapsed:>9,.1f} {actions / max(finished, 1):>12,.0f}"
            )


if __name__ == "__main__":
    main()
