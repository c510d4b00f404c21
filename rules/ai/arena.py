"""Playing whole games between computer players (for tests and benchmarks)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rules.contract import Action, Game, GameState, Result

#: A game that has not ended after this many actions is a bug (every game here has a draw rule).
MAX_ACTIONS = 20_000


class Chooser(Protocol):
    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action: ...


def play_game(
    game: Game[Any],
    options: dict[str, Any],
    seats: Sequence[Chooser],
    seed: int,
    on_move: Callable[[int, Action], None] | None = None,
) -> Result:
    """One game with `seats[i]` playing seat i, seeded by `seed` (set-up and every seat's rng)."""
    state = game.new_game(len(seats), options, seed)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(seats))]
    for _ in range(MAX_ACTIONS):
        result = game.result(state)
        if result is not None:
            return result
        seat = min(game.to_act(state))
        action = seats[seat].choose(game, state, seat, rngs[seat])
        game.apply(state, seat, action)
        if on_move is not None:
            on_move(seat, action)
    raise RuntimeError(f"{game.id} did not end within {MAX_ACTIONS} actions")
