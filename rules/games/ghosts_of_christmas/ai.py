"""Ghosts of Christmas computer player.

Normal bids from its hand's strength: each card gets a rough chance to win its era, the
chances give a distribution of wreaths, and it takes the doors with the best expected
score. In play it wants wreaths while purple doors are empty and avoids them once the bid
is met (in Tiny Tim, it avoids them until it has lost the no-wreath prize), choosing the
card and era by the chance the card takes that era. Hard: the generic search, playouts
cut at the end of the hand and scored by totals plus the hand's points so far.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Action, Game, GameState, View
from rules.games.ghosts_of_christmas.cards import (
    CARD_BY_TOKEN,
    ERA_INDEX,
    HIGHEST_RANK,
    RANK_OF,
    SUIT_OF,
    TRUMP,
    deck,
    eras_in_play,
    rounds_per_hand,
)
from rules.games.ghosts_of_christmas.scoring import TINY_TIM_MOST_WREATHS, bid_points, era_winner, tiny_tim_points
from rules.games.ghosts_of_christmas.state import GhostsState, GhostsView
from rules.kit.heuristics import best, lead_rewards, result_rewards

#: How much keeping a high card for later weighs against this era.
KEEP_WEIGHT = 0.005


def lowest_rank(players: int) -> int:
    return 4 if players == 3 else 1


def _raw_chance(card: int, players: int) -> float:
    rank, low = RANK_OF[card], lowest_rank(players)
    top = (rank - low) / (HIGHEST_RANK - low)
    if SUIT_OF[card] == TRUMP:
        return 0.15 + 0.8 * top**2
    return 0.05 + 0.6 * top**3


#: Scales the raw chances so that a whole deck's chances add up to the eras of a hand
#: (each era is won by exactly one card).
_SCALE: dict[tuple[int, bool], float] = {
    (players, beyond): eras_in_play(beyond)
    * rounds_per_hand(beyond)
    / sum(_raw_chance(c, players) for c in deck(players))
    for players in (3, 4)
    for beyond in (False, True)
}


def win_chance(card: int, players: int, beyond: bool = False) -> float:
    """A card's rough chance to take the era it goes into, before anything is played."""
    return min(0.97, _raw_chance(card, players) * _SCALE[(players, beyond)])


def wreath_odds(chances: list[float]) -> list[float]:
    """Probability of each number of wreaths, cards taken as independent."""
    odds = [1.0]
    for p in chances:
        nxt = [0.0] * (len(odds) + 1)
        for w, q in enumerate(odds):
            nxt[w] += q * (1 - p)
            nxt[w + 1] += q * p
        odds = nxt
    return odds


def bid_worth(action: Action, odds: list[float]) -> float:
    purple, red = int(action.args[0]), action.args[1] == 1
    return sum(q * bid_points(purple, red, w) for w, q in enumerate(odds))


#: Tiny Tim: a hand expected to win fewer wreaths than this still plays for none at all.
TINY_TIM_HOPE = 1.2


def aim(view: GhostsView, me: int, hand: list[int]) -> tuple[float, float]:
    """The range of final wreath counts the seat plays for this hand."""
    board = view.boards[me]
    if view.tiny_tim:
        most = TINY_TIM_MOST_WREATHS[view.players]
        expected = sum(win_chance(c, view.players, view.beyond) for c in hand)
        if board.wreaths == 0 and expected < TINY_TIM_HOPE:
            return 0.0, 0.0  # the no-wreath prize is within reach
        return 2.0, most - 1.0
    purple = board.purple or 0
    return float(purple), float(purple + (1 if board.red else 0))


def miss(low: float, high: float, wreaths: float) -> float:
    """How far an expected wreath count is from the middle of the aimed range (the middle
    leaves the most room for the cards that do not go as expected)."""
    return abs((low + high) / 2 - wreaths)


def era_leaders(view: GhostsView) -> list[int | None]:
    """Who leads each era's scoring, where already known: the start player leads the first
    era, and each finished era's winner leads the next."""
    leaders: list[int | None] = [None] * len(view.eras)
    leader: int | None = view.start_player
    for era, row in enumerate(view.eras):
        leaders[era] = leader
        if leader is None or any(t is None for t in row.cards):
            leader = None
            continue
        cards = [CARD_BY_TOKEN[t] for t in row.cards if t is not None]
        leader, _ = era_winner(cards, leader)
    return leaders


def era_chance(view: GhostsView, me: int, card: int, era: int, leader: int | None) -> float:
    """Chance that `card` takes era `era`, given the cards already in it and its leader if known."""
    row = view.eras[era].cards
    played = [CARD_BY_TOKEN[t] for t in row if t is not None]
    rank, suit = RANK_OF[card], SUIT_OF[card]
    still = view.players - 1 - len(played)
    low = lowest_rank(view.players)
    top = (rank - low) / (HIGHEST_RANK - low)
    if suit == TRUMP:
        if any(SUIT_OF[c] == TRUMP and RANK_OF[c] > rank for c in played):
            return 0.0
        return float((0.5 + 0.5 * top) ** still)
    if leader == me:
        scoring: str | None = suit
    elif leader is not None and row[leader] is not None:
        scoring = SUIT_OF[CARD_BY_TOKEN[str(row[leader])]]
    else:
        scoring = view.eras[era].dial or suit
    if suit != scoring or any(SUIT_OF[c] == TRUMP for c in played):
        return 0.0
    if any(SUIT_OF[c] == suit and RANK_OF[c] > rank for c in played):
        return 0.0
    return float((0.25 + 0.6 * top**2) ** still)


def normal(game: Game[Any], view: View, legal: list[Action], rng: random.Random) -> Action:
    assert isinstance(view, GhostsView)
    assert view.seat is not None
    assert view.my_hand is not None
    me = view.seat
    hand = [CARD_BY_TOKEN[t] for t in view.my_hand]
    if legal[0].kind == "bid":
        odds = wreath_odds([win_chance(c, view.players, view.beyond) for c in hand])
        return best(legal, lambda a: bid_worth(a, odds), rng)
    low, high = aim(view, me, hand)
    leaders = era_leaders(view)
    chances = {card: win_chance(card, view.players, view.beyond) for card in hand}
    expected = view.boards[me].wreaths + sum(chances.values())

    def score(action: Action) -> float:
        # Where the hand is heading if this card wins with this chance and the others win as
        # they are expected to: closest to the aimed range is best; then keep strong cards.
        card, era = CARD_BY_TOKEN[str(action.args[0])], ERA_INDEX[str(action.args[1])]
        chance = era_chance(view, me, card, era, leaders[era])
        heading = expected - chances[card] + chance
        return -(miss(low, high, heading) ** 2) - KEEP_WEIGHT * chances[card] * (1 if heading < low else -1)

    return best(legal, score, rng)


def canonical(state: GameState, seat: int) -> GameState:
    """The others' cards dealt back in sorted order (the determinization redeals them anyway)."""
    assert isinstance(state, GhostsState)
    others = [s for s in range(state.players) if s != seat]
    pool = sorted(card for s in others for card in state.hands[s])
    hands = [list(h) for h in state.hands]
    for s in others:
        size = len(hands[s])
        hands[s], pool = pool[:size], pool[size:]
    return state.model_copy(update={"hands": hands})


def hand_points(state: GhostsState, seat: int) -> int:
    """What the hand in progress would score for `seat` if it ended now."""
    wreaths = state.wreaths[seat]
    if state.tiny_tim:
        return tiny_tim_points(wreaths, state.players)
    return bid_points(state.purple[seat] or 0, state.red[seat], wreaths)


def evaluate(game: Game[Any], state: GameState) -> list[float]:
    assert isinstance(state, GhostsState)
    result = game.result(state)
    if result is not None:
        return result_rewards(result)
    points = [sum(row[s] for row in state.hand_scores) + hand_points(state, s) for s in range(state.players)]
    return lead_rewards(points, spread=12)


NORMAL = normal
CANONICAL = canonical
EVALUATE = evaluate
HORIZON = 80
ITERATIONS = 250
