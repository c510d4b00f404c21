"""I Got a Rock computer players.

The rulings take the one skill of the card game away (a holder placing The Rock where a rival
will pick it): the table shuffles the offered cards at the moment of each take, so every
position is the same blind guess and no level can do better than chance. The normal player
takes the first offered card; the search is given a small budget, since thinking cannot help.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.candy_deck import THE_ROCK
from rules.contract import Action, Game, GameState, View
from rules.games.i_got_a_rock.state import RockState
from rules.kit.heuristics import lead_rewards, result_rewards


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    """Every position is an equal guess: take the first."""
    return legal[0]


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    """A playout cut short: being out is worst, holding The Rock next, then fewer cards is better."""
    assert isinstance(state, RockState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [
        -100.0 if out is not None else -len(hand) - (5 if THE_ROCK in hand else 0)
        for out, hand in zip(state.out_in_hand, state.hands, strict=True)
    ]
    return lead_rewards(points, spread=10.0)


NORMAL = normal
LUCK_ONLY = True
EVALUATE = evaluate
HORIZON = 30
ITERATIONS = 24
