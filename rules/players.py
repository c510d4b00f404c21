"""Computer players that any game gets for free from `legal_actions`."""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.contract import Action, Game, GameState


class Player(Protocol):
    """Chooses an action for `seat`. Must decide only from what `seat` may know."""

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action: ...


class RandomPlayer:
    """Uniformly random among the legal actions."""

    level = "random"

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: random.Random) -> Action:
        actions = game.legal_actions(state, seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        return rng.choice(actions)


LEVELS: dict[str, Player] = {"random": RandomPlayer()}


def player_for(level: str) -> Player:
    """The computer player for a level name."""
    try:
        return LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}; known: {', '.join(LEVELS)}") from None
