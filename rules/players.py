"""Computer players by level name: `easy`, `normal`, `hard` (and `random`, for benchmarks).

Each level is one object for every game: its `choose(game, state, seat, rng)` looks up the
game's own heuristics (`rules/games/<package>/ai.py`) itself, so `player_for(level)` needs no game.
See rules/ai/ for the levels and the search.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.ai.levels import EasyLevel, HardLevel, NormalLevel, RandomLevel
from rules.contract import Action, Game, GameState


class Player(Protocol):
    """Chooses an action for `seat`. Must decide only from what `seat` may know."""

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action: ...


#: Kept under its old name: uniformly random among the legal actions.
RandomPlayer = RandomLevel

LEVELS: dict[str, Player] = {
    "easy": EasyLevel(),
    "normal": NormalLevel(),
    "hard": HardLevel(),
    "random": RandomLevel(),
}


def player_for(level: str) -> Player:
    """The computer player for a level name; it plays any game."""
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}") from None
