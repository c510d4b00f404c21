"""Bags of Fun computer players: good candy into your own bag, poor candy into the others.

A card is worth, to the player, what it would score in their bag; to an unknown rival about
its rank (doubled when it shows a face-up suit). The normal player puts the card that gains
most for it, or costs the rivals most, where it does: into its own bag when it scores well
there, otherwise into the bag whose owner it would help least (the bags it does not own look
alike to it, so it prefers one that is already fuller, closing it sooner). The same decision,
read from a determinized state, drives the search's playouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.candy_kit.candy_deck import card_of, carries
from rules.contract import Action, Game, GameState, View
from rules.games.bags_of_fun.game import FULL, BagsOfFun, unseen_piles, unseen_secrets, worth
from rules.games.bags_of_fun.state import BagsState, BagsView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, result_rewards


def rival_worth(card: int, doubles: Sequence[str]) -> float:
    printed = card_of(card)
    if not printed.is_treat:
        return float(printed.rank)
    return 2.0 * printed.rank if any(carries(card, key) for key in doubles) else float(printed.rank)


def decide(
    tops: Sequence[int | None],
    bags: Sequence[Sequence[int]],
    mine: int,
    least: str,
    doubles: Sequence[str],
    legal: list[Action],
    rng: random.Random,
) -> Action:
    def score(action: Action) -> float:
        pile, bag = (int(arg) for arg in action.args)
        card = tops[pile - 1]
        assert card is not None
        if bag == mine:
            return float(worth(card, least, list(doubles)))
        return -0.4 * rival_worth(card, doubles) + 0.05 * len(bags[bag - 1]) / FULL

    return best(legal, score, rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, BagsView)
    assert view.my_bag is not None
    assert view.my_least is not None
    return decide(view.tops, view.bags, view.my_bag, view.my_least, view.doubles, legal, rng)


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, BagsState)
    if rng.random() < 0.2:
        return rng.choice(legal)
    tops = [pile[-1] if pile else None for pile in state.piles]
    return decide(tops, state.bags, state.bag_of[seat], state.least[seat], state.doubles, legal, rng)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, BagsState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    assert isinstance(game, BagsOfFun)
    return lead_rewards([float(s) for s in game.scores(state)], spread=30.0)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with the hidden cards and secrets in sorted order."""
    assert isinstance(state, BagsState)
    copy = copy_model(state)
    unseen_piles(copy, list.sort)
    unseen_secrets(copy, seat, list.sort)
    return copy


NORMAL = normal
ROLLOUT = rollout
EVALUATE = evaluate
CANONICAL = canonical
OPPONENTS_IN_TREE = False
ITERATIONS = 200
