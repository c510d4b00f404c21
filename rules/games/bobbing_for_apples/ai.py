"""Bobbing for Apples computer players: take what is worth points, build only what you can take.

The normal player takes whenever it can, the take worth most first (cards that score, then
Halloween cards, then any card, since most cards scores too), picking the richest items; it
builds or pairs only when it keeps a card of the new value (so it can take the stack next
turn); otherwise it gives its least valuable card. The same decision, read from a
determinized state, drives the search's playouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.candy_kit.candy_deck import HALLOWEEN_CARDS, redeal_hidden
from rules.contract import Action, Game, GameState, View
from rules.games.bobbing_for_apples.game import DECK, value_of
from rules.games.bobbing_for_apples.scoring import card_points, hand_points
from rules.games.bobbing_for_apples.state import BobbingState, BobbingView
from rules.kit.copying import copy_model
from rules.kit.heuristics import best, lead_rewards, result_rewards

_HALLOWEEN = frozenset(HALLOWEEN_CARDS)
#: What each card is worth to take: 1 for the most-cards count, more for points and Halloween.
_WORTH = {card: 1.0 + 2.0 * card_points(card) + (0.7 if card in _HALLOWEEN else 0.0) for card in DECK}


def worth(card: int) -> float:
    return _WORTH[card]


def decide(
    items: Sequence[Sequence[int]],
    values: Sequence[int],
    paired: Sequence[bool],
    hand: Sequence[int],
    holding: int | None,
    legal: list[Action],
    rng: random.Random,
) -> Action:
    ranks = [value_of(card) for card in hand]

    def keeps(card: int, value: int) -> bool:
        kept = list(ranks)
        kept.remove(value_of(card))
        return value in kept

    def score(action: Action) -> float:
        kind = action.kind
        if kind == "back":
            return -100.0
        if kind == "pick":
            return sum(worth(card) for card in items[int(action.args[0]) - 1])
        if kind in ("combine", "pair"):
            assert holding is not None
            i = int(action.args[0]) - 1
            value = values[i] + value_of(holding) if kind == "combine" else values[i]
            bonus = 10.0 if keeps(holding, value) else 0.0
            return bonus + sum(worth(card) for card in items[i]) + (0.5 if kind == "pair" else 0.0)
        card = int(action.args[0])
        rank = value_of(card)
        if kind == "take":
            sure = sum(worth(c) for i, item in enumerate(items) if values[i] == rank for c in item)
            return 20.0 + worth(card) + sure
        if kind == "use":
            good = [
                sum(worth(c) for c in item)
                for item, value, pair in zip(items, values, paired, strict=True)
                if (not pair and 1 <= value + rank <= 13 and keeps(card, value + rank))
                or (value == rank and keeps(card, rank))
            ]
            return 10.0 + max(good) if good else -50.0
        # Give the card least worth taking, and rather a high one (harder to make up).
        return -worth(card) - 0.05 * abs(rank)

    return best(legal, score, rng)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, BobbingView)
    assert view.hand is not None
    hand = [*view.hand, *([view.taking] if view.taking is not None else [])]
    return decide(
        [item.cards for item in view.stash],
        [item.value for item in view.stash],
        [item.kind == "paired" for item in view.stash],
        hand,
        view.holding,
        legal,
        rng,
    )


def rollout(game: Game[Any], state: GameState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(state, BobbingState)
    if rng.random() < 0.15:
        choices = [a for a in legal if a.kind != "back"] or legal
        return rng.choice(choices)
    hand = [*state.hands[seat], *([state.taking] if state.taking is not None else [])]
    return decide(state.items, state.values, state.paired, hand, state.holding, legal, rng)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, BobbingState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    now = hand_points(state.captures)
    return lead_rewards([float(t + p) for t, p in zip(state.scores, now, strict=True)], spread=12.0)


def canonical(state: GameState, seat: int) -> GameState:
    """The same information set with every unseen card in sorted order."""
    assert isinstance(state, BobbingState)
    copy = copy_model(state)
    known: list[list[int]] = [[] for _ in range(state.players)]
    if state.holding is not None:
        known[state.turn] = [state.holding]
    redeal_hidden(copy.pile, copy.hands, seat, list.sort, known)
    return copy


def sensible(game: Game[Any], view: View, legal: list[Action]) -> list[Action]:
    """The easy player never backs out of a move it started."""
    return [a for a in legal if a.kind != "back"] or legal


NORMAL = normal
SENSIBLE = sensible
CANONICAL = canonical
ROLLOUT = rollout
EVALUATE = evaluate
OPPONENTS_IN_TREE = False
HORIZON = 20
ITERATIONS = 150
