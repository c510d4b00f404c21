"""Haunted House computer player.

Normal passes its most dangerous cards (high Halloween cards first, then high cards), leads
its lowest card, ducks under the card winning the trick when it can, and when it cannot
follow throws its worst card away: a high Halloween card, a Prank, then its highest card.
Hard: the generic search, playouts cut after a while and scored by courage left minus the
point cards taken so far.
"""

from __future__ import annotations

import random
from typing import Any

from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import Action, Game, GameState, View
from rules.games.haunted_house.game import IS_HALLOWEEN, IS_PRANK
from rules.games.haunted_house.state import HauntedHouseState, HauntedHouseView
from rules.kit.heuristics import best, lead_rewards, result_rewards
from rules.kit.tricks import Play, others_in_order, pass_step, still_held, winning_play

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)


def danger(card: int) -> float:
    """How much a card in hand threatens to win point cards (higher: pass or dump it first)."""
    return RANK[card] + (8.0 if IS_HALLOWEEN[card] else 0.0)


def winning_rank(view: HauntedHouseView) -> int | None:
    """The rank of the card winning the trick so far (None when no suited card is in it)."""
    if not view.trick or view.trick_suit is None:
        return None
    plays = [Play(seat=k, suits=SUIT_SETS[c], rank=RANK[c]) for k, c in enumerate(view.trick)]
    top = view.trick[winning_play(plays, view.trick_suit, None)]
    return RANK[top] if view.trick_suit in SUIT_SETS[top] else None


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, HauntedHouseView)
    if legal[0].kind in ("pass", "take-back"):
        passes = [a for a in legal if a.kind == "pass"]
        return best(passes, lambda a: danger(int(a.args[0])), rng)
    if not view.trick:
        # Lead low; among a card's suits name the one it is lowest in relative to nothing else
        # known: any suit but Halloween.
        return best(legal, lambda a: -RANK[int(a.args[0])] - (5 if a.args[1:] == ("halloween",) else 0), rng)
    top = winning_rank(view)
    last = len(view.trick) == view.players - 1
    follows = view.trick_suit is not None and any(view.trick_suit in SUIT_SETS[int(a.args[0])] for a in legal)
    points_in = sum(1 for c in view.trick if IS_HALLOWEEN[c] or IS_PRANK[c])

    def score(action: Action) -> float:
        card = int(action.args[0])
        if view.trick_suit is None:
            return -danger(card)  # after a Prank lead the next suited card may well win: go low
        point = 1.0 if IS_HALLOWEEN[card] or IS_PRANK[card] else 0.0
        if not follows:
            # Throwing off: get rid of the worst card, Pranks included (they pass to the winner).
            return danger(card) + (9.0 if IS_PRANK[card] else 0.0)
        if top is not None and RANK[card] < top:
            return 100.0 + RANK[card] + 5 * point  # duck as high as possible, gladly with a point card
        if last and points_in == 0 and not point:
            return 50.0 + RANK[card]  # taking a clean trick anyway: spend the highest card
        return -RANK[card] - 10 * point  # forced to win: as cheaply as possible

    return best(legal, score, rng)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (the cards `seat` passed stay with their
    receiver while unplayed), their picks the first cards of those hands, and what they
    passed and received forgotten: a state that depends only on what `seat` sees."""
    assert isinstance(state, HauntedHouseState)
    kept = (
        still_held(state.hands, seat, state.passed[seat], pass_step(state.hand_number)) if state.phase == "play" else {}
    )
    hands = others_in_order(state.hands, seat, kept, sort_key)
    picks = [list(p) if s == seat else hands[s][: len(p)] for s, p in enumerate(state.picks)]
    passed = [list(p) if s == seat else [] for s, p in enumerate(state.passed)]
    received = [list(r) if s == seat else [] for s, r in enumerate(state.received)]
    return state.model_copy(update={"hands": hands, "picks": picks, "passed": passed, "received": received})


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, HauntedHouseState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    courage = [state.courage[s] - len(state.taken[s]) for s in range(state.players)]
    return lead_rewards(courage, spread=15)


NORMAL = normal
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 60
ITERATIONS = 200
