"""Positions from games between normal players, for testing a hard player's parts on real play."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, TypeVar

from rules.ai.levels import NormalLevel
from rules.contract import Game, GameState

S = TypeVar("S", bound=GameState)


def normal_turns(
    game: Game[S], tables: Iterable[tuple[int, dict[str, Any], int]], every: int, *, ends: bool = False
) -> list[S]:
    """Every `every`-th turn (any seat, any step) of one game between normal players per table
    (players, options, seed), a copy each; with `ends`, each game's end too. The n-th game's
    choices draw from `random.Random(n)`, so the positions are the same at every run."""
    found: list[S] = []
    normal = NormalLevel()
    for number, (players, options, seed) in enumerate(tables):
        state = game.new_game(players, options, seed)
        rng = random.Random(number)
        turn = 0
        while game.result(state) is None:
            if turn % every == 0:
                found.append(game.copy_state(state))
            seat = min(game.to_act(state))
            game.apply(state, seat, normal.choose(game, state, seat, rng))
            turn += 1
        if ends:
            found.append(state)
    return found
